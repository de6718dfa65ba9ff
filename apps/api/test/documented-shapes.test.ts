import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildRoot, buildUser } from './factories';
import { createTestApp, type TestApp } from './harness';

/** Issue 11 part B: the shapes spec sections 3 and 7 document, as the original console reads them. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /auth/checkLoggedIn refusals', () => {
  it('answers 401 {valid: false, message} to a missing, bad, expired or revoked token', async () => {
    const u = await buildAdmin(t);
    const expired = (await import('jsonwebtoken')).default.sign(
      { tv: u.tokenVersion, typ: 'access', exp: Math.floor(Date.now() / 1000) - 60 },
      'test-secret-that-is-long-enough-0123456789',
      { subject: u.id },
    );
    const revoked = await buildAdmin(t);
    expect((await t.http().post('/auth/logout').set(bearer(revoked))).status).toBe(200);
    for (const headers of [
      {},
      { Authorization: 'Bearer abc.def.ghi' },
      { Authorization: `Bearer ${expired}` },
      bearer(revoked),
    ]) {
      const res = await t.http().get('/auth/checkLoggedIn').set(headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toMatchObject({ valid: false, message: expect.any(String), code: 'UNAUTHENTICATED' });
    }
    // Other routes keep the usual error shape.
    expect((await t.http().get('/notifications')).body.valid).toBeUndefined();
  });
});

describe('species photos and family', () => {
  it('treats photos: [""] as no new photo on add and edit, and carries family in the list and export', async () => {
    const admin = await buildAdmin(t);
    const created = await t
      .http()
      .post('/api/v1/species')
      .set(bearer(admin))
      .send({
        englishName: 'Ibisbill',
        scientificName: 'Ibidorhyncha struthersii',
        familyName: 'Ibidorhynchidae',
        photos: [''],
      });
    expect(created.status, created.text).toBe(201);
    const id = (created.body.data ?? created.body)._id as string;
    const edited = await t
      .http()
      .patch(`/api/v1/species/${id}`)
      .set(bearer(admin))
      .send({ habitat: 'Shingle rivers', photos: [''] });
    expect(edited.status, edited.text).toBe(200);
    const one = await t.http().get(`/api/v1/species/${id}`);
    expect(one.body).toMatchObject({ photos: [], habitat: 'Shingle rivers', family: 'Ibidorhynchidae' });
    const list = await t.http().get('/api/v1/species?search=Ibisbill');
    expect(list.body.species[0]).toMatchObject({ familyName: 'Ibidorhynchidae', family: 'Ibidorhynchidae' });
    const exported = await t.http().get('/api/v1/species?export_limit=all&format=json').set(bearer(admin));
    const rows = (exported.body.species ?? exported.body) as { englishName: string; family: string }[];
    expect(rows.find((r) => r.englishName === 'Ibisbill')?.family).toBe('Ibidorhynchidae');
    const csv = await t.http().get('/api/v1/species?export_limit=all&format=csv').set(bearer(admin));
    expect(csv.text.replace(/^\uFEFF/, '').split('\n')[0]).toContain(',family,');
    // A real photo is still required to be an image.
    const bad = await t
      .http()
      .patch(`/api/v1/species/${id}`)
      .set(bearer(admin))
      .send({ photos: ['not-an-image'] });
    expect(bad.status).toBe(400);
  });
});

describe('PATCH /users/{id} with an echo of GET /users/{id}', () => {
  it('ignores the read-only fields, reads isDeactivated "true"/"false", and checks rights as before', async () => {
    const root = await buildRoot(t);
    const target = await buildAdmin(t);
    const got = await t.http().get(`/users/${target.id}`).set(bearer(root));
    expect(got.status).toBe(200);
    const record = got.body.data ?? got.body;
    const echoed = await t
      .http()
      .patch(`/users/${target.id}`)
      .set(bearer(root))
      .send({
        ...record,
        _id: 'something-else',
        createdAt: 'x',
        name: 'Renamed Admin',
        isDeactivated: 'true',
      });
    expect(echoed.status, echoed.text).toBe(200);
    expect(echoed.body.data).toMatchObject({ _id: target.id, name: 'Renamed Admin', isDeactivated: true });
    const back = await t
      .http()
      .patch(`/users/${target.id}`)
      .set(bearer(root))
      .send({ ...record, isDeactivated: 'false' });
    expect(back.body.data).toMatchObject({ name: record.name, isDeactivated: false });
    // Still refused: unknown fields, a bad status, and callers who are not root-users.
    expect(
      (await t.http().patch(`/users/${target.id}`).set(bearer(root)).send({ passwordHash: 'x' })).status,
    ).toBe(400);
    expect(
      (await t.http().patch(`/users/${target.id}`).set(bearer(root)).send({ isDeactivated: 'yes' })).status,
    ).toBe(400);
    const admin = await buildAdmin(t);
    expect((await t.http().patch(`/users/${target.id}`).set(bearer(admin)).send(record)).status).toBe(403);
    expect(
      (
        await t
          .http()
          .patch(`/users/${target.id}`)
          .set(bearer(await buildUser(t)))
          .send(record)
      ).status,
    ).toBe(403);
  });
});

import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklists, notifications, species, users } from '../src/db/schema';
import { type BuiltUser, bearer, buildAdmin, buildRoot } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: BuiltUser;
let otherAdmin: BuiltUser;
let root: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  otherAdmin = await buildAdmin(t);
  root = await buildRoot(t);
});
afterAll(() => t.close());

const post = (path: string, who: BuiltUser, body: object, key?: string) => {
  const req = t.http().post(path).set(bearer(who));
  return (key === undefined ? req : req.set('Idempotency-Key', key)).send(body);
};

const countWhere = async (
  table: typeof species | typeof checklists | typeof users,
  where: ReturnType<typeof eq>,
) => t.ctx.database.db.$count(table, where);

describe('Idempotency-Key on console creates', () => {
  it('POST /api/v1/species: a retry gets the first answer and creates nothing; another body is a 422', async () => {
    const key = randomUUID();
    const body = {
      englishName: `Idem Warbler ${key.slice(0, 8)}`,
      scientificName: `Idemus ${key.slice(0, 8)}`,
    };
    const first = await post('/api/v1/species', admin, body, key);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await post('/api/v1/species', admin, body, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await countWhere(species, eq(species.englishName, body.englishName))).toBe(1);

    const other = await post(
      '/api/v1/species',
      admin,
      { ...body, englishName: `${body.englishName} B` },
      key,
    );
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await countWhere(species, eq(species.englishName, `${body.englishName} B`))).toBe(0);

    // Without a key a retry is a new request: the name is taken.
    expect((await post('/api/v1/species', admin, body)).status).toBe(409);
    // The same key from another user is that user's own key.
    const theirs = await post('/api/v1/species', otherAdmin, { englishName: `${body.englishName} C` }, key);
    expect(theirs.status).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('POST /api/v1/species: parallel twins with one key create one species and both get its answer', async () => {
    const key = randomUUID();
    const body = { englishName: `Twin Warbler ${key.slice(0, 8)}` };
    const answers = await Promise.all([1, 2, 3, 4].map(() => post('/api/v1/species', admin, body, key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    for (const a of answers) expect(a.body).toEqual(answers[0]?.body);
    expect(await countWhere(species, eq(species.englishName, body.englishName))).toBe(1);
  });

  it('POST /api/v1/checklists: a retry gets the first answer and adds nothing; another body is a 422', async () => {
    const key = randomUUID();
    const name = `Idem walk ${key.slice(0, 8)}`;
    const form = {
      checklistName: name,
      selectedDate: '2025-03-05',
      selectedTime: '07:30',
      birder: 'Pema Wangmo',
      currentLocation: { latitude: 27.43, longitude: 89.41 },
      dzongkhag: 'Paro',
      gewog: 'Tsento',
      village: 'Drukgyel',
      birds: [{ birdName: 'Ibisbill', adult: 2, juvenile: 1 }],
    };
    const first = await post('/api/v1/checklists', admin, form, key);
    expect(first.status).toBe(201);
    expect(first.body.inserted).toBe(1);

    const again = await post('/api/v1/checklists', admin, form, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await countWhere(checklists, eq(checklists.name, name))).toBe(1);
    expect(
      await t.ctx.database.db.$count(notifications, like(notifications.message, `Checklist '${name}'%`)),
    ).toBe(1);

    const other = await post(
      '/api/v1/checklists',
      admin,
      { ...form, birds: [{ birdName: 'Ibisbill', adult: 5 }] },
      key,
    );
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('POST /auth/register-admin: a retry gets the first answer and creates one account; another body is a 422', async () => {
    const key = randomUUID();
    const email = `idem-${key.slice(0, 8)}@test.bt`;
    const body = {
      name: 'Idem Admin',
      email,
      password: 'idem-password-1',
      confirmPassword: 'idem-password-1',
      userType: 'admin-user',
    };
    const first = await post('/auth/register-admin', root, body, key);
    expect(first.status).toBe(201);

    const again = await post('/auth/register-admin', root, body, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await countWhere(users, eq(users.email, email))).toBe(1);

    const other = await post('/auth/register-admin', root, { ...body, email: `other-${email}` }, key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await countWhere(users, eq(users.email, `other-${email}`))).toBe(0);
  });

  it('an invalid Idempotency-Key is a 400 and creates nothing', async () => {
    const name = `Bad Key Warbler ${randomUUID().slice(0, 8)}`;
    const res = await post('/api/v1/species', admin, { englishName: name }, 'has spaces in it');
    expect(res.status).toBe(400);
    expect(await countWhere(species, eq(species.englishName, name))).toBe(0);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import sharp from 'sharp';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { type BuiltUser, bearer, buildAdmin, buildRoot, buildUser, DEFAULT_PASSWORD } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LAST_ROOT = 'This is the last active root user; make another root user first';
const PASSWORD_RULE = 'Password must be 8 to 128 characters long';
const GOOGLE_REFUSAL = 'You cannot update your google account';

const login = (email: string, password: string) => t.http().post('/auth/login').send({ email, password });
const check = (token: string) => t.http().get('/auth/checkLoggedIn').set('Authorization', `Bearer ${token}`);
const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@test.bt`;

/** A user record must never carry a password hash (or anything naming one). */
function expectNoSecrets(res: supertest.Response): void {
  expect(res.text).not.toMatch(/argon2|passwordHash|password_hash|"password"|tokenVersion|token_version/i);
}

/** A root-user that is the only active one: every other root in this file's database is deactivated. */
async function soleRoot(): Promise<BuiltUser> {
  const root = await buildRoot(t);
  await t.ctx.database.db
    .update(users)
    .set({ isDeactivated: true })
    .where(and(eq(users.userType, 'root-user'), ne(users.id, root.id)));
  return root;
}

/** A real 300x200 PNG: green in the middle, a red strip on the left and a blue one on the right (50 px each). */
async function pngDataUrl(): Promise<string> {
  const strip = (r: number, g: number, b: number) =>
    sharp({ create: { width: 50, height: 200, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  const png = await sharp({
    create: { width: 300, height: 200, channels: 3, background: { r: 0, g: 255, b: 0 } },
  })
    .composite([
      { input: await strip(255, 0, 0), left: 0, top: 0 },
      { input: await strip(0, 0, 255), left: 250, top: 0 },
    ])
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

const mediaFile = (url: string) => path.join(t.dataDir, 'media', url.replace('http://api.test/media/', ''));

describe('GET /users', () => {
  it('401 → 400 → 403 → 200 with the documented shape', async () => {
    expect((await t.http().get('/users')).status).toBe(401);
    const root = await buildRoot(t);
    const page0 = await t.http().get('/users?page=0').set(bearer(root));
    expect(page0.status).toBe(400);
    expect(page0.body.code).toBe('VALIDATION');
    expect(page0.body.message).toBe('page: must be 1 or more');
    const limitAbc = await t.http().get('/users?limit=abc').set(bearer(root));
    expect(limitAbc.status).toBe(400);
    expect(limitAbc.body.message).toBe('limit: must be a number');
    const admin = await buildAdmin(t);
    const forbidden = await t.http().get('/users').set(bearer(admin));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('FORBIDDEN');
    const plain = await buildUser(t);
    expect((await t.http().get('/users').set(bearer(plain))).body.code).toBe('NOT_ADMIN');

    const res = await t.http().get('/users').set(bearer(root));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ limit: 5, page: 1, adminsTotal: expect.any(Number) });
    expect(res.body.users.length).toBeGreaterThan(0);
    expect(res.body.users.length).toBeLessThanOrEqual(5);
    expect(Object.keys(res.body.users[0]).sort()).toEqual(
      [
        '_id',
        'country',
        'createdAt',
        'email',
        'googleAccount',
        'isDeactivated',
        'name',
        'profile',
        'userType',
      ].sort(),
    );
    expectNoSecrets(res);
  });

  it('counts only admin-user and root-user accounts in adminsTotal, deactivated ones included', async () => {
    const root = await buildRoot(t);
    const before = (await t.http().get('/users').set(bearer(root))).body.adminsTotal as number;
    await buildAdmin(t);
    await buildAdmin(t, { isDeactivated: true });
    await buildRoot(t);
    await buildUser(t);
    await buildUser(t);
    const after = await t.http().get('/users').set(bearer(root));
    expect(after.body.adminsTotal).toBe(before + 3);
  });

  it('lists newest first, pages through, and never lists plain user accounts', async () => {
    const root = await buildRoot(t);
    // Dated in the future, so these are the newest accounts whatever else this file created.
    const at = (s: number) => new Date(Date.UTC(2100, 0, 1, 0, 0, s));
    const a1 = await buildAdmin(t, { createdAt: at(1) });
    const a2 = await buildRoot(t, { createdAt: at(2) });
    const a3 = await buildAdmin(t, { createdAt: at(3), isDeactivated: true });
    const a4 = await buildAdmin(t, { createdAt: at(4) });
    const plain = await buildUser(t, { createdAt: at(5) });

    const page1 = await t.http().get('/users?page=1&limit=2').set(bearer(root));
    const page2 = await t.http().get('/users?page=2&limit=2').set(bearer(root));
    expect(page1.body).toMatchObject({ page: 1, limit: 2 });
    expect(page2.body).toMatchObject({ page: 2, limit: 2 });
    expect(page1.body.users.map((u: { _id: string }) => u._id)).toEqual([a4.id, a3.id]);
    expect(page2.body.users.map((u: { _id: string }) => u._id)).toEqual([a2.id, a1.id]);
    expect(page1.body.users[1]).toMatchObject({
      email: a3.email,
      userType: 'admin-user',
      isDeactivated: true,
    });

    const all = await t.http().get('/users?limit=100').set(bearer(root));
    const types = new Set(all.body.users.map((u: { userType: string }) => u.userType));
    expect([...types].sort()).toEqual(['admin-user', 'root-user']);
    expect(all.body.users.map((u: { _id: string }) => u._id)).not.toContain(plain.id);
    expect(all.body.users).toHaveLength(all.body.adminsTotal);
  });

  it('caps limit at 100', async () => {
    const root = await buildRoot(t);
    const res = await t.http().get('/users?limit=1000').set(bearer(root));
    expect(res.status).toBe(200);
    expect(res.body.limit).toBe(100);
    expect(res.body.users.length).toBeLessThanOrEqual(100);
  });
});

describe('GET /users/:id and /users/:email', () => {
  it('401 → 400 → 403 → 200: a root-user sees any account, by id or by email', async () => {
    const target = await buildAdmin(t, { country: 'Bhutan' });
    expect((await t.http().get(`/users/${target.id}`)).status).toBe(401);
    const root = await buildRoot(t);
    const tooLong = await t
      .http()
      .get(`/users/${'x'.repeat(300)}`)
      .set(bearer(root));
    expect(tooLong.status).toBe(400);
    const plain = await buildUser(t);
    const refused = await t.http().get(`/users/${plain.id}`).set(bearer(plain));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_ADMIN');

    const byId = await t.http().get(`/users/${target.id}`).set(bearer(root));
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({
      _id: target.id,
      name: target.name,
      email: target.email,
      userType: 'admin-user',
      isDeactivated: false,
      profile: null,
      country: 'Bhutan',
      googleAccount: false,
      createdAt: target.createdAt.toISOString(),
    });
    expectNoSecrets(byId);
    const byEmail = await t.http().get(`/users/${target.email.toUpperCase()}`).set(bearer(root));
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toEqual(byId.body);
    expectNoSecrets(byEmail);
    const plainByRoot = await t.http().get(`/users/${plain.email}`).set(bearer(root));
    expect(plainByRoot.body.userType).toBe('user');
  });

  it('404s for an account that does not exist', async () => {
    const root = await buildRoot(t);
    expect((await t.http().get(`/users/${randomUUID()}`).set(bearer(root))).status).toBe(404);
    expect((await t.http().get('/users/nobody@test.bt').set(bearer(root))).status).toBe(404);
  });

  it('lets an admin-user see itself, by id and by email, and nobody else (404)', async () => {
    const admin = await buildAdmin(t);
    const other = await buildAdmin(t);
    const self = await t.http().get(`/users/${admin.id}`).set(bearer(admin));
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ _id: admin.id, email: admin.email, userType: 'admin-user' });
    expectNoSecrets(self);
    const selfByEmail = await t.http().get(`/users/${admin.email}`).set(bearer(admin));
    expect(selfByEmail.status).toBe(200);
    expect(selfByEmail.body._id).toBe(admin.id);

    for (const key of [other.id, other.email]) {
      const res = await t.http().get(`/users/${key}`).set(bearer(admin));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
    }
  });
});

describe('PATCH /users/:id', () => {
  it('401 → 400 → 403 → 200, changing only the fields sent', async () => {
    const target = await buildAdmin(t, { country: 'India' });
    expect((await t.http().patch(`/users/${target.id}`).send({ name: 'X' })).status).toBe(401);
    const root = await buildRoot(t);
    const badType = await t
      .http()
      .patch(`/users/${target.id}`)
      .set(bearer(root))
      .send({ userType: 'superuser' });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toBe('User type must be one of user, admin-user, root-user');
    const badId = await t.http().patch('/users/not-a-uuid').set(bearer(root)).send({ name: 'X' });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('User id is not valid');
    const unknown = await t.http().patch(`/users/${target.id}`).set(bearer(root)).send({ passwordHash: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown field: passwordHash');
    const shortPassword = await t
      .http()
      .patch(`/users/${target.id}`)
      .set(bearer(root))
      .send({ password: 'short' });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.message).toBe(PASSWORD_RULE);
    const admin = await buildAdmin(t);
    const forbidden = await t.http().patch(`/users/${target.id}`).set(bearer(admin)).send({ name: 'X' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('FORBIDDEN');

    const res = await t.http().patch(`/users/${target.id}`).set(bearer(root)).send({ name: 'Renamed Admin' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User updated successfully');
    expect(res.body.data).toMatchObject({
      _id: target.id,
      name: 'Renamed Admin',
      email: target.email,
      userType: 'admin-user',
      isDeactivated: false,
      country: 'India',
    });
    expectNoSecrets(res);
    const fetched = await t.http().get(`/users/${target.id}`).set(bearer(root));
    expect(fetched.body).toEqual(res.body.data);
    // A name change does not sign the account out, and the password is untouched.
    expect((await check(target.token)).status).toBe(200);
    expect((await login(target.email, DEFAULT_PASSWORD)).status).toBe(200);
    // An empty password means "unchanged".
    const blank = await t.http().patch(`/users/${target.id}`).set(bearer(root)).send({ password: '' });
    expect(blank.status).toBe(200);
    expect((await check(target.token)).status).toBe(200);
  });

  it('404s for an account that does not exist', async () => {
    const root = await buildRoot(t);
    const res = await t.http().patch(`/users/${randomUUID()}`).set(bearer(root)).send({ name: 'Ghost' });
    expect(res.status).toBe(404);
  });

  it('lower-cases the email and 409s on one already taken', async () => {
    const root = await buildRoot(t);
    const target = await buildAdmin(t);
    const other = await buildAdmin(t);
    const taken = await t
      .http()
      .patch(`/users/${target.id}`)
      .set(bearer(root))
      .send({ email: other.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`An account with the email ${other.email} already exists`);

    const mixed = `MiXeD.CaSe-${randomBytes(4).toString('hex')}@Test.BT`;
    const res = await t.http().patch(`/users/${target.id}`).set(bearer(root)).send({ email: mixed });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(mixed.toLowerCase());
    expect((await login(mixed.toLowerCase(), DEFAULT_PASSWORD)).status).toBe(200);
    // Saving the account's own email again is no conflict.
    const same = await t.http().patch(`/users/${target.id}`).set(bearer(root)).send({ email: mixed });
    expect(same.status).toBe(200);
  });

  it('deactivating refuses the existing token (403); after reactivation the old token stays dead (401)', async () => {
    const root = await buildRoot(t);
    const target = await buildAdmin(t);
    const off = await t.http().patch(`/users/${target.id}`).set(bearer(root)).send({ isDeactivated: true });
    expect(off.status).toBe(200);
    expect(off.body.data.isDeactivated).toBe(true);
    const refused = await check(target.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ACCOUNT_DEACTIVATED');
    expect((await login(target.email, DEFAULT_PASSWORD)).body.code).toBe('ACCOUNT_DEACTIVATED');

    const on = await t.http().patch(`/users/${target.id}`).set(bearer(root)).send({ isDeactivated: false });
    expect(on.status).toBe(200);
    expect(on.body.data.isDeactivated).toBe(false);
    expect((await check(target.token)).status).toBe(401);
    const fresh = await login(target.email, DEFAULT_PASSWORD);
    expect(fresh.status).toBe(200);
    expect((await check(fresh.body.token)).status).toBe(200);
  });

  it('400s on a non-boolean isDeactivated', async () => {
    const root = await buildRoot(t);
    const target = await buildAdmin(t);
    const res = await t.http().patch(`/users/${target.id}`).set(bearer(root)).send({ isDeactivated: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Account status must be true or false');
  });

  it('sets a new password: it signs in, the old one does not, and the old token is refused', async () => {
    const root = await buildRoot(t);
    const target = await buildAdmin(t);
    const res = await t
      .http()
      .patch(`/users/${target.id}`)
      .set(bearer(root))
      .send({ password: 'set-by-root-1' });
    expect(res.status).toBe(200);
    expectNoSecrets(res);
    expect((await check(target.token)).status).toBe(401);
    expect((await login(target.email, DEFAULT_PASSWORD)).status).toBe(401);
    expect((await login(target.email, 'set-by-root-1')).status).toBe(200);
  });

  it('changing the user type takes effect on the next sign-in and ends earlier sessions', async () => {
    const root = await buildRoot(t);
    const target = await buildAdmin(t);
    const res = await t.http().patch(`/users/${target.id}`).set(bearer(root)).send({ userType: 'root-user' });
    expect(res.body.data.userType).toBe('root-user');
    expect((await check(target.token)).status).toBe(401);
    const fresh = await login(target.email, DEFAULT_PASSWORD);
    expect((await t.http().get('/users').set('Authorization', `Bearer ${fresh.body.token}`)).status).toBe(
      200,
    );
  });

  it('cannot demote or deactivate the last active root-user (400), but can once another root exists', async () => {
    const root = await soleRoot();
    const demote = await t
      .http()
      .patch(`/users/${root.id}`)
      .set(bearer(root))
      .send({ userType: 'admin-user' });
    expect(demote.status).toBe(400);
    expect(demote.body.message).toBe(LAST_ROOT);
    const deactivate = await t
      .http()
      .patch(`/users/${root.id}`)
      .set(bearer(root))
      .send({ isDeactivated: true });
    expect(deactivate.status).toBe(400);
    expect(deactivate.body.message).toBe(LAST_ROOT);
    const still = await t.http().get(`/users/${root.id}`).set(bearer(root));
    expect(still.body).toMatchObject({ userType: 'root-user', isDeactivated: false });
    // Keeping the type it already has is no demotion.
    const keep = await t.http().patch(`/users/${root.id}`).set(bearer(root)).send({ userType: 'root-user' });
    expect(keep.status).toBe(200);

    const second = await buildRoot(t);
    const demoted = await t
      .http()
      .patch(`/users/${root.id}`)
      .set(bearer(second))
      .send({ userType: 'admin-user' });
    expect(demoted.status).toBe(200);
    expect(demoted.body.data.userType).toBe('admin-user');
  });
});

describe('DELETE /users/:id', () => {
  it('401 → 400 → 403 → 200: removes the account and logs who deleted whom', async () => {
    const target = await buildAdmin(t);
    expect((await t.http().delete(`/users/${target.id}`)).status).toBe(401);
    const root = await buildRoot(t);
    expect((await t.http().delete('/users/abc').set(bearer(root))).status).toBe(400);
    const admin = await buildAdmin(t);
    expect((await t.http().delete(`/users/${target.id}`).set(bearer(admin))).status).toBe(403);

    const res = await t.http().delete(`/users/${target.id}`).set(bearer(root));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User deleted successfully' });
    expect((await t.http().get(`/users/${target.id}`).set(bearer(root))).status).toBe(404);
    expect((await check(target.token)).status).toBe(401);
    expect((await login(target.email, DEFAULT_PASSWORD)).status).toBe(401);
    const log = await t.http().get('/notifications').set(bearer(root));
    expect(log.body.notifications).toContainEqual(
      expect.objectContaining({
        message: `User ${target.name} (${target.email}) deleted by ${root.email}`,
        actorEmail: root.email,
      }),
    );
    expect((await t.http().delete(`/users/${target.id}`).set(bearer(root))).status).toBe(404);
  });

  it('refuses to delete the last active root-user, but deletes a root when another remains', async () => {
    const root = await soleRoot();
    const res = await t.http().delete(`/users/${root.id}`).set(bearer(root));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(LAST_ROOT);
    expect((await t.http().get(`/users/${root.id}`).set(bearer(root))).status).toBe(200);

    const second = await buildRoot(t);
    expect((await t.http().delete(`/users/${root.id}`).set(bearer(second))).status).toBe(200);
    expect((await t.http().get(`/users/${root.id}`).set(bearer(second))).status).toBe(404);
  });
});

describe('PATCH /users/:id/deactivate', () => {
  it('401 → 400 → 403 → 200: an account deactivates itself and its token then fails', async () => {
    const admin = await buildAdmin(t);
    expect((await t.http().patch(`/users/${admin.id}/deactivate`)).status).toBe(401);
    expect((await t.http().patch('/users/nope/deactivate').set(bearer(admin))).status).toBe(400);
    const plain = await buildUser(t);
    const refused = await t.http().patch(`/users/${plain.id}/deactivate`).set(bearer(plain));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_ADMIN');

    const res = await t.http().patch(`/users/${admin.id}/deactivate`).set(bearer(admin)).send();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Account deactivated' });
    const after = await check(admin.token);
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('ACCOUNT_DEACTIVATED');
    expect((await login(admin.email, DEFAULT_PASSWORD)).body.code).toBe('ACCOUNT_DEACTIVATED');
  });

  it("404s when an admin-user tries someone else's account, which stays active", async () => {
    const admin = await buildAdmin(t);
    const other = await buildAdmin(t);
    const res = await t.http().patch(`/users/${other.id}/deactivate`).set(bearer(admin));
    expect(res.status).toBe(404);
    expect((await check(other.token)).status).toBe(200);
  });

  it('lets a root-user deactivate another account', async () => {
    const root = await buildRoot(t);
    const admin = await buildAdmin(t);
    expect((await t.http().patch(`/users/${admin.id}/deactivate`).set(bearer(root))).status).toBe(200);
    expect((await check(admin.token)).body.code).toBe('ACCOUNT_DEACTIVATED');
    expect((await check(root.token)).status).toBe(200);
  });

  it('does not let the last active root-user deactivate itself', async () => {
    const root = await soleRoot();
    const res = await t.http().patch(`/users/${root.id}/deactivate`).set(bearer(root));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(LAST_ROOT);
    expect((await check(root.token)).status).toBe(200);
  });
});

describe('PATCH /users/:id/update-profile', () => {
  it('401 → 400 → 403 → 404 (another account) → 200', async () => {
    const admin = await buildAdmin(t);
    const body = { name: 'Pema Profile', email: admin.email };
    expect((await t.http().patch(`/users/${admin.id}/update-profile`).send(body)).status).toBe(401);
    const noName = await t
      .http()
      .patch(`/users/${admin.id}/update-profile`)
      .set(bearer(admin))
      .send({ email: admin.email });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Name is required');
    const notDataUrl = await t
      .http()
      .patch(`/users/${admin.id}/update-profile`)
      .set(bearer(admin))
      .send({ ...body, photo: 'https://example.com/me.jpg' });
    expect(notDataUrl.status).toBe(400);
    expect(notDataUrl.body.message).toBe('Photo must be an image data URL');
    const plain = await buildUser(t);
    const refused = await t
      .http()
      .patch(`/users/${plain.id}/update-profile`)
      .set(bearer(plain))
      .send({ name: 'X', email: plain.email });
    expect(refused.status).toBe(403);
    const other = await buildAdmin(t);
    const elsewhere = await t.http().patch(`/users/${other.id}/update-profile`).set(bearer(admin)).send(body);
    expect(elsewhere.status).toBe(404);
    const root = await buildRoot(t);
    // Not even a root-user edits someone else's profile here (that is PATCH /users/:id).
    expect(
      (await t.http().patch(`/users/${admin.id}/update-profile`).set(bearer(root)).send(body)).status,
    ).toBe(404);

    const email = uniqueEmail('Profile.Owner');
    const res = await t
      .http()
      .patch(`/users/${admin.id}/update-profile`)
      .set(bearer(admin))
      .send({ name: '  Pema Profile ', email: email.toUpperCase(), photo: '' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully');
    expect(res.body.data).toMatchObject({
      _id: admin.id,
      name: 'Pema Profile',
      email: email.toLowerCase(),
      profile: null,
    });
    expectNoSecrets(res);
    // A profile change keeps the session.
    expect((await check(admin.token)).body.user).toMatchObject({
      name: 'Pema Profile',
      email: email.toLowerCase(),
    });
  });

  it("refuses a Google account: 'You cannot update your google account'", async () => {
    const google = await buildAdmin(t, { googleId: `g-${randomBytes(6).toString('hex')}` });
    const res = await t
      .http()
      .patch(`/users/${google.id}/update-profile`)
      .set(bearer(google))
      .send({ name: 'New Name', email: google.email });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(GOOGLE_REFUSAL);
  });

  it('409s on an email another account uses', async () => {
    const admin = await buildAdmin(t);
    const other = await buildUser(t);
    const res = await t
      .http()
      .patch(`/users/${admin.id}/update-profile`)
      .set(bearer(admin))
      .send({ name: admin.name, email: other.email });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`An account with the email ${other.email} already exists`);
  });

  it('stores a photo as a centred 512x512 JPEG served under /media, replacing the previous one', async () => {
    const admin = await buildAdmin(t);
    const send = async () =>
      t
        .http()
        .patch(`/users/${admin.id}/update-profile`)
        .set(bearer(admin))
        .send({ name: admin.name, email: admin.email, photo: await pngDataUrl() });

    const first = await send();
    expect(first.status).toBe(200);
    const url = first.body.data.profile as string;
    expect(url).toMatch(new RegExp(`^http://api\\.test/media/profiles/${admin.id}/[0-9a-f]+\\.jpg$`));
    const file = mediaFile(url);
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    // Cropped from the centre: the red and blue side strips are cut away, not squeezed in or padded.
    const samples = [
      [8, 254],
      [500, 254],
      [254, 8],
      [254, 500],
    ] as const;
    for (const [left, top] of samples) {
      const pixel = await sharp(file).extract({ left, top, width: 4, height: 4 }).raw().toBuffer();
      expect(pixel[0]).toBeLessThan(60);
      expect(pixel[1]).toBeGreaterThan(190);
      expect(pixel[2]).toBeLessThan(60);
    }
    expect((await check(admin.token)).body.user.profile).toBe(url);

    const served = await t.http().get(new URL(url).pathname);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.body as Buffer).metadata()).format).toBe('jpeg');

    const second = await send();
    expect(second.status).toBe(200);
    const url2 = second.body.data.profile as string;
    expect(url2).not.toBe(url);
    expect(existsSync(mediaFile(url2))).toBe(true);
    expect(existsSync(file)).toBe(false);
    expect((await t.http().get(new URL(url).pathname)).status).toBe(404);

    // Saving without a photo keeps the current one.
    const third = await t
      .http()
      .patch(`/users/${admin.id}/update-profile`)
      .set(bearer(admin))
      .send({ name: 'Kept Photo', email: admin.email, photo: '' });
    expect(third.body.data.profile).toBe(url2);
    expect(existsSync(mediaFile(url2))).toBe(true);
  });

  it('refuses a photo that is not a real raster image', async () => {
    const admin = await buildAdmin(t);
    const send = (photo: string) =>
      t
        .http()
        .patch(`/users/${admin.id}/update-profile`)
        .set(bearer(admin))
        .send({ name: admin.name, email: admin.email, photo });

    const text = Buffer.from('just some text pretending to be a picture\n').toString('base64');
    const disguised = await send(`data:image/png;base64,${text}`);
    expect(disguised.status).toBe(400);
    expect(disguised.body.message).toBe('Photo is not a readable image');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>').toString(
      'base64',
    );
    const vector = await send(`data:image/svg+xml;base64,${svg}`);
    expect(vector.status).toBe(400);
    expect(vector.body.message).toMatch(/SVG/);

    expect((await check(admin.token)).body.user.profile).toBeNull();
  });
});

describe('POST /users/:id/update-password', () => {
  const body = (oldPassword: string, newPassword = 'new-password-1', confirmPassword = newPassword) => ({
    oldPassword,
    newPassword,
    confirmPassword,
  });

  it('401 → 400 → 403 → 404 (another account) → 200: old token refused, new password signs in', async () => {
    const admin = await buildAdmin(t);
    const url = `/users/${admin.id}/update-password`;
    expect((await t.http().post(url).send(body(DEFAULT_PASSWORD))).status).toBe(401);

    const wrongOld = await t.http().post(url).set(bearer(admin)).send(body('not-my-password'));
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.message).toBe('Old password is incorrect');
    const mismatch = await t
      .http()
      .post(url)
      .set(bearer(admin))
      .send(body(DEFAULT_PASSWORD, 'new-password-1', 'other-1'));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Passwords do not match');
    const short = await t.http().post(url).set(bearer(admin)).send(body(DEFAULT_PASSWORD, 'short'));
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(PASSWORD_RULE);
    const tooLong = await t
      .http()
      .post(url)
      .set(bearer(admin))
      .send(body(DEFAULT_PASSWORD, 'x'.repeat(129)));
    expect(tooLong.body.message).toBe(PASSWORD_RULE);
    // None of the refusals changed anything.
    expect((await check(admin.token)).status).toBe(200);

    const plain = await buildUser(t);
    const refused = await t
      .http()
      .post(`/users/${plain.id}/update-password`)
      .set(bearer(plain))
      .send(body(DEFAULT_PASSWORD));
    expect(refused.status).toBe(403);
    const other = await buildAdmin(t);
    const elsewhere = await t
      .http()
      .post(`/users/${other.id}/update-password`)
      .set(bearer(admin))
      .send(body(DEFAULT_PASSWORD));
    expect(elsewhere.status).toBe(404);

    const res = await t.http().post(url).set(bearer(admin)).send(body(DEFAULT_PASSWORD));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password updated. Please sign in again.' });
    const old = await check(admin.token);
    expect(old.status).toBe(401);
    expect(old.body.message).toMatch(/session has expired/);
    expect((await login(admin.email, 'new-password-1')).status).toBe(200);
    expect((await login(admin.email, DEFAULT_PASSWORD)).status).toBe(401);
    // The other account was not touched.
    expect((await login(other.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it("refuses a Google account: 'You cannot update your google account'", async () => {
    const google = await buildAdmin(t, { googleId: `g-${randomBytes(6).toString('hex')}` });
    const res = await t
      .http()
      .post(`/users/${google.id}/update-password`)
      .set(bearer(google))
      .send(body(DEFAULT_PASSWORD));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(GOOGLE_REFUSAL);
    expect((await check(google.token)).status).toBe(200);
  });
});

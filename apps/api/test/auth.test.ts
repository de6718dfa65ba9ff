import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_MESSAGE } from '../src/modules/auth/auth.service';
import { bearer, buildAdmin, buildRoot, buildUser, DEFAULT_PASSWORD, isMailTo } from './factories';
import { createTestApp, nextAddress, outbox, ROOT, type TestApp, waitForMail } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /auth/login', () => {
  it('400s on missing or malformed fields, naming them', async () => {
    const res = await t.http().post('/auth/login').send({ email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.message).toContain('valid email');
    expect(res.body.message).toContain('Password is required');
  });

  it('401s with one message for an unknown email and for a wrong password', async () => {
    const a = await t.http().post('/auth/login').send({ email: 'nobody@test.bt', password: 'whatever-1' });
    const b = await t.http().post('/auth/login').send({ email: ROOT.email, password: 'wrong-password' });
    expect([a.status, b.status]).toEqual([401, 401]);
    expect(a.body.message).toBe('Invalid email or password');
    expect(b.body.message).toBe(a.body.message);
  });

  it('signs in the root user from configuration, case-insensitively on email', async () => {
    const res = await t.http().post('/auth/login').send({ email: ' ROOT@test.bt ', password: ROOT.password });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({ email: ROOT.email, userType: 'root-user', isDeactivated: false });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
  });

  it('refuses a deactivated account (403 ACCOUNT_DEACTIVATED) only after the right password', async () => {
    const u = await buildAdmin(t, { isDeactivated: true });
    const wrong = await t.http().post('/auth/login').send({ email: u.email, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    const right = await t.http().post('/auth/login').send({ email: u.email, password: DEFAULT_PASSWORD });
    expect(right.status).toBe(403);
    expect(right.body.code).toBe('ACCOUNT_DEACTIVATED');
  });

  it('refuses a plain user account (403 NOT_ADMIN)', async () => {
    const u = await buildUser(t);
    const res = await t.http().post('/auth/login').send({ email: u.email, password: DEFAULT_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('NOT_ADMIN');
  });

  it('throttles repeated failures per account and address with 429 and Retry-After; the owner elsewhere still gets in', async () => {
    const u = await buildAdmin(t);
    const stranger = nextAddress();
    const from = (ip: string, password: string) =>
      t.http().post('/auth/login').set('X-Forwarded-For', ip).send({ email: u.email, password });
    for (let i = 0; i < 5; i++) expect((await from(stranger, `wrong-${i}`)).status).toBe(401);
    const blocked = await from(stranger, DEFAULT_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/Too many sign-in attempts/),
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from their own address, is not locked out by the stranger's guesses.
    expect((await from(nextAddress(), DEFAULT_PASSWORD)).status).toBe(200);
    // Another account from the stranger's address is not blocked by this account's failures.
    const other = await buildAdmin(t);
    const ok = await t
      .http()
      .post('/auth/login')
      .set('X-Forwarded-For', stranger)
      .send({ email: other.email, password: DEFAULT_PASSWORD });
    expect(ok.status).toBe(200);
  });

  it('throttles one address that guesses across many accounts', async () => {
    const ip = nextAddress();
    for (let i = 0; i < 50; i++) {
      await t
        .http()
        .post('/auth/login')
        .set('X-Forwarded-For', ip)
        .send({ email: `guess${i}@test.bt`, password: 'nope-nope' });
    }
    const res = await t
      .http()
      .post('/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ email: ROOT.email, password: ROOT.password });
    expect(res.status).toBe(429);
  });
});

describe('GET /auth/checkLoggedIn', () => {
  it('401s without a token and with a forged one', async () => {
    expect((await t.http().get('/auth/checkLoggedIn')).status).toBe(401);
    const forged = await t.http().get('/auth/checkLoggedIn').set('Authorization', 'Bearer abc.def.ghi');
    expect(forged.status).toBe(401);
  });

  it('answers valid with the current user', async () => {
    const u = await buildAdmin(t);
    const res = await t.http().get('/auth/checkLoggedIn').set(bearer(u));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: true,
      user: {
        id: u.id,
        name: u.name,
        email: u.email,
        profile: null,
        userType: 'admin-user',
        isDeactivated: false,
      },
    });
  });

  it('tells a plain user its type, so the console can send it to /not-admin', async () => {
    const u = await buildUser(t);
    const res = await t.http().get('/auth/checkLoggedIn').set(bearer(u));
    expect(res.status).toBe(200);
    expect(res.body.user.userType).toBe('user');
  });

  it('403s ACCOUNT_DEACTIVATED for a deactivated account', async () => {
    const u = await buildAdmin(t, { isDeactivated: true });
    const res = await t.http().get('/auth/checkLoggedIn').set(bearer(u));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ACCOUNT_DEACTIVATED');
  });
});

describe('POST /auth/logout', () => {
  it('401s without a token; afterwards every earlier token is refused', async () => {
    expect((await t.http().post('/auth/logout')).status).toBe(401);
    const u = await buildAdmin(t);
    const login = await t.http().post('/auth/login').send({ email: u.email, password: DEFAULT_PASSWORD });
    const token = login.body.token as string;
    const out = await t.http().post('/auth/logout').set('Authorization', `Bearer ${token}`);
    expect(out.status).toBe(200);
    const after = await t.http().get('/auth/checkLoggedIn').set('Authorization', `Bearer ${token}`);
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/session has expired/);
  });
});

describe('POST /auth/register', () => {
  it('400s on a short password, saying the rule', async () => {
    const res = await t
      .http()
      .post('/auth/register')
      .send({ name: 'A', email: 'a@test.bt', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Password must be 8 to 128 characters long');
  });

  it('creates a plain user account that cannot use the console', async () => {
    const body = { name: 'Dechen', email: 'Dechen@Test.bt', country: 'Bhutan', password: 'long-enough-1' };
    const res = await t.http().post('/auth/register').send(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: REGISTER_MESSAGE });
    const login = await t
      .http()
      .post('/auth/login')
      .send({ email: 'dechen@test.bt', password: 'long-enough-1' });
    expect(login.body.code).toBe('NOT_ADMIN');
  });

  it('answers an email already used exactly like a new one and mails its owner instead', async () => {
    const before = outbox(t).length;
    const res = await t
      .http()
      .post('/auth/register')
      .send({ name: 'X http://evil.example', email: 'ROOT@TEST.BT', password: 'long-enough-1' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: REGISTER_MESSAGE });
    const mails = await waitForMail(t, before + 1);
    const mail = mails[mails.length - 1] ?? '';
    expect(isMailTo(mail, ROOT.email)).toBe(true);
    expect(mail).toContain('already has an account');
    expect(mail).not.toContain('evil');
    // The password of the existing account did not change.
    const login = await t.http().post('/auth/login').send(ROOT);
    expect(login.status).toBe(200);
  });

  it('400s on an email that is not an address', async () => {
    const res = await t
      .http()
      .post('/auth/register')
      .send({ name: 'X', email: 'not-an-email', password: 'long-enough-1' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
  });

  it('allows 10 sign-ups per address per hour, then 429', async () => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await t
        .http()
        .post('/auth/register')
        .set('X-Forwarded-For', ip)
        .send({ name: 'Many', email: `many-${i}@test.bt`, password: 'long-enough-1' });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });
});

describe('POST /auth/register-admin', () => {
  const body = (email: string, userType = 'admin-user') => ({
    name: 'New Admin',
    email,
    userType,
    password: 'admin-pass-1',
    confirmPassword: 'admin-pass-1',
  });

  it('401 → 400 → 403 → 201, honouring the user type asked for', async () => {
    expect((await t.http().post('/auth/register-admin').send(body('n1@test.bt'))).status).toBe(401);
    const root = await buildRoot(t);
    const mismatch = await t
      .http()
      .post('/auth/register-admin')
      .set(bearer(root))
      .send({ ...body('n1@test.bt'), confirmPassword: 'different-1' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Passwords do not match');
    const badType = await t
      .http()
      .post('/auth/register-admin')
      .set(bearer(root))
      .send(body('n1@test.bt', 'user'));
    expect(badType.status).toBe(400);
    const admin = await buildAdmin(t);
    expect(
      (await t.http().post('/auth/register-admin').set(bearer(admin)).send(body('n1@test.bt'))).status,
    ).toBe(403);

    const created = await t
      .http()
      .post('/auth/register-admin')
      .set(bearer(root))
      .send(body('n1@test.bt', 'root-user'));
    expect(created.status).toBe(201);
    const login = await t.http().post('/auth/login').send({ email: 'n1@test.bt', password: 'admin-pass-1' });
    expect(login.body.user.userType).toBe('root-user');
    const log = await t.http().get('/notifications').set(bearer(root));
    expect(log.body.notifications[0].message).toBe(
      `A new root-user New Admin (n1@test.bt) has been added by ${root.email}`,
    );
  });
});

describe('GET /auth/config', () => {
  it('says Google sign-in is off when not configured', async () => {
    const res = await t.http().get('/auth/config');
    expect(res.body).toEqual({ googleEnabled: false });
  });
});

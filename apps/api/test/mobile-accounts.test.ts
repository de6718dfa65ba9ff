import { createHmac, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerifications, users } from '../src/db/schema';
import {
  bearer,
  buildAdmin,
  buildUser,
  DEFAULT_PASSWORD,
  decodeMail,
  isMailTo,
  pngDataUrl,
} from './factories';
import { createTestApp, nextAddress, outbox, type TestApp, waitForMail } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uniqueEmail = (prefix = 'birder') => `${prefix}-${randomBytes(4).toString('hex')}@test.bt`;
const PASSWORD_MESSAGE = 'This route is not for password updates. Please use /updateMyPassword.';

/** Every mobile response is checked for secrets: no hash, no token version, nothing naming them. */
function noSecrets(res: supertest.Response): supertest.Response {
  expect(res.text).not.toMatch(
    /\$argon2|passwordHash|password_hash|tokenVersion|token_version|codeHash|code_hash/,
  );
  return res;
}
const post = async (url: string, body: object, headers: Record<string, string> = {}) =>
  noSecrets(await t.http().post(url).set(headers).send(body));
const patch = async (url: string, body: object, headers: Record<string, string> = {}) =>
  noSecrets(await t.http().patch(url).set(headers).send(body));

const askCode = (email: string, name = 'Pema Wangmo') => post('/api/v1/users/verification', { name, email });
const sendOtp = (email: string, otp: string | number) => post('/api/v1/users/OTP', { email, otp });
const signupBody = (email: string, over: object = {}) => ({
  email,
  dob: '1990-04-23',
  country: 'Bhutan',
  profession: 'Forester',
  password: 'birds-of-bhutan-1',
  passwordConfirm: 'birds-of-bhutan-1',
  ...over,
});
const verificationRow = async (email: string) =>
  (await t.ctx.database.db.select().from(emailVerifications).where(eq(emailVerifications.email, email)))[0];

/** Asks for a code and returns the 6 digits the newest mail to `email` carries. */
async function codeFor(email: string, name?: string): Promise<string> {
  const before = outbox(t).length;
  const res = await askCode(email, name);
  expect(res.status, res.text).toBe(200);
  await waitForMail(t, before + 1);
  const mail = outbox(t)
    .filter((m) => isMailTo(m, email))
    .at(-1);
  const code = /sign up for Jarog is (\d{6})/.exec(decodeMail(mail ?? ''))?.[1];
  if (!code) throw new Error(`no code in mail:\n${mail}`);
  return code;
}

/** A birder signed up through the whole flow; returns the token and account. */
async function signUp(email = uniqueEmail(), name = 'Pema Wangmo') {
  const code = await codeFor(email, name);
  expect((await sendOtp(email, code)).status).toBe(200);
  const res = await post('/api/v1/users/signup', signupBody(email));
  expect(res.status, res.text).toBe(201);
  return { email, token: res.body.token as string, user: res.body.data.user, password: 'birds-of-bhutan-1' };
}

describe('the sign-up flow', () => {
  it('verification → OTP → signup → Login → updateMe with a photo → updateMyPassword', async () => {
    const email = uniqueEmail();
    const asked = await askCode(email.toUpperCase(), '  Karma Dorji ');
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ status: 'success', data: { email, expiresInMinutes: 10 } });
    await waitForMail(t, 1);
    const mail = outbox(t).find((m) => isMailTo(m, email)) ?? '';
    expect(mail).toMatch(/^Subject: Your Jarog sign-up code$/m);
    const code = /sign up for Jarog is (\d{6})/.exec(decodeMail(mail))?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    // Stored as a keyed hash, never the code; 10 minutes to live.
    const row = await verificationRow(email);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    const ttl = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000);

    const verified = await sendOtp(email, code);
    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe('success');
    expect((await verificationRow(email))?.verifiedAt).toBeInstanceOf(Date);
    // A retry of the same right code (weak signal) succeeds again.
    expect((await sendOtp(email, code)).status).toBe(200);

    const signed = await post('/api/v1/users/signup', signupBody(email));
    expect(signed.status).toBe(201);
    expect(signed.body).toMatchObject({
      status: 'success',
      data: {
        user: {
          name: 'Karma Dorji',
          email,
          dob: '1990-04-23',
          country: 'Bhutan',
          profession: 'Forester',
          userType: 'user',
          photo: null,
        },
      },
    });
    expect(typeof signed.body.token).toBe('string');
    expect(await verificationRow(email)).toBeUndefined(); // the code is used up
    const [account] = await t.ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(account?.userType).toBe('user');
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);

    // Paths match case-insensitively, as the app spells them in several ways.
    const login = await post('/api/v1/users/login', { email, password: 'birds-of-bhutan-1' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ status: 'success', data: { user: { email, userType: 'user' } } });
    const token = login.body.token as string;

    const photo = await pngDataUrl(300, 200);
    const updated = await patch(
      '/api/v1/users/updateMe',
      { name: 'Karma D.', country: 'India', profession: '', dob: '1991-01-02', photo },
      bearer({ token }),
    );
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data.user).toMatchObject({
      name: 'Karma D.',
      country: 'India',
      profession: null,
      dob: '1991-01-02',
      email,
    });
    const url = updated.body.data.user.photo as string;
    expect(url).toMatch(/^http:\/\/api\.test\/media\/profiles\/.+\.jpg$/);
    const file = path.join(t.dataDir, 'media', url.replace('http://api.test/media/', ''));
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 512]);

    // A second photo replaces the first, whose file goes; null removes the photo.
    const again = await patch(
      '/api/v1/users/updateMe',
      { photo: await pngDataUrl(64, 64) },
      bearer({ token }),
    );
    expect(again.status).toBe(200);
    expect(existsSync(file)).toBe(false);
    const removed = await patch('/api/v1/users/updateMe', { photo: null }, bearer({ token }));
    expect(removed.body.data.user.photo).toBeNull();

    const changed = await patch(
      '/api/v1/users/updateMyPassword',
      {
        passwordCurrent: 'birds-of-bhutan-1',
        password: 'new-password-22',
        passwordConfirm: 'new-password-22',
      },
      bearer({ token }),
    );
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ status: 'success', data: { user: { email } } });
    const fresh = changed.body.token as string;
    expect(fresh).not.toBe(token);
    // The session that made the change stays signed in (the app keeps its old token); the new token
    // belongs to the same session.
    expect((await patch('/api/v1/users/updateMe', { name: 'Karma' }, bearer({ token }))).status).toBe(200);
    expect((await patch('/api/v1/users/updateMe', { name: 'Karma' }, bearer({ token: fresh }))).status).toBe(
      200,
    );
    expect((await post('/api/v1/users/Login', { email, password: 'birds-of-bhutan-1' })).status).toBe(401);
    expect((await post('/api/v1/users/Login', { email, password: 'new-password-22' })).status).toBe(200);
  });

  it('accepts the code as a number and keeps its leading zeros', async () => {
    const email = uniqueEmail();
    await codeFor(email);
    // Put a known code with leading zeros in place, keyed as the server keys it (the test JWT secret).
    const codeHash = createHmac('sha256', 'test-secret-that-is-long-enough-0123456789')
      .update(`email-verification:${email}:001234`)
      .digest('hex');
    await t.ctx.database.db
      .update(emailVerifications)
      .set({ codeHash })
      .where(eq(emailVerifications.email, email));
    const wrong = await sendOtp(email, 12);
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual({ attemptsLeft: 4 }); // read as '000012': a wrong code, not a bad format
    const malformed = await sendOtp(email, '12ab56');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('The code is the 6 digits we sent by mail');
    expect((await sendOtp(email, 1234)).status).toBe(200);
  });

  it('counts wrong codes and kills the code at the fifth', async () => {
    const email = uniqueEmail();
    const code = await codeFor(email);
    const wrong = code === '000000' ? '000001' : '000000';
    const first = await sendOtp(email, wrong);
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({
      status: 'fail',
      code: 'BAD_REQUEST',
      message: 'Wrong code. 4 attempts left.',
      details: { attemptsLeft: 4 },
    });
    for (const left of [3, 2, 1])
      expect((await sendOtp(email, wrong)).body.details).toEqual({ attemptsLeft: left });
    const last = await sendOtp(email, wrong);
    expect(last.body.message).toBe('Wrong code. This code no longer works; please ask for a new one.');
    const dead = await sendOtp(email, code);
    expect(dead.status).toBe(400);
    expect(dead.body.message).toBe(
      'Too many wrong codes: this code no longer works. Please ask for a new one.',
    );
    expect((await post('/api/v1/users/signup', signupBody(email))).status).toBe(400);
    // A new code starts afresh.
    const next = await codeFor(email);
    expect((await sendOtp(email, next)).status).toBe(200);
  });

  it('refuses an expired code, and a code that a resend replaced', async () => {
    const email = uniqueEmail();
    const first = await codeFor(email);
    const second = await codeFor(email);
    if (first !== second) expect((await sendOtp(email, first)).status).toBe(400);
    await t.ctx.database.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.email, email));
    const expired = await sendOtp(email, second);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This code has expired. Please ask for a new one.');
    expect((await verificationRow(email))?.verifiedAt).toBeNull();
  });

  it('sends at most 5 codes per email per hour, then 429 with Retry-After', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) expect((await askCode(email)).status).toBe(200);
    const before = outbox(t).length;
    const limited = await askCode(email);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.body.message).toMatch(
      /^Too many codes were sent to this email\. Please wait \d+ minutes? and try again\.$/,
    );
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    // Another email is not affected; once the hour has passed, the email may ask again.
    expect((await askCode(uniqueEmail())).status).toBe(200);
    await waitForMail(t, before + 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(outbox(t).filter((m) => isMailTo(m, email))).toHaveLength(5);
    await t.ctx.database.db
      .update(emailVerifications)
      .set({ windowStartedAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(emailVerifications.email, email));
    expect((await askCode(email)).status).toBe(200);
    expect((await verificationRow(email))?.sentCount).toBe(1);
  });

  it('answers an email that has an account like any other, and mails its owner instead of a code', async () => {
    const existing = await buildUser(t);
    const fresh = uniqueEmail();
    const before = outbox(t).length;
    const a = await askCode(existing.email);
    const b = await askCode(fresh);
    expect(a.status).toBe(200);
    expect(a.body.message.replace(existing.email, 'X')).toBe(b.body.message.replace(fresh, 'X'));
    await waitForMail(t, before + 2);
    const mail = decodeMail(outbox(t).find((m) => isMailTo(m, existing.email)) ?? '');
    expect(mail).toMatch(/^Subject: You already have a Jarog account$/m);
    expect(mail).not.toMatch(/\b\d{6}\b/);
  });

  it('validates the verification body', async () => {
    const res = await post('/api/v1/users/verification', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('fail');
    expect(res.body.message).toMatch(/Name is required|Please provide a valid email address/);
  });
});

describe('POST /api/v1/users/signup', () => {
  it('counts toward the per-address sign-up limit it shares with the console: the 11th sign-up of an hour from one address is refused', async () => {
    const ip = { 'X-Forwarded-For': nextAddress() };
    for (let i = 0; i < 10; i++) {
      const r = await t
        .http()
        .post('/auth/register')
        .set(ip)
        .send({ name: 'Many', email: uniqueEmail('many'), password: 'long-enough-1' });
      expect(r.status).toBe(201);
    }
    const email = uniqueEmail();
    expect((await sendOtp(email, await codeFor(email))).status).toBe(200);
    const refused = await post('/api/v1/users/signup', signupBody(email), ip);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(await t.ctx.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // From another address the same verified e-mail signs up.
    expect((await post('/api/v1/users/signup', signupBody(email))).status).toBe(201);
  });

  it('refuses an email that was never verified, or verified too long ago', async () => {
    const email = uniqueEmail();
    const never = await post('/api/v1/users/signup', signupBody(email));
    expect(never.status).toBe(400);
    expect(never.body.message).toBe(
      'Please verify your email first: ask for a code and enter the code we mail you.',
    );
    const unverified = uniqueEmail();
    await codeFor(unverified);
    expect((await post('/api/v1/users/signup', signupBody(unverified))).status).toBe(400);

    const late = uniqueEmail();
    expect((await sendOtp(late, await codeFor(late))).status).toBe(200);
    await t.ctx.database.db
      .update(emailVerifications)
      .set({ verifiedAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(emailVerifications.email, late));
    const tooLate = await post('/api/v1/users/signup', signupBody(late));
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.message).toMatch(/more than 30 minutes ago/);
    expect(await t.ctx.database.db.select().from(users).where(eq(users.email, late))).toHaveLength(0);
  });

  it('validates the body before anything else', async () => {
    const email = uniqueEmail();
    expect((await sendOtp(email, await codeFor(email))).status).toBe(200);
    const cases: [object, string][] = [
      [{ passwordConfirm: 'other-password' }, 'Passwords do not match'],
      [{ password: 'short', passwordConfirm: 'short' }, 'Password must be 8 to 128 characters long'],
      [
        { dob: '23-04-1990' },
        'Date of birth must be a date like 1990-04-23, 23/04/1990 or 1990-04-23T00:00:00.000Z',
      ],
      [{ dob: '31/02/1990' }, 'Date of birth is not a real date'],
      [{ dob: '1990-02-30' }, 'Date of birth is not a real date'],
      [{ dob: '2999-01-01' }, 'Date of birth must be between 1900 and today'],
      [{ country: ' ' }, 'Country is required'],
    ];
    for (const [over, message] of cases) {
      const res = await post('/api/v1/users/signup', signupBody(email, over));
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // Nothing was used up: the verified code still signs up.
    expect((await post('/api/v1/users/signup', signupBody(email))).status).toBe(201);
  });

  it('409s when the email got an account in the meantime', async () => {
    const email = uniqueEmail();
    expect((await sendOtp(email, await codeFor(email))).status).toBe(200);
    await buildUser(t, { email });
    const res = await post('/api/v1/users/signup', signupBody(email));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`An account with the email ${email} already exists`);
  });
});

describe('POST /api/v1/users/Login', () => {
  it('lets birders and admins in, refuses wrong passwords alike and deactivated accounts', async () => {
    const birder = await signUp();
    const admin = await buildAdmin(t);
    expect(
      (await post('/api/v1/users/Login', { email: admin.email, password: DEFAULT_PASSWORD })).status,
    ).toBe(200);
    const wrong = await post('/api/v1/users/Login', { email: birder.email, password: 'wrong-password' });
    const unknown = await post('/api/v1/users/Login', { email: uniqueEmail(), password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      status: 'fail',
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
      error: 'Invalid email or password',
    });
    expect(unknown.body).toEqual(wrong.body);
    const off = await buildUser(t, { isDeactivated: true });
    const deactivated = await post('/api/v1/users/Login', { email: off.email, password: DEFAULT_PASSWORD });
    expect(deactivated.status).toBe(403);
    expect(deactivated.body.code).toBe('ACCOUNT_DEACTIVATED');
  });

  it('shares the console sign-in throttling: failures on either count together', async () => {
    const u = await buildUser(t);
    const ip = { 'X-Forwarded-For': nextAddress() };
    for (let i = 0; i < 3; i++)
      await t.http().post('/auth/login').set(ip).send({ email: u.email, password: 'nope-nope' });
    for (let i = 0; i < 2; i++)
      await post('/api/v1/users/Login', { email: u.email, password: 'nope-nope' }, ip);
    const limited = await post('/api/v1/users/Login', { email: u.email, password: DEFAULT_PASSWORD }, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await t.http().post('/auth/login').set(ip).send({ email: u.email, password: DEFAULT_PASSWORD }))
        .status,
    ).toBe(429);
  });
});

describe('PATCH /api/v1/users/updateMe', () => {
  it('401 without a token, 400 for password, email, type, unknown or no fields', async () => {
    expect((await patch('/api/v1/users/updateMe', { name: 'X' })).status).toBe(401);
    const u = await buildUser(t);
    const cases: [object, string][] = [
      [{ password: 'new-password-1', passwordConfirm: 'new-password-1' }, PASSWORD_MESSAGE],
      [{ name: 'X', passwordCurrent: 'x' }, PASSWORD_MESSAGE],
      [{ email: 'other@test.bt' }, 'email cannot be changed here'],
      [{ userType: 'root-user', name: 'X' }, 'userType cannot be changed here'],
      [{ nickname: 'X' }, 'Unknown field: nickname'],
      [{}, 'Nothing to update: send name, country, dob, profession or photo'],
      [
        { photo: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' },
        'SVG images are not accepted; use JPEG, PNG or WebP',
      ],
      [{ photo: 'data:image/png;base64,aGVsbG8=' }, 'Photo is not a readable image'],
    ];
    for (const [body, message] of cases) {
      const res = await patch('/api/v1/users/updateMe', body, bearer(u));
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.status).toBe('fail');
    }
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, u.id));
    expect([row?.name, row?.email, row?.userType]).toEqual([u.name, u.email, 'user']);
  });

  it('refuses Google accounts, as the console does', async () => {
    const g = await buildUser(t, { googleId: `g-${randomBytes(4).toString('hex')}` });
    const res = await patch('/api/v1/users/updateMe', { name: 'New' }, bearer(g));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You cannot update your google account');
  });
});

describe('PATCH /api/v1/users/updateMyPassword', () => {
  it('checks the current password and the confirmation, changing nothing on a refusal', async () => {
    const u = await buildUser(t);
    const wrong = await patch(
      '/api/v1/users/updateMyPassword',
      { passwordCurrent: 'not-it-at-all', password: 'new-password-1', passwordConfirm: 'new-password-1' },
      bearer(u),
    );
    // 401: the only answer the installed app recognises as a wrong current password.
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Your current password is wrong',
    });
    const mismatch = await patch(
      '/api/v1/users/updateMyPassword',
      { passwordCurrent: DEFAULT_PASSWORD, password: 'new-password-1', passwordConfirm: 'new-password-2' },
      bearer(u),
    );
    expect(mismatch.body.message).toBe('Passwords do not match');
    // The token still works: nothing was revoked.
    expect((await patch('/api/v1/users/updateMe', { name: 'Still me' }, bearer(u))).status).toBe(200);
  });
});

describe('POST /api/v1/forgotPassword', () => {
  it('mails a reset link like the console, and answers the same for an unknown email', async () => {
    const birder = await signUp();
    const before = outbox(t).length;
    const known = await post('/api/v1/forgotPassword', { email: birder.email });
    const unknown = await post('/api/v1/forgotPassword', { email: uniqueEmail() });
    expect(known.status).toBe(201);
    expect(known.body).toEqual({
      status: 'success',
      message:
        'If an account exists for that email, we have sent a link to reset its password. The link works for 1 hour.',
      data: null,
    });
    expect(unknown.body).toEqual(known.body);
    await waitForMail(t, before + 1);
    const mail = outbox(t).find((m) => isMailTo(m, birder.email) && /Reset your Jarog password/.test(m));
    expect(decodeMail(mail ?? '')).toMatch(/http:\/\/console\.test\/password-reset\/[0-9a-f-]{36}\//);
    const bad = await post('/api/v1/forgotPassword', { email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 'fail', message: 'Please provide a valid email address' });
  });
});

describe('error envelope', () => {
  it("adds the app's status only on the mobile paths", async () => {
    const mobile = await t.http().post('/api/v1/users/Login').send({});
    expect(mobile.body.status).toBe('fail');
    const console = await t.http().post('/auth/login').send({});
    expect(console.body.status).toBeUndefined();
    expect(console.body.code).toBe('VALIDATION');
  });
});

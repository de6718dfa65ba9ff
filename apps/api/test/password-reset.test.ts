import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../src/db/schema';
import {
  type BuiltUser,
  bearer,
  buildAdmin,
  buildRoot,
  DEFAULT_PASSWORD,
  isMailTo,
  resetLinkIn,
} from './factories';
import { createTestApp, outbox, type TestApp, waitForMail } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REQUEST_MESSAGE =
  'If an account exists for that email, we have sent a link to reset its password. The link works for 1 hour.';
const INVALID_LINK = 'This password reset link is invalid or has expired. Please ask for a new one.';

const request = (email: string) => t.http().post('/api/v1/password-reset').send({ email });
const verify = (id: string, token: string) => t.http().get(`/api/v1/password-reset/${id}/${token}`);
const complete = (id: string, token: string, password: string, confirmPassword = password) =>
  t.http().post(`/api/v1/password-reset/${id}/${token}`).send({ password, confirmPassword });
const login = (email: string, password: string) => t.http().post('/auth/login').send({ email, password });
const mailsTo = (email: string) => outbox(t).filter((m) => isMailTo(m, email));
const resetRows = (u: BuiltUser) =>
  t.ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id));

/** Asks for a reset link for `u` and returns the one its new mail carries. */
async function requestLink(u: BuiltUser) {
  const before = outbox(t);
  const res = await request(u.email);
  expect(res.status).toBe(200);
  await waitForMail(t, before.length + 1);
  const fresh = mailsTo(u.email).filter((m) => !before.includes(m));
  expect(fresh).toHaveLength(1);
  return resetLinkIn(fresh[0] ?? '');
}

describe('POST /api/v1/password-reset', () => {
  it('400s on a missing or malformed email', async () => {
    const bad = await request('not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please provide a valid email address');
    const missing = await t.http().post('/api/v1/password-reset').send({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Email is required');
  });

  it('answers the same for an unknown and a known email, and mails the known one a link', async () => {
    const u = await buildAdmin(t);
    const before = outbox(t).length;
    const unknown = await request(`nobody-${randomUUID()}@test.bt`);
    const known = await request(u.email.toUpperCase());
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual({ message: REQUEST_MESSAGE });
    expect(known.body).toEqual(unknown.body);

    const mails = await waitForMail(t, before + 1);
    const mail = mails.find((m) => isMailTo(m, u.email));
    expect(mail).toBeDefined();
    expect(mail).toMatch(/^Subject: Reset your Jarog password$/m);
    const link = resetLinkIn(mail ?? '');
    expect(link.url).toMatch(/^http:\/\/console\.test\/password-reset\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}$/);

    // Only a sha256 of the token is kept.
    const rows = await resetRows(u);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(link.id);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(link.token);
    const expiresIn = (rows[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(55 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('sends nothing to a deactivated account, answering the same', async () => {
    const off = await buildAdmin(t, { isDeactivated: true });
    const res = await request(off.email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: REQUEST_MESSAGE });
    expect(await resetRows(off)).toHaveLength(0);
    // A later mail arriving proves the earlier request had its chance to send.
    await requestLink(await buildAdmin(t));
    expect(mailsTo(off.email)).toHaveLength(0);
  });

  it('sends at most 3 links per email per hour; the 4th request answers the same but sends nothing', async () => {
    const u = await buildAdmin(t);
    const before = outbox(t).length;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await request(u.email));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    for (const a of answers) expect(a.body).toEqual({ message: REQUEST_MESSAGE });
    expect(await resetRows(u)).toHaveLength(3);
    await waitForMail(t, before + 3);
    await requestLink(await buildAdmin(t));
    expect(mailsTo(u.email)).toHaveLength(3);
  });
});

describe('GET /api/v1/password-reset/:id/:token', () => {
  it('200s for the link from the mail and 400s for a wrong token or a malformed id', async () => {
    const u = await buildAdmin(t);
    const link = await requestLink(u);
    const ok = await verify(link.id, link.token);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Link is valid' });

    const wrongToken = await verify(link.id, `${link.token.slice(0, -4)}AAAA`);
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body.message).toBe(INVALID_LINK);
    const notUuid = await verify('not-a-uuid', link.token);
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.message).toBe(INVALID_LINK);
    const unknownId = await verify(randomUUID(), link.token);
    expect(unknownId.status).toBe(400);
    // Verifying does not use the link up.
    expect((await verify(link.id, link.token)).status).toBe(200);
  });

  it('400s for an expired link', async () => {
    const u = await buildAdmin(t);
    const link = await requestLink(u);
    await t.ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.id, link.id));
    const res = await verify(link.id, link.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID_LINK);
    expect((await complete(link.id, link.token, 'expired-link-1')).status).toBe(400);
    expect((await login(u.email, DEFAULT_PASSWORD)).status).toBe(200);
  });
});

describe('POST /api/v1/password-reset/:id/:token', () => {
  it('400s on mismatching or short passwords without using the link up', async () => {
    const u = await buildAdmin(t);
    const link = await requestLink(u);
    const mismatch = await complete(link.id, link.token, 'new-password-1', 'new-password-2');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Passwords do not match');
    const short = await complete(link.id, link.token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be 8 to 128 characters long');
    const wrongToken = await complete(link.id, 'x'.repeat(43), 'new-password-1');
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body.message).toBe(INVALID_LINK);
    expect((await verify(link.id, link.token)).status).toBe(200);
  });

  it('sets the password once: old password and tokens die, and every open link of the account is used up', async () => {
    const u = await buildAdmin(t);
    const root = await buildRoot(t);
    const first = await requestLink(u);
    const second = await requestLink(u);
    expect(second.id).not.toBe(first.id);

    const res = await complete(second.id, second.token, 'after-reset-1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your password has been updated. Please sign in.' });

    expect((await login(u.email, DEFAULT_PASSWORD)).status).toBe(401);
    expect((await login(u.email, 'after-reset-1')).status).toBe(200);
    const earlier = await t.http().get('/auth/checkLoggedIn').set(bearer(u));
    expect(earlier.status).toBe(401);

    const again = await complete(second.id, second.token, 'second-use-1');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(INVALID_LINK);
    expect((await verify(second.id, second.token)).status).toBe(400);
    expect((await verify(first.id, first.token)).status).toBe(400);
    expect((await complete(first.id, first.token, 'other-link-1')).status).toBe(400);
    expect((await login(u.email, 'after-reset-1')).status).toBe(200);

    const log = await t.http().get('/notifications').set(bearer(root));
    expect(log.body.notifications).toContainEqual(
      expect.objectContaining({ message: `${u.email} reset their password`, actorEmail: u.email }),
    );
  });
});

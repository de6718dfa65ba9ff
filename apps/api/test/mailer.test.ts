import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/lib/logger';
import { plainName } from '../src/lib/mail-text';
import { createMailer } from '../src/lib/mailer';
import { buildAdmin, decodeMail, resetLinkIn } from './factories';
import { createTestApp, outbox, type TestApp } from './harness';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let t: TestApp;
const received: Received[] = [];
const refused: string[] = [];

/** Resolves once the SMTP server holds a message for `email` (the API sends after answering). */
async function mailFor(email: string): Promise<Received> {
  await until(() => received.some((m) => m.to.includes(email)), `no SMTP delivery to ${email}`);
  return received.find((m) => m.to.includes(email)) as Received;
}

/** Polls until `done()` holds (mail is sent after the response, so there is nothing to await). */
async function until(done: () => boolean, failure: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (done()) return;
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    // The local test server has no trusted certificate: plain SMTP only.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!address.address.startsWith('bounce-')) return callback();
      refused.push(address.address);
      callback(new Error('Mailbox unavailable'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Jarog Test <mailer@jarog.test>',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('SMTP delivery (SMTP_URL set)', () => {
  it('delivers the password-reset mail over SMTP with a working link, and writes nothing to the outbox', async () => {
    const u = await buildAdmin(t);
    const res = await t.http().post('/api/v1/password-reset').send({ email: u.email });
    expect(res.status).toBe(200);

    const mail = await mailFor(u.email);
    expect(mail.from).toBe('mailer@jarog.test');
    expect(mail.to).toEqual([u.email]);
    expect(mail.raw).toMatch(/^From: Jarog Test <mailer@jarog\.test>$/m);
    expect(mail.raw).toMatch(/^Subject: Reset your Jarog password$/m);
    // Only the plain part of the name is repeated (words with digits are dropped, see plainName).
    expect(decodeMail(mail.raw)).toContain(`Hello ${plainName(u.name)},`);
    const link = resetLinkIn(mail.raw);
    expect(link.url).toMatch(/^http:\/\/console\.test\/password-reset\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}$/);
    expect((await t.http().get(`/api/v1/password-reset/${link.id}/${link.token}`)).status).toBe(200);

    expect(outbox(t)).toEqual([]);
  });

  it('answers the same when the SMTP server refuses the mail, and keeps sending later mail', async () => {
    const bounce = await buildAdmin(t, { email: `bounce-${Date.now()}@test.bt` });
    const res = await t.http().post('/api/v1/password-reset').send({ email: bounce.email });
    expect(res.status).toBe(200);
    await until(() => refused.includes(bounce.email), 'the SMTP server was never asked');
    expect(received.some((m) => m.to.includes(bounce.email))).toBe(false);

    const next = await buildAdmin(t);
    expect((await t.http().post('/api/v1/password-reset').send({ email: next.email })).status).toBe(200);
    expect(resetLinkIn((await mailFor(next.email)).raw).id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('outbox delivery (no SMTP_URL)', () => {
  it('makes each mail appear in the outbox whole, never half-written', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jarog-outbox-'));
    try {
      const outboxDir = path.join(dataDir, 'outbox');
      const mailer = createMailer({
        from: 'Jarog <no-reply@jarog.bt>',
        outboxDir,
        logger: createLogger('silent'),
      });
      const text = `${'A long line of mail text. '.repeat(200)}\nTHE END\n`;
      const seen = new Map<string, string>();
      let sending = true;
      const sent = Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          mailer.send({ to: `reader${i}@test.bt`, subject: `Mail ${i}`, text }),
        ),
      ).finally(() => {
        sending = false;
      });
      // Read every file the moment it shows up, as a watcher of the folder would.
      while (sending) {
        let files: string[] = [];
        try {
          files = readdirSync(outboxDir);
        } catch {}
        for (const f of files) if (!seen.has(f)) seen.set(f, readFileSync(path.join(outboxDir, f), 'utf8'));
        await new Promise((resolve) => setImmediate(resolve));
      }
      await sent;
      expect(readdirSync(outboxDir)).toHaveLength(20);
      expect(readdirSync(dataDir)).toEqual(['outbox']);
      for (const [name, raw] of seen) {
        expect(name).toMatch(/\.eml$/);
        expect(decodeMail(raw)).toContain('THE END');
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

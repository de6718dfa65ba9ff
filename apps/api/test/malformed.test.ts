import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { createLogger } from '../src/lib/logger';
import { type BuiltUser, bearer, buildAdmin, buildSpecies } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const expectError = (
  res: { status: number; body: { code?: unknown; message?: unknown } },
  status: number,
  code: string,
) => {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ code, message: expect.any(String) });
};

describe('malformed requests get a 4xx {message, code}', () => {
  it('a path with broken %-encoding: 400 BAD_URL', async () => {
    const species = await buildSpecies(t);
    expectError(await t.http().get('/api/v1/species/%E0%A4%A'), 400, 'BAD_URL');
    expectError(await t.http().get(`/api/v1/species/${species.id}%`), 400, 'BAD_URL');
    expectError(await t.http().delete('/api/v1/species/%ZZ').set(bearer(admin)), 400, 'BAD_URL');
    // Found by the fuzz test: a NUL in a path value reached PostgreSQL and answered 500.
    expectError(await t.http().get('/api/v1/checklists/%00').set(bearer(admin)), 400, 'BAD_URL');
  });

  it('an unknown Content-Encoding, or a compressed upload: 415', async () => {
    const body = JSON.stringify({ email: 'x@test.bt', password: 'whatever-1' });
    const res = await t
      .http()
      .post('/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'x-bogus')
      .send(body);
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const zippedUpload = await t
      .http()
      .post('/api/v1/species/fileupload')
      .set(bearer(admin))
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .set('Content-Encoding', 'gzip')
      .send(gzipSync('--x--'));
    expectError(zippedUpload, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('NUL characters in JSON strings, keys or the query: 400, and nothing is stored', async () => {
    const count = async () =>
      ((await t.ctx.database.db.execute(sql`select count(*)::int as n from species`)) as { rows: unknown[] })
        .rows;
    const before = await count();
    const res = await t
      .http()
      .post('/api/v1/species')
      .set(bearer(admin))
      .send({ englishName: 'Nul\u0000bird', scientificName: 'Nulla avis' });
    expectError(res, 400, 'VALIDATION');
    expectError(
      await t.http().post('/auth/login').send({ 'email\u0000': 'a@b.bt', password: 'x' }),
      400,
      'VALIDATION',
    );
    expectError(await t.http().get('/api/v1/species?search=a%00b'), 400, 'VALIDATION');
    expect(await count()).toEqual(before);
  });

  it('a broken multipart body: 400', async () => {
    const res = await t
      .http()
      .post('/api/v1/species/fileupload')
      .set(bearer(admin))
      .set('Content-Type', 'multipart/form-data; boundary=zzz')
      .send(
        '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004 cut here',
      );
    expect(res.status).toBe(400);
    expect(res.body.code).toEqual(expect.any(String));
  });

  it('a body that is neither JSON nor multipart: 415', async () => {
    const res = await t
      .http()
      .post('/auth/login')
      .set('Content-Type', 'text/plain')
      .send('email=a&password=b');
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const form = await t
      .http()
      .post('/auth/login')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('email=a&password=b');
    expectError(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a wrong method on a known path: 405 with Allow; unknown paths stay 404', async () => {
    const res = await t.http().put('/auth/login').send({});
    expectError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.allow).toBe('POST, OPTIONS');
    const species = await t.http().patch('/api/v1/species').send({});
    expect(species.status).toBe(405);
    expect(species.headers.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
    // The birders' app's paths match whatever their case.
    expect((await t.http().get('/api/v1/users/LOGIN')).status).toBe(405);
    expectError(await t.http().put('/api/v1/no-such-thing'), 404, 'NOT_FOUND');
  });

  it('OPTIONS on a known path: 204 with Allow, and the CORS answer when it is a preflight from an allowed origin', async () => {
    const allowOf = (res: { headers: Record<string, string | undefined> }) =>
      res.headers.allow?.split(', ').sort();
    // Plain OPTIONS, with or without an Origin header.
    const plain = await t.http().options('/api/v1/species');
    expect(plain.status).toBe(204);
    expect(allowOf(plain)).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
    const withOrigin = await t.http().options('/auth/login').set('Origin', 'http://console.test');
    expect(withOrigin.status).toBe(204);
    expect(withOrigin.headers.allow).toBe('POST, OPTIONS');
    // A preflight from the console: CORS headers and Allow.
    const preflight = await t
      .http()
      .options('/api/v1/checklists/0b6f6f39-3b0c-4f55-9d55-2a3b9d1c6c11')
      .set('Origin', 'http://console.test')
      .set('Access-Control-Request-Method', 'DELETE')
      .set('Access-Control-Request-Headers', 'authorization, content-type');
    expect(preflight.status).toBe(204);
    expect(allowOf(preflight)).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH']);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://console.test');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(preflight.headers['access-control-allow-methods']).toContain('DELETE');
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization, content-type');
    // A preflight from a stranger's page: Allow, and no CORS permission.
    const stranger = await t
      .http()
      .options('/api/v1/species')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(stranger.status).toBe(204);
    expect(allowOf(stranger)).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    // The birders' app's paths, whatever their case; uploaded media.
    expect((await t.http().options('/api/v1/users/LOGIN')).headers.allow).toBe('POST, OPTIONS');
    const media = await t.http().options('/media/species/photo.jpg');
    expect(media.status).toBe(204);
    expect(media.headers.allow).toBe('GET, HEAD, OPTIONS');
    // Unknown paths are 404 however they are asked.
    expectError(await t.http().options('/api/v1/no-such-thing'), 404, 'NOT_FOUND');
    expectError(
      await t
        .http()
        .options('/api/v1/no-such-thing')
        .set('Origin', 'http://console.test')
        .set('Access-Control-Request-Method', 'GET'),
      404,
      'NOT_FOUND',
    );
  });

  it('a wrong method on uploaded media: 405 with Allow and {message, code}', async () => {
    const res = await t.http().post('/media/species/photo.jpg').send({});
    expectError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
  });
});

describe('headers', () => {
  it('authenticated JSON is Cache-Control: no-store; the public catalogue is not forced to', async () => {
    const res = await t.http().get('/auth/checkLoggedIn').set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const failed = await t.http().get('/api/v1/users').set(bearer(admin));
    expect(failed.headers['cache-control']).toBe('no-store');
    const pub = await t.http().get('/auth/config');
    expect(pub.headers['cache-control']).not.toBe('no-store');
  });

  it('CORS allows exactly the configured origins', async () => {
    const allowed = await t.http().get('/auth/config').set('Origin', 'http://console.test');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://console.test');
    const local = await t.http().get('/auth/config').set('Origin', 'http://localhost:3000');
    expect(local.headers['access-control-allow-origin']).toBeUndefined();
    const env = loadEnv({ PUBLIC_WEB_URL: 'https://console.example.bt' });
    expect(env.corsOrigins).toEqual(['https://console.example.bt']);
    expect(loadEnv({ CORS_ORIGINS: 'https://a.bt, https://b.bt/' }).corsOrigins).toEqual([
      'https://a.bt',
      'https://b.bt',
    ]);
    expect(loadEnv({ WEB_PORT: '4000' }).corsOrigins).toEqual([
      'http://localhost:4000',
      'http://127.0.0.1:4000',
    ]);
  });
});

describe('logs', () => {
  /** An app over the test database whose log lines are collected. */
  function loggedApp() {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const logger = createLogger('info', sink);
    const { app } = createApp({ ...t.ctx, logger });
    return { app, lines };
  }

  it("a sign-in's log has no password, no token and no Authorization header; e-mails are masked", async () => {
    const { app, lines } = loggedApp();
    const supertest = (await import('supertest')).default;
    const res = await supertest(app)
      .post('/auth/login')
      .set('Authorization', 'Bearer secret-bearer-value')
      .send({ email: admin.email, password: 'correct-horse-9' });
    expect(res.status).toBe(200);
    const log = lines.join('\n');
    expect(log).toContain('/auth/login');
    expect(log).not.toContain('correct-horse-9');
    expect(log).not.toContain('secret-bearer-value');
    expect(log).not.toContain(res.body.token);
  });

  it("a failing query's log line carries the statement but none of its values", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const logger = createLogger('info', sink);
    const secretEmail = 'leaky.person@secret.bt';
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
    const err = await t.ctx.database.db
      .execute(sql`select ${secretEmail}::text as e, ${hash}::int as broken`)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    logger.error({ err }, 'unhandled error');
    logger.info(`mail written to outbox for ${secretEmail}`);
    const log = lines.join('\n');
    expect(log).toContain('select');
    expect(log).not.toContain(secretEmail);
    expect(log).not.toContain('argon2id$');
    expect(log).not.toContain('c2FsdHNhbHQ');
    expect(log).toContain('l***@secret.bt');
  });
});

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, DEFAULT_PASSWORD } from './factories';
import { createTestApp, ROOT, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Nothing that looks like a stack trace or a file path leaves the server. */
const expectNoStack = (text: string) => {
  expect(text).not.toMatch(/\bat .+\(|\.ts:\d+|node_modules|"stack"/);
};

describe('HTTP basics', () => {
  it('answers an unknown route with 404 JSON', async () => {
    const res = await t.http().get('/no/such/route');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ message: 'No route for GET /no/such/route', code: 'NOT_FOUND' });
    const post = await t.http().post('/users/x/y/z').send({});
    expect(post.status).toBe(404);
    expect(post.body.code).toBe('NOT_FOUND');
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t
      .http()
      .post('/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email": "a@b.c",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Request body is not valid JSON', code: 'VALIDATION' });
    expectNoStack(res.text);
  });

  it('answers a body over 15 MB with 413', async () => {
    const huge = JSON.stringify({ email: 'a@test.bt', password: 'x'.repeat(15 * 1024 * 1024 + 1) });
    const res = await t.http().post('/auth/login').set('Content-Type', 'application/json').send(huge);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('sends security headers and no x-powered-by', async () => {
    const res = await t.http().get('/auth/config');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    // Media is loaded by the console from another origin.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('allows the console origin with credentials on a preflight', async () => {
    const res = await t
      .http()
      .options('/auth/login')
      .set('Origin', 'http://console.test')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type,authorization');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://console.test');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    const simple = await t.http().get('/auth/config').set('Origin', 'http://console.test');
    expect(simple.headers['access-control-allow-origin']).toBe('http://console.test');
    expect(simple.headers['access-control-expose-headers']).toContain('Retry-After');
  });

  it('gives a foreign origin no CORS grant', async () => {
    const preflight = await t
      .http()
      .options('/auth/login')
      .set('Origin', 'http://evil.test')
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const simple = await t.http().get('/auth/config').set('Origin', 'http://evil.test');
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a missing media file with 404 JSON', async () => {
    const res = await t.http().get('/media/nonexistent.jpg');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // A file beside the media folder must not be reachable through it.
    writeFileSync(path.join(t.dataDir, 'private.txt'), 'not for the web');
    for (const probe of ['/media/..%2Fprivate.txt', '/media/%2E%2E/private.txt', '/media/../private.txt']) {
      const res = await t.http().get(probe);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('not for the web');
    }
  });

  it('matches routes case-insensitively', async () => {
    const u = await buildAdmin(t);
    const res = await t.http().post('/AUTH/LOGIN').send({ email: u.email, password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
  });
});

describe('unexpected errors', () => {
  it('answer without a stack once the database is gone, and /healthz says 503', async () => {
    const broken = await createTestApp();
    // Closing the database (and the temporary DATA_DIR) under the running app makes every query throw.
    await broken.close();
    const res = await broken.http().post('/auth/login').send({ email: ROOT.email, password: ROOT.password });
    // node-postgres says its pool has ended: the database is unavailable (503, try again). PGlite's closed
    // instance throws an error of its own, which stays a generic 500.
    if (res.status === 503) {
      expect(res.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE', message: expect.any(String) });
      expect(res.headers['retry-after']).toBeDefined();
    } else {
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        message: 'Something went wrong on our side. Please try again later.',
        code: 'INTERNAL',
      });
    }
    expectNoStack(res.text);
    const health = await broken.http().get('/healthz');
    expect(health.status).toBe(503);
    expect(health.body.status).toBe('unavailable');
  });
});

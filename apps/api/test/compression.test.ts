import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';
import { seedChecklist } from './records-fixtures';

/*
 * JSON answers travel compressed in the coding the client accepts (lib/encoding.ts): brotli first, then gzip,
 * else as they are; kept answers (lib/conditional-get.ts) are compressed once and sent compressed. Asked over a
 * real socket, so the bytes on the wire and their Content-Encoding are what is checked, not a client's decoding.
 */
let t: TestApp;
let admin: BuiltUser;
let server: http.Server;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  for (let i = 0; i < 4; i++)
    await seedChecklist(
      t,
      { village: `Village ${i}` },
      ['Common Raven', 'Ibisbill', 'Black-necked Crane', 'Grey Heron'].map((birdName) => ({
        birdName,
        total: 2,
        approval: 'approved' as const,
      })),
    );
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly these headers; the body as it came over the socket. */
function get(path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const decoded = (r: Raw): unknown => {
  const coding = r.headers['content-encoding'];
  const text =
    coding === 'br' ? brotliDecompressSync(r.body) : coding === 'gzip' ? gunzipSync(r.body) : r.body;
  return JSON.parse(text.toString('utf8'));
};

const LIST = '/api/v1/checklists?limit=20';

describe('compressed JSON answers', () => {
  it('sends a list in brotli or gzip as accepted, the same JSON as uncompressed, computed or kept', async () => {
    const auth = bearer(admin);
    const plain = await get(LIST, { ...auth, 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body.toString('utf8'));
    expect(json.checklists).toHaveLength(4);

    // A browser's header: brotli is preferred though gzip comes first.
    const fresh = await get(LIST, {
      ...auth,
      'Accept-Encoding': 'gzip, deflate, br',
      'Cache-Control': 'no-cache',
    });
    expect(fresh.headers['x-cache']).toBe('miss');
    expect(fresh.headers['content-encoding']).toBe('br');
    expect(fresh.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(fresh.headers['content-length'])).toBe(fresh.body.length);
    expect(fresh.body.length).toBeLessThan(plain.body.length / 4);
    expect(decoded(fresh)).toEqual(json);

    const kept = await get(LIST, { ...auth, 'Accept-Encoding': 'br' });
    expect(kept.headers['x-cache']).toBe('hit');
    expect(kept.headers['content-encoding']).toBe('br');
    expect(kept.body.equals(fresh.body)).toBe(true);

    const gzip = await get(LIST, { ...auth, 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['x-cache']).toBe('hit');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toEqual(json);

    // A coding refused by q=0 is never sent; none accepted means the bytes as they are.
    const noBrotli = await get(LIST, { ...auth, 'Accept-Encoding': 'br;q=0, gzip' });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    const none = await get(LIST, auth);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(none.body.toString('utf8'))).toEqual(json);
  });

  it('compresses other JSON answers through the middleware, and leaves small ones and downloads alone', async () => {
    const docs = await get('/api/docs/openapi.json', { 'Accept-Encoding': 'br' });
    expect(docs.status).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect((decoded(docs) as { openapi: string }).openapi).toMatch(/^3\./);

    const count = await get('/api/v1/checklists/get-count', { ...bearer(admin), 'Accept-Encoding': 'br' });
    expect(count.status).toBe(200);
    expect(count.body.length).toBeLessThan(1024);
    expect(count.headers['content-encoding']).toBeUndefined();

    const csv = await get('/api/v1/entries?format=csv&export_limit=all', {
      ...bearer(admin),
      'Accept-Encoding': 'gzip, br',
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-encoding']).toBeUndefined();
    expect(csv.body.toString('utf8')).toContain('Black-necked Crane');
  });
});

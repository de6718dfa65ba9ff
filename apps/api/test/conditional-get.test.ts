import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries } from '../src/db/schema';
import { readDataVersion, VERSIONED_GET_ROUTES } from '../src/lib/conditional-get';
import { type BuiltUser, bearer, buildAdmin, buildUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { seedChecklist } from './records-fixtures';

// The console's 10 s polls (issue 10): a repeated GET is answered 304 until a write commits.
let t: TestApp;
let admin: BuiltUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  await seedChecklist(t, {}, [{ birdName: 'Common Raven', total: 2, approval: 'approved' }]);
});
afterAll(() => t?.close());

const LATEST = '/api/v1/entries?limit=5&page=1';

async function latest(headers: Record<string, string> = {}) {
  return t
    .http()
    .get(LATEST)
    .set({ ...bearer(admin), ...headers });
}

describe('conditional GET of the polled lists', () => {
  it('answers a repeated poll 304 with no body, and 200 with a new tag once a write commits', async () => {
    const first = await latest();
    expect(first.status).toBe(200);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"d\d+-\d{4}-\d{2}-\d{2}-[\w-]{16}"$/);
    expect(first.body.checklists.length).toBe(1);

    const again = await latest({ 'If-None-Match': tag });
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(tag);

    await seedChecklist(t, {}, [{ birdName: 'Blood Pheasant', total: 3, approval: 'approved' }]);
    const changed = await latest({ 'If-None-Match': tag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(JSON.stringify(changed.body.checklists)).toContain('Blood Pheasant');
  });

  it('gives each query its own tag', async () => {
    const five = String((await latest()).headers.etag);
    const page2 = await t
      .http()
      .get('/api/v1/entries?limit=5&page=2')
      .set(bearer(admin))
      .set('If-None-Match', five);
    expect(page2.status).toBe(200);
    expect(page2.headers.etag).not.toBe(five);
  });

  it('never answers 304 to someone the route refuses', async () => {
    const etag = String((await latest()).headers.etag);
    const anonymous = await t.http().get(LATEST).set('If-None-Match', etag);
    expect(anonymous.status).toBe(401);
    const birder = await buildUser(t);
    const refused = await t.http().get(LATEST).set(bearer(birder)).set('If-None-Match', etag);
    expect(refused.status).toBe(403);
  });

  it('moves the version on commit only: a rolled-back write leaves it, a committed review moves it', async () => {
    const db = t.ctx.database.db;
    const before = await readDataVersion(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.update(entries).set({ remarks: 'never committed' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await readDataVersion(db)).toBe(before);

    const tag = String((await latest()).headers.etag);
    const [entry] = await db.select({ id: entries.id }).from(entries).limit(1);
    if (!entry) throw new Error('no entry');
    const review = await t
      .http()
      .patch(`/api/v1/checklists/${entry.id}`)
      .set(bearer(admin))
      .send({ approvalStatus: 'rejected' });
    expect(review.status).toBe(200);
    expect(BigInt(await readDataVersion(db))).toBeGreaterThan(BigInt(before));
    expect((await latest({ 'If-None-Match': tag })).status).toBe(200);
  });

  it('counts writes of every connection: the sum of the shards only grows', async () => {
    const db = t.ctx.database.db;
    const before = BigInt(await readDataVersion(db));
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        seedChecklist(t, { name: `parallel ${i}` }, [{ birdName: 'Himalayan Monal', total: 1 }]),
      ),
    );
    // Each seeded checklist is two write statements (checklist, entries).
    expect(BigInt(await readDataVersion(db))).toBeGreaterThanOrEqual(before + 12n);
    const [shards] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`data_version`);
    expect(shards?.n).toBe(16);
  });

  it('only versions routes that exist', () => {
    const paths = new Set(t.routes.filter((r) => r.method === 'get').map((r) => r.path));
    for (const route of VERSIONED_GET_ROUTES) expect(paths.has(route), route).toBe(true);
  });
});

// The same answer is computed once per data version, whoever asks next (issue 10: 16 admins, one query).
describe('answers kept per data version', () => {
  it('gives a repeat the same bytes without computing them, until a write commits', async () => {
    const first = await latest();
    expect(first.status).toBe(200);
    const repeat = await latest();
    expect(repeat.status).toBe(200);
    expect(repeat.headers['x-cache']).toBe('hit');
    expect(repeat.headers['content-type']).toMatch(/^application\/json/);
    expect(repeat.text).toBe(first.text);
    expect(repeat.headers.etag).toBe(first.headers.etag);

    // A write by anyone (here straight into the database, as another API process would) moves the version.
    await seedChecklist(t, { name: 'kept-answer write' }, [
      { birdName: 'Satyr Tragopan', total: 4, approval: 'approved' },
    ]);
    const after = await latest();
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.text).toContain('Satyr Tragopan');
  });

  it('computes again for Cache-Control: no-cache (a hard reload)', async () => {
    await latest();
    const fresh = await latest({ 'Cache-Control': 'no-cache' });
    expect(fresh.status).toBe(200);
    expect(fresh.headers['x-cache']).toBe('miss');
  });

  it('never keeps an error, and never gives a kept answer to someone the route refuses', async () => {
    for (let i = 0; i < 2; i++) {
      const bad = await t.http().get('/api/v1/entries?limit=abc').set(bearer(admin));
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('VALIDATION');
      expect(bad.headers['x-cache']).toBeUndefined();
    }
    expect((await latest()).status).toBe(200);
    expect((await t.http().get(LATEST)).status).toBe(401);
    const birder = await buildUser(t);
    const refused = await t.http().get(LATEST).set(bearer(birder));
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('checklists');
  });

  it('keeps nothing with RESPONSE_CACHE_MB=0', async () => {
    const bare = await createTestApp({ RESPONSE_CACHE_MB: '0' });
    try {
      const boss = await buildAdmin(bare);
      const get = () => bare.http().get(LATEST).set(bearer(boss));
      expect((await get()).status).toBe(200);
      const again = await get();
      expect(again.status).toBe(200);
      expect(again.headers['x-cache']).toBeUndefined();
    } finally {
      await bare.close();
    }
  });
});

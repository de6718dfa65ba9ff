import { LocationsResponseSchema, VillageSuggestionsResponseSchema } from '@jarog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklists, type NewChecklistRow } from '../src/db/schema';
import { type BuiltUser, bearer, buildAdmin, buildUser } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let birder: BuiltUser;
let other: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  birder = await buildUser(t);
  other = await buildUser(t);
  await seed();
});
afterAll(() => t.close());

/** Checklists straight in the table: `n` of each village, by `who`, in Wangdue Phodrang unless told. */
async function seed() {
  const rows: NewChecklistRow[] = [];
  const add = (village: string, n: number, o: Partial<NewChecklistRow> & { who?: BuiltUser } = {}): void => {
    const { who = other, ...rest } = o;
    for (let i = 0; i < n; i++) {
      rows.push({
        name: `${village} ${i}`,
        observerId: who.id,
        observerName: who.name,
        selectedDate: '2025-11-02',
        dzongkhag: 'Wangdue Phodrang',
        gewog: 'Phobji',
        village,
        source: 'mobile',
        ...rest,
      });
    }
  };
  add('Gangtey', 3);
  add('gangtey', 1);
  add('Beta', 2);
  add('Khewang', 1);
  add('Kumbu', 3);
  add('Tsho Kha', 5);
  add('Secret Draft Village', 4, { status: 'draft' });
  add('My Draft Village', 1, { status: 'draft', who: birder });
  add('Tabiting', 6, { gewog: 'Gangtey' });
  add('Jakar', 2, { dzongkhag: 'Bumthang', gewog: 'Chhoekhor' });
  for (let i = 0; i < 25; i++) add(`Village ${String(i).padStart(2, '0')}`, 1 + (i % 3), { gewog: 'Sephu' });
  await t.ctx.database.db.insert(checklists).values(rows);
}

const villages = (query: Record<string, string>, who: BuiltUser = birder) =>
  t.http().get('/api/v1/locations/villages').query(query).set(bearer(who));

describe('GET /api/v1/locations', () => {
  it('lists the 20 dzongkhags and 205 gewogs without signing in, cacheable', async () => {
    const res = await t.http().get('/api/v1/locations');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const body = LocationsResponseSchema.parse(res.body);
    expect(body.dzongkhags).toHaveLength(20);
    expect(body.dzongkhags.flatMap((d) => d.gewogs)).toHaveLength(205);
    expect(body.dzongkhags[0]?.name).toBe('Bumthang');
    expect(body.dzongkhags.find((d) => d.name === 'Wangdue Phodrang')?.gewogs).toContain('Phobji');
    expect(body.dzongkhags.find((d) => d.name === 'Bumthang')?.gewogs).toEqual([
      'Chhoekhor',
      'Chhume',
      'Tang',
      'Ura',
    ]);
  });

  it('answers a repeated request carrying the ETag with 304', async () => {
    const first = await t.http().get('/api/v1/locations');
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await t.http().get('/api/v1/locations').set('If-None-Match', String(etag));
    expect(again.status).toBe(304);
  });
});

describe('GET /api/v1/locations/villages', () => {
  it('needs a signed-in account (401)', async () => {
    const res = await t.http().get('/api/v1/locations/villages').query({ dzongkhag: 'Paro' });
    expect(res.status).toBe(401);
  });

  it('needs a dzongkhag, and names an unknown dzongkhag or a gewog of another one (400)', async () => {
    const none = await villages({});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Dzongkhag is required');
    const dz = await villages({ dzongkhag: 'Atlantis' });
    expect(dz.status).toBe(400);
    expect(dz.body.message).toBe("'Atlantis' is not a dzongkhag of Bhutan");
    const gw = await villages({ dzongkhag: 'Paro', gewog: 'Phobji' });
    expect(gw.status).toBe(400);
    expect(gw.body.message).toBe("'Phobji' is not a gewog of Paro");
  });

  it("suggests a gewog's villages most used first, ignoring case, with submitted records and own drafts", async () => {
    const res = await villages({ dzongkhag: 'wangduephodrang', gewog: ' PHOBJI ' });
    expect(res.status).toBe(200);
    const body = VillageSuggestionsResponseSchema.parse(res.body);
    expect(body.dzongkhag).toBe('Wangdue Phodrang');
    expect(body.gewog).toBe('Phobji');
    expect(body.villages).toEqual([
      { name: 'Tsho Kha', count: 5 },
      { name: 'Gangtey', count: 4 },
      { name: 'Kumbu', count: 3 },
      { name: 'Beta', count: 2 },
      { name: 'Khewang', count: 1 },
      { name: 'My Draft Village', count: 1 },
    ]);
  });

  it("never suggests another birder's drafts", async () => {
    const mine = await villages({ dzongkhag: 'Wangdue Phodrang', gewog: 'Phobji' }, other);
    const names = mine.body.villages.map((v: { name: string }) => v.name);
    expect(names).toContain('Secret Draft Village');
    expect(names).not.toContain('My Draft Village');
    const admin = await villages({ dzongkhag: 'Wangdue Phodrang', gewog: 'Phobji' }, await buildAdmin(t));
    const seen = admin.body.villages.map((v: { name: string }) => v.name);
    expect(seen).not.toContain('Secret Draft Village');
    expect(seen).not.toContain('My Draft Village');
  });

  it('matches q anywhere, any case, names starting with it first; wildcards are literal', async () => {
    const res = await villages({ dzongkhag: 'Wangdue Phodrang', gewog: 'Phobji', q: 'k' });
    expect(res.body.villages).toEqual([
      { name: 'Kumbu', count: 3 },
      { name: 'Khewang', count: 1 },
      { name: 'Tsho Kha', count: 5 },
    ]);
    const wild = await villages({ dzongkhag: 'Wangdue Phodrang', q: '%' });
    expect(wild.status).toBe(200);
    expect(wild.body.villages).toEqual([]);
  });

  it('covers the whole dzongkhag without a gewog, and returns 20 at most', async () => {
    const dz = await villages({ dzongkhag: 'Wangdue Phodrang' });
    expect(dz.body.gewog).toBeNull();
    expect(dz.body.villages).toHaveLength(20);
    expect(dz.body.villages[0]).toEqual({ name: 'Tabiting', count: 6 });
    const sephu = await villages({ dzongkhag: 'Wangdue Phodrang', gewog: 'Sephu', q: 'village' });
    expect(sephu.body.villages).toHaveLength(20);
    expect(sephu.body.villages[0].count).toBe(3);
    const bumthang = await villages({ dzongkhag: 'Bumthang', gewog: 'Chhoekhor' });
    expect(bumthang.body.villages).toEqual([{ name: 'Jakar', count: 2 }]);
  });

  it('accepts a gewog without the dzongkhag only through the dzongkhag parameter', async () => {
    const res = await villages({ gewog: 'Phobji' });
    expect(res.status).toBe(400);
  });
});

import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SyntheticResult, seedSynthetic } from '../scripts/seed-synthetic';
import { canonicalPlace } from '../src/modules/locations/places';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let result: SyntheticResult;
beforeAll(async () => {
  t = await createTestApp();
  result = await seedSynthetic(t.ctx.database, { entries: 2000 });
});
afterAll(() => t.close());

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
async function one<T>(query: SQL): Promise<T> {
  const [row] = await rows<T>(query);
  if (!row) throw new Error('no row');
  return row;
}

describe('the synthetic data generator', () => {
  it('loads exactly N entries in checklists of 1 to 30 distinct birds, with demo species when the catalogue is empty', async () => {
    expect(result).toMatchObject({ entries: 2000, birders: 20, speciesAdded: 35 });
    const counts = await one<{ entries: number; checklists: number }>(sql`
      select (select count(*) from entries)::int as entries, (select count(*) from checklists)::int as checklists`);
    expect(counts).toEqual({ entries: 2000, checklists: result.checklists });
    const sizes = await one<{ min: number; max: number; dupes: number }>(sql`
      select min(n)::int as min, max(n)::int as max, sum(n - distinct_birds)::int as dupes
      from (select checklist_id, count(*) as n, count(distinct bird_name) as distinct_birds
            from entries group by 1) x`);
    expect(sizes.min).toBeGreaterThanOrEqual(1);
    expect(sizes.max).toBeLessThanOrEqual(30);
    expect(sizes.dupes).toBe(0);
    const birders = await one<{ n: number }>(sql`
      select count(*)::int as n from users where user_type = 'user' and password_hash is null`);
    expect(birders.n).toBe(20);
  });

  it('uses real places, dates of the last years with spring and autumn peaks, and links species', async () => {
    const places = await rows<{ dzongkhag: string; gewog: string }>(
      sql`select distinct dzongkhag, gewog from checklists`,
    );
    for (const p of places) expect(canonicalPlace(p)).toMatchObject({ ok: true, place: p });
    const dates = await one<{ future: number; too_old: number; peak: number; total: number }>(sql`
      select count(*) filter (where selected_date > current_date + 1)::int as future,
             count(*) filter (where selected_date < current_date - 7 * 365)::int as too_old,
             count(*) filter (where extract(month from selected_date) in (3, 4, 5, 10, 11))::int as peak,
             count(*)::int as total
      from checklists`);
    expect(dates.future).toBe(0);
    expect(dates.too_old).toBe(0);
    expect(dates.peak / dates.total).toBeGreaterThan(0.5);
    const links = await one<{ unlinked: number; unknown: number }>(sql`
      select count(*) filter (where species_id is null and not is_new_species)::int as unlinked,
             count(*) filter (where is_new_species)::int as unknown
      from entries`);
    expect(links.unlinked).toBe(0);
    expect(links.unknown).toBeGreaterThan(0);
  });

  it('skews species and observers, and leaves most entries approved', async () => {
    const species = await one<{ top: number; mean: number }>(sql`
      select max(n)::int as top, avg(n)::float8 as mean
      from (select bird_name, count(*) as n from entries where not is_new_species group by 1) x`);
    expect(species.top).toBeGreaterThan(species.mean * 2);
    const observers = await one<{ top: number; mean: number }>(sql`
      select max(n)::int as top, avg(n)::float8 as mean from (select observer_id, count(*) as n from checklists group by 1) x`);
    expect(observers.top).toBeGreaterThan(observers.mean * 2);
    const approval = await one<{ approved: number; reviewed_ok: boolean }>(sql`
      select count(*) filter (where approval = 'approved')::int as approved,
             bool_and((approval = 'pending') = (reviewed_by is null)) as reviewed_ok
      from entries`);
    expect(approval.approved).toBeGreaterThan(2000 * 0.6);
    expect(approval.reviewed_ok).toBe(true);
  });

  it('leaves the analytics triggers on and their summaries complete, when the database has them', async () => {
    const disabled = await one<{ n: number }>(sql`
      select count(*)::int as n from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relname in ('checklists', 'entries') and t.tgenabled = 'D'`);
    expect(disabled.n).toBe(0);
    const [summary] = await rows<{ present: boolean }>(
      sql`select to_regclass('stats_birder') is not null as present`,
    );
    if (!summary?.present) return;
    const birders = await one<{ entries: number }>(
      sql`select coalesce(sum(entries), 0)::int as entries from stats_birder`,
    );
    expect(birders.entries).toBe(2000);
  });

  it('adds to what is there on a second run, reusing its birders', async () => {
    const again = await seedSynthetic(t.ctx.database, { entries: 300 });
    expect(again).toMatchObject({ entries: 300, birders: 20, speciesAdded: 0 });
    const total = await one<{ n: number }>(sql`select count(*)::int as n from entries`);
    expect(total.n).toBe(2300);
  });
});

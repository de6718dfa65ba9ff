import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../src/bootstrap';
import { DEMO_CHECKLISTS, DEMO_MONTHS } from '../src/demo/demo-records';
import { createLogger } from '../src/lib/logger';
import { canonicalPlace } from '../src/modules/locations/places';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO_DATA: '1' });
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.ctx.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const demoCount = async () =>
  Number(
    (await rows<{ n: number }>(sql`select count(*)::int as n from checklists where source = 'demo'`))[0]?.n,
  );

describe('demo records', () => {
  it('cover all 20 dzongkhags with real gewogs, over the last 18 months', async () => {
    expect(await demoCount()).toBe(DEMO_CHECKLISTS);
    const places = await rows<{ dzongkhag: string; gewog: string; n: number }>(
      sql`select dzongkhag, gewog, count(*)::int as n from checklists where source = 'demo' group by 1, 2`,
    );
    expect(new Set(places.map((p) => p.dzongkhag)).size).toBe(20);
    for (const p of places) {
      expect(canonicalPlace(p)).toMatchObject({
        ok: true,
        place: { dzongkhag: p.dzongkhag, gewog: p.gewog },
      });
    }
    const [range] = await rows<{ first: string; last: string; outside: number }>(sql`
      select min(selected_date)::text as first, max(selected_date)::text as last,
             count(*) filter (where latitude not between 26.6 and 28.4 or longitude not between 88.7 and 92.2)::int as outside
      from checklists where source = 'demo'`);
    const earliest = new Date();
    earliest.setUTCMonth(earliest.getUTCMonth() - DEMO_MONTHS);
    expect(range?.first && range.first >= earliest.toISOString().slice(0, 10)).toBe(true);
    expect(range?.last && range.last <= new Date().toISOString().slice(0, 10)).toBe(true);
    expect(range?.outside).toBe(0);
  });

  it('hold every state: drafts and submitted, pending, approved and rejected, unknown and new birds', async () => {
    const statuses = await rows<{ status: string; n: number }>(
      sql`select status::text, count(*)::int as n from checklists where source = 'demo' group by 1`,
    );
    expect(Object.fromEntries(statuses.map((s) => [s.status, s.n > 0]))).toEqual({
      draft: true,
      submitted: true,
    });
    const [e] = await rows<Record<string, number>>(sql`
      select count(*) filter (where approval = 'pending')::int as pending,
             count(*) filter (where approval = 'approved')::int as approved,
             count(*) filter (where approval = 'rejected')::int as rejected,
             count(*) filter (where bird_name = 'Unknown Birds')::int as unknown,
             count(*) filter (where bird_name like 'New bird - %')::int as new_birds,
             count(*) filter (where species_id is null and not is_new_species)::int as unlinked,
             count(*) filter (where approval <> 'pending' and reviewed_by is null)::int as unreviewed,
             count(*)::int as total
      from entries e join checklists c on c.id = e.checklist_id where c.source = 'demo'`);
    expect(e?.pending).toBeGreaterThan(0);
    expect(e?.approved).toBeGreaterThan(e?.rejected ?? 0);
    expect(e?.rejected).toBeGreaterThan(0);
    expect(e?.unknown).toBeGreaterThan(0);
    expect(e?.new_birds).toBeGreaterThan(0);
    expect(e?.unlinked).toBe(0);
    expect(e?.unreviewed).toBe(0);
    expect(e?.total).toBeGreaterThan(DEMO_CHECKLISTS * 2);
    // Older records are mostly reviewed.
    const [old] = await rows<{ pending: number; total: number }>(sql`
      select count(*) filter (where approval = 'pending')::int as pending, count(*)::int as total
      from entries e join checklists c on c.id = e.checklist_id
      where c.source = 'demo' and c.selected_date < current_date - 180 and not e.is_new_species`);
    expect(old?.pending ?? 1).toBeLessThan((old?.total ?? 0) * 0.2);
  });

  it('are observed by the demo birders', async () => {
    const observers = await rows<{ email: string }>(sql`
      select distinct u.email from checklists c join users u on u.id = c.observer_id where c.source = 'demo'`);
    expect(observers.length).toBeGreaterThanOrEqual(3);
    for (const o of observers) expect(o.email).toMatch(/@example\.(bt|in)$/);
  });

  it('are not loaded twice when the API starts again', async () => {
    const entriesBefore = (await rows<{ n: number }>(sql`select count(*)::int as n from entries`))[0]?.n;
    await bootstrap(t.ctx.env, createLogger('silent'), { database: t.ctx.database });
    expect(await demoCount()).toBe(DEMO_CHECKLISTS);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from entries`))[0]?.n).toBe(
      entriesBefore,
    );
  });
});

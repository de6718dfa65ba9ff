import { ChecklistsListResponseSchema, EntriesListResponseSchema } from '@jarog/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries } from '../src/db/schema';
import { type BuiltUser, bearer, buildAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';
import { seedChecklist } from './records-fixtures';

/**
 * Keyset pagination (issue 10): walking a list page by page with each answer's `nextCursor` gives exactly
 * the rows that page numbers give, in the same order, whatever ties the order has to break.
 *
 * 12 submitted checklists over 4 dates; on two of the dates several share the time (the id breaks the tie).
 * Checklists hold 1-3 named entries, some a new-species report; some entries of one checklist were added
 * in separate statements (created_at differs by microseconds), others in one (the bird name breaks the tie).
 */
let t: TestApp;
let admin: BuiltUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  const slots: [string, string][] = [
    ['2026-03-01', '07:30:00'],
    ['2026-03-01', '07:30:00'],
    ['2026-03-01', '07:30:00'],
    ['2026-03-01', '16:00:00'],
    ['2026-02-10', '06:00:00'],
    ['2026-02-10', '06:00:00'],
    ['2026-02-10', '09:15:00'],
    ['2026-01-20', '08:00:00'],
    ['2026-01-20', '08:00:00'],
    ['2025-12-31', '23:59:00'],
    ['2025-12-31', '00:00:00'],
    ['2025-12-31', '00:00:00'],
  ];
  const birds = ['Common Raven', 'Grey Heron', 'Black-necked Crane', 'Unknown Birds', 'Ruddy Shelduck'];
  for (const [i, [selectedDate, selectedTime]] of slots.entries()) {
    const rows = birds
      .filter((_, b) => (i + b) % 3 !== 0)
      .slice(0, 1 + (i % 3))
      .map((birdName, b) => ({
        birdName,
        total: 1,
        approval: (['approved', 'pending', 'approved'] as const)[(i + b) % 3],
      }));
    const { checklist } = await seedChecklist(
      t,
      { name: `K${i}`, selectedDate, selectedTime, observerName: i % 2 ? 'Pema Keyset' : 'Sonam Keyset' },
      rows,
    );
    if (i % 4 === 0) {
      // Two more entries in their own statements: created_at a few microseconds apart.
      for (const birdName of ['White-bellied Heron', 'Common Raven']) {
        await t.ctx.database.db
          .insert(entries)
          .values({ checklistId: checklist.id, birdName, total: 2, approval: 'approved' });
      }
    }
  }
  const [distinct] = (
    (await t.ctx.database.db.execute(
      sql`select count(distinct created_at)::int as n from entries`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  expect(distinct?.n).toBeGreaterThan(2);
});
afterAll(() => t.close());

const get = (url: string) => t.http().get(url).set(bearer(admin));

type Page = { ids: string[]; nextCursor: string | null; total: number };
async function page(path: string, query: string): Promise<Page> {
  const res = await get(`${path}?${query}`);
  expect(res.status, `${path}?${query}: ${res.body?.message}`).toBe(200);
  if (path.endsWith('/entries')) {
    const body = EntriesListResponseSchema.parse(res.body);
    return { ids: body.checklists.map((e) => e._id), nextCursor: body.nextCursor, total: body.foundTotal };
  }
  const body = ChecklistsListResponseSchema.parse(res.body);
  return {
    ids: body.checklists.map((c) => `${c.checklistId}:${c.entries.map((e) => e._id).join(',')}`),
    nextCursor: body.nextCursor,
    total: body.foundTotal,
  };
}

/** Every row of the list, page by page: by page number, and by the cursors the pages hand out. */
async function walk(path: string, filters: string, limit: number) {
  const byPage: string[] = [];
  const byCursor: string[] = [];
  let cursor: string | null = null;
  for (let n = 1; n <= 50; n++) {
    const offset = await page(path, `${filters}&limit=${limit}&page=${n}`);
    const keyset = await page(
      path,
      `${filters}&limit=${limit}&page=${n}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    byPage.push(...offset.ids);
    byCursor.push(...keyset.ids);
    expect(keyset.total).toBe(offset.total);
    if (offset.ids.length < limit) {
      expect(offset.nextCursor).toBeNull();
      break;
    }
    expect(keyset.nextCursor).toEqual(expect.any(String));
    cursor = keyset.nextCursor;
  }
  return { byPage, byCursor };
}

describe('keyset pagination of the console lists', () => {
  const lists = ['/api/v1/entries', '/api/v1/checklists', '/api/v1/newspecies'];
  for (const path of lists) {
    for (const filters of ['sort=-date', 'sort=date', 'pending=true', 'search=heron&sort=date']) {
      it(`${path}?${filters}: cursors give the same rows as page numbers`, async () => {
        for (const limit of [1, 2, 5]) {
          const { byPage, byCursor } = await walk(path, filters, limit);
          expect(byCursor, `limit ${limit}`).toEqual(byPage);
          expect(new Set(byPage).size, `limit ${limit}`).toBe(byPage.length);
        }
      });
    }
  }

  it('walks the whole entries list once, each entry once', async () => {
    const { byCursor } = await walk('/api/v1/entries', 'sort=-date', 4);
    const approved = (
      (await t.ctx.database.db.execute(
        sql`select count(*)::int as n from entries where approval = 'approved' and not is_new_species`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]?.n;
    expect(byCursor.length).toBe(approved);
  });

  it('hands out no cursor for the name orders, nor on the last page', async () => {
    expect((await page('/api/v1/checklists', 'sort=birder&limit=2')).nextCursor).toBeNull();
    expect((await page('/api/v1/entries', 'sort=-dzongkhag&limit=2')).nextCursor).toBeNull();
    expect((await page('/api/v1/checklists', 'limit=100')).nextCursor).toBeNull();
  });

  it('refuses a cursor that is not one of its own, or sent with another order or list (400, nothing else)', async () => {
    const entriesCursor = (await page('/api/v1/entries', 'limit=2')).nextCursor;
    const checklistsCursor = (await page('/api/v1/checklists', 'limit=2')).nextCursor;
    const forged = Buffer.from(
      JSON.stringify({ s: '-date', d: '2026-01-01', t: "07:00'; drop table entries;--", c: 'x' }),
    ).toString('base64url');
    const cases: [string, RegExp][] = [
      ['/api/v1/entries?cursor=not-a-cursor', /cursor is not valid/],
      [`/api/v1/entries?cursor=${forged}`, /cursor is not valid/],
      [`/api/v1/entries?sort=date&cursor=${entriesCursor}`, /cursor belongs to sort=-date, not sort=date/],
      [`/api/v1/checklists?sort=birder&cursor=${checklistsCursor}`, /only the date orders/],
      [`/api/v1/checklists?cursor=${entriesCursor}`, /cursor belongs to the entries list/],
      [`/api/v1/entries?cursor=${checklistsCursor}`, /cursor belongs to a checklists list/],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(message) });
    }
    const [count] = (
      (await t.ctx.database.db.execute(sql`select count(*)::int as n from entries`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(count?.n).toBeGreaterThan(10);
  });
});

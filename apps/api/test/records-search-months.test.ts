import { ChecklistsListResponseSchema, EntriesListResponseSchema } from '@jarog/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveFilters } from '../src/modules/records/records.filters';
import { type RecordsFilter, recordsRepository } from '../src/modules/records/records.repository';
import {
  bearingNames,
  type MonthCount,
  NARROW_SEARCH,
  resolveSearch,
  searchDateRange,
  walksToPage,
} from '../src/modules/records/records.search';
import { overlapWays } from '../src/modules/records/records.totals';
import { type BuiltUser, bearer, buildAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';
import { seedChecklist } from './records-fixtures';

/**
 * The entries list's search by bird reads its matches per month from stats_species_month (migration 0019) to
 * bound its walk in date order and to give its total. These tests hold the pages and totals to the same question
 * asked of the raw rows, on records where the searched bird's approved entries are all old and newer entries of
 * it are pending, rejected, new-species reports or on a draft (none of which the entries list shows).
 */
let t: TestApp;
let admin: BuiltUser;

const DZONGKHAGS = ['Paro', 'Thimphu', 'Punakha'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  // Approved Ibisbills only in late 2023 and early 2024, in several checklists a day and several a month.
  const old: [string, string, number][] = [
    ['2023-11-04', '06:00:00', 2],
    ['2023-11-04', '06:00:00', 1],
    ['2023-11-28', '17:10:00', 1],
    ['2024-01-02', '07:00:00', 3],
    ['2024-01-02', '07:00:00', 2],
    ['2024-01-19', '08:45:00', 1],
    ['2024-03-31', '23:59:00', 2],
    ['2024-03-01', '00:00:00', 1],
  ];
  for (const [i, [selectedDate, selectedTime, n]] of old.entries()) {
    await seedChecklist(
      t,
      { selectedDate, selectedTime, dzongkhag: DZONGKHAGS[i % 3], observerName: `Karma Old${i}` },
      [
        ...Array.from({ length: n }, () => ({
          birdName: 'Ibisbill',
          total: 1,
          approval: 'approved' as const,
        })),
        { birdName: 'Common Raven', total: 1, approval: 'approved' as const },
      ],
    );
  }
  // Newer records: ravens on every month of 2025-2026, and Ibisbills the entries list does not show.
  for (let m = 0; m < 22; m++) {
    const month = `${2025 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
    await seedChecklist(
      t,
      { selectedDate: `${month}-15`, dzongkhag: DZONGKHAGS[m % 3], observerName: 'Pema Recent' },
      [
        { birdName: 'Common Raven', total: 2, approval: 'approved' },
        { birdName: 'Ibisbill', total: 1, approval: m % 2 ? 'pending' : 'rejected' },
        { birdName: 'New bird - Ibisbill-like wader', total: 1, approval: 'approved' },
      ],
    );
  }
  await seedChecklist(t, { selectedDate: '2026-09-01', status: 'draft' }, [
    { birdName: 'Ibisbill', total: 4, approval: 'approved' },
  ]);
  // A birder whose name holds 'raven': a search for it matches by birder too.
  await seedChecklist(t, { selectedDate: '2022-06-06', observerName: 'Ravenna Lhamo' }, [
    { birdName: 'Ruddy Shelduck', total: 3, approval: 'approved' },
  ]);
});
afterAll(() => t.close());

/** The entries list's rows for a search, as the raw rows answer it (bird or birder holds the term), in the list's order. */
async function expected(term: string, opts: { oldestFirst?: boolean; dzongkhag?: string } = {}) {
  const dir = opts.oldestFirst ? sql`asc nulls first` : sql`desc nulls last`;
  const like = `%${term}%`;
  const { rows } = (await t.ctx.database.db.execute(sql`
    select e.id from entries e join checklists c on c.id = e.checklist_id
    where c.status = 'submitted' and e.approval = 'approved' and not e.is_new_species
      and (lower(e.bird_name) like ${like} or lower(c.observer_name) like ${like})
      ${opts.dzongkhag ? sql`and c.dzongkhag = ${opts.dzongkhag}` : sql``}
    order by c.selected_date ${dir}, c.selected_time ${dir}, c.id, e.created_at, e.bird_name, e.id`)) as unknown as {
    rows: { id: string }[];
  };
  return rows.map((r) => r.id);
}

async function entriesPage(query: string) {
  const res = await t.http().get(`/api/v1/entries?${query}`).set(bearer(admin));
  expect(res.status, `${query}: ${res.body?.message}`).toBe(200);
  const body = EntriesListResponseSchema.parse(res.body);
  return { ids: body.checklists.map((e) => e._id), total: body.foundTotal };
}

/** Every page of a query at this page size, by page number. */
async function allPages(query: string, limit: number) {
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let n = 1; n <= 40; n++) {
    const p = await entriesPage(`${query}&limit=${limit}&page=${n}`);
    ids.push(...p.ids);
    totals.add(p.total);
    if (p.ids.length < limit) break;
  }
  return { ids, totals: [...totals] };
}

describe('the entries list searched by bird, bounded by its months', () => {
  it('reads the matches per month exactly as the list counts them', async () => {
    const resolved = await resolveSearch(t.ctx.database.db, 'entries', 'ibisbill');
    expect(resolved.months).toEqual([
      { month: '2024-03-01', entries: 3 },
      { month: '2024-01-01', entries: 6 },
      { month: '2023-11-01', entries: 4 },
    ]);
    // The checklists list counts pending entries too: it gets no months.
    expect((await resolveSearch(t.ctx.database.db, 'checklists', 'ibisbill')).months).toBeUndefined();
  });

  it('does not bound the walk by the months when a birder matches (their other birds match too)', async () => {
    const resolved = await resolveSearch(t.ctx.database.db, 'entries', 'raven');
    expect(resolved.observers).toEqual(['ravenna lhamo']);
    expect(resolved.birderEntries).toBe(1);
    const want = await expected('raven');
    const { ids, totals } = await allPages('search=raven', 7);
    expect(ids).toEqual(want);
    expect(totals).toEqual([want.length]);
  });

  for (const [query, opts] of [
    ['search=ibisbill', {}],
    ['search=ibisbill&sort=-date', {}],
    ['search=ibisbill&sort=date', { oldestFirst: true }],
    ['search=Ibisbill&dzongkhag=Paro', { dzongkhag: 'Paro' }],
    ['search=ibisbill&dzongkhag=Thimphu&sort=date', { oldestFirst: true, dzongkhag: 'Thimphu' }],
    // A birding site is a dzongkhag, gewog or village: these checklists have only dzongkhags.
    ['search=ibisbill&birding_site=Punakha', { dzongkhag: 'Punakha' }],
  ] as const) {
    it(`${query}: every page and the total as the raw rows give them`, async () => {
      const want = await expected('ibisbill', opts);
      expect(want.length).toBeGreaterThan(0);
      for (const limit of [1, 2, 3, 5, 20]) {
        const { ids, totals } = await allPages(query, limit);
        expect(ids, `limit ${limit}`).toEqual(want);
        expect(totals, `limit ${limit}`).toEqual([want.length]);
      }
    });
  }

  it('sorted by birder: the same rows as the raw rows, and the total', async () => {
    const want = new Set(await expected('ibisbill'));
    const { ids, totals } = await allPages('search=ibisbill&sort=birder', 4);
    expect(new Set(ids)).toEqual(want);
    expect(ids).toHaveLength(want.size);
    expect(totals).toEqual([want.size]);
  });

  it('a term matching only names the list does not show answers an empty page and 0', async () => {
    expect((await resolveSearch(t.ctx.database.db, 'entries', 'like wader')).months).toEqual([]);
    expect(await entriesPage('search=like%20wader&limit=20')).toEqual({ ids: [], total: 0 });
  });

  it('follows a review: an Ibisbill approved today is on the first page and in the total', async () => {
    const { rows } = (await t.ctx.database.db.execute(sql`
      update entries set approval = 'approved'
      where id = (select e.id from entries e join checklists c on c.id = e.checklist_id
                  where e.bird_name = 'Ibisbill' and e.approval = 'pending' and c.status = 'submitted'
                  order by c.selected_date desc limit 1)
      returning id`)) as unknown as { rows: { id: string }[] };
    const approved = rows[0]?.id;
    expect(approved).toEqual(expect.any(String));
    const first = await entriesPage('search=ibisbill&limit=2');
    expect(first.ids[0]).toBe(approved);
    expect(first.total).toBe((await expected('ibisbill')).length);
  });
});

describe('a search matching birds and birders, any length of term', () => {
  /** The entries list's entries whose bird and birder both hold the term, from the raw rows. */
  async function rawOverlap(term: string) {
    const like = `%${term}%`;
    const { rows } = (await t.ctx.database.db.execute(sql`
      select count(*)::int n from entries e join checklists c on c.id = e.checklist_id
      where c.status = 'submitted' and e.approval = 'approved' and not e.is_new_species
        and lower(e.bird_name) like ${like} and lower(c.observer_name) like ${like}`)) as unknown as {
      rows: { n: number }[];
    };
    return rows[0]?.n;
  }

  /** The entries list's entries whose bird holds the term, from the raw rows. */
  async function rawByBird(term: string) {
    const { rows } = (await t.ctx.database.db.execute(sql`
      select count(*)::int n from entries e join checklists c on c.id = e.checklist_id
      where c.status = 'submitted' and e.approval = 'approved' and not e.is_new_species
        and e.bird_name = any(${sql.param((await resolveSearch(t.ctx.database.db, 'entries', term)).names)})`)) as unknown as {
      rows: { n: number }[];
    };
    return rows[0]?.n;
  }

  // 'a' and 'e' match most names and most birders; 'ra' and 'old' one side mostly; 'x' nothing.
  for (const term of ['a', 'e', 'r', 'ra', 'old', 'karma', 'pema', 'l', 'duck', 'x']) {
    it(`'${term}': every page and the total as the raw rows give them, and all four ways to count the overlap agree`, async () => {
      const want = await expected(term);
      for (const limit of [3, 20]) {
        const { ids, totals } = await allPages(`search=${term}`, limit);
        expect(ids, `limit ${limit}`).toEqual(want);
        expect(totals, `limit ${limit}`).toEqual([want.length]);
      }
      const resolved = await resolveSearch(t.ctx.database.db, 'entries', term);
      const byBird = resolved.byBird ?? -1;
      // Both ways of reading it agree with the raw rows: the names' rows, and the list less the other names'.
      const raw = await rawByBird(term);
      for (const side of ['names', 'others'] as const)
        expect(await bearingNames(t.ctx.database.db, term, resolved.names, side), side).toBe(raw);
      expect(byBird).toBe(raw);
      // The months are read only where they bound the page: when no birder matches.
      expect(resolved.months === undefined).toBe(resolved.birderEntries > 0);
      const overlap = await rawOverlap(term);
      for (const way of await overlapWays(t.ctx.database.db, 'entries', resolved, byBird)) {
        expect(await way.count(), way.name).toBe(overlap);
      }
      expect(byBird + resolved.birderEntries - (overlap ?? 0)).toBe(want.length);
      // As a broad search (over NARROW_SEARCH matches at national scale): walked in list order and counted on
      // entries joined to their checklists, the birder tested by name on the joined checklist.
      const broad = { search: term, resolved: { ...resolved, entries: NARROW_SEARCH + 1 } };
      const db = t.ctx.database.db;
      const page = await recordsRepository.entriesPage(db, broad, { offset: 0, limit: 500 });
      expect(page.map((r) => r.entry.id)).toEqual(want);
      expect(await recordsRepository.countEntries(db, 'entries', broad)).toBe(want.length);
      // Narrow, and too sparse for the walk (walksToPage): unless the months bound the page, its matches are
      // fetched first, as an array of ids.
      const sparse = { search: term, resolved: { ...resolved, listTotals: { checklists: 0, entries: 0 } } };
      expect(walksToPage(sparse.resolved, 500)).toBe(false);
      const fetched = await recordsRepository.entriesPage(db, sparse, { offset: 0, limit: 500 });
      expect(fetched.map((r) => r.entry.id)).toEqual(want);
    });
  }

  it('a dense search walks the list to its page; its pages are the raw rows either way', async () => {
    const db = t.ctx.database.db;
    // As the list resolves it: with the list's size beside the search (resolveFilters).
    const { resolved } = await resolveFilters<RecordsFilter>(db, 'entries', { search: 'a' });
    if (!resolved) throw new Error('the search was not resolved');
    // Birders match 'a' too, so the months do not bound the page: density decides.
    expect(resolved.birderEntries).toBeGreaterThan(0);
    expect(walksToPage(resolved, 3)).toBe(true);
    const want = await expected('a');
    expect((await allPages('search=a', 3)).ids).toEqual(want);
    const sparse = { search: 'a', resolved: { ...resolved, listTotals: { checklists: 0, entries: 0 } } };
    const ids: string[] = [];
    for (let offset = 0; offset < want.length + 3; offset += 3)
      ids.push(
        ...(await recordsRepository.entriesPage(db, sparse, { offset, limit: 3 })).map((r) => r.entry.id),
      );
    expect(ids).toEqual(want);
  });

  /** The checklists or new-species list's checklists and entries for a search, as the raw rows answer it. */
  async function rawChecklists(list: 'checklists' | 'newspecies', term: string, pendingOnly: boolean) {
    const like = `%${term}%`;
    const { rows } = (await t.ctx.database.db.execute(sql`
      select count(distinct c.id)::int checklists, count(*)::int entries
      from entries e join checklists c on c.id = e.checklist_id
      where c.status = 'submitted' and e.is_new_species = ${list === 'newspecies'}
        ${pendingOnly ? sql`and e.approval = 'pending'` : sql``}
        and (lower(e.bird_name) like ${like} or lower(c.observer_name) like ${like})`)) as unknown as {
      rows: { checklists: number; entries: number }[];
    };
    return rows[0];
  }

  /** The list's entries whose bird and birder both hold the term (any approval), from the raw rows. */
  async function rawListOverlap(list: 'checklists' | 'newspecies', term: string) {
    const like = `%${term}%`;
    const { rows } = (await t.ctx.database.db.execute(sql`
      select count(*)::int n from entries e join checklists c on c.id = e.checklist_id
      where c.status = 'submitted' and e.is_new_species = ${list === 'newspecies'}
        and lower(e.bird_name) like ${like} and lower(c.observer_name) like ${like}`)) as unknown as {
      rows: { n: number }[];
    };
    return rows[0]?.n;
  }

  // The two halves (records.totals.ts fromSearchHalves) and, for "pending only", the count over the list.
  for (const list of ['checklists', 'newspecies'] as const) {
    for (const term of ['a', 'k', 'ra', 'ibis', 'old', 'pema', 'wader', 'x']) {
      it(`the ${list} list searched '${term}': its checklists, found total and entries as the raw rows give them`, async () => {
        for (const pendingOnly of [false, true]) {
          const want = await rawChecklists(list, term, pendingOnly);
          const query = `search=${term}&limit=100${pendingOnly ? '&pending=true' : ''}`;
          const res = await t.http().get(`/api/v1/${list}?${query}`).set(bearer(admin));
          expect(res.status).toBe(200);
          const body = ChecklistsListResponseSchema.parse(res.body);
          const label = `${list}?${query}`;
          expect(body.checklists, label).toHaveLength(want?.checklists ?? -1);
          expect(body.foundTotal, label).toBe(want?.checklists);
          expect(body.entriesTotal, label).toBe(want?.entries);
          expect(
            body.checklists.reduce((n, c) => n + c.entries.length, 0),
            label,
          ).toBe(want?.entries);
        }
        // Terms under four letters match names by substring alone, as the raw rows here do.
        if (term.length < 4) {
          const db = t.ctx.database.db;
          const resolved = await resolveSearch(db, list, term);
          const { rows } = (await db.execute(sql`
            select count(*)::int n from entries e join checklists c on c.id = e.checklist_id
            where c.status = 'submitted' and e.is_new_species = ${list === 'newspecies'}
              and lower(e.bird_name) like ${`%${term}%`}`)) as unknown as { rows: { n: number }[] };
          const byBird = rows[0]?.n ?? 0;
          const overlap = await rawListOverlap(list, term);
          for (const way of await overlapWays(db, list, resolved, byBird))
            expect(await way.count(), `${list} '${term}': ${way.name}`).toBe(overlap);
        }
      });
    }
  }

  it('the cases above reach both halves: a birder-only, a bird-only and a both-sides match, and drafts left out', async () => {
    expect((await rawChecklists('checklists', 'pema', false))?.checklists).toBeGreaterThan(0);
    expect((await rawChecklists('newspecies', 'wader', false))?.checklists).toBeGreaterThan(0);
    // A draft holds approved Ibisbills: counting its entries would make the total one checklist larger.
    const { rows } = (await t.ctx.database.db.execute(sql`
      select count(*)::int n from entries e join checklists c on c.id = e.checklist_id
      where c.status <> 'submitted' and e.bird_name = 'Ibisbill'`)) as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBeGreaterThan(0);
    const resolved = await resolveSearch(t.ctx.database.db, 'checklists', 'a');
    expect(resolved.names.length).toBeGreaterThan(0);
    expect(resolved.birderChecklists).toBeGreaterThan(0);
  });

  it("a search's page reads the list's size once, and its totals are still the raw rows'", async () => {
    const reads = vi.spyOn(recordsRepository, 'listTotals');
    try {
      for (const [path, list] of [
        ['entries', 'entries'],
        ['checklists', 'checklists'],
      ] as const) {
        reads.mockClear();
        const res = await t.http().get(`/api/v1/${path}?search=a&limit=7`).set(bearer(admin));
        expect(res.status).toBe(200);
        // resolveFilters reads it beside the search; the walk, the totals and the overlap use that reading.
        expect(reads, path).toHaveBeenCalledTimes(1);
        const size = await reads.mock.results[0]?.value;
        if (list === 'entries') {
          expect(res.body.foundTotal).toBe((await expected('a')).length);
          expect(res.body.entriesTotal).toBe(size.entries);
        } else {
          const want = await rawChecklists(list, 'a', false);
          expect(res.body.foundTotal).toBe(want?.checklists);
          expect(res.body.entriesTotal).toBe(want?.entries);
          expect(res.body.totalChecklists).toBe(size.checklists);
        }
      }
    } finally {
      reads.mockRestore();
    }
  });
});

describe('a search matching over a hundred names and birders', () => {
  const TERM = 'zyx';
  const N = 120;
  beforeAll(async () => {
    for (let i = 0; i < N; i++) {
      const month = String((i % 12) + 1).padStart(2, '0');
      await seedChecklist(
        t,
        {
          selectedDate: `2025-${month}-${String((i % 27) + 1).padStart(2, '0')}`,
          observerName: i % 10 === 0 ? 'Karma Other' : `Zyx Birder ${i}`,
        },
        [
          { birdName: `Zyx Bird ${i}`, total: 1, approval: 'approved' as const },
          {
            birdName: 'Common Raven',
            total: 2,
            approval: i % 3 === 0 ? ('pending' as const) : ('approved' as const),
          },
        ],
      );
    }
  });

  it('the pages, totals and export are the raw rows', async () => {
    const resolved = await resolveSearch(t.ctx.database.db, 'entries', TERM);
    expect(resolved.names.length).toBeGreaterThan(100);
    expect(resolved.observers.length).toBeGreaterThan(100);
    const want = await expected(TERM);
    for (const limit of [7, 50]) {
      const { ids, totals } = await allPages(`search=${TERM}`, limit);
      expect(ids, `limit ${limit}`).toEqual(want);
      expect(totals, `limit ${limit}`).toEqual([want.length]);
    }
    const csv = await t
      .http()
      .get(`/api/v1/entries?search=${TERM}&format=csv&export_limit=all`)
      .set(bearer(admin));
    expect(csv.status).toBe(200);
    const ids = csv.text
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',').at(-1));
    expect(ids).toEqual(want);

    const { rows } = (await t.ctx.database.db.execute(sql`
      select count(distinct c.id)::int checklists, count(*)::int entries
      from entries e join checklists c on c.id = e.checklist_id
      where c.status = 'submitted' and not e.is_new_species
        and (lower(e.bird_name) like ${`%${TERM}%`} or lower(c.observer_name) like ${`%${TERM}%`})`)) as unknown as {
      rows: { checklists: number; entries: number }[];
    };
    const res = await t.http().get(`/api/v1/checklists?search=${TERM}&limit=100`).set(bearer(admin));
    expect(res.status).toBe(200);
    const body = ChecklistsListResponseSchema.parse(res.body);
    expect(body.foundTotal).toBe(rows[0]?.checklists);
    expect(body.entriesTotal).toBe(rows[0]?.entries);
    expect(body.checklists).toHaveLength(Math.min(100, rows[0]?.checklists ?? 0));
  });
});

describe('searchDateRange', () => {
  const months: MonthCount[] = [
    { month: '2024-12-01', entries: 2 },
    { month: '2024-06-01', entries: 5 },
    { month: '2023-01-01', entries: 1 },
  ];

  it('newest first: from the month where the page is complete, until the month after the newest', () => {
    expect(searchDateRange(months, 'newest', 2, false)).toEqual({ from: '2024-12-01', until: '2025-01-01' });
    expect(searchDateRange(months, 'newest', 3, false)).toEqual({ from: '2024-06-01', until: '2025-01-01' });
    expect(searchDateRange(months, 'newest', 99, false)).toEqual({ from: '2023-01-01', until: '2025-01-01' });
  });

  it('oldest first: from the oldest month, until the month after the page is complete', () => {
    expect(searchDateRange(months, 'oldest', 1, false)).toEqual({ from: '2023-01-01', until: '2023-02-01' });
    expect(searchDateRange(months, 'oldest', 6, false)).toEqual({ from: '2023-01-01', until: '2024-07-01' });
  });

  it('with other filters or another order, only the months holding matches', () => {
    const all = { from: '2023-01-01', until: '2025-01-01' };
    expect(searchDateRange(months, 'newest', 2, true)).toEqual(all);
    expect(searchDateRange(months, 'oldest', 1, true)).toEqual(all);
    expect(searchDateRange(months, 'other', 1, false)).toEqual(all);
  });

  it('no months: nothing matches', () => {
    expect(searchDateRange([], 'newest', 20, false)).toBeNull();
  });
});

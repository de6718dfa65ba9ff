import { ChecklistsListResponseSchema, EntriesListResponseSchema } from '@jarog/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalDzongkhag } from '../src/modules/locations/dzongkhags';
import { resolveFilterValues } from '../src/modules/records/records.filters';
import { recordsRepository } from '../src/modules/records/records.repository';
import { type BuiltUser, bearer, buildAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';
import { parseCsv, type SeedEntry, seedChecklist } from './records-fixtures';

/**
 * The lists' place and birder filters are looked up in the values the lists' checklists carry
 * (stats_list_values, records.filters.ts) and the lists then test exact values. These tests hold every list's
 * pages and totals, with and without "pending only", to the filters' own meaning asked of the raw rows: the
 * text is a case-insensitive substring of the checklist's gewog, village or birder, a dzongkhag typed any usual
 * way is that dzongkhag, and a birding site is any of the three places.
 */
let t: TestApp;
let admin: BuiltUser;

const approved = (birdName: string): SeedEntry => ({ birdName, total: 1, approval: 'approved' });
const pending = (birdName: string): SeedEntry => ({ birdName, total: 1, approval: 'pending' });

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  const place = (dzongkhag: string, gewog: string | null, village: string | null, observerName: string) => ({
    dzongkhag,
    gewog,
    village,
    observerName,
  });
  // Each place or birder below is on the lists in one way only: approved, pending, new species, a draft, no entries.
  await seedChecklist(
    t,
    { ...place('Paro', 'Lango', 'Radhi Pam', 'Sonam Dorji'), selectedDate: '2025-05-01' },
    [approved('Common Raven'), approved('Ibisbill'), pending('Grey Heron')],
  );
  await seedChecklist(
    t,
    { ...place('Thimphu', 'Langthel', 'radhi goenpa', 'SONAM Wangmo'), selectedDate: '2025-04-01' },
    [pending('Common Raven'), pending('Black Drongo')],
  );
  await seedChecklist(
    t,
    { ...place('Punakha', 'Dogar', 'Nyisho', 'Ngawang Tashi'), selectedDate: '2025-03-01' },
    [approved('New bird - small finch'), pending('Unknown Birds')],
  );
  await seedChecklist(t, { ...place('Paro', 'Dogar', null, 'Karma'), selectedDate: '2025-02-01' }, [
    approved('Oriental Turtle Dove'),
  ]);
  await seedChecklist(
    t,
    { ...place('Bumthang', 'Draftgewog', 'Draftvillage', 'Draft Birder'), status: 'draft' },
    [approved('Common Raven')],
  );
  await seedChecklist(t, { ...place('Haa', 'Emptygewog', 'Emptyvillage', 'Empty Birder') }, []);
  // Enough checklists in one place for several pages, some on the same day (the order's tiebreaks).
  for (let i = 0; i < 12; i++) {
    await seedChecklist(
      t,
      {
        ...place('Thimphu', 'Kawang', i % 2 ? 'Kabesa' : 'Dodena', i % 3 ? 'Pema Lhamo' : 'Tandin Wangchuk'),
        selectedDate: `2024-0${1 + (i % 4)}-1${i % 3}`,
        selectedTime: i % 5 ? `0${i % 10}:00:00` : null,
      },
      [approved('Common Raven'), approved('Grey Heron'), ...(i % 4 ? [] : [pending('Ibisbill')])],
    );
  }
});
afterAll(() => t.close());

type List = 'entries' | 'checklists' | 'newspecies';
type Filters = Partial<Record<'dzongkhag' | 'gewog' | 'village' | 'birder' | 'birding_site', string>>;

const like = (column: SQL, text: string) =>
  sql`lower(coalesce(${column}, '')) like ${`%${text.toLowerCase()}%`}`;
const dzongkhagIs = (text: string) => {
  const official = canonicalDzongkhag(text);
  return official ? sql`c.dzongkhag = ${official}` : like(sql`c.dzongkhag`, text);
};

/** The list's entries as the raw rows answer the filters, in the list's order (newest first). */
async function expected(list: List, f: Filters, pendingOnly: boolean) {
  const conditions: SQL[] = [sql`c.status = 'submitted'`];
  if (pendingOnly) conditions.push(sql`e.approval = 'pending'`);
  else if (list === 'entries') conditions.push(sql`e.approval = 'approved'`);
  conditions.push(list === 'newspecies' ? sql`e.is_new_species` : sql`not e.is_new_species`);
  if (f.dzongkhag) conditions.push(dzongkhagIs(f.dzongkhag));
  if (f.gewog) conditions.push(like(sql`c.gewog`, f.gewog));
  if (f.village) conditions.push(like(sql`c.village`, f.village));
  if (f.birder) conditions.push(like(sql`c.observer_name`, f.birder));
  if (f.birding_site) {
    const s = f.birding_site;
    conditions.push(sql`(${dzongkhagIs(s)} or ${like(sql`c.gewog`, s)} or ${like(sql`c.village`, s)})`);
  }
  const { rows } = (await t.ctx.database.db.execute(sql`
    select e.id, c.id checklist from entries e join checklists c on c.id = e.checklist_id
    where ${sql.join(conditions, sql` and `)}
    order by c.selected_date desc nulls last, c.selected_time desc nulls last, c.id,
      e.created_at, e.bird_name, e.id`)) as unknown as { rows: { id: string; checklist: string }[] };
  return { entries: rows.map((r) => r.id), checklists: [...new Set(rows.map((r) => r.checklist))] };
}

/** Every page of a list at this page size: the ids shown (entries, or checklists) and the totals each page gave. */
async function allPages(list: List, query: string, limit: number) {
  const ids: string[] = [];
  const entryIds: string[] = [];
  const totals = new Set<string>();
  for (let page = 1; page <= 30; page++) {
    const res = await t.http().get(`/api/v1/${list}?${query}&limit=${limit}&page=${page}`).set(bearer(admin));
    expect(res.status, `${list}?${query}: ${res.body?.message}`).toBe(200);
    if (list === 'entries') {
      const body = EntriesListResponseSchema.parse(res.body);
      ids.push(...body.checklists.map((e) => e._id));
      totals.add(`${body.foundTotal}`);
      if (body.checklists.length < limit) break;
    } else {
      const body = ChecklistsListResponseSchema.parse(res.body);
      ids.push(...body.checklists.map((c) => c.checklistId));
      entryIds.push(...body.checklists.flatMap((c) => c.entries.map((e) => e._id)));
      totals.add(`${body.foundTotal}/${body.entriesTotal}`);
      if (body.checklists.length < limit) break;
    }
  }
  return { ids, entryIds, totals: [...totals] };
}

const CASES: Filters[] = [
  { gewog: 'lang' },
  { gewog: 'LANGO' },
  { gewog: 'og' },
  { gewog: 'draft' }, // only a draft's
  { gewog: 'emptygewog' }, // only a checklist without entries
  { gewog: 'zzz' },
  { village: 'radhi' },
  { village: 'PAM' },
  { village: 'nyisho' },
  { village: 'a' },
  { birder: 'ng' }, // two letters: no trigram
  { birder: 'sonam' },
  { birder: 'SONAM w' },
  { birder: 'nobody' },
  { birding_site: 'radhi' },
  { birding_site: 'paro' }, // a dzongkhag's name
  { birding_site: 'lang' },
  { birding_site: 'Chukha' }, // a dzongkhag no checklist is in
  { birding_site: 'a' },
  { dzongkhag: 'Paro' },
  { dzongkhag: 'aro' }, // not a dzongkhag's name: a substring
  { dzongkhag: 'Punakha' },
  { gewog: 'lang', birder: 'sonam' },
  { village: 'radhi', dzongkhag: 'Thimphu' },
  { gewog: 'dogar', birding_site: 'paro' },
  { birder: 'wang', village: 'kabesa', birding_site: 'kaw' },
];

describe('the lists filtered by place and birder, as the raw rows answer them', () => {
  for (const f of CASES) {
    const query = new URLSearchParams(f).toString();
    it(`${query}: every list, with and without "pending only", page by page and in total`, async () => {
      for (const list of ['entries', 'checklists', 'newspecies'] as const) {
        for (const pendingOnly of [false, true]) {
          const want = await expected(list, f, pendingOnly);
          const q = `${query}${pendingOnly ? '&pending=true' : ''}`;
          const got = await allPages(list, q, 3);
          const label = `${list}?${q}`;
          if (list === 'entries') {
            expect(got.ids, label).toEqual(want.entries);
            expect(got.totals, label).toEqual([`${want.entries.length}`]);
          } else {
            expect(got.ids, label).toEqual(want.checklists);
            expect(new Set(got.entryIds), label).toEqual(new Set(want.entries));
            expect(got.entryIds, label).toHaveLength(want.entries.length);
            expect(got.totals, label).toEqual([`${want.checklists.length}/${want.entries.length}`]);
          }
        }
      }
    });
  }

  it('the cases reach every list and the empty answer', async () => {
    // Guards the table above: each list is non-empty for some case and empty for others.
    for (const list of ['entries', 'checklists', 'newspecies'] as const) {
      const sizes = await Promise.all(
        CASES.map(async (f) => (await expected(list, f, false)).entries.length),
      );
      expect(
        sizes.some((n) => n > 0),
        list,
      ).toBe(true);
      expect(
        sizes.some((n) => n === 0),
        list,
      ).toBe(true);
    }
    expect((await expected('entries', { village: 'a' }, false)).entries.length).toBeGreaterThan(6);
  });

  it('the whole-list CSV export holds the same entries as the list (the COPY path)', async () => {
    const f: Filters = { gewog: 'lang', birder: 'sonam' };
    const res = await t
      .http()
      .get(`/api/v1/checklists?${new URLSearchParams(f)}&format=csv&export_limit=all`)
      .set(bearer(admin));
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(res.text);
    const want = await expected('checklists', f, false);
    expect(want.entries.length).toBeGreaterThan(1);
    expect(rows).toHaveLength(want.entries.length);
    const gewog = header?.indexOf('Gewog') ?? -1;
    expect(gewog).toBeGreaterThanOrEqual(0);
    expect(new Set(rows.map((r) => r[gewog]))).toEqual(new Set(['Lango', 'Langthel']));
  });
});

describe('resolveFilterValues', () => {
  const db = () => t.ctx.database.db;

  it('reads the values every list can show: approved, pending and new-species checklists, not drafts or empty ones', async () => {
    expect(await resolveFilterValues(db(), { gewog: 'g' })).toEqual({
      gewog: ['Dogar', 'Kawang', 'Lango', 'Langthel'],
    });
    expect(await resolveFilterValues(db(), { village: 'radhi', birder: 'SONAM' })).toEqual({
      village: ['Radhi Pam', 'radhi goenpa'],
      observer: ['sonam dorji', 'sonam wangmo'],
    });
  });

  it('gives each filter its own values, the birding site as its three places', async () => {
    expect(await resolveFilterValues(db(), { dzongkhag: 'paro', gewog: 'dogar', birding_site: 'a' })).toEqual(
      {
        dzongkhag: ['Paro'],
        gewog: ['Dogar'],
        site: {
          dzongkhag: ['Paro', 'Punakha'],
          gewog: ['Dogar', 'Kawang', 'Lango', 'Langthel'],
          village: ['Dodena', 'Kabesa', 'Radhi Pam', 'radhi goenpa'],
        },
      },
    );
  });

  it('leaves a filter matching more values than it may look up a substring (each value is a bound parameter)', async () => {
    const many = await resolveFilterValues(db(), { gewog: 'g', village: 'radhi', birding_site: 'a' }, 2);
    expect(many).toEqual({ village: ['Radhi Pam', 'radhi goenpa'] });
    expect(many?.gewog).toBeUndefined();
    expect(many?.site).toBeUndefined();
    // The list answers the same, the gewog and the site through their substrings, the village by its values.
    const f = { gewog: 'g', village: 'radhi', birding_site: 'a', values: many };
    const page = await recordsRepository.entriesPage(db(), f, { offset: 0, limit: 100 });
    const want = await expected('entries', f, false);
    expect(want.entries.length).toBeGreaterThan(0);
    expect(page.map((r) => r.entry.id)).toEqual(want.entries);
  });

  it('matches nothing with an empty array, and treats LIKE wildcards as text', async () => {
    expect(await resolveFilterValues(db(), { gewog: 'draft', village: '%', birder: '_' })).toEqual({
      gewog: [],
      village: [],
      observer: [],
    });
    expect(await resolveFilterValues(db(), { date: '2025-05-01' })).toBeUndefined();
  });
});

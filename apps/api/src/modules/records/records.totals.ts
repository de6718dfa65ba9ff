import { and, eq, gt, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  statsBirderBirds,
  statsBirdNames,
  statsChecklistBitmaps,
  statsListValues,
  statsPendingDzongkhag,
  statsSpeciesPlaceMonth,
} from '../../db/schema';
import { queueKey } from './records.queue';
import {
  dzongkhagMatch,
  hasChecklistFilters,
  placeWhere,
  type RecordsFilter,
  type RecordsList,
  recordsRepository as repo,
} from './records.repository';
import { contains, type ResolvedSearch, shownValues } from './records.search';

type Executor = Db | Tx;
export interface Totals {
  checklists: number;
  entries: number;
}

/** The filters a summary table answers exactly, as (kind in stats_list_values, condition on its value). */
function oneValueFilter(f: RecordsFilter): { kind: string; match: (value: SQL) => SQL } | undefined {
  const given = [
    f.dzongkhag ? { kind: 'dzongkhag', match: (v: SQL) => dzongkhagMatch(f.dzongkhag ?? '', v) } : undefined,
    f.birder ? { kind: 'observer', match: (v: SQL) => contains(v, f.birder ?? '') } : undefined,
    f.gewog ? { kind: 'gewog', match: (v: SQL) => contains(v, f.gewog ?? '') } : undefined,
    f.village ? { kind: 'village', match: (v: SQL) => contains(v, f.village ?? '') } : undefined,
  ].filter((g) => g !== undefined);
  return given.length === 1 ? given[0] : undefined;
}

/**
 * The found totals from the summaries kept by triggers, where they are exact: "pending only" alone or with a
 * dzongkhag (stats_pending_dzongkhag), or one dzongkhag, birder, gewog or village filter alone
 * (stats_list_values: a checklist carries one value of each kind, so the rows of the values matching the
 * filter add up to exactly the checklists matching it). Undefined when the filters need counting.
 */
async function fromSummaries(db: Executor, list: RecordsList, f: RecordsFilter): Promise<Totals | undefined> {
  if (f.search || f.date || f.birding_site) return undefined;
  const sum = (column: SQL) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  if (f.pending) {
    if (f.birder || f.gewog || f.village) return undefined;
    const q = statsPendingDzongkhag;
    const [row] = await db
      .select({ checklists: sum(sql`${q.checklists}`), entries: sum(sql`${q.entries}`) })
      .from(q)
      .where(
        and(
          eq(q.list, queueKey(list)),
          f.dzongkhag ? dzongkhagMatch(f.dzongkhag, sql`${q.dzongkhag}`) : undefined,
        ),
      );
    return row;
  }
  const filter = oneValueFilter(f);
  if (!filter) return undefined;
  const v = statsListValues;
  const [row] = await db
    .select({ checklists: sum(sql`${v.checklists}`), entries: sum(sql`${v.entries}`) })
    .from(v)
    .where(and(eq(v.list, list), eq(v.kind, filter.kind), filter.match(sql`${v.value}`)));
  return row;
}

/**
 * The entries list's search by bird with no filter but places: its matches by bird (records.search.ts
 * ResolvedSearch.byBird, exact for that list), or with place filters per month and place (stats_species_place_month,
 * the same entries by the checklist's place), instead of counting every matching entry; with a birder's name
 * matching too, A + B - overlap (birdOrBirder). Undefined with a birder or date filter, or "pending only", or when a
 * birder's name matches and a place filter applies.
 */
async function fromSearchMonths(
  db: Executor,
  list: RecordsList,
  f: RecordsFilter,
): Promise<number | undefined> {
  const resolved = f.resolved;
  const byBird = resolved?.byBird;
  if (list !== 'entries' || f.pending || !resolved || byBird === undefined || f.birder || f.date)
    return undefined;
  if (resolved.birderEntries > 0)
    return hasChecklistFilters(f) ? undefined : birdOrBirder(db, list, resolved, byBird);
  if (!hasChecklistFilters(f)) return byBird;
  const names = resolved.names;
  if (names.length === 0) return 0;
  const p = statsSpeciesPlaceMonth;
  const [row] = await db
    .select({ entries: sql<number>`coalesce(sum(${p.entries}), 0)`.mapWith(Number) })
    .from(p)
    .where(
      and(
        inArray(p.birdName, names),
        ...placeWhere(f, {
          dzongkhag: sql`${p.dzongkhag}`,
          gewog: sql`${p.gewog}`,
          village: sql`${p.village}`,
        }),
      ),
    );
  return row?.entries ?? 0;
}

/**
 * The checklists and new-species lists' search with no other filter, not "pending only", from the summaries kept by
 * the triggers of migration 0022:
 * - checklists: the OR of the bitmaps of the matched names' and birders' checklists (stats_checklist_bitmaps), block
 *   by block, counted with bit_count. Distinct checklists, which no sum gives: one holding two matching birds would
 *   count twice. Counting them over the entries read, joined and sorted 695,000 entries for 'er' at 2 M entries
 *   (400 ms; 4.6 s with 16 requests at once);
 * - entries: A + B - (A and B) as on the entries list: A (entries bearing the names) from the same bitmap rows, B (of
 *   the birders) from stats_list_values, the overlap from stats_birder_birds the cheapest way (overlapWays).
 */
async function fromSearchHalves(
  db: Executor,
  list: RecordsList,
  f: RecordsFilter,
): Promise<Totals | undefined> {
  const r = f.resolved;
  if (list === 'entries' || f.pending || !r || hasChecklistFilters(f)) return undefined;
  if (r.names.length === 0) return { checklists: r.birderChecklists, entries: r.birderEntries };
  const m = statsChecklistBitmaps;
  const rows = and(
    eq(m.list, list),
    or(
      and(eq(m.kind, 'bird'), inArray(m.key, r.names)),
      r.observers.length > 0 ? and(eq(m.kind, 'observer'), inArray(m.key, r.observers)) : undefined,
    ),
  );
  const blocks = db
    .select({
      checklists: sql`bit_count(bit_or(${m.checklists}))`.as('checklists'),
      byBird: sql`sum(${m.entries}) filter (where ${m.kind} = 'bird')`.as('by_bird'),
    })
    .from(m)
    .where(rows)
    .groupBy(m.block)
    .as('blocks');
  const [found] = await db
    .select({
      checklists: sql<number>`coalesce(sum(${blocks.checklists}), 0)`.mapWith(Number),
      byBird: sql<number>`coalesce(sum(${blocks.byBird}), 0)`.mapWith(Number),
    })
    .from(blocks);
  const byBird = found?.byBird ?? 0;
  return {
    checklists: found?.checklists ?? 0,
    entries: r.observers.length > 0 ? await birdOrBirder(db, list, r, byBird) : byBird,
  };
}

/** One way to count the overlap of the bird and birder matches, and the most entries it reads. */
export interface OverlapWay {
  name: string;
  reads: number;
  count: () => Promise<number>;
}

/**
 * The four ways to count a list's entries whose bird and birder both match (A and B), with no other filter: on A and
 * B themselves, or on their complements (the names and birders the term does not match; every entry of the list
 * bears a name of stats_bird_names and a birder of stats_list_values), e.g.
 * A and B = B - (not A and B). Each sums stats_birder_birds over the smaller of its two sets (sizes in entries, which
 * the summaries give; the birder-and-bird rows read grow with them).
 */
export async function overlapWays(
  db: Executor,
  list: RecordsList,
  r: ResolvedSearch,
  byBird: number,
): Promise<OverlapWay[]> {
  const b = statsBirdNames;
  const v = statsListValues;
  const [all, otherNames, otherBirders] = await Promise.all([
    r.listTotals ?? repo.listTotals(db, list),
    db
      .select({ name: b.birdName })
      .from(b)
      .where(and(gt(b.entries, 0), notInArray(b.birdName, r.names))),
    db
      .selectDistinct({ name: sql<string>`lower(${v.value})` })
      .from(v)
      .where(and(shownValues('observer'), notInArray(sql`lower(${v.value})`, r.observers))),
  ]);
  const n = all.entries;
  const byBirder = r.birderEntries;
  const notNames = otherNames.map((x) => x.name);
  const notBirders = otherBirders.map((x) => x.name);
  // Read by the side holding the smaller share of its kind (each birder and each name has rows with most of the other).
  const allNames = r.names.length + notNames.length;
  const allBirders = r.observers.length + notBirders.length;
  const overlap = (names: string[], birders: string[]) =>
    countOverlap(db, list, names, birders, birders.length * allNames < names.length * allBirders);
  return [
    { name: 'A and B', reads: Math.min(byBird, byBirder), count: () => overlap(r.names, r.observers) },
    {
      name: 'B - (not A and B)',
      reads: Math.min(n - byBird, byBirder),
      count: async () => byBirder - (await overlap(notNames, r.observers)),
    },
    {
      name: 'A - (A and not B)',
      reads: Math.min(byBird, n - byBirder),
      count: async () => byBird - (await overlap(r.names, notBirders)),
    },
    {
      name: 'A + B - n + (not A and not B)',
      reads: Math.min(n - byBird, n - byBirder),
      count: async () => byBird + byBirder - n + (await overlap(notNames, notBirders)),
    },
  ];
}

/**
 * A list's entries whose bird or birder matches, with no other filter: A + B - (A and B). A (by bird,
 * `byBird`) and B (by birder) come from the summaries; only the overlap is counted, the cheapest way (overlapWays).
 * So a term matching most names and most birders ('a') counts the few entries matching neither, never the list.
 */
async function birdOrBirder(
  db: Executor,
  list: RecordsList,
  r: ResolvedSearch,
  byBird: number,
): Promise<number> {
  const ways = await overlapWays(db, list, r, byBird);
  const cheapest = ways.reduce((best, way) => (way.reads < best.reads ? way : best));
  return byBird + r.birderEntries - (await cheapest.count());
}

/**
 * The list's entries bearing one of these names on a checklist of one of these birders (lower-cased): a sum over
 * stats_birder_birds (migrations 0021, 0022), whose rows count exactly those entries per birder and bird, a column per
 * list. Counting
 * the entries themselves took 60 ms for 'son' and 460-570 ms for 'a' at 2 M entries. The rows are read from one
 * side's index (`byBirders`: the birders', else the names') and the other side is a filter on them: both as index
 * conditions probe every pair (14 birders x 246 names for the checklists list's 'er': 13 ms, against 4 ms).
 */
async function countOverlap(
  db: Executor,
  list: RecordsList,
  names: string[],
  birders: string[],
  byBirders: boolean,
): Promise<number> {
  if (names.length === 0 || birders.length === 0) return 0;
  const s = statsBirderBirds;
  const [read, kept] = byBirders
    ? [inArray(s.observer, birders), inArray(s.birdName, names)]
    : [inArray(s.birdName, names), inArray(s.observer, birders)];
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${s[list]}) filter (where ${kept}), 0)`.mapWith(Number) })
    .from(s)
    .where(read);
  return row?.n ?? 0;
}

/**
 * A list's totals beside a page: `all` (the whole list, kept by triggers) and `found` (matching the filters:
 * the same without filters, else from a summary where one answers exactly, else counted exactly with the
 * list's indexes). The found checklists are counted only when asked for (the entries list shows none).
 */
export async function listTotals(
  db: Executor,
  list: RecordsList,
  f: RecordsFilter,
  want: { checklists: boolean },
): Promise<{ all: Totals; found: { checklists?: number; entries: number } }> {
  if (!repo.hasFilters(f)) {
    const all = await repo.listTotals(db, list);
    return { all, found: all };
  }
  // At most one of these applies: fromSearchMonths to the entries list's search, fromSearchHalves to the other
  // lists' search, fromSummaries to no search.
  const [all, searched, halves, summary] = await Promise.all([
    f.resolved?.listTotals ?? repo.listTotals(db, list),
    want.checklists ? undefined : fromSearchMonths(db, list, f),
    fromSearchHalves(db, list, f),
    fromSummaries(db, list, f),
  ]);
  if (searched !== undefined) return { all, found: { entries: searched } };
  if (halves) return { all, found: halves };
  if (summary) return { all, found: summary };
  const [checklists, entries] = await Promise.all([
    want.checklists ? repo.countFound(db, list, f) : undefined,
    repo.countEntries(db, list, f),
  ]);
  return { all, found: { checklists, entries } };
}

import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { statsListValues } from '../../db/schema';
import {
  dzongkhagMatch,
  type RecordsFilter,
  type RecordsList,
  recordsRepository,
} from './records.repository';
import { contains, resolveSearch, shownValues } from './records.search';

type Executor = Db | Tx;

/**
 * The place and birder filters looked up in the values the lists' checklists carry (shownValues), so a
 * list's queries test exact values instead of substrings. A substring cannot use an index: a village or gewog
 * that no checklist names walked all 184,000 checklists of the list in date order looking for one (280-630 ms at
 * 2 M entries), and a rare one nearly as far. An empty array means nothing matches: the list's queries then hold
 * a constant `false`, answered without reading a row.
 */
export interface FilterValues {
  dzongkhag?: string[];
  gewog?: string[];
  village?: string[];
  /** Birders' names, lower-cased (checklists_status_observer_idx is on lower(observer_name)). */
  observer?: string[];
  /** The birding site: the dzongkhags, gewogs and villages it matches (it matches a checklist by any of the three). */
  site?: { dzongkhag: string[]; gewog: string[]; village: string[] };
}

/**
 * At most this many values per filter are looked up; a filter matching more stays a substring. Each value is a
 * bound parameter (a statement takes at most 65,535), and a list that long is no faster than the substring.
 */
export const MAX_FILTER_VALUES = 5_000;

/** The values each place and birder filter matches, in one read of the summary (a few index rows per kind). */
export async function resolveFilterValues(
  db: Executor,
  f: RecordsFilter,
  most = MAX_FILTER_VALUES,
): Promise<FilterValues | undefined> {
  const v = statsListValues;
  const asks: SQL[] = [];
  const ask = (
    filter: string,
    kind: Parameters<typeof shownValues>[0],
    match: (value: SQL) => SQL,
    value: SQL = sql`${v.value}`,
  ) =>
    asks.push(sql`select ${filter}::text as filter, ${value} as value from ${v}
      where ${shownValues(kind)} and ${match(sql`${v.value}`)}`);
  const { dzongkhag, gewog, village, birder, birding_site: site } = f;
  if (dzongkhag) ask('dzongkhag', 'dzongkhag', (c) => dzongkhagMatch(dzongkhag, c));
  if (gewog) ask('gewog', 'gewog', (c) => contains(c, gewog));
  if (village) ask('village', 'village', (c) => contains(c, village));
  if (birder) ask('observer', 'observer', (c) => contains(c, birder), sql`lower(${v.value})`);
  if (site) {
    ask('site.dzongkhag', 'dzongkhag', (c) => dzongkhagMatch(site, c));
    ask('site.gewog', 'gewog', (c) => contains(c, site));
    ask('site.village', 'village', (c) => contains(c, site));
  }
  if (asks.length === 0) return undefined;
  const result = (await db.execute(
    sql`select distinct filter, value from (${sql.join(asks, sql` union all `)}) x order by 1, 2`,
  )) as unknown as { rows: { filter: string; value: string }[] };
  const of = (filter: string) => result.rows.filter((r) => r.filter === filter).map((r) => r.value);
  const given = (filter: string, on: unknown) => {
    const values = on ? of(filter) : [];
    return on && values.length <= most ? values : undefined;
  };
  const [siteDzongkhag, siteGewog, siteVillage] = ['dzongkhag', 'gewog', 'village'].map((kind) =>
    given(`site.${kind}`, site),
  );
  return {
    dzongkhag: given('dzongkhag', dzongkhag),
    gewog: given('gewog', gewog),
    village: given('village', village),
    observer: given('observer', birder),
    // A birding site is looked up only when all three of its places are.
    site:
      siteDzongkhag && siteGewog && siteVillage
        ? { dzongkhag: siteDzongkhag, gewog: siteGewog, village: siteVillage }
        : undefined,
  };
}

/**
 * The filters with their search (records.search.ts) and their place and birder values looked up first, in
 * parallel: what the console lists and the export run their queries with. Already looked-up parts are kept.
 */
export async function resolveFilters<F extends RecordsFilter>(
  db: Executor,
  list: RecordsList,
  f: F,
): Promise<F> {
  const resolving = Boolean(f.search && !f.resolved);
  const [found, values, totals] = await Promise.all([
    resolving && f.search ? resolveSearch(db, list, f.search) : f.resolved,
    f.values ?? resolveFilterValues(db, f),
    // The list's size (kept by triggers): walksToPage weighs a search's matches against it, and the totals
    // beside the page use it instead of reading it again.
    resolving ? recordsRepository.listTotals(db, list) : undefined,
  ]);
  const resolved = found && totals ? { ...found, listTotals: totals } : found;
  return { ...f, ...(resolved ? { resolved } : {}), ...(values ? { values } : {}) };
}

import { and, desc, eq, gt, gte, lt, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { preparedPerKey, preparedStatement } from '../../db/prepared';
import { statsChecklistPlaceMonth, statsPlaceSpecies, statsSite, statsSpeciesPeriod } from '../../db/schema';

/*
 * Analytics read only the summary tables (migrations 0004, 0008, 0018), never the raw records, so each
 * query touches at most a year of pre-aggregated rows whatever the number of entries.
 */

/** Species names shown behind each bar (tooltips): the most counted ones first, at most this many. */
export const BIRD_NAMES_PER_LABEL = 25;

const ps = statsPlaceSpecies;
const spp = statsSpeciesPeriod;
const cp = statsChecklistPlaceMonth;

const inRange = (
  column: AnyPgColumn,
  from: string | Placeholder,
  to: string | Placeholder,
): SQL | undefined => and(gte(column, from), lt(column, to));

export interface PlaceCount {
  label: string;
  count: number;
  birdNames: string[];
}

/** A summary period of migration 0008: a month 'YYYY-MM', a year 'YYYY', or 'all'. */
export type Period = string;
const LEVEL = { national: 0, dzongkhag: 1, gewog: 2, village: 3 } as const;

/**
 * Distinct species per dzongkhag (or gewog, or village) in a period, largest first, with the most
 * counted names of each. Reads the per-place species counts (stats_place_species) for the ranking and
 * each shown place's own birds (stats_species_period), both kept by triggers: no GROUP BY over a
 * year of place-and-bird rows.
 */
export async function speciesByPlace(
  db: Db,
  level: 'dzongkhag' | 'gewog' | 'village',
  period: Period,
  limit: number,
): Promise<PlaceCount[]> {
  const rows = await speciesByPlaceStatement(level, db).execute({ period, limit });
  return withLabels(rows, level);
}

/** speciesByPlace's statement, prepared once per level (db/prepared.ts): the dashboard's map and leaders read it. */
const speciesByPlaceStatement = preparedPerKey(
  'jarog_species_by_place',
  (db, level: 'dzongkhag' | 'gewog' | 'village', name) => {
    const lv = LEVEL[level];
    const period = sql.placeholder('period');
    const last = { dzongkhag: ps.dzongkhag, gewog: ps.gewog, village: ps.village }[level];
    const top = db
      .select({ dzongkhag: ps.dzongkhag, gewog: ps.gewog, village: ps.village, count: ps.species })
      .from(ps)
      .where(and(eq(ps.period, period), eq(ps.level, lv), gt(ps.species, 0), ne(last, '')))
      .orderBy(desc(ps.species), ps.dzongkhag, ps.gewog, ps.village)
      .limit(sql.placeholder('limit'))
      .as('top');
    // Each shown place's most counted birds. A dzongkhag's are read in order from
    // stats_species_period_dzongkhag_top_idx (migration 0024: level = 1, written as a literal so that a generic plan
    // still matches the partial index, and no gewog or village named, which would make the planner take the primary
    // key for a one-row lookup); a gewog's or village's are its rows of the period (the primary key's prefix, one per
    // bird), top-N sorted. The outer place is named "top" explicitly: drizzle writes a subquery's columns unqualified.
    const place =
      lv === LEVEL.dzongkhag
        ? sql`${spp.dzongkhag} = "top"."dzongkhag"`
        : sql`${spp.dzongkhag} = "top"."dzongkhag" and ${spp.gewog} = "top"."gewog" and ${spp.village} = "top"."village"`;
    const names = sql<
      string[]
    >`(select coalesce(array_agg(b.bird_name order by b.birds desc, b.bird_name), '{}')
        from (select ${spp.birdName} as bird_name, ${spp.birds} as birds from ${spp}
              where ${spp.period} = ${period} and ${spp.level} = ${sql.raw(String(lv))} and ${place}
                and ${spp.entries} > 0
              order by ${spp.birds} desc, ${spp.birdName} limit ${BIRD_NAMES_PER_LABEL}) b)`;
    return db
      .select({
        dzongkhag: top.dzongkhag,
        gewog: top.gewog,
        village: top.village,
        count: top.count,
        birdNames: names,
      })
      .from(top)
      .orderBy(desc(top.count), top.dzongkhag, top.gewog, top.village)
      .prepare(name);
  },
);

/** Checklists holding approved entries per dzongkhag in one month, largest first. */
export async function checklistsByDzongkhag(db: Db, from: string, to: string): Promise<PlaceCount[]> {
  const rows = await db
    .select({
      dzongkhag: cp.dzongkhag,
      gewog: sql<string>`''`,
      village: sql<string>`''`,
      count: sql<number>`sum(${cp.checklists})::int`,
      birdNames: sql<string[]>`'{}'::text[]`,
    })
    .from(cp)
    .where(and(inRange(cp.month, from, to), ne(cp.dzongkhag, '')))
    .groupBy(cp.dzongkhag)
    .having(sql`sum(${cp.checklists}) > 0`)
    .orderBy(sql`sum(${cp.checklists}) DESC`, cp.dzongkhag);
  return withLabels(rows, 'dzongkhag');
}

/**
 * Chart labels: the place's own name, with its parent added only where two places of the result
 * share a name (two gewogs called the same in different dzongkhags).
 */
function withLabels(
  rows: { dzongkhag: string; gewog: string; village: string; count: number; birdNames: string[] }[],
  level: 'dzongkhag' | 'gewog' | 'village',
): PlaceCount[] {
  const own = (r: (typeof rows)[number]) =>
    level === 'dzongkhag' ? r.dzongkhag : level === 'gewog' ? r.gewog : r.village;
  const parent = (r: (typeof rows)[number]) => (level === 'village' ? r.gewog || r.dzongkhag : r.dzongkhag);
  const seen = new Map<string, number>();
  for (const r of rows) seen.set(own(r), (seen.get(own(r)) ?? 0) + 1);
  return rows.map((r) => ({
    label: (seen.get(own(r)) ?? 0) > 1 || !own(r) ? `${own(r) || '(none)'} (${parent(r)})` : own(r),
    count: Number(r.count),
    birdNames: r.birdNames ?? [],
  }));
}

/** Distinct species nationally in a period (kept per period by the triggers of migration 0008). */
export async function distinctSpecies(db: Db, period: Period): Promise<number> {
  const [row] = await distinctSpeciesStatement(db).execute({ period });
  return Number(row?.n ?? 0);
}

/** distinctSpecies's statement, prepared (db/prepared.ts): the dashboard's leaders run it three times each. */
const distinctSpeciesStatement = preparedStatement('jarog_distinct_species', (db, name) =>
  db
    .select({ n: ps.species })
    .from(ps)
    .where(and(eq(ps.period, sql.placeholder('period')), eq(ps.level, LEVEL.national)))
    .prepare(name),
);

/** Checklists holding approved entries nationally in a month range, or in all months. */
export async function checklistCount(db: Db, from?: string, to?: string): Promise<number> {
  const [row] =
    from && to
      ? await checklistCountStatement('range', db).execute({ from, to })
      : await checklistCountStatement('all', db).execute();
  return Number(row?.n ?? 0);
}

/** checklistCount's two statements, prepared (db/prepared.ts): the dashboard's leaders run them three times each. */
const checklistCountStatement = preparedPerKey('jarog_checklist_count', (db, key: 'range' | 'all', name) =>
  db
    .select({ n: sql<number>`coalesce(sum(${cp.checklists}), 0)::int` })
    .from(cp)
    .where(key === 'range' ? inRange(cp.month, sql.placeholder('from'), sql.placeholder('to')) : undefined)
    .prepare(name),
);

/** A period's most counted birds nationally, read in order from stats_species_period_national_top_idx (migration 0024). */
function topNational(db: Db | Tx, period: SQL, limit: number | Placeholder) {
  return db
    .select({ birdName: spp.birdName, birds: spp.birds })
    .from(spp)
    .where(
      // The level is written as a literal so that even a generic plan of a prepared statement matches the partial
      // index (WHERE level = 0), and no place is named: with dzongkhag = '' and the rest, the planner takes the
      // primary key for a one-row lookup and sorts every bird of the period (39 ms for 71 months instead of 15).
      and(eq(spp.period, period), sql`${spp.level} = ${sql.raw(String(LEVEL.national))}`, gt(spp.entries, 0)),
    )
    .orderBy(desc(spp.birds), spp.birdName)
    .limit(limit);
}

/** The national rows of stats_place_species (one per period) with species, for a kind of period. */
const nationalPeriods = (length: 4 | 7) =>
  and(eq(ps.level, LEVEL.national), sql`length(${ps.period}) = ${length}`, gt(ps.species, 0));

/**
 * Per month of a range: distinct species, birds counted, and the most counted names. One national row per
 * month (stats_place_species, migration 0018 added its birds) and that month's first names from the ordered
 * index: about 12 rows a year instead of every bird of every month.
 */
export async function speciesPerMonth(db: Db, from: string, to: string) {
  const names = sql<
    string[]
  >`(select coalesce(array_agg(b.bird_name order by b.birds desc, b.bird_name), '{}')
    from (${topNational(db, sql`${ps.period}`, BIRD_NAMES_PER_LABEL)}) b)`;
  const rows = await db
    .select({ month: ps.period, species: ps.species, birds: ps.birds, birdNames: names })
    .from(ps)
    .where(and(nationalPeriods(7), gte(ps.period, from.slice(0, 7)), lt(ps.period, to.slice(0, 7))))
    .orderBy(ps.period);
  return rows.map((r) => ({ ...r, species: Number(r.species), birds: Number(r.birds) }));
}

/** The years that hold any approved record, oldest first (the national year rows). */
export async function yearsWithData(db: Db): Promise<number[]> {
  const rows = await db.select({ year: ps.period }).from(ps).where(nationalPeriods(4)).orderBy(ps.period);
  return rows.map((r) => Number(r.year));
}

/** Per year, birds with their total counts, most counted first, `limit` per year: every year, or one. */
const birdsPerYearStatement = preparedPerKey('jarog_birds_per_year', (db, years: 'every' | 'one', name) => {
  const top = topNational(db, sql`${ps.period}`, sql.placeholder('limit')).as('top');
  return db
    .select({ year: ps.period, birdName: top.birdName, total: top.birds })
    .from(ps)
    .innerJoinLateral(top, sql`true`)
    .where(and(nationalPeriods(4), years === 'one' ? eq(ps.period, sql.placeholder('year')) : undefined))
    .orderBy(ps.period, desc(top.birds), top.birdName)
    .prepare(name);
});

/** Per year, birds with their total counts, most counted first, `limit` per year (each year's row of the index). */
export async function birdsPerYear(db: Db, limit: number, year?: number) {
  const rows = year
    ? await birdsPerYearStatement('one', db).execute({ limit, year: String(year) })
    : await birdsPerYearStatement('every', db).execute({ limit });
  return rows.map((r) => ({ year: Number(r.year), birdName: r.birdName, total: Number(r.total) }));
}

const siteTotalsStatement = preparedStatement('jarog_site_totals', (db, name) =>
  db
    .select({
      checklists: sql<number>`coalesce(sum(${statsSite.checklists}), 0)::int`,
      sites: sql<number>`(count(*) FILTER (WHERE ${statsSite.checklists} > 0 AND (${statsSite.dzongkhag}, ${statsSite.gewog}, ${statsSite.village}) <> ('', '', '')))::int`,
    })
    .from(statsSite)
    .prepare(name),
);

/** Submitted checklists in all, and distinct birding sites (a site names at least a dzongkhag). */
export async function siteTotals(db: Db): Promise<{ checklists: number; sites: number }> {
  const [row] = await siteTotalsStatement(db).execute();
  return { checklists: Number(row?.checklists ?? 0), sites: Number(row?.sites ?? 0) };
}

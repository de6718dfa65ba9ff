import { and, desc, eq, gt, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  statsChecklistPlaceMonth,
  statsPlaceSpecies,
  statsSite,
  statsSpeciesMonth,
  statsSpeciesPeriod,
} from '../../db/schema';

/*
 * Analytics read only the summary tables (migration 0004_insight), never the raw records, so each
 * query touches at most a year of pre-aggregated rows whatever the number of entries.
 */

/** Species names shown behind each bar (tooltips): the most counted ones first, at most this many. */
export const BIRD_NAMES_PER_LABEL = 25;

const ps = statsPlaceSpecies;
const spp = statsSpeciesPeriod;
const sm = statsSpeciesMonth;
const cp = statsChecklistPlaceMonth;

const inRange = (column: AnyPgColumn, from: string, to: string): SQL | undefined =>
  and(gte(column, from), lt(column, to));

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
  const lv = LEVEL[level];
  const last = { dzongkhag: ps.dzongkhag, gewog: ps.gewog, village: ps.village }[level];
  const top = db
    .select({ dzongkhag: ps.dzongkhag, gewog: ps.gewog, village: ps.village, count: ps.species })
    .from(ps)
    .where(and(eq(ps.period, period), eq(ps.level, lv), gt(ps.species, 0), ne(last, '')))
    .orderBy(desc(ps.species), ps.dzongkhag, ps.gewog, ps.village)
    .limit(limit)
    .as('top');
  // Each shown place's most counted birds, read in order from stats_species_period_top_idx. The outer
  // place is named "top" explicitly: drizzle writes a subquery's columns unqualified.
  const names = sql<
    string[]
  >`(select coalesce(array_agg(b.bird_name order by b.birds desc, b.bird_name), '{}')
      from (select ${spp.birdName} as bird_name, ${spp.birds} as birds from ${spp}
            where ${spp.period} = ${period} and ${spp.level} = ${lv} and ${spp.dzongkhag} = "top"."dzongkhag"
              and ${spp.gewog} = "top"."gewog" and ${spp.village} = "top"."village" and ${spp.entries} > 0
            order by ${spp.birds} desc, ${spp.birdName} limit ${BIRD_NAMES_PER_LABEL}) b)`;
  const rows = await db
    .select({
      dzongkhag: top.dzongkhag,
      gewog: top.gewog,
      village: top.village,
      count: top.count,
      birdNames: names,
    })
    .from(top)
    .orderBy(desc(top.count), top.dzongkhag, top.gewog, top.village);
  return withLabels(rows, level);
}

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
  const [row] = await db
    .select({ n: ps.species })
    .from(ps)
    .where(and(eq(ps.period, period), eq(ps.level, LEVEL.national)));
  return Number(row?.n ?? 0);
}

/** Checklists holding approved entries nationally in a month range. */
export async function checklistCount(db: Db, from?: string, to?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cp.checklists}), 0)::int` })
    .from(cp)
    .where(from && to ? inRange(cp.month, from, to) : undefined);
  return Number(row?.n ?? 0);
}

/** Per month of a range: distinct species, birds counted, and the most counted names. */
export async function speciesPerMonth(db: Db, from: string, to: string) {
  const rows = await db
    .select({
      month: sql<string>`to_char(${sm.month}, 'YYYY-MM')`,
      species: sql<number>`count(*)::int`,
      birds: sql<number>`sum(${sm.birds})::bigint`,
      birdNames: sql<
        string[]
      >`(array_agg(${sm.birdName} ORDER BY ${sm.birds} DESC, ${sm.birdName}))[1:${sql.raw(String(BIRD_NAMES_PER_LABEL))}]`,
    })
    .from(sm)
    .where(and(inRange(sm.month, from, to), gt(sm.entries, 0)))
    .groupBy(sm.month)
    .orderBy(sm.month);
  return rows.map((r) => ({ ...r, species: Number(r.species), birds: Number(r.birds) }));
}

/** The years that hold any approved record, oldest first. */
export async function yearsWithData(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: sql<number>`extract(year from ${sm.month})::int` })
    .from(sm)
    .where(gt(sm.entries, 0))
    .orderBy(sql`1`);
  return rows.map((r) => Number(r.year));
}

/** Per year, birds with their total counts, most counted first, `limit` per year. */
export async function birdsPerYear(db: Db, limit: number, year?: number) {
  const ranked = db
    .select({
      year: sql<number>`extract(year from ${sm.month})::int`.as('year'),
      birdName: sm.birdName,
      total: sql<number>`sum(${sm.birds})::bigint`.as('total'),
      rank: sql<number>`row_number() OVER (PARTITION BY extract(year from ${sm.month}) ORDER BY sum(${sm.birds}) DESC, ${sm.birdName})`.as(
        'rank',
      ),
    })
    .from(sm)
    .where(and(gt(sm.entries, 0), year ? inRange(sm.month, `${year}-01-01`, `${year + 1}-01-01`) : undefined))
    .groupBy(sql`extract(year from ${sm.month})`, sm.birdName)
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${limit}`)
    .orderBy(ranked.year, ranked.rank);
  return rows.map((r) => ({ year: Number(r.year), birdName: r.birdName, total: Number(r.total) }));
}

/** Submitted checklists in all, and distinct birding sites (a site names at least a dzongkhag). */
export async function siteTotals(db: Db): Promise<{ checklists: number; sites: number }> {
  const [row] = await db
    .select({
      checklists: sql<number>`coalesce(sum(${statsSite.checklists}), 0)::int`,
      sites: sql<number>`(count(*) FILTER (WHERE ${statsSite.checklists} > 0 AND (${statsSite.dzongkhag}, ${statsSite.gewog}, ${statsSite.village}) <> ('', '', '')))::int`,
    })
    .from(statsSite);
  return { checklists: Number(row?.checklists ?? 0), sites: Number(row?.sites ?? 0) };
}

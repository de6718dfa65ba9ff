import { and, gt, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  statsChecklistPlaceMonth,
  statsSite,
  statsSpeciesMonth,
  statsSpeciesPlaceMonth,
} from '../../db/schema';

/*
 * Analytics read only the summary tables (migration 0004_insight), never the raw records, so each
 * query touches at most a year of pre-aggregated rows whatever the number of entries.
 */

/** Species names shown behind each bar (tooltips): the most counted ones first, at most this many. */
export const BIRD_NAMES_PER_LABEL = 25;

const sp = statsSpeciesPlaceMonth;
const sm = statsSpeciesMonth;
const cp = statsChecklistPlaceMonth;

const inRange = (column: AnyPgColumn, from: string, to: string): SQL | undefined =>
  and(gte(column, from), lt(column, to));

export interface PlaceCount {
  label: string;
  count: number;
  birdNames: string[];
}

/** Distinct species per dzongkhag (or gewog, or village) between two month keys, largest first. */
export async function speciesByPlace(
  db: Db,
  level: 'dzongkhag' | 'gewog' | 'village',
  from: string,
  to: string,
  limit: number,
): Promise<PlaceCount[]> {
  // One row per place and bird first, so a bird seen in several villages of a dzongkhag counts once.
  const keys = {
    dzongkhag: [sp.dzongkhag],
    gewog: [sp.dzongkhag, sp.gewog],
    village: [sp.dzongkhag, sp.gewog, sp.village],
  }[level];
  const perBird = db
    .select({
      dzongkhag: sp.dzongkhag,
      gewog: level === 'dzongkhag' ? sql<string>`''`.as('gewog') : sp.gewog,
      village: level === 'village' ? sp.village : sql<string>`''`.as('village'),
      birdName: sp.birdName,
      birds: sql<number>`sum(${sp.birds})`.as('birds'),
    })
    .from(sp)
    .where(and(inRange(sp.month, from, to), gt(sp.entries, 0), ne(keys[keys.length - 1] ?? sp.dzongkhag, '')))
    .groupBy(...keys, sp.birdName)
    .as('per_bird');
  const rows = await db
    .select({
      dzongkhag: perBird.dzongkhag,
      gewog: perBird.gewog,
      village: perBird.village,
      count: sql<number>`count(*)::int`,
      birdNames: sql<
        string[]
      >`(array_agg(${perBird.birdName} ORDER BY ${perBird.birds} DESC, ${perBird.birdName}))[1:${sql.raw(String(BIRD_NAMES_PER_LABEL))}]`,
    })
    .from(perBird)
    .groupBy(perBird.dzongkhag, perBird.gewog, perBird.village)
    .orderBy(sql`count(*) DESC`, perBird.dzongkhag, perBird.gewog, perBird.village)
    .limit(limit);
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

/** Distinct species nationally in a month range. */
export async function distinctSpecies(db: Db, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(DISTINCT ${sm.birdName})::int` })
    .from(sm)
    .where(and(inRange(sm.month, from, to), gt(sm.entries, 0)));
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

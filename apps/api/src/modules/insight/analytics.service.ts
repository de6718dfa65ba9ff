import {
  type BirdsCountYearResponse,
  type ChartSeries,
  type DistrictLeadersResponse,
  type DistrictSpeciesCountResponse,
  MONTH_LABELS,
  type SpeciesCountMonthsResponse,
} from '@jarog/contracts';
import type { AppContext } from '../../context';
import * as repo from './analytics.repository';
import { changeResult, type Month, monthKey, previousMonth, resolveMonth } from './period';

const nextMonthKey = (m: Month) =>
  monthKey(m.month === 12 ? { year: m.year + 1, month: 1 } : { year: m.year, month: m.month + 1 });
/** A month as the period key of the summaries of migration 0008 ('YYYY-MM'). */
const monthPeriod = (m: Month) => `${m.year}-${String(m.month).padStart(2, '0')}`;

const series = (year: number, month: number | null, rows: repo.PlaceCount[]): ChartSeries => ({
  year,
  month,
  labels: rows.map((r) => r.label),
  data: rows.map((r) => r.count),
  birdNames: rows.map((r) => r.birdNames),
});

/** Distinct species per dzongkhag in the month asked, with the national change from the month before. */
export async function districtSpecies(
  ctx: AppContext,
  q: { year?: number; month?: number },
): Promise<DistrictLeadersResponse> {
  const db = ctx.database.db;
  const m = resolveMonth(q);
  const prev = previousMonth(m);
  const [rows, current, previous, overall] = await Promise.all([
    repo.speciesByPlace(db, 'dzongkhag', monthPeriod(m), 100),
    repo.distinctSpecies(db, monthPeriod(m)),
    repo.distinctSpecies(db, monthPeriod(prev)),
    repo.distinctSpecies(db, 'all'),
  ]);
  return {
    result: [series(m.year, m.month, rows)],
    changeResult: changeResult(current, previous),
    overallTotalCount: overall,
  };
}

/** Checklists per dzongkhag in the month asked, with the national change from the month before. */
export async function districtChecklists(
  ctx: AppContext,
  q: { year?: number; month?: number },
): Promise<DistrictLeadersResponse> {
  const db = ctx.database.db;
  const m = resolveMonth(q);
  const prev = previousMonth(m);
  const [rows, current, previous, overall] = await Promise.all([
    repo.checklistsByDzongkhag(db, monthKey(m), nextMonthKey(m)),
    repo.checklistCount(db, monthKey(m), nextMonthKey(m)),
    repo.checklistCount(db, monthKey(prev), monthKey(m)),
    repo.checklistCount(db),
  ]);
  return {
    result: [series(m.year, m.month, rows)],
    changeResult: changeResult(current, previous),
    overallTotalCount: overall,
  };
}

/** Per year (the one asked, else every year with records), per month: distinct species and birds counted. */
export async function speciesCountMonths(
  ctx: AppContext,
  q: { year?: number },
): Promise<SpeciesCountMonthsResponse> {
  const db = ctx.database.db;
  const years = q.year ? [q.year] : await repo.yearsWithData(db);
  if (years.length === 0) return { result: [] };
  const first = Math.min(...years);
  const last = Math.max(...years);
  const rows = await repo.speciesPerMonth(db, `${first}-01-01`, `${last + 1}-01-01`);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return {
    result: years.map((year) => {
      const months = MONTH_LABELS.map((_, i) => byMonth.get(`${year}-${String(i + 1).padStart(2, '0')}`));
      return {
        year,
        labels: [...MONTH_LABELS],
        data: months.map((r) => r?.species ?? 0),
        totalBirdCount: months.map((r) => r?.birds ?? 0),
        birdNames: months.map((r) => r?.birdNames ?? []),
      };
    }),
  };
}

/** Distinct species per dzongkhag, gewog and village, for a year or one month of it. */
export async function districtSpeciesCount(
  ctx: AppContext,
  q: { year?: number; month?: number; limit: number },
): Promise<DistrictSpeciesCountResponse> {
  const db = ctx.database.db;
  const year = q.year ?? new Date().getUTCFullYear();
  const period = q.month ? monthPeriod({ year, month: q.month }) : String(year);
  const [dz, gw, vi] = await Promise.all([
    repo.speciesByPlace(db, 'dzongkhag', period, 100),
    repo.speciesByPlace(db, 'gewog', period, q.limit),
    repo.speciesByPlace(db, 'village', period, q.limit),
  ]);
  const month = q.month ?? null;
  const list = (rows: repo.PlaceCount[]) => (rows.length ? [series(year, month, rows)] : []);
  return { dzongkhagResult: list(dz), gewogResult: list(gw), villageResult: list(vi) };
}

/** Keyed by year: birds with their total counts, most counted first. */
export async function birdsCountYear(
  ctx: AppContext,
  q: { year?: number; limit: number },
): Promise<BirdsCountYearResponse> {
  const rows = await repo.birdsPerYear(ctx.database.db, q.limit, q.year);
  const out: BirdsCountYearResponse = {};
  for (const r of rows) {
    const key = String(r.year);
    const y = out[key] ?? { birdNames: [], totalCounts: [] };
    out[key] = y;
    y.birdNames.push(r.birdName);
    y.totalCounts.push(r.total);
  }
  return out;
}

/** Submitted checklists and distinct birding sites, for the dashboard cards. */
export const siteTotals = (ctx: AppContext) => repo.siteTotals(ctx.database.db);

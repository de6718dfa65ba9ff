import type { ChartSeries } from '@jarog/contracts';
import { truncate } from '../shared/format';

/** A line of a bar's tooltip under its number. */
export interface ChartDetail {
  name: string;
  value: string;
}

/** One bar: its label, its number, and what its tooltip adds (texts already cut to 100 characters). */
export interface ChartRow {
  label: string;
  value: number;
  details?: ChartDetail[];
}

/** Whether a chart has anything to draw ('No data available' otherwise). */
export function hasData(rows: readonly ChartRow[]): boolean {
  return rows.some((r) => r.value > 0);
}

/** The names behind a bar, joined and cut for the tooltip (spec section 9). */
export function namesText(names: readonly string[] | undefined): string | undefined {
  if (!names || names.length === 0) return undefined;
  return truncate(names.join(', '));
}

/**
 * A series as chart rows, in the server's order, at most `max` of them. Labels and numbers are paired by
 * position (a missing number counts 0); the names behind each bar become a tooltip line called `namesLabel`.
 */
export function seriesRows(
  series: Pick<ChartSeries, 'labels' | 'data' | 'birdNames'> | undefined,
  { max = Number.POSITIVE_INFINITY, namesLabel = 'Seen' }: { max?: number; namesLabel?: string } = {},
): ChartRow[] {
  if (!series) return [];
  return series.labels.slice(0, max).map((label, i) => {
    const names = namesText(series.birdNames[i]);
    return {
      label,
      value: series.data[i] ?? 0,
      ...(names ? { details: [{ name: namesLabel, value: names }] } : {}),
    };
  });
}

/** Rows largest first (ties by label), for series the server does not sort. */
export function largestFirst(rows: readonly ChartRow[]): ChartRow[] {
  return [...rows].sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
}

/** The most tooltip lines any row has (the chart declares that many). */
export function detailCount(rows: readonly ChartRow[]): number {
  return rows.reduce((n, r) => Math.max(n, r.details?.length ?? 0), 0);
}

/** Chart height for a horizontal bar chart of `n` rows: room for each label, within sensible bounds. */
export function horizontalHeight(n: number, perRow = 26, min = 220, max = 1400): number {
  return Math.min(max, Math.max(min, n * perRow + 60));
}

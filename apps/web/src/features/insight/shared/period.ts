import { MONTH_LABELS, MONTH_NAMES } from '@jarog/contracts/constants';

/**
 * The earliest year the year pickers offer. Bhutan's birders began recording on the platform's forerunner
 * around then; a year with no records simply shows 'No data available'.
 */
export const FIRST_YEAR = 2010;

export { MONTH_NAMES };

export interface YearMonth {
  year: number;
  month: number;
}

/** This month, as the dashboard's charts open on it (the browser's clock). */
export function currentPeriod(now: Date = new Date()): YearMonth {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/**
 * The checklist analysis opens on the current year and the month after the current month (spec section 9).
 * December wraps to January of the same year: the spec names the current year, and a year that has not begun
 * holds nothing to compare.
 */
export function analysisDefaultPeriod(now: Date = new Date()): YearMonth {
  return { year: now.getFullYear(), month: ((now.getMonth() + 1) % 12) + 1 };
}

/** The month before, across the new year (January's previous month is December of the year before). */
export function previousPeriod({ year, month }: YearMonth): YearMonth {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/** Years offered, newest first: from next year's start back to FIRST_YEAR, plus `keep` when it lies outside. */
export function yearOptions(now: Date = new Date(), keep?: number): number[] {
  const last = now.getFullYear();
  const years: number[] = [];
  for (let y = last; y >= FIRST_YEAR; y -= 1) years.push(y);
  if (keep !== undefined && Number.isInteger(keep) && !years.includes(keep)) {
    years.push(keep);
    years.sort((a, b) => b - a);
  }
  return years;
}

/** 'Mar 2025'. */
export function periodLabel({ year, month }: YearMonth): string {
  return `${MONTH_LABELS[month - 1] ?? month} ${year}`;
}

/** A year from the URL: a whole number in the pickers' range, else the fallback. */
export function parseYear(raw: string | null, fallback: number): number {
  if (!raw || !/^\d{4}$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1900 && n <= 2200 ? n : fallback;
}

/** A month (1–12) from the URL, else the fallback. */
export function parseMonth(raw: string | null, fallback: number): number;
export function parseMonth(raw: string | null, fallback: undefined): number | undefined;
export function parseMonth(raw: string | null, fallback: number | undefined): number | undefined {
  if (!raw || !/^\d{1,2}$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 && n <= 12 ? n : fallback;
}

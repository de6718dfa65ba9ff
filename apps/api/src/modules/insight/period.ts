import type { ChangeResult } from '@jarog/contracts';

export interface Month {
  year: number;
  month: number;
}

/** 'YYYY-MM-01', the key the summary tables use for a month. */
export const monthKey = ({ year, month }: Month): string => `${year}-${String(month).padStart(2, '0')}-01`;

/** The month before; January's is December of the year before. */
export const previousMonth = ({ year, month }: Month): Month =>
  month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };

/** The month after; December's is January of the year after. */
export const nextMonth = ({ year, month }: Month): Month =>
  month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };

/** A summary table's month key ('YYYY-MM-01') read back as a Month. */
export const monthOfKey = (key: string): Month => ({
  year: Number(key.slice(0, 4)),
  month: Number(key.slice(5, 7)),
});

/** The month asked for, or the current one (UTC) where the query leaves it out. */
export function resolveMonth(q: { year?: number; month?: number }, now = new Date()): Month {
  return { year: q.year ?? now.getUTCFullYear(), month: q.month ?? now.getUTCMonth() + 1 };
}

/** Month-over-month change as the original system defined it: 0 when both are 0, 100 when only the previous is. */
export function changeResult(currentMonthCount: number, previousMonthCount: number): ChangeResult {
  let percentageChange: number;
  if (previousMonthCount === 0) percentageChange = currentMonthCount === 0 ? 0 : 100;
  else percentageChange = ((currentMonthCount - previousMonthCount) / previousMonthCount) * 100;
  return {
    currentMonthCount,
    previousMonthCount,
    percentageChange: Math.round(percentageChange * 100) / 100,
  };
}

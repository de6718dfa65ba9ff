import type { ChecklistAnalysis } from '@jarog/contracts';
import { MONTH_LABELS } from '@jarog/contracts/constants';
import type { ChartRow } from '../charts/chart-data';
import { checklistsText } from '../shared/format';

/** The analysis reads .xlsx only (spec section 5, spreadsheet inputs). */
export function isXlsx(fileName: string): boolean {
  return /\.xlsx$/i.test(fileName.trim());
}

export const NOT_XLSX = 'Please choose an .xlsx file';

/** Spec section 2: a top birder reads 'name - n checklists'. */
export function topBirderText(b: { name: string; checklistCount: number }): string {
  return `${b.name} - ${checklistsText(b.checklistCount)}`;
}

/** The chart of checklists per month of the analysed year: all 12 months, missing ones 0. */
export function monthlyRows(monthly: ChecklistAnalysis['monthly']): ChartRow[] {
  return MONTH_LABELS.map((label, i) => ({
    label,
    value: monthly.find((m) => m.month === i + 1)?.checklists ?? 0,
  }));
}

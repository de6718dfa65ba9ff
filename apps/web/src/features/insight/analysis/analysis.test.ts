import { describe, expect, it } from 'vitest';
import { analysisDefaultPeriod, previousPeriod } from '../shared/period';
import { isXlsx, monthlyRows, topBirderText } from './analysis';

describe('checklist analysis', () => {
  it('opens on the current year and the month after the current month', () => {
    expect(analysisDefaultPeriod(new Date(2026, 10, 21))).toEqual({ year: 2026, month: 12 });
    expect(analysisDefaultPeriod(new Date(2026, 0, 5))).toEqual({ year: 2026, month: 2 });
    // December: the month after is January, of the current year (the spec names the current year).
    expect(analysisDefaultPeriod(new Date(2026, 11, 31))).toEqual({ year: 2026, month: 1 });
  });

  it("compares with the month before, January's being December of the year before", () => {
    expect(previousPeriod({ year: 2026, month: 1 })).toEqual({ year: 2025, month: 12 });
    expect(previousPeriod({ year: 2026, month: 7 })).toEqual({ year: 2026, month: 6 });
  });

  it("reads top birders as 'name - n checklists'", () => {
    expect(topBirderText({ name: 'Karma Wangdi', checklistCount: 3 })).toBe('Karma Wangdi - 3 checklists');
    expect(topBirderText({ name: 'Pema', checklistCount: 1 })).toBe('Pema - 1 checklist');
  });

  it('charts all twelve months', () => {
    const rows = monthlyRows([
      { month: 2, checklists: 4 },
      { month: 12, checklists: 1 },
    ]);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual({ label: 'Jan', value: 0 });
    expect(rows[1]).toEqual({ label: 'Feb', value: 4 });
    expect(rows[11]).toEqual({ label: 'Dec', value: 1 });
  });

  it('takes .xlsx files only', () => {
    expect(isXlsx('checklists.XLSX')).toBe(true);
    expect(isXlsx('checklists.xls')).toBe(false);
    expect(isXlsx('checklists.csv')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  changeView,
  checklistsText,
  entriesText,
  longDate,
  numberText,
  placeText,
  shortDate,
  truncate,
} from './format';
import { currentPeriod, parseMonth, parseYear, periodLabel, yearOptions } from './period';

describe('texts of the insight pages', () => {
  it("writes numbers exactly as toLocaleString('en') does, with one shared formatter", () => {
    const values = [
      0,
      1,
      -1,
      7,
      999,
      1000,
      1234.5,
      12.345,
      -33.33,
      1681494,
      2 ** 31,
      1e21,
      Number.NaN,
      Infinity,
    ];
    for (let i = 0; i < 200; i += 1)
      values.push(Math.round((Math.random() - 0.3) * 10 ** (i % 12) * 100) / 100);
    // The paths around the Intl-free one: whole numbers, hundredths, sums that are nearly hundredths, -0, tiny
    // numbers, thousandths and beyond, the largest numbers written without Intl and the first ones with it.
    values.push(
      -0,
      0.1 + 0.2,
      33.33,
      0.05,
      0.5,
      0.999,
      1.005,
      1e-9,
      -1e-9,
      0.001,
      9999999999999.99,
      1e13,
      123456.78,
    );
    for (let i = 0; i < 300; i += 1) {
      const scale = 10 ** Math.floor(Math.random() * 14);
      values.push(Math.round((Math.random() - 0.5) * scale) / 10 ** (i % 4));
    }
    for (const n of values) expect(numberText(n)).toBe(n.toLocaleString('en'));
  });

  it("says 'entry' for one and 'entries' otherwise", () => {
    expect(entriesText(0)).toBe('0 entries');
    expect(entriesText(1)).toBe('1 entry');
    expect(entriesText(1234)).toBe('1,234 entries');
    expect(checklistsText(1)).toBe('1 checklist');
  });

  it("shows the change with an arrow: up when 0 or more, the size without its sign ('than last month')", () => {
    expect(changeView(0)).toEqual({ direction: 'up', text: '0%' });
    expect(changeView(12.5)).toEqual({ direction: 'up', text: '12.5%' });
    expect(changeView(-33.333)).toEqual({ direction: 'down', text: '33.33%' });
    expect(changeView(100)).toEqual({ direction: 'up', text: '100%' });
    expect(changeView(Number.NaN)).toEqual({ direction: 'up', text: '0%' });
  });

  it('cuts texts at 100 characters, ending in an ellipsis', () => {
    expect(truncate('short')).toBe('short');
    expect(truncate('x'.repeat(100))).toBe('x'.repeat(100));
    expect(truncate('x'.repeat(101))).toBe(`${'x'.repeat(99)}…`);
    expect(truncate('abcdef', 4)).toBe('abc…');
  });

  it("writes dates exactly as Intl.DateTimeFormat('en-GB') does, without it", () => {
    const intl = (month: 'short' | 'long') =>
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month, year: 'numeric', timeZone: 'UTC' });
    const [short, long] = [intl('short'), intl('long')];
    const pad = (n: number, width = 2) => String(n).padStart(width, '0');
    const isos: string[] = [];
    // Every day of a leap year and of the year after, days that roll over (31 Feb, 00, 32, month 13), and the
    // edges of four-digit years.
    for (const year of [2024, 2025]) {
      for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
        isos.push(new Date(t).toISOString().slice(0, 10));
      }
    }
    isos.push(
      '2025-02-31',
      '2023-02-29',
      '2025-01-00',
      '2025-12-32',
      '2025-13-01',
      '1000-01-01',
      '9999-12-31',
    );
    for (const year of [1900, 1950, 1990, 2010])
      isos.push(`${year}-${pad((year % 12) + 1)}-${pad((year % 28) + 1)}`);
    for (const iso of isos) {
      const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      expect(shortDate(iso)).toBe(short.format(date));
      expect(longDate(iso)).toBe(long.format(date));
    }
  });

  it('writes dates long (birth) and short (records), and places from the parts present', () => {
    expect(longDate('1990-03-05')).toBe('5 March 1990');
    expect(longDate(null)).toBeNull();
    expect(longDate('someday')).toBe('someday');
    expect(shortDate('2025-12-31')).toBe('31 Dec 2025');
    expect(shortDate('2025-12-31T10:00:00Z')).toBe('31 Dec 2025');
    expect(shortDate('31/12/2025')).toBe('31/12/2025');
    expect(shortDate(null)).toBe('');
    expect(longDate('1990-03-05T00:00:00+06:00')).toBe('5 March 1990');
    expect(longDate('March 5, 1990 UTC')).toBe('5 March 1990');
    expect(placeText({ village: 'Changjiji', gewog: null, dzongkhag: 'Thimphu' })).toBe('Changjiji, Thimphu');
  });
});

describe('periods', () => {
  it('opens the dashboard on this month and offers years from this one back to 2010', () => {
    const now = new Date(2026, 10, 21);
    expect(currentPeriod(now)).toEqual({ year: 2026, month: 11 });
    const years = yearOptions(now);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(2010);
    expect(yearOptions(now, 2005).at(-1)).toBe(2005);
    expect(periodLabel({ year: 2025, month: 1 })).toBe('Jan 2025');
  });

  it('reads years and months from the URL', () => {
    expect(parseYear('2024', 2026)).toBe(2024);
    expect(parseYear('20x4', 2026)).toBe(2026);
    expect(parseMonth('12', undefined)).toBe(12);
    expect(parseMonth('0', undefined)).toBeUndefined();
    expect(parseMonth(null, 3)).toBe(3);
  });
});

import type { ChecklistAnalysis } from '@jarog/contracts';
import { AppError } from '../../lib/errors';
import { readSheet } from '../../lib/xlsx';
import { changeResult, type Month, previousMonth } from './period';

/** Header names as people write them, letters only, lower-case → the column they mean. */
const HEADERS: Record<string, 'birder' | 'checklist' | 'location' | 'total' | 'date'> = {
  birder: 'birder',
  observer: 'birder',
  birdername: 'birder',
  checklistname: 'checklist',
  checklist: 'checklist',
  location: 'location',
  birdingsite: 'location',
  place: 'location',
  total: 'total',
  totalcount: 'total',
  count: 'total',
  selecteddate: 'date',
  date: 'date',
};
const REQUIRED = ['birder', 'checklist', 'location', 'total'] as const;
/** Each required column as the upload's hint names it, so the error and the hint spell it alike. */
export const COLUMN_NAMES: Record<(typeof REQUIRED)[number], string> = {
  birder: 'Birder',
  checklist: 'ChecklistName',
  location: 'Location',
  total: 'Total',
};
const MAX_SKIPPED_REPORTED = 200;
/** Rows a checklist-analysis upload may hold (blank ones count): the checklist upload's cap. */
export const MAX_ANALYSIS_ROWS = 20_000;

/** Parses 'YYYY-MM-DD', 'DD/MM/YYYY' or an Excel date cell (read as YYYY-MM-DD) into year and month. */
function monthOf(text: string | undefined): Month | undefined {
  if (!text) return undefined;
  // The sheet reader (lib/xlsx.ts) reads no styles: date cells come as Excel serial day numbers.
  if (/^\d{5}(\.\d+)?$/.test(text.trim())) {
    const d = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(text)) * 86_400_000);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
  }
  const iso = /^(\d{4})-(\d{1,2})-\d{1,2}/.exec(text.trim());
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]) };
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (dmy) return { year: Number(dmy[3]), month: Number(dmy[2]) };
  return undefined;
}

/**
 * Summarises an uploaded checklist spreadsheet (nothing is stored): top 5 birders by distinct
 * checklists, the location with the most birds counted, the checklists in all, and the checklists
 * of the month asked against the month before. Unreadable rows are skipped and reported.
 */
export async function analyseChecklists(bytes: Buffer, period: Month): Promise<ChecklistAnalysis> {
  type Column = (typeof REQUIRED)[number] | 'date';
  let columns: Partial<Record<Column, number>> | undefined;
  const checklistsByBirder = new Map<string, Set<string>>();
  const birdsByLocation = new Map<string, number>();
  const allChecklists = new Set<string>();
  const checklistMonths = new Map<string, Month>();
  const skipped: ChecklistAnalysis['skipped'] = [];
  let rowsRead = 0;
  let rowsSeen = 0;
  let skippedCount = 0;
  const skip = (row: number, message: string) => {
    skippedCount++;
    if (skipped.length < MAX_SKIPPED_REPORTED) skipped.push({ row, message });
  };

  for await (const { row, cells } of readSheet(bytes)) {
    if (!columns) {
      columns = {};
      cells.forEach((c, i) => {
        const key = HEADERS[(c ?? '').toLowerCase().replace(/[^a-z]/g, '')];
        if (key && columns && columns[key] === undefined) columns[key] = i;
      });
      const missing = REQUIRED.filter((k) => columns?.[k] === undefined);
      if (missing.length)
        throw new AppError(
          'VALIDATION',
          `The sheet needs the columns Birder, ChecklistName, Location and Total; missing: ${missing.map((k) => COLUMN_NAMES[k]).join(', ')}`,
        );
      continue;
    }
    const cell = (k: Column) => {
      const i = columns?.[k];
      return i === undefined ? undefined : cells[i]?.trim() || undefined;
    };
    // Every row after the header counts toward the cap, blank ones too.
    if (++rowsSeen > MAX_ANALYSIS_ROWS)
      throw new AppError('VALIDATION', `A file may hold at most ${MAX_ANALYSIS_ROWS} rows`);
    if (cells.every((c) => !c?.trim())) continue;
    rowsRead++;
    const birder = cell('birder');
    const checklist = cell('checklist');
    const location = cell('location');
    const totalText = cell('total');
    if (!birder) {
      skip(row, 'Birder is empty');
      continue;
    }
    if (!checklist) {
      skip(row, 'ChecklistName is empty');
      continue;
    }
    const total = totalText === undefined ? 0 : Number(totalText);
    if (!Number.isFinite(total) || total < 0) {
      skip(row, `Total '${totalText}' is not a number of birds`);
      continue;
    }
    const key = `${birder.toLowerCase()}\u0000${checklist.toLowerCase()}`;
    allChecklists.add(key);
    const set = checklistsByBirder.get(birder) ?? new Set<string>();
    checklistsByBirder.set(birder, set.add(key));
    if (location) birdsByLocation.set(location, (birdsByLocation.get(location) ?? 0) + total);
    const m = monthOf(cell('date'));
    if (m && !checklistMonths.has(key)) checklistMonths.set(key, m);
  }
  if (!columns) throw new AppError('VALIDATION', 'The sheet is empty');

  const topBirders = [...checklistsByBirder]
    .map(([name, set]) => ({ name, checklistCount: set.size }))
    .sort((a, b) => b.checklistCount - a.checklistCount || a.name.localeCompare(b.name))
    .slice(0, 5);
  let highest: { location: string; totalBirdCount: number } | null = null;
  for (const [location, totalBirdCount] of birdsByLocation)
    if (!highest || totalBirdCount > highest.totalBirdCount) highest = { location, totalBirdCount };
  const inMonth = (m: Month) =>
    [...checklistMonths.values()].filter((x) => x.year === m.year && x.month === m.month).length;
  const monthly = Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    checklists: inMonth({ year: period.year, month: i + 1 }),
  }));
  if (skippedCount > skipped.length)
    skipped.push({ row: 0, message: `…and ${skippedCount - skipped.length} more rows skipped` });
  return {
    topBirders,
    highestBirdsLocation: highest?.location ?? null,
    highestBirdsLocationTotal: highest?.totalBirdCount ?? null,
    totalChecklists: allChecklists.size,
    changeResult: changeResult(inMonth(period), inMonth(previousMonth(period))),
    year: period.year,
    month: period.month,
    monthly,
    skipped,
    rowsRead,
  };
}

import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { AppError } from './errors';
import { yieldToEventLoop } from './yield';

/**
 * exceljs is loaded on the first spreadsheet, not at start: it is some 25 MB of the API's memory
 * that a process which never reads a spreadsheet does not need to carry.
 */
let exceljs: Promise<typeof ExcelJS> | undefined;
function loadExcelJs(): Promise<typeof ExcelJS> {
  exceljs ??= import('exceljs').then((m) => m.default as typeof ExcelJS);
  return exceljs;
}

export type CellText = string | undefined;

/** A cell as plain text, whatever exceljs made of it (rich text, hyperlink, formula, date, number). */
export function cellText(value: unknown): CellText {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    if (v.error) return undefined;
  }
  return String(value);
}

const YIELD_EVERY_ROWS = 500;

/**
 * Streams the first worksheet of an .xlsx file: yields the header row, then each data row with its
 * row number, as text cells. Uses exceljs's streaming reader, so memory stays flat for large files.
 */
export async function* readSheet(bytes: Buffer): AsyncGenerator<{ row: number; cells: CellText[] }> {
  const { stream } = await loadExcelJs();
  const reader = new stream.xlsx.WorkbookReader(Readable.from(bytes), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  let read = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        // Reading runs on microtasks only: let other requests in now and then.
        if (++read % YIELD_EVERY_ROWS === 0) await yieldToEventLoop();
        const values = (row as ExcelJS.Row).values as unknown[];
        yield { row: (row as ExcelJS.Row).number, cells: values.slice(1).map(cellText) };
      }
      return; // the first sheet only
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('VALIDATION', 'The file could not be read as an .xlsx spreadsheet');
  }
}

/** Levenshtein distance, for reading small misspellings of fixed values ('Passsage migrant'). */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] ?? 0;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] ?? 0;
      prev[j] = Math.min(up + 1, (prev[j - 1] ?? 0) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] ?? 0;
}

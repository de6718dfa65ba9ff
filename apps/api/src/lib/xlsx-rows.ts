import { type CellText, type SheetRow, unreadable } from './xlsx';

/** Rows per message from the reading thread (xlsx-thread.ts). */
export const BATCH_ROWS = 2000;
/** Batches the reading thread may send ahead of the rows read. */
export const IN_FLIGHT = 4;

/**
 * Between two cells and after a row's number: U+0000. Between rows: U+0001. Neither can be in a cell, since
 * XML 1.0 allows no character below U+0009 (saxes refuses a file with one); a cell that had one anyway would
 * make the batch unreadable, so the reader refuses it instead of shifting the cells after it.
 */
const CELL = '\u0000';
const ROW = '\u0001';

/** Rows as one string: each row's number, then its cells (blank ones empty), U+0000 apart; rows U+0001 apart. */
export function encodeRows(rows: SheetRow[]): string {
  const lines: string[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const { row, cells } = rows[i] as SheetRow;
    for (const cell of cells)
      if (cell !== undefined && (cell.includes(CELL) || cell.includes(ROW))) throw unreadable();
    lines[i] = cells.length === 0 ? String(row) : `${row}${CELL}${cells.join(CELL)}`;
  }
  return lines.join(ROW);
}

/** The rows encodeRows wrote: empty cells are undefined again, as readSheet gives them. */
export function decodeRows(text: string): SheetRow[] {
  const rows: SheetRow[] = [];
  if (text === '') return rows;
  for (const line of text.split(ROW)) {
    const parts = line.split(CELL);
    const cells: CellText[] = new Array(parts.length - 1);
    for (let i = 1; i < parts.length; i++) {
      const cell = parts[i] as string;
      cells[i - 1] = cell === '' ? undefined : cell;
    }
    rows.push({ row: Number(parts[0]), cells });
  }
  return rows;
}

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet } from '../src/lib/xlsx';
import { decodeRows, encodeRows } from '../src/lib/xlsx-rows';
import { readSheetInThread } from '../src/lib/xlsx-worker';

type Reader = typeof readSheet;

async function rowsOfWith(bytes: Buffer, read: Reader) {
  const out: { row: number; cells: (string | undefined)[] }[] = [];
  for await (const { row, cells } of read(bytes)) out.push({ row, cells: Array.from(cells) });
  return out;
}

describe.each([
  ['readSheet (the .xlsx reader every upload uses)', readSheet],
  ['readSheetInThread (the checklist upload reads in a thread of its own)', readSheetInThread],
])('%s', (_, read) => {
  const rowsOf = (bytes: Buffer) => rowsOfWith(bytes, read);

  it('reads each kind of cell as the text a spreadsheet shows, by column, first sheet only', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Checklists');
    ws.addRow(['Text', 'Rich', 'Sum', 'Joined', 'Flag', 'Link', 'Date', 'Error', 'Number', 'Blank', 'Last']);
    ws.addRow([
      'Black-necked Crane',
      { richText: [{ text: 'Grey ', font: { bold: true } }, { text: 'Heron' }] },
      { formula: '1+1', result: 2 },
      { formula: '"a"&"b"', result: 'ab' },
      true,
      { text: 'a link', hyperlink: 'https://example.org' },
      new Date(Date.UTC(2025, 3, 12)),
      { error: '#N/A' },
      1.5,
      null,
      'a & b < c',
    ]);
    ws.getCell('D5').value = 'after a gap';
    wb.addWorksheet('Second').addRow(['not read']);
    const rows = await rowsOf(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(rows).toEqual([
      {
        row: 1,
        cells: ['Text', 'Rich', 'Sum', 'Joined', 'Flag', 'Link', 'Date', 'Error', 'Number', 'Blank', 'Last'],
      },
      {
        row: 2,
        cells: [
          'Black-necked Crane',
          'Grey Heron',
          '2',
          'ab',
          'true',
          'a link',
          '45759', // Excel's day count: the upload reads it as 2025-04-12
          undefined,
          '1.5',
          undefined,
          'a & b < c',
        ],
      },
      { row: 5, cells: [undefined, undefined, undefined, 'after a gap'] },
    ]);
  });

  it('answers 400-style errors for what is not a spreadsheet', async () => {
    await expect(rowsOf(Buffer.from('not a zip at all'))).rejects.toThrow(
      'The file could not be read as an .xlsx spreadsheet',
    );
  });
});

describe('the reading thread', () => {
  const workbook = async (rows: number) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Checklists');
    ws.addRow(['ChecklistName', 'BirdName', 'Total']);
    for (let i = 1; i <= rows; i++) ws.addRow([`List ${i % 97}`, i % 5 === 0 ? null : `Bird ${i}`, i]);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };

  it('hands over every row of a file many batches long, in order, as the reader in this thread reads them', async () => {
    const bytes = await workbook(12_345);
    const inThread = await rowsOfWith(bytes, readSheetInThread);
    expect(inThread).toHaveLength(12_346);
    expect(inThread).toEqual(await rowsOfWith(bytes, readSheet));
    expect(inThread[10]).toEqual({ row: 11, cells: ['List 10', undefined, '10'] });
  });

  it('stops the thread when the reading stops early, and reads the next file as well', async () => {
    const bytes = await workbook(9_000);
    const seen: number[] = [];
    for await (const { row } of readSheetInThread(bytes)) {
      seen.push(row);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual([1, 2, 3]);
    expect((await rowsOfWith(bytes, readSheetInThread)).at(-1)?.row).toBe(9_001);
  });

  it('carries blank cells, gaps and rows without cells across, and refuses a cell with a separator in it', () => {
    const rows = [
      { row: 1, cells: ['a', undefined, 'c'] },
      { row: 4, cells: [] },
      { row: 7, cells: [undefined, 'tab\there\nand a line'] },
    ];
    expect(decodeRows(encodeRows(rows))).toEqual(rows);
    expect(() => encodeRows([{ row: 2, cells: ['a\u0001b'] }])).toThrow('could not be read');
    expect(() => encodeRows([{ row: 2, cells: ['a\u0000b'] }])).toThrow('could not be read');
  });
});

describe('a file that exhausts the reading thread', () => {
  it('is refused as unreadable, and this process reads the next file', async () => {
    // Shared strings the thread keeps whole: 40,000 distinct cells of ~200 characters (~8 MB of text), with
    // the thread's heap set to 8 MB.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Checklists');
    const filler = 'x'.repeat(190);
    for (let i = 0; i < 40_000; i++) ws.addRow([`${i} ${filler}`]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const small = async () => {
      const rows = [];
      for await (const r of readSheetInThread(bytes, 8)) rows.push(r);
      return rows;
    };
    await expect(small()).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'The file could not be read as an .xlsx spreadsheet',
    });
    expect((await rowsOfWith(bytes, readSheetInThread)).length).toBe(40_000);
  });
});

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet } from '../src/lib/xlsx';

async function rowsOf(bytes: Buffer) {
  const out: { row: number; cells: (string | undefined)[] }[] = [];
  for await (const { row, cells } of readSheet(bytes)) out.push({ row, cells: Array.from(cells) });
  return out;
}

describe('readSheet (the .xlsx reader every upload uses)', () => {
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

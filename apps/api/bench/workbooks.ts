/** Spreadsheets the benches upload, generated in memory (no large files in the repository). */
import ExcelJS from 'exceljs';

const BIRDS = ['Black-necked Crane', 'Common Raven', 'Grey Heron', 'White-bellied Heron', 'Ruddy Shelduck'];

/**
 * A checklist upload (.xlsx) of `rows` rows: five birds per checklist, each checklist named after this run so
 * that every run adds new checklists rather than updating the last run's.
 */
export async function checklistWorkbook(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Checklists');
  sheet.addRow([
    'ChecklistName',
    'SelectedDate',
    'SelectedTime',
    'Birder',
    'Dzongkhag',
    'Gewog',
    'Village',
    'BirdName',
    'Adult',
    'Juvenile',
    'Total',
    'Remarks',
  ]);
  const run = Date.now().toString(36);
  for (let i = 0; i < rows; i++) {
    sheet.addRow([
      `bench-${run}-${Math.floor(i / 5)}`,
      '2025-04-12',
      '07:30',
      'Bench Birder',
      'Paro',
      'Lamgong',
      'Jitsa',
      `${BIRDS[i % 5]}`,
      1 + (i % 4),
      i % 3,
      1 + (i % 4) + (i % 3),
      i % 7 ? '' : 'seen at dawn',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

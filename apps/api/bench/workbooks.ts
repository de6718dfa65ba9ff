/** Spreadsheets the benches upload, generated in memory (no large files in the repository). */
import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../src/db/client';
import { checklists, entries } from '../src/db/schema';

/** The birder every generated upload's checklists carry (removeBenchUploads finds them by it). */
const BENCH_BIRDER = 'Bench Birder';

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
      BENCH_BIRDER,
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

/**
 * Deletes the checklists (and their entries) that checklistWorkbook's uploads added, so that every bench run
 * measures the database it seeded. Each run's upload had added 20,000 checklists of five birds on one day, and
 * the next runs measured those too: after two runs a search for 'raven' matched 41,677 entries instead of
 * ~1,700, most of them on one date, and took 0.2-0.5 s. Entries go first, in one statement: deleting the
 * checklists alone cascades to their entries one checklist at a time. Returns how many checklists went.
 */
export async function removeBenchUploads(db: Db): Promise<number> {
  const theirs = and(eq(checklists.observerName, BENCH_BIRDER), like(checklists.name, 'bench-%'));
  const [row] = await db.select({ n: count() }).from(checklists).where(theirs);
  const n = row?.n ?? 0;
  if (n === 0) return 0;
  await db
    .delete(entries)
    .where(inArray(entries.checklistId, db.select({ id: checklists.id }).from(checklists).where(theirs)));
  await db.delete(checklists).where(theirs);
  // The deleted rows' space and index entries are reclaimed now rather than left to autovacuum: the next
  // upload, into tables full of dead rows, took 14.7-18.2 s instead of 12-13 s. The summaries the upload and its
  // removal rewrote too: left with their dead rows (66,590 in stats_checklist_bitmaps after two runs) and stale
  // statistics, the entries search for 'a' took 140 ms instead of 70.
  await db.execute(sql`vacuum (analyze) entries, checklists, stats_checklist_bitmaps, stats_birder_birds,
    stats_list_values, stats_list_totals, stats_bird_names, stats_birder, stats_site, stats_checklist_place_month,
    stats_species_month, stats_species_place_month, stats_species_period, stats_place_species, stats_pending_dzongkhag`);
  return n;
}

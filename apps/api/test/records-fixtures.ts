import { randomBytes } from 'node:crypto';
import {
  type ChecklistRow,
  checklists,
  type EntryRow,
  entries,
  type NewChecklistRow,
  type NewEntryRow,
} from '../src/db/schema';
import type { TestApp } from './harness';

export type SeedEntry = Omit<NewEntryRow, 'checklistId'>;

/**
 * A checklist and its entries straight in the database (submitted, from the console, unless told),
 * so review tests do not depend on the routes that add records.
 */
export async function seedChecklist(
  t: TestApp,
  checklist: Partial<NewChecklistRow> = {},
  rows: SeedEntry[] = [],
): Promise<{ checklist: ChecklistRow; entries: EntryRow[] }> {
  const db = t.ctx.database.db;
  const [c] = await db
    .insert(checklists)
    .values({
      name: `Checklist ${randomBytes(3).toString('hex')}`,
      observerName: 'Console Birder',
      selectedDate: '2026-01-15',
      selectedTime: '07:30:00',
      source: 'console',
      status: 'submitted',
      ...checklist,
    })
    .returning();
  if (!c) throw new Error('no checklist');
  const created = rows.length
    ? await db
        .insert(entries)
        .values(rows.map((r) => ({ ...r, checklistId: c.id })))
        .returning()
    : [];
  return { checklist: c, entries: created };
}

/** The entry of a seeded checklist with this bird name; throws when there is none. */
export function entryNamed(seeded: { entries: EntryRow[] }, birdName: string): EntryRow {
  const e = seeded.entries.find((r) => r.birdName === birdName);
  if (!e) throw new Error(`no entry '${birdName}'`);
  return e;
}

/** A CSV document (RFC 4180, as csv-stringify writes it) as rows of cells; the BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

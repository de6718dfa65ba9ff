import { previewText, type UploadPreviewItem } from '@jarog/contracts';
import type { Tx } from '../../db/client';
import type { ChecklistRow, EntryRow } from '../../db/schema';
import type { ChecklistDraft } from './ingest.drafts';
import { ingestRepository as repo } from './ingest.repository';
import type { WriteResult } from './ingest.write';

/** The stored checklists (and their entries) an upload may change, read before a dry run writes. */
export interface DryRunSnapshot {
  checklists: Map<string, ChecklistRow>;
  entries: Map<string, EntryRow>;
}

const CHECKLIST_FIELDS = [
  'observerName',
  'selectedTime',
  'latitude',
  'longitude',
  'dzongkhag',
  'gewog',
  'village',
] as const satisfies readonly (keyof ChecklistRow)[];
const ENTRY_FIELDS = [
  'birdName',
  'adult',
  'juvenile',
  'total',
  'remarks',
  'photoUrl',
  'approval',
] as const satisfies readonly (keyof EntryRow)[];

/** Runs in the dry run's transaction before the write: what is stored now, for the field-by-field diff. */
export async function snapshotFor(tx: Tx, drafts: readonly ChecklistDraft[]): Promise<DryRunSnapshot> {
  const rows = await repo.consoleChecklists(
    tx,
    drafts.map((d) => ({ name: d.name, selectedDate: d.selectedDate, selectedTime: d.selectedTime })),
  );
  const stored = await repo.entriesOf(
    tx,
    rows.map((r) => r.id),
  );
  return {
    checklists: new Map(rows.map((r) => [r.id, r])),
    entries: new Map(stored.map((e) => [e.id, e])),
  };
}

function diff<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T)[],
): UploadPreviewItem['changes'] {
  return fields.flatMap((field) => {
    const from = previewText(before[field]);
    const to = previewText(after[field]);
    return from === to ? [] : [{ field: String(field), from, to }];
  });
}

/** What the (rolled back) write did, row by row: inserted, or updated field by field, or unchanged. */
export function previewOf(snapshot: DryRunSnapshot, result: WriteResult): UploadPreviewItem[] {
  return result.checklists
    .flatMap((c) => {
      const before = c.created ? undefined : snapshot.checklists.get(c.row.id);
      const checklistChanges = before ? diff(before, c.row, CHECKLIST_FIELDS) : [];
      return c.entries.map((e): UploadPreviewItem => {
        const name = `${c.row.name}: ${e.entry.birdName}`;
        const old = snapshot.entries.get(e.entry.id);
        if (!old) return { row: e.draft.seq, action: 'insert', name, changes: [] };
        const changes = [...checklistChanges, ...diff(old, e.entry, ENTRY_FIELDS)];
        return { row: e.draft.seq, action: changes.length > 0 ? 'update' : 'unchanged', name, changes };
      });
    })
    .sort((a, b) => a.row - b.row);
}

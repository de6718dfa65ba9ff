import { previewText, type UploadPreviewItem } from '@jarog/contracts';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { ChecklistRow, EntryRow } from '../../db/schema';
import type { ChecklistDraft } from './ingest.drafts';
import { ingestRepository as repo } from './ingest.repository';
import { runWrite, tally } from './ingest.service';
import { findExisting, type WriteMode, type WriteResult } from './ingest.write';
import { birdKey, resolveSpecies } from './species-link';

/** The stored checklists (and their entries) an upload may change, read before a dry run writes. */
interface DryRunSnapshot {
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
async function snapshotFor(tx: Tx, drafts: readonly ChecklistDraft[]): Promise<DryRunSnapshot> {
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
function previewOf(snapshot: DryRunSnapshot, result: WriteResult): UploadPreviewItem[] {
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

/** A dry run's answer, thrown out of the transaction so that it rolls back. */
class DryRun {
  constructor(readonly answer: { preview: UploadPreviewItem[] } & ReturnType<typeof tally>) {}
}

/**
 * What an upload would do, nothing saved. Checklists it would create are listed from the file alone
 * (every entry an insert, names as the catalogue spells them); those it would change are written in a
 * transaction that is rolled back, and compared field by field with what was stored before. A file of
 * new checklists thus holds no transaction open however large it is.
 */
export async function previewWrite(
  ctx: AppContext,
  drafts: ChecklistDraft[],
  mode: WriteMode,
): Promise<{ preview: UploadPreviewItem[] } & ReturnType<typeof tally>> {
  const found = await findExisting(ctx.database.db, drafts, mode);
  const fresh = drafts.filter((_, i) => !found[i]);
  const continuing = drafts.filter((_, i) => found[i]);
  const species = await resolveSpecies(
    ctx.database.db,
    fresh.flatMap((d) => d.entries.map((e) => e.birdName)),
  );
  const preview = fresh.flatMap((d) =>
    d.entries.map(
      (e): UploadPreviewItem => ({
        row: e.seq,
        action: 'insert',
        name: `${d.name}: ${species.get(birdKey(e.birdName))?.englishName ?? e.birdName}`,
        changes: [],
      }),
    ),
  );
  const counts = { inserted: preview.length, updated: 0, unchanged: 0 };
  if (continuing.length > 0) {
    const { onWritten: _, ...quiet } = mode;
    let snapshot: DryRunSnapshot | undefined;
    const stored = await runWrite(ctx, {
      scope: 'console',
      drafts: continuing,
      mode: quiet,
      before: async (tx) => {
        snapshot = await snapshotFor(tx, continuing);
      },
      after: async (_tx, result) => {
        throw new DryRun({ ...tally(result), preview: snapshot ? previewOf(snapshot, result) : [] });
      },
    }).then(
      () => undefined,
      (err: unknown) => {
        if (err instanceof DryRun) return err.answer;
        throw err;
      },
    );
    if (stored) {
      preview.push(...stored.preview);
      counts.inserted += stored.inserted;
      counts.updated += stored.updated;
      counts.unchanged += stored.unchanged;
    }
  }
  return { ...counts, preview: preview.sort((a, b) => a.row - b.row) };
}

import { previewText, type UploadPreviewItem } from '@jarog/contracts';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { ChecklistRow, EntryRow } from '../../db/schema';
import type { ChecklistDraft } from './ingest.drafts';
import { ingestRepository as repo } from './ingest.repository';
import { runWrite, tally } from './ingest.service';
import { sortDrafts, type WriteMode, type WriteResult } from './ingest.write';
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
 * What an upload would do, nothing saved. Read first, outside any transaction: checklists it would create
 * are listed from the file alone (every entry an insert, names as the catalogue spells them), and stored
 * checklists it would leave as they are, as unchanged. Only those it would change are written, in a
 * transaction that is rolled back, and compared field by field with what was stored before. A large file
 * of new or unchanged checklists thus holds no transaction open.
 */
export async function previewWrite(
  ctx: AppContext,
  drafts: ChecklistDraft[],
  mode: WriteMode,
): Promise<{ preview: UploadPreviewItem[] } & ReturnType<typeof tally>> {
  const { fresh, changing, unchanged } = await sortDrafts(ctx.database.db, drafts, mode);
  const species = await resolveSpecies(
    ctx.database.db,
    fresh.flatMap((d) => d.entries.map((e) => e.birdName)),
  );
  const inserts = fresh.flatMap((d) =>
    d.entries.map(
      (e): UploadPreviewItem => ({
        row: e.seq,
        action: 'insert',
        name: `${d.name}: ${species.get(birdKey(e.birdName))?.englishName ?? e.birdName}`,
        changes: [],
      }),
    ),
  );
  const same = unchanged.flatMap((c) =>
    c.entries.map(
      (e): UploadPreviewItem => ({
        row: e.draft.seq,
        action: 'unchanged',
        name: `${c.row.name}: ${e.entry.birdName}`,
        changes: [],
      }),
    ),
  );
  const changed = changing.length > 0 ? await rolledBack(ctx, changing, mode) : undefined;
  return {
    inserted: inserts.length + (changed?.inserted ?? 0),
    updated: changed?.updated ?? 0,
    unchanged: same.length + (changed?.unchanged ?? 0),
    preview: [...inserts, ...same, ...(changed?.preview ?? [])].sort((a, b) => a.row - b.row),
  };
}

/** The drafts written in a transaction that is rolled back: what they did, row by row. */
async function rolledBack(ctx: AppContext, drafts: ChecklistDraft[], mode: WriteMode) {
  const { onWritten: _, ...quiet } = mode;
  let snapshot: DryRunSnapshot | undefined;
  return runWrite(ctx, {
    scope: 'console',
    drafts,
    mode: quiet,
    before: async (tx) => {
      snapshot = await snapshotFor(tx, drafts);
    },
    after: async (_tx, result) => {
      throw new DryRun({ ...tally(result), preview: snapshot ? previewOf(snapshot, result) : [] });
    },
  }).then(
    (): never => {
      throw new Error('a dry run must roll back');
    },
    (err: unknown) => {
      if (err instanceof DryRun) return err.answer;
      throw err;
    },
  );
}

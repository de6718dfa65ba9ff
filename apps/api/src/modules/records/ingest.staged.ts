import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { computeFlags } from '../review/flags';
import { reviewWritten } from '../review/review.service';
import type { ChecklistDraft } from './ingest.drafts';
import { ingestRepository as repo } from './ingest.repository';
import { runWrite, type WriteRequest, withPhotos } from './ingest.service';
import { STAGE_ROWS, type StagedChecklist, type StagedEntry, Staging } from './ingest.staging';
import {
  newChecklistValues,
  newEntryValues,
  resolverFor,
  sortDrafts,
  type WriteMode,
  type WrittenSummary,
  writeDrafts,
} from './ingest.write';
import { resolveSpecies } from './species-link';

/** Staged checklists judged (review flags) per statement: about a thousand entries at a time. */
const FLAG_CHECKLISTS = 200;
/** Entries from which an upload refreshes the planner's statistics once it is stored (see Database.analyze). */
export const ANALYZE_AFTER_ENTRIES = 1000;

/** Another write created one of the staged checklists first: the upload is written directly instead. */
class Clash {}

/**
 * The embedded database (PGlite) has one connection: while a transaction runs, every other request's
 * queries wait for it, and one that writes 20,000 entries took seconds. So the checklists an upload
 * creates are written ahead, in short statements that other requests' queries run between, and the
 * transaction that makes them count is short:
 * 1. they go into temporary tables, where their review flags are worked out as if they were stored;
 * 2. they are copied into the real tables hidden (status 'importing', seen by no list, count or birder);
 * 3. one transaction re-checks that no one created the same checklists meanwhile, reveals them with one
 *    UPDATE (the statistics triggers run there), and writes the rows that change stored checklists as a
 *    direct write does (runWrite).
 * All or nothing holds: nothing is visible before that transaction commits. A failure removes the hidden
 * rows; a crash leaves only hidden rows, removed at the next start (discardHiddenImports), and
 * temporary tables, which vanish with the session. Should someone have created one of the checklists
 * meanwhile, the upload is written directly in one transaction instead (runWrite), as on PostgreSQL.
 */
export async function runStagedWrite<T>(
  ctx: AppContext,
  opts: Omit<WriteRequest<T>, 'before' | 'after'> & {
    after: (tx: Tx, result: WrittenSummary) => Promise<T>;
  },
): Promise<{ result: WrittenSummary; answer: T }> {
  const db = ctx.database.db;
  const { fresh, changing, unchanged } = await sortDrafts(db, opts.drafts, opts.mode);
  // Checklists the file leaves as they are need no write; they are reported all the same.
  const withUnchanged = (r: WrittenSummary): WrittenSummary => ({
    checklists: [...unchanged, ...r.checklists],
    obsoletePhotos: r.obsoletePhotos,
  });
  if (fresh.length === 0) {
    const { result, answer } = await runWrite(ctx, {
      ...opts,
      drafts: changing,
      after: (tx, r) => opts.after(tx, withUnchanged(r)),
    });
    return { result: withUnchanged(result), answer };
  }
  const { onWritten, ...quiet } = opts.mode;
  const planned = await plan(ctx, fresh, opts.mode);
  const ids = planned.checklists.map((c) => c.id);
  const stage = await Staging.open(db);
  let hidden = false;
  try {
    const outcome = await withPhotos(ctx, opts.drafts, async () => {
      await stage.addChecklists(planned.checklists);
      await stage.addEntries(planned.entries);
      await stage.prepareForFlags();
      const submitted = planned.checklists.filter((c) => c.status === 'submitted').map((c) => c.id);
      for (let i = 0; i < submitted.length; i += FLAG_CHECKLISTS) {
        await stage.setFlags(await computeFlags(db, submitted.slice(i, i + FLAG_CHECKLISTS), stage));
      }
      hidden = true;
      let done = 0;
      for (const part of planned.batches) {
        await stage.hide(part.ids);
        done += part.entries;
        onWritten?.(done, planned.entries.length);
      }
      return db.transaction(async (tx) => {
        await repo.lock(tx, opts.scope);
        if (await stage.clashes(tx)) throw new Clash();
        await stage.reveal(tx);
        const stored = await writeDrafts(tx, changing, quiet);
        await reviewWritten(tx, stored, opts.mode.source);
        const result = withUnchanged({
          checklists: [...planned.summary, ...stored.checklists],
          obsoletePhotos: stored.obsoletePhotos,
        });
        return { result, answer: await opts.after(tx, result) };
      });
    });
    if (planned.entries.length >= ANALYZE_AFTER_ENTRIES) await ctx.database.analyze();
    return outcome;
  } catch (err) {
    // Only rows still hidden go: after the reveal committed there are none.
    if (hidden) await stage.discard(ids).catch(() => undefined);
    if (err instanceof Clash) return runWrite(ctx, opts);
    throw err;
  } finally {
    // When the database itself failed the tables cannot be dropped; they vanish with the session.
    await stage.drop().catch(() => undefined);
  }
}

/** The rows the new checklists become, with their ids, and the summary the answer is built from. */
async function plan(ctx: AppContext, drafts: ChecklistDraft[], mode: WriteMode) {
  const resolve = resolverFor(
    await resolveSpecies(
      ctx.database.db,
      drafts.flatMap((d) => d.entries.map((e) => e.birdName)),
    ),
  );
  const now = new Date();
  const checklists: StagedChecklist[] = [];
  const entries: StagedEntry[] = [];
  const summary: WrittenSummary['checklists'] = [];
  for (const draft of drafts) {
    const id = randomUUID();
    checklists.push({ id, ...newChecklistValues(draft, mode) });
    const written: WrittenSummary['checklists'][number]['entries'] = [];
    for (const e of [...draft.entries].sort((a, b) => a.seq - b.seq)) {
      const values = newEntryValues(e, resolve(e), id, mode, now);
      const entry = { id: randomUUID(), ...values, position: entries.length };
      entries.push(entry);
      written.push({
        draft: e,
        entry: { id: entry.id, birdName: values.birdName, photoUrl: values.photoUrl ?? null },
        action: 'added',
      });
    }
    summary.push({ row: { id, name: draft.name }, entries: written });
  }
  // Checklists per hide statement: whole checklists, about STAGE_ROWS entries (at least one checklist).
  const batches: { ids: string[]; entries: number }[] = [];
  for (const c of summary) {
    const last = batches.at(-1);
    if (last && last.entries + c.entries.length <= STAGE_ROWS) {
      last.ids.push(c.row.id);
      last.entries += c.entries.length;
    } else batches.push({ ids: [c.row.id], entries: c.entries.length });
  }
  return { checklists, entries, summary, batches };
}

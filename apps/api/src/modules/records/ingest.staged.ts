import type { AppContext } from '../../context';
import { connectionOf, type Tx } from '../../db/client';
import { newRowId as newId } from '../../lib/ids';
import { pacer } from '../../lib/yield';
import { flagsInBatches } from '../review/flags';
import { reviewWritten } from '../review/review.service';
import type { ChecklistDraft } from './ingest.drafts';
import { photoUrlOf } from './ingest.photos';
import { chunks, ingestRepository as repo } from './ingest.repository';
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
 * meanwhile, the upload is written directly in one transaction instead (runWrite).
 * On PostgreSQL the same staging runs inside one transaction instead (runCopiedWrite): other requests have
 * connections of their own, and each entry is then written once, flags included.
 */
/** An upload's write request, whose answer is built from what it reports (WrittenSummary). */
type StagedRequest<T> = Omit<WriteRequest<T>, 'before' | 'after'> & {
  after: (tx: Tx, result: WrittenSummary) => Promise<T>;
};

/**
 * The end of both staged writes, in their transaction once the new checklists are stored: the rows that
 * change stored checklists, written as a direct write does, then the answer over everything.
 */
async function finishStagedWrite<T>(
  tx: Tx,
  opts: StagedRequest<T>,
  planned: Awaited<ReturnType<typeof plan>>,
  changing: ChecklistDraft[],
  withUnchanged: (r: WrittenSummary) => WrittenSummary,
): Promise<{ result: WrittenSummary; answer: T }> {
  const { onWritten: _, ...quiet } = opts.mode;
  const stored = await writeDrafts(tx, changing, quiet);
  await reviewWritten(tx, stored, opts.mode.source);
  const result = withUnchanged({
    checklists: [...planned.summary, ...stored.checklists],
    obsoletePhotos: stored.obsoletePhotos,
  });
  return { result, answer: await opts.after(tx, result) };
}

export async function runStagedWrite<T>(
  ctx: AppContext,
  opts: StagedRequest<T>,
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
  const { onWritten } = opts.mode;
  const planned = await plan(ctx, fresh, opts.mode);
  if (ctx.database.kind === 'postgres') {
    try {
      return await runCopiedWrite(ctx, opts, planned, changing, withUnchanged);
    } catch (err) {
      if (err instanceof Clash) return runWrite(ctx, opts);
      throw err;
    }
  }
  const ids = planned.summary.map((c) => c.row.id);
  const stage = await Staging.open(db);
  let hidden = false;
  try {
    const outcome = await withPhotos(ctx, opts.drafts, async () => {
      await stage.addChecklists(planned.checklists());
      await stage.addEntries(planned.entries());
      await stage.prepareForFlags();
      for await (const flags of flagsInBatches(db, chunks(planned.submitted, FLAG_CHECKLISTS), stage)) {
        await stage.setFlags(flags);
      }
      hidden = true;
      let done = 0;
      for (const part of planned.batches) {
        await stage.hide(part.ids);
        done += part.entries;
        onWritten?.(done, planned.entryCount);
      }
      return db.transaction(async (tx) => {
        await repo.lock(tx, opts.scope);
        if (await stage.clashes(tx)) throw new Clash();
        await stage.reveal(tx);
        return finishStagedWrite(tx, opts, planned, changing, withUnchanged);
      });
    });
    if (planned.entryCount >= ANALYZE_AFTER_ENTRIES) await ctx.database.analyze();
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

/** Staged checklists judged per statement on PostgreSQL, where the staging runs in the transaction. */
const FLAG_CHECKLISTS_COPIED = 1000;
/** Entries stored per statement on PostgreSQL (the answer's progress moves once per statement). */
const STORE_ENTRIES = 10_000;

/**
 * PostgreSQL: everything in one transaction on one connection (other requests have connections of
 * their own, so nothing needs to be kept short). The new checklists are copied (COPY FROM STDIN) into
 * temporary tables, judged there (review flags, as the embedded path does), and written once, flags
 * and all, with one INSERT … SELECT per table and batch: no entry is written twice and no statement
 * carries 100,000 rows' parameters. Rows that change stored checklists are written as a direct write
 * does. Someone having created one of the checklists since they were sorted throws Clash.
 */
async function runCopiedWrite<T>(
  ctx: AppContext,
  opts: StagedRequest<T>,
  planned: Awaited<ReturnType<typeof plan>>,
  changing: ChecklistDraft[],
  withUnchanged: (r: WrittenSummary) => WrittenSummary,
): Promise<{ result: WrittenSummary; answer: T }> {
  const { onWritten } = opts.mode;
  return withPhotos(ctx, opts.drafts, () =>
    ctx.database.db.transaction(async (tx) => {
      await repo.lock(tx, opts.scope);
      onWritten?.(0, planned.entryCount);
      const stage = await Staging.open(tx, connectionOf(tx));
      await stage.addChecklists(planned.checklists());
      if (await stage.clashes(tx)) throw new Clash();
      await stage.addEntries(planned.entries());
      await stage.prepareForFlags();
      for await (const flags of flagsInBatches(
        tx,
        chunks(planned.submitted, FLAG_CHECKLISTS_COPIED),
        stage,
      )) {
        await stage.setFlags(flags);
      }
      let done = 0;
      for (const part of batchesOf(planned.summary, STORE_ENTRIES)) {
        await stage.store(part.ids);
        done += part.entries;
        onWritten?.(done, planned.entryCount);
      }
      await stage.drop();
      return finishStagedWrite(tx, opts, planned, changing, withUnchanged);
    }),
  );
}

/** Whole checklists in batches of about `size` entries (at least one checklist each). */
function batchesOf(summary: WrittenSummary['checklists'], size: number) {
  const batches: { ids: string[]; entries: number }[] = [];
  for (const c of summary) {
    const last = batches.at(-1);
    if (last && last.entries + c.entries.length <= size) {
      last.ids.push(c.row.id);
      last.entries += c.entries.length;
    } else batches.push({ ids: [c.row.id], entries: c.entries.length });
  }
  return batches;
}

/**
 * The new checklists' ids and the summary the answer is built from; their rows are made as they are
 * written (`checklists()`, `entries()`), so that a 100,000-row file's rows are never all held at once.
 */
async function plan(ctx: AppContext, drafts: ChecklistDraft[], mode: WriteMode) {
  const pace = pacer();
  // The distinct names, gathered in turns (a flatMap of 100,000 names was one long turn of the event loop).
  const names = new Set<string>();
  for (const d of drafts) {
    await pace();
    for (const e of d.entries) names.add(e.birdName);
  }
  const resolve = resolverFor(await resolveSpecies(ctx.database.db, [...names]));
  const now = new Date();
  const summary: WrittenSummary['checklists'] = [];
  const submitted: string[] = [];
  let entryCount = 0;
  for (const draft of drafts) {
    await pace();
    const id = newId();
    if (newChecklistValues(draft, mode).status === 'submitted') submitted.push(id);
    const written: WrittenSummary['checklists'][number]['entries'] = [];
    for (const e of [...draft.entries].sort((a, b) => a.seq - b.seq)) {
      const entry = {
        id: newId(),
        birdName: resolve(e).birdName,
        photoUrl: photoUrlOf(e.photo) ?? null,
      };
      written.push({ draft: e, entry, action: 'added' });
    }
    entryCount += written.length;
    summary.push({ row: { id, name: draft.name }, entries: written });
  }
  function* checklists(): Generator<StagedChecklist> {
    for (const [i, draft] of drafts.entries()) {
      const id = summary[i]?.row.id;
      if (id) yield { id, ...newChecklistValues(draft, mode) };
    }
  }
  function* entries(): Generator<StagedEntry> {
    let position = 0;
    for (const c of summary) {
      for (const { draft, entry } of c.entries) {
        yield {
          id: entry.id,
          ...newEntryValues(draft, resolve(draft), c.row.id, mode, now),
          position: position++,
        };
      }
    }
  }
  // Checklists per hide statement: whole checklists, about STAGE_ROWS entries (at least one checklist).
  const batches = batchesOf(summary, STAGE_ROWS);
  return { checklists, entries, entryCount, submitted, summary, batches };
}

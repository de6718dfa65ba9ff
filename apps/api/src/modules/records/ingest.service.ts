import { type ChecklistAddResponse, ChecklistFormSchema, type ChecklistGroup } from '@jarog/contracts';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { pacer } from '../../lib/yield';
import { parse } from '../../middleware/validate';
import {
  type Answer,
  claim,
  type IdempotentRequest,
  once,
  remember,
} from '../idempotency/idempotency.service';
import { recordActivity } from '../notifications/notifications.service';
import { reviewWritten } from '../review/review.service';
import type { ChecklistDraft } from './ingest.drafts';
import { documentsToDrafts, formToDrafts, readDocuments } from './ingest.normalise';
import { deletePhotos, storePhotos } from './ingest.photos';
import { ingestRepository as repo } from './ingest.repository';
import { groupBy, type WriteMode, type WriteResult, type WrittenSummary, writeDrafts } from './ingest.write';
import { toChecklistGroup } from './records.mapper';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
export const entriesText = (n: number) => plural(n, 'entry', 'entries');

/** Counts of what a write did to entries. */
export function tally(result: WrittenSummary): { inserted: number; updated: number; unchanged: number } {
  // One pass, no copies: an upload's 100,000 entries are counted twice per upload.
  const counts = { inserted: 0, updated: 0, unchanged: 0 };
  for (const c of result.checklists) {
    for (const { action } of c.entries) {
      if (action === 'added') counts.inserted++;
      else if (action === 'updated') counts.updated++;
      else if (action === 'unchanged') counts.unchanged++;
    }
  }
  return counts;
}

/**
 * Stores the drafts' photos, then runs the write. Photo files nobody ended up using, or that a change
 * replaced, are removed once it commits; every file stored is removed if it fails.
 */
export async function withPhotos<R extends WrittenSummary, T>(
  ctx: AppContext,
  drafts: ChecklistDraft[],
  write: () => Promise<{ result: R; answer: T }>,
): Promise<{ result: R; answer: T }> {
  // The entries one by one: a flatMap of an upload's 100,000 took ~50 ms in one turn of the event loop.
  const stored = await storePhotos(
    ctx,
    (function* () {
      for (const d of drafts) yield* d.entries;
    })(),
  );
  let outcome: { result: R; answer: T };
  try {
    outcome = await write();
  } catch (err) {
    await deletePhotos(ctx, stored);
    throw err;
  }
  const used = new Set<string>();
  const pace = pacer();
  for (const c of outcome.result.checklists) {
    await pace();
    for (const { entry } of c.entries) if (entry.photoUrl) used.add(entry.photoUrl);
  }
  await deletePhotos(ctx, [...stored.filter((u) => !used.has(u)), ...outcome.result.obsoletePhotos]);
  return outcome;
}

/** What a records write is asked to do (runWrite, and runStagedWrite for uploads). */
export interface WriteRequest<T> {
  scope: string;
  drafts: ChecklistDraft[];
  mode: WriteMode;
  /** Runs first in the transaction, after the lock. */
  before?: (tx: Tx) => Promise<void>;
  /** Runs last in the transaction: the activity log, and the answer. */
  after: (tx: Tx, result: WriteResult) => Promise<T>;
}

/**
 * Stores the drafts' photos, then writes the drafts in one transaction serialised per `scope`
 * (`before` runs first, after the lock; `after` adds the activity log and builds the answer).
 */
export async function runWrite<T>(
  ctx: AppContext,
  opts: WriteRequest<T>,
): Promise<{ result: WriteResult; answer: T }> {
  return withPhotos(ctx, opts.drafts, () =>
    ctx.database.db.transaction(async (tx) => {
      await repo.lock(tx, opts.scope);
      await opts.before?.(tx);
      const result = await writeDrafts(tx, opts.drafts, opts.mode);
      await reviewWritten(tx, result, opts.mode.source);
      return { result, answer: await opts.after(tx, result) };
    }),
  );
}

/** The checklists a write touched, each with all its entries, as the console lists them. */
export async function groupsOf(
  ctx: AppContext,
  result: WriteResult,
  q: Db | Tx = ctx.database.db,
): Promise<ChecklistGroup[]> {
  const rows = result.checklists.map((c) => c.row);
  const all = await repo.entriesOf(
    q,
    rows.map((r) => r.id),
  );
  const byChecklist = groupBy(all, (e) => e.checklistId);
  return rows.map((r) => toChecklistGroup(r, byChecklist.get(r.id) ?? []));
}

/** The activity-log line for one checklist the console wrote, or none when nothing changed. */
function activityLine(c: WriteResult['checklists'][number], actor: UserRow): string | undefined {
  if (!c.changed) return undefined;
  if (c.created)
    return `Checklist '${c.row.name}' with ${entriesText(c.entries.length)} added by ${actor.email}`;
  const added = c.entries.filter((e) => e.action === 'added').length;
  const updated = c.entries.filter((e) => e.action === 'updated').length;
  return `Checklist '${c.row.name}' updated (${entriesText(added)} added, ${updated} updated) by ${actor.email}`;
}

function summary(result: WriteResult): string {
  const { inserted, updated, unchanged } = tally(result);
  const [only] = result.checklists;
  if (result.checklists.length === 1 && only?.created) {
    return `Checklist '${only.row.name}' with ${entriesText(inserted)} added`;
  }
  const where =
    result.checklists.length === 1 && only
      ? `Checklist '${only.row.name}'`
      : plural(result.checklists.length, 'checklist', 'checklists');
  return `${where}: ${entriesText(inserted)} added, ${updated} updated, ${unchanged} unchanged`;
}

/** Whether a body is in the original document shape (one document or a list) rather than the form. */
export const isDocumentBody = (body: unknown): boolean =>
  Array.isArray(body) ||
  (typeof body === 'object' &&
    body !== null &&
    ['StartbirdingData', 'CheckListName', 'BirdName'].some((k) => k in body));

/**
 * POST /api/v1/checklists: the console's form or original documents. Console records are submitted
 * and approved by the admin who adds them (a document's own Approvedstatus is kept). The same
 * checklist sent again (observer, name, date, time) is updated, never duplicated.
 */
export async function addChecklists(
  ctx: AppContext,
  actor: UserRow,
  body: unknown,
  idem?: IdempotentRequest,
): Promise<Answer<ChecklistAddResponse>> {
  const db = ctx.database.db;
  return once(db, idem, async () => {
    let drafts: ChecklistDraft[];
    if (isDocumentBody(body)) {
      const { docs, list } = readDocuments(body);
      drafts = await documentsToDrafts(db, docs, list, {});
    } else {
      drafts = await formToDrafts(db, parse(ChecklistFormSchema, body));
    }
    const { answer } = await runWrite(ctx, {
      scope: 'console',
      drafts,
      mode: { source: 'console', actor },
      before: async (tx) => (idem ? claim(tx, idem) : undefined),
      after: async (tx, result) => {
        for (const c of result.checklists) {
          const line = activityLine(c, actor);
          if (line) await recordActivity(tx, actor, line);
        }
        // Built inside the transaction so that, with an Idempotency-Key, it commits with the write.
        const counts = tally(result);
        const response: ChecklistAddResponse = {
          message: summary(result),
          ...counts,
          data: await groupsOf(ctx, result, tx),
        };
        const statusCode = counts.inserted > 0 ? 201 : 200;
        if (idem) await remember(tx, idem, statusCode, response);
        return { statusCode, body: response };
      },
    });
    return answer;
  });
}

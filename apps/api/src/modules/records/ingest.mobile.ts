import { createHash } from 'node:crypto';
import {
  type ChecklistStatus,
  type Entry,
  MAX_OWN_ENTRIES,
  type MobileChecklistQuery,
  type MobileChecklistResponse,
  type MobileEntriesResponse,
  type MobileUploadResponse,
} from '@jarog/contracts';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { ChecklistRow, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { type Answer, claim, idempotentRequest, once, remember } from '../idempotency/idempotency.service';
import { recordActivity } from '../notifications/notifications.service';
import { reviewSubmitted } from '../review/review.service';
import { documentsToDrafts, readDocuments } from './ingest.normalise';
import { deletePhotos } from './ingest.photos';
import { ingestRepository as repo } from './ingest.repository';
import { entriesText, runWrite } from './ingest.service';
import { toEntry } from './records.mapper';

/**
 * POST /api/v1/checkList: entries in the original document shape, one or a list, all the caller's.
 * Retries create nothing twice: a checklist is found again by its `clientId`, else by name, date and
 * time, and a bird already on it is updated; with an `Idempotency-Key` the first answer is replayed.
 */
export async function uploadOwnEntries(
  ctx: AppContext,
  caller: UserRow,
  body: unknown,
  idempotencyKey: string | undefined,
): Promise<Answer<MobileUploadResponse>> {
  const db = ctx.database.db;
  const idem = idempotentRequest(caller.id, idempotencyKey, body);
  return once(db, idem, async () => {
    const { docs, list } = readDocuments(body);
    const drafts = await documentsToDrafts(db, docs, list, { caller, photoHosts: ctx.env.photoUrlHosts });
    const { answer } = await runWrite(ctx, {
      scope: `observer:${caller.id}`,
      drafts,
      mode: { source: 'mobile', actor: caller },
      // The same key may have finished while this request waited for the lock.
      before: async (tx) => (idem ? claim(tx, idem) : undefined),
      after: async (tx, result) => {
        for (const c of result.checklists.filter((x) => x.submitted)) {
          const n = await countEntries(tx, c.row);
          await recordActivity(
            tx,
            caller,
            `Checklist '${c.row.name}' with ${entriesText(n)} submitted by ${caller.email}`,
          );
        }
        const rows = new Map(result.checklists.map((c) => [c.row.id, c.row]));
        const byDraft = new Map(result.checklists.flatMap((c) => c.entries.map((e) => [e.draft, e])));
        const wire: Entry[] = drafts
          .flatMap((d) => d.entries)
          .sort((a, b) => a.seq - b.seq)
          .flatMap((d) => {
            const w = byDraft.get(d);
            const row = w && rows.get(w.checklistId);
            return w && row ? [toEntry(w.entry, row)] : [];
          });
        const response: MobileUploadResponse = {
          status: 'success',
          results: wire.length,
          data: list ? wire : (wire[0] as Entry),
        };
        if (idem) await remember(tx, idem, 201, response);
        return response;
      },
    });
    return { statusCode: 201, body: answer };
  });
}

async function countEntries(tx: Tx, checklist: ChecklistRow): Promise<number> {
  return (await repo.entriesOf(tx, [checklist.id])).length;
}

/**
 * GET /api/v1/checkList: the caller's own entries (never another birder's), most recently changed
 * checklist first. `all` (no query at all, the installed app's poll): every entry, up to
 * MAX_OWN_ENTRIES, on one page.
 */
export async function listOwnEntries(
  ctx: AppContext,
  caller: UserRow,
  q: MobileChecklistQuery,
  all: boolean,
): Promise<MobileEntriesResponse> {
  const serverTime = new Date().toISOString();
  const page = all ? 1 : q.page;
  const limit = all ? MAX_OWN_ENTRIES : q.limit;
  const { rows, total } = await repo.ownEntries(
    ctx.database.db,
    caller.id,
    q.since ? new Date(q.since) : undefined,
    (page - 1) * limit,
    limit,
  );
  return {
    status: 'success',
    results: rows.length,
    total,
    page,
    limit,
    serverTime,
    data: rows.map((r) => toEntry(r.entry, r.checklist)),
  };
}

/**
 * A strong validator for the entries a poll returns (not the envelope's serverTime): the same entries
 * give the same ETag, so the app's 5-second poll is answered 304 with no body while nothing changed.
 */
export function entriesEtag(body: MobileEntriesResponse): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([body.total, body.page, body.limit, body.data]))
    .digest('base64url');
  return `"${digest.slice(0, 27)}"`;
}

/** The caller's checklist by its id or one of its entries' ids; anyone else's is not found. */
async function ownChecklist(tx: Tx, caller: UserRow, id: string) {
  const found = await repo.ownChecklistOf(tx, caller.id, id);
  const locked = found && (await repo.lockChecklist(tx, found.checklist.id));
  if (!found || !locked) throw notFound('Checklist');
  return { checklist: locked, entryId: found.entryId };
}

/**
 * PATCH /api/v1/checkList/{id} `{status}`: submits an own draft (id of the checklist or of any of its
 * entries). Submitting a submitted checklist changes nothing; a submitted one cannot become a draft.
 */
export async function setOwnStatus(
  ctx: AppContext,
  caller: UserRow,
  id: string,
  status: ChecklistStatus,
): Promise<MobileChecklistResponse> {
  return ctx.database.db.transaction(async (tx) => {
    let { checklist } = await ownChecklist(tx, caller, id);
    if (status === 'draftchecklist' && checklist.status === 'submitted') {
      throw new AppError(
        'CONFLICT',
        `Checklist '${checklist.name}' is submitted and cannot go back to draft`,
      );
    }
    let rows = await repo.entriesOf(tx, [checklist.id]);
    if (status === 'submittedchecklist' && checklist.status === 'draft') {
      checklist = (await repo.updateChecklist(tx, checklist.id, { status: 'submitted' })) ?? checklist;
      await reviewSubmitted(tx, [checklist], 'mobile');
      rows = await repo.entriesOf(tx, [checklist.id]);
      await recordActivity(
        tx,
        caller,
        `Checklist '${checklist.name}' with ${entriesText(rows.length)} submitted by ${caller.email}`,
      );
    }
    const data = rows.map((e) => toEntry(e, checklist));
    return { status: 'success', results: data.length, data };
  });
}

/**
 * DELETE /api/v1/checkList/{id}: deletes an own draft checklist, or one entry of it (the checklist
 * goes with its last entry). Submitted records stay (409).
 */
export async function deleteOwnDraft(ctx: AppContext, caller: UserRow, id: string): Promise<void> {
  const photos = await ctx.database.db.transaction(async (tx) => {
    const { checklist, entryId } = await ownChecklist(tx, caller, id);
    if (checklist.status === 'submitted') {
      throw new AppError(
        'CONFLICT',
        `Checklist '${checklist.name}' is submitted and can no longer be deleted from the app`,
      );
    }
    const rows = await repo.entriesOf(tx, [checklist.id]);
    const gone = entryId ? rows.filter((e) => e.id === entryId) : rows;
    if (!entryId || gone.length === rows.length) await repo.deleteChecklist(tx, checklist.id);
    else {
      await repo.deleteEntry(tx, entryId);
      await repo.updateChecklist(tx, checklist.id, {});
    }
    return gone.flatMap((e) => (e.photoUrl ? [e.photoUrl] : []));
  });
  await deletePhotos(ctx, photos);
}

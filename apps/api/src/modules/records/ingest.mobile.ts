import { createHash } from 'node:crypto';
import {
  type ChecklistStatus,
  type Entry,
  IdempotencyKeySchema,
  type MobileChecklistQuery,
  type MobileChecklistResponse,
  type MobileEntriesResponse,
  type MobileUploadResponse,
} from '@jarog/contracts';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { ChecklistRow, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { parse } from '../../middleware/validate';
import { recordActivity } from '../notifications/notifications.service';
import { documentsToDrafts, readDocuments } from './ingest.normalise';
import { deletePhotos } from './ingest.photos';
import { ingestRepository as repo } from './ingest.repository';
import { entriesText, runWrite } from './ingest.service';
import { toEntry } from './records.mapper';

/** How long a stored answer to an Idempotency-Key is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** JSON with object keys sorted, so the same body always hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface Replayable<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

/** A stored answer for this key, or a 422 when the key came with another body. */
class Replay extends Error {
  constructor(readonly row: { statusCode: number; response: unknown }) {
    super('replay');
  }
}

function checkStored(
  row: { requestHash: string; statusCode: number; response: unknown; createdAt: Date } | undefined,
  requestHash: string,
): Replay | undefined {
  if (!row || Date.now() - row.createdAt.getTime() > IDEMPOTENCY_TTL_MS) return undefined;
  if (row.requestHash !== requestHash) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used with a different request; send a new key for a new upload',
    );
  }
  return new Replay(row);
}

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
): Promise<Replayable<MobileUploadResponse>> {
  const db = ctx.database.db;
  const key = idempotencyKey === undefined ? undefined : parse(IdempotencyKeySchema, idempotencyKey);
  const requestHash = key ? createHash('sha256').update(stableJson(body)).digest('hex') : '';
  const replay = (r: Replay) => ({
    statusCode: r.row.statusCode,
    body: r.row.response as MobileUploadResponse,
    replayed: true,
  });
  if (key) {
    const early = checkStored(await repo.idempotencyKey(db, caller.id, key), requestHash);
    if (early) return replay(early);
  }
  const { docs, list } = readDocuments(body);
  const drafts = await documentsToDrafts(db, docs, list, { caller });
  try {
    const { answer } = await runWrite(ctx, {
      scope: `observer:${caller.id}`,
      drafts,
      mode: { source: 'mobile', actor: caller },
      before: async (tx) => {
        // The same key may have finished while this request waited for the lock.
        const late = key
          ? checkStored(await repo.idempotencyKey(tx, caller.id, key), requestHash)
          : undefined;
        if (late) throw late;
      },
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
        if (key) {
          await repo.pruneIdempotencyKeys(tx, new Date(Date.now() - IDEMPOTENCY_TTL_MS));
          await repo.saveIdempotencyKey(tx, {
            userId: caller.id,
            key,
            requestHash,
            statusCode: 201,
            response,
          });
        }
        return response;
      },
    });
    return { statusCode: 201, body: answer, replayed: false };
  } catch (err) {
    if (err instanceof Replay) return replay(err);
    throw err;
  }
}

async function countEntries(tx: Tx, checklist: ChecklistRow): Promise<number> {
  return (await repo.entriesOf(tx, [checklist.id])).length;
}

/** GET /api/v1/checkList: the caller's entries, most recently changed checklist first. */
export async function listOwnEntries(
  ctx: AppContext,
  caller: UserRow,
  q: MobileChecklistQuery,
): Promise<MobileEntriesResponse> {
  const serverTime = new Date().toISOString();
  const { rows, total } = await repo.ownEntries(
    ctx.database.db,
    caller.id,
    q.since ? new Date(q.since) : undefined,
    (q.page - 1) * q.limit,
    q.limit,
  );
  return {
    status: 'success',
    results: rows.length,
    total,
    page: q.page,
    limit: q.limit,
    serverTime,
    data: rows.map((r) => toEntry(r.entry, r.checklist)),
  };
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
    const rows = await repo.entriesOf(tx, [checklist.id]);
    if (status === 'submittedchecklist' && checklist.status === 'draft') {
      checklist = (await repo.updateChecklist(tx, checklist.id, { status: 'submitted' })) ?? checklist;
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

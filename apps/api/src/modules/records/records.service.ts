import {
  type BulkReviewResponse,
  type BulkReviewSchema,
  type ChecklistDetail,
  type ChecklistGroup,
  type ChecklistsListResponse,
  type EntriesListResponse,
  type Entry,
  type EntryPatchResponse,
  type EntryPatchSchema,
  NEW_BIRD_PREFIX,
  type RecordsQuery,
  UNKNOWN_BIRD_NAME,
} from '@jarog/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { ChecklistRow, EntryRow, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { addBirderNotices, type NoticeKind } from '../mobile/notices';
import { recordActivity } from '../notifications/notifications.service';
import { flagChecklists, setReviewOutcome } from '../review/review.service';
import { decodeCursor, encodeCursor, hasCursors, type PageCursor } from './records.cursor';
import { resolveFilters } from './records.filters';
import {
  type ShownEntry,
  toChecklistDetail,
  toChecklistGroup,
  toEntry,
  toReviewedEntry,
} from './records.mapper';
import { pendingPerDzongkhag } from './records.queue';
import {
  type ChecklistCursor,
  type RecordsFilter,
  type RecordsList,
  recordsRepository as repo,
} from './records.repository';
import { listTotals } from './records.totals';
import { listValues } from './records.values';
import { birdKey, resolveSpecies } from './species-link';

type Approval = 'approved' | 'rejected';

type ListQuery = RecordsQuery & RecordsFilter;

/**
 * GET /api/v1/entries: a page of approved, submitted, named entries, newest first. `version`: the data version the
 * request's ETag names, when the route read it (conditionalGet).
 */
export async function listEntries(
  ctx: AppContext,
  query: RecordsQuery,
  version?: string,
): Promise<EntriesListResponse> {
  const db = ctx.database.db;
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort, true) : undefined;
  // The search and the place and birder filters looked up first (records.filters.ts).
  const q: ListQuery = await resolveFilters(db, 'entries', query);
  const [rows, totals, values] = await Promise.all([
    repo.entriesPage(db, q, { offset: (q.page - 1) * q.limit, limit: q.limit, cursor }),
    listTotals(db, 'entries', q, { checklists: false }),
    listValues(db, 'entries', version),
  ]);
  const last = rows.at(-1);
  return {
    foundTotal: totals.found.entries,
    entriesTotal: totals.all.entries,
    ...values,
    limit: q.limit,
    page: q.page,
    nextCursor: nextCursor(
      q,
      rows.length,
      last && { ...position(last.checklist), entry: entryPosition(last) },
    ),
    checklists: rows.map((r) => toEntry(r.entry, r.checklist)),
  };
}

/** A checklist's place in the date orders. */
const position = (c: ChecklistRow) => ({ date: c.selectedDate, time: c.selectedTime, id: c.id });

/** An entry's place inside its checklist (ENTRY_ORDER), created_at as PostgreSQL printed it. */
const entryPosition = (r: { entry: EntryRow; createdAt: string }) => ({
  createdAt: r.createdAt,
  birdName: r.entry.birdName,
  id: r.entry.id,
});

/** The cursor of the page after this one: where it ended, for the date orders and a full page (a shorter one is the last). */
function nextCursor(q: RecordsQuery, rows: number, end: Omit<PageCursor, 'sort'> | undefined): string | null {
  if (rows < q.limit || !end || !hasCursors(q.sort)) return null;
  return encodeCursor({ ...end, sort: q.sort });
}

/** Groups checklists with their qualifying entries (one query for all the entries). */
async function withEntries(
  ctx: AppContext,
  list: RecordsList,
  q: ListQuery,
  rows: ChecklistRow[],
): Promise<ChecklistGroup[]> {
  const found = await repo.entriesOf(
    ctx.database.db,
    list,
    q,
    rows.map((c) => c.id),
  );
  const byChecklist = new Map<string, ShownEntry[]>();
  for (const e of found) {
    const list = byChecklist.get(e.checklistId) ?? [];
    list.push(e);
    byChecklist.set(e.checklistId, list);
  }
  return rows.map((c) => toChecklistGroup(c, byChecklist.get(c.id) ?? []));
}

/**
 * GET /api/v1/checklists and /api/v1/newspecies: a page of submitted checklists holding entries of
 * the list, newest first, each with those entries. foundTotal and entriesTotal describe the filtered
 * set (counted only when a filter is set; else the list's totals kept by triggers), totalChecklists
 * the whole list; the distinct* lists are the values the whole list's filters offer. `version` as for listEntries.
 */
export async function listChecklists(
  ctx: AppContext,
  list: Exclude<RecordsList, 'entries'>,
  query: RecordsQuery,
  version?: string,
): Promise<ChecklistsListResponse> {
  const db = ctx.database.db;
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort, false) : undefined;
  const q: ListQuery = await resolveFilters(db, list, query);
  const [rows, totals, values, pending] = await Promise.all([
    repo.checklists(db, list, q, { offset: (q.page - 1) * q.limit, limit: q.limit, cursor }),
    listTotals(db, list, q, { checklists: true }),
    listValues(db, list, version),
    pendingPerDzongkhag(db, list),
  ]);
  const last = rows.at(-1);
  return {
    checklists: await withEntries(ctx, list, q, rows),
    limit: q.limit,
    page: q.page,
    nextCursor: nextCursor(q, rows.length, last && position(last)),
    foundTotal: totals.found.checklists ?? totals.all.checklists,
    totalChecklists: totals.all.checklists,
    entriesTotal: totals.found.entries,
    ...values,
    pendingPerDzongkhag: pending,
  };
}

/** The whole filtered list as checklist groups, a batch of checklists at a time, in list order. */
export async function* exportGroups(
  ctx: AppContext,
  list: RecordsList,
  q: RecordsQuery,
  batchSize = 200,
): AsyncGenerator<ChecklistGroup[]> {
  const f: ListQuery = await resolveFilters(ctx.database.db, list, q);
  let after: ChecklistCursor | undefined;
  for (;;) {
    const rows = await repo.checklists(ctx.database.db, list, f, { after, limit: batchSize });
    if (rows.length === 0) return;
    yield await withEntries(ctx, list, f, rows);
    const last = rows[rows.length - 1];
    if (!last || rows.length < batchSize) return;
    after = { date: last.selectedDate, time: last.selectedTime, id: last.id };
  }
}

/** The entries of an export: the whole filtered list with export_limit=all, else the page asked for. */
export async function* exportEntries(
  ctx: AppContext,
  list: RecordsList,
  q: RecordsQuery,
): AsyncGenerator<Entry[]> {
  if (q.export_limit === 'all') {
    for await (const groups of exportGroups(ctx, list, q)) yield groups.flatMap((g) => g.entries);
  } else if (list === 'entries') {
    yield (await listEntries(ctx, q)).checklists;
  } else {
    const f: ListQuery = await resolveFilters(ctx.database.db, list, q);
    const rows = await repo.checklists(ctx.database.db, list, f, {
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
    });
    yield (await withEntries(ctx, list, f, rows)).flatMap((g) => g.entries);
  }
}

/**
 * GET /api/v1/checklists/{id}: by id, or by name (any case; when several checklists share it, a
 * submitted one before a draft, then the newest). Every entry, new-species reports included.
 */
export async function getChecklist(ctx: AppContext, idOrName: string): Promise<ChecklistDetail> {
  const db = ctx.database.db;
  const checklist = isUuid(idOrName)
    ? await repo.findChecklistById(db, idOrName)
    : await repo.findChecklistByName(db, idOrName);
  if (!checklist) {
    throw new AppError(
      'NOT_FOUND',
      isUuid(idOrName) ? 'Checklist not found' : `No checklist named '${idOrName}'`,
    );
  }
  return toChecklistDetail(checklist, await repo.entriesWithReviewers(db, { checklistId: checklist.id }));
}

const refuseDraft = (c: ChecklistRow) =>
  new AppError(
    'CONFLICT',
    `Checklist '${c.name}' is a draft: its entries can be reviewed once the birder submits it`,
  );

/**
 * A new name for an entry: a catalogue species (any case; stored in the catalogue's spelling and
 * linked), or a new-species name ('Unknown Birds', 'New bird - …'). Anything else is refused, so
 * the records only hold names the catalogue knows or reports still awaiting one.
 */
async function resolveNewName(tx: Tx, name: string): Promise<{ birdName: string; speciesId: string | null }> {
  const match = (await resolveSpecies(tx, [name])).get(birdKey(name));
  if (match) return { birdName: match.englishName, speciesId: match.id };
  if (birdKey(name) === birdKey(UNKNOWN_BIRD_NAME)) return { birdName: UNKNOWN_BIRD_NAME, speciesId: null };
  const described = /^new bird\s*-\s*(.+)$/i.exec(name)?.[1]?.trim();
  if (described) return { birdName: `${NEW_BIRD_PREFIX}${described}`, speciesId: null };
  const message = `'${name}' is not in the species catalogue: add the species first, or name the entry '${NEW_BIRD_PREFIX}${name}'`;
  throw new AppError('VALIDATION', message, [{ path: 'BirdName', message }]);
}

/**
 * PATCH /api/v1/checklists/{entryId}: approve or reject (from any state; the reviewer and time are
 * recorded), or rename. Entries of a draft are refused (409). The activity log and the birder's
 * notice are written in the same transaction; a change to the state the entry is already in writes nothing.
 */
export async function patchEntry(
  ctx: AppContext,
  actor: UserRow,
  entryId: string,
  patch: z.output<typeof EntryPatchSchema>,
): Promise<EntryPatchResponse> {
  const { message, checklist } = await ctx.database.db.transaction(async (tx) => {
    const found = await repo.lockEntry(tx, entryId);
    if (!found) throw notFound('Entry');
    const { entry, checklist } = found;
    if (checklist.status === 'draft') throw refuseDraft(checklist);
    const on = `'${entry.birdName}' on checklist '${checklist.name}'`;
    let kind: NoticeKind;
    let done: string;
    if ('approvalStatus' in patch) {
      kind = patch.approvalStatus;
      if (entry.approval === kind) return { message: `Entry ${on} is already ${kind}`, checklist };
      const reason = kind === 'rejected' ? (patch.rejectionReason ?? null) : null;
      await repo.updateEntry(tx, entry.id, {
        approval: kind,
        reviewedBy: actor.id,
        reviewedAt: new Date(),
        rejectionReason: reason,
        autoApproved: false,
      });
      done = reason ? `${kind}: ${reason}` : kind;
    } else {
      const next = await resolveNewName(tx, patch.BirdName);
      if (next.birdName === entry.birdName && next.speciesId === entry.speciesId) {
        return { message: `Entry ${on} is already named so`, checklist };
      }
      await repo.updateEntry(tx, entry.id, next);
      // A new name is a new identification: its flags are decided again.
      await flagChecklists(tx, [checklist.id]);
      kind = 'renamed';
      done = `renamed to '${next.birdName}'`;
    }
    await recordActivity(tx, actor, `Entry ${on} ${done} by ${actor.email}`);
    if (checklist.observerId) {
      await addBirderNotices(tx, [
        { userId: checklist.observerId, entryId: entry.id, kind, message: `Your entry ${on} was ${done}` },
      ]);
    }
    return { message: `Entry ${on} ${done}`, checklist };
  });
  const [row] = await repo.entriesWithReviewers(ctx.database.db, { entryId });
  if (!row) throw notFound('Entry');
  return { message, data: toReviewedEntry(row.entry, checklist, row.reviewer) };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * POST /api/v1/checklists/review: one approval for many entries and whole checklists, in one
 * transaction. Unknown ids (404) or drafts (409) change nothing. One activity-log line, and one
 * notice per birder and checklist.
 */
export async function bulkReview(
  ctx: AppContext,
  actor: UserRow,
  body: z.output<typeof BulkReviewSchema>,
): Promise<BulkReviewResponse> {
  const approval: Approval = body.approvalStatus;
  const entryIds = [...new Set(body.entryIds.map((id) => id.toLowerCase()))];
  const checklistIds = [...new Set(body.checklistIds.map((id) => id.toLowerCase()))];
  return ctx.database.db.transaction(async (tx) => {
    const entryStates = await repo.entryStates(tx, entryIds);
    const checklistStates = await repo.checklistStates(tx, checklistIds);
    const missing = {
      entryIds: entryIds.filter((id) => !entryStates.some((e) => e.id === id)),
      checklistIds: checklistIds.filter((id) => !checklistStates.some((c) => c.id === id)),
    };
    if (missing.entryIds.length || missing.checklistIds.length) {
      const parts = [
        missing.entryIds.length ? `entries ${missing.entryIds.join(', ')}` : '',
        missing.checklistIds.length ? `checklists ${missing.checklistIds.join(', ')}` : '',
      ].filter(Boolean);
      throw new AppError('NOT_FOUND', `Nothing was changed. Not found: ${parts.join('; ')}`, missing);
    }
    const drafts = [...entryStates, ...checklistStates].filter((r) => r.status === 'draft').map((r) => r.id);
    if (drafts.length) {
      throw new AppError(
        'CONFLICT',
        `Nothing was changed. These belong to draft checklists, which can be reviewed once submitted: ${drafts.join(', ')}`,
        { ids: drafts },
      );
    }
    const result = await repo.bulkReview(tx, approval, actor.id, entryIds, checklistIds);
    const reason = approval === 'rejected' ? (body.rejectionReason ?? null) : null;
    await setReviewOutcome(
      tx,
      result.changed.map((e) => e.id),
      reason,
    );
    const n = result.changed.length;
    if (n > 0) {
      const names = result.checklists.map((c) => `'${c.name}'`);
      const where =
        names.length <= 3
          ? `on ${names.length === 1 ? 'checklist' : 'checklists'} ${names.join(', ')}`
          : `on ${names.length} checklists`;
      const what = n === 1 ? `Entry '${result.changed[0]?.birdName}'` : `${n} entries`;
      await recordActivity(tx, actor, `${what} ${where} ${approval} by ${actor.email}`);
      await addBirderNotices(tx, bulkNotices(approval, result, reason));
    }
    const message =
      n > 0
        ? `${plural(n, 'entry', 'entries')} ${approval}${result.unchanged ? ` (${result.unchanged} already ${approval})` : ''}`
        : `Nothing to change: ${plural(result.unchanged, 'entry was', 'entries were')} already ${approval}`;
    return { message, approvalStatus: approval, updated: n, unchanged: result.unchanged };
  });
}

/** One notice per birder and checklist: naming the entry when only one changed. */
function bulkNotices(
  approval: Approval,
  result: Awaited<ReturnType<typeof repo.bulkReview>>,
  reason: string | null,
): Parameters<typeof addBirderNotices>[1] {
  const why = reason ? `: ${reason}` : '';
  const byChecklist = new Map<string, { id: string; birdName: string }[]>();
  for (const e of result.changed) {
    const list = byChecklist.get(e.checklistId) ?? [];
    list.push(e);
    byChecklist.set(e.checklistId, list);
  }
  return result.checklists.flatMap((c) => {
    const changed = byChecklist.get(c.id) ?? [];
    const only = changed.length === 1 ? changed[0] : undefined;
    if (!c.observerId || changed.length === 0) return [];
    return [
      {
        userId: c.observerId,
        entryId: only?.id ?? null,
        kind: approval,
        message: only
          ? `Your entry '${only.birdName}' on checklist '${c.name}' was ${approval}${why}`
          : `${changed.length} entries on your checklist '${c.name}' were ${approval}${why}`,
      },
    ];
  });
}

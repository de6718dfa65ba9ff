import type {
  ApproveUnflaggedResponse,
  AutoApprovedResponse,
  EntryFlag,
  RejectionTemplateInput,
  ReviewLimitPut,
  ReviewLimitsQuery,
  ReviewLimitsResponse,
  ReviewQueueQuery,
  ReviewQueueResponse,
  ReviewQueueSummary,
  ReviewSettings,
  ReviewSettingsPatch,
  UndoAutoApprovalResponse,
} from '@jarog/contracts';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { ChecklistRow, EntryRow, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { canonicalDzongkhag } from '../locations/dzongkhags';
import { addBirderNotices } from '../mobile/notices';
import { recordActivity } from '../notifications/notifications.service';
import { toEntry } from '../records/records.mapper';
import { flagChecklists } from './flags';
import { toRejectionTemplate, toReviewLimit, toReviewSettings } from './review.mapper';
import { reviewRepository as repo } from './review.repository';

export { flagChecklists } from './flags';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A rejection's reason (or none) on entries a reviewer just decided; a person's decision ends any automatic one. */
export async function setReviewOutcome(tx: Tx, entryIds: string[], reason: string | null): Promise<void> {
  await repo.setOutcome(tx, entryIds, reason);
}

/** What a records write hands over: the checklists it touched and the entry rows it wrote. */
interface Written {
  checklists: { row: ChecklistRow; changed: boolean; submitted: boolean; entries: { entry: EntryRow }[] }[];
}

/**
 * After a records write, in its transaction: flags every entry of each submitted checklist it changed
 * (a checklist edit can change any of its entries' flags), then, for the birders' app, the automatic
 * approval. The written rows are brought up to date so the answer shows flags and approvals.
 */
export async function reviewWritten(
  tx: Tx,
  result: Written,
  source: 'console' | 'upload' | 'mobile',
): Promise<void> {
  const touched = result.checklists.filter((c) => c.row.status === 'submitted' && (c.changed || c.submitted));
  const flags = await flagChecklists(
    tx,
    touched.map((c) => c.row.id),
  );
  const approved =
    source === 'mobile'
      ? await autoApprove(
          tx,
          touched.map((c) => c.row),
        )
      : new Set<string>();
  const now = new Date();
  for (const c of touched) {
    for (const { entry } of c.entries) {
      const list = flags.get(entry.id);
      if (list) Object.assign(entry, { flags: list, flagCodes: codesOf(list) });
      if (approved.has(entry.id)) {
        Object.assign(entry, { approval: 'approved', autoApproved: true, reviewedBy: null, reviewedAt: now });
      }
    }
  }
}

/** After checklists were submitted outside a records write (the app's PATCH): flags, then automatic approval. */
export async function reviewSubmitted(
  tx: Tx,
  rows: ChecklistRow[],
  source: 'mobile' | 'console',
): Promise<void> {
  await flagChecklists(
    tx,
    rows.map((r) => r.id),
  );
  if (source === 'mobile') await autoApprove(tx, rows);
}

const codesOf = (list: EntryFlag[]) => [...new Set(list.map((f) => f.code))];

/**
 * The automatic approval (off unless an admin turns it on): pending, unflagged entries on submitted
 * checklists of trusted birders (at least `trustedMinApproved` approved entries, none ever rejected).
 * Each is marked auto_approved, logged per checklist, told to the birder, and can be undone.
 */
async function autoApprove(tx: Tx, rows: ChecklistRow[]): Promise<Set<string>> {
  const submitted = rows.filter((r) => r.status === 'submitted' && r.observerId);
  if (submitted.length === 0) return new Set();
  const settings = await repo.settings(tx);
  if (!settings?.autoApprove) return new Set();
  const trusted = await repo.trustedObservers(
    tx,
    [...new Set(submitted.flatMap((r) => (r.observerId ? [r.observerId] : [])))],
    settings.trustedMinApproved,
  );
  const eligible = submitted.filter((r) => r.observerId && trusted.has(r.observerId));
  const changed = await repo.autoApprove(
    tx,
    eligible.map((r) => r.id),
  );
  if (changed.length === 0) return new Set();
  await repo.touchChecklists(tx, [...new Set(changed.map((c) => c.checklistId))]);
  for (const c of eligible) {
    const mine = changed.filter((e) => e.checklistId === c.id);
    if (mine.length === 0 || !c.observerId) continue;
    await recordActivity(
      tx,
      null,
      `${plural(mine.length, 'entry', 'entries')} on checklist '${c.name}' approved automatically (trusted birder ${c.observerName}, no flags)`,
    );
    await addBirderNotices(tx, [
      {
        userId: c.observerId,
        entryId: mine.length === 1 ? (mine[0]?.id ?? null) : null,
        kind: 'approved',
        message:
          mine.length === 1
            ? `Your entry '${mine[0]?.birdName}' on checklist '${c.name}' was approved`
            : `${mine.length} entries on your checklist '${c.name}' were approved`,
      },
    ]);
  }
  return new Set(changed.map((c) => c.id));
}

// The queue ----------------------------------------------------------------------------------------

/** GET /api/v1/review/queue: pending entries, flagged first, then oldest first. */
export async function queue(ctx: AppContext, q: ReviewQueueQuery): Promise<ReviewQueueResponse> {
  const { rows, total } = await repo.queue(ctx.database.db, q);
  return { items: rows.map((r) => toEntry(r.entry, r.checklist)), total, page: q.page, limit: q.limit };
}

/** GET /api/v1/review/summary: per dzongkhag, pending and flagged counts and the median days to a decision. */
export async function queueSummary(ctx: AppContext): Promise<ReviewQueueSummary> {
  const rows = await repo.queueSummary(ctx.database.db);
  return {
    dzongkhags: rows.map((r) => ({
      dzongkhag: r.dzongkhag,
      pending: Number(r.pending),
      flagged: Number(r.flagged),
      medianDaysToDecision: r.median === null ? null : Math.round(Number(r.median) * 10) / 10,
    })),
  };
}

/** POST /api/v1/review/approve-unflagged: approves those named that are pending and unflagged. */
export async function approveUnflagged(
  ctx: AppContext,
  actor: UserRow,
  entryIds: string[],
): Promise<ApproveUnflaggedResponse> {
  const ids = [...new Set(entryIds.map((id) => id.toLowerCase()))];
  return ctx.database.db.transaction(async (tx) => {
    const states = await repo.entryStates(tx, ids);
    const missing = ids.filter((id) => !states.some((s) => s.id === id));
    if (missing.length) {
      throw new AppError('NOT_FOUND', `Nothing was changed. Not found: entries ${missing.join(', ')}`, {
        entryIds: missing,
      });
    }
    const changed = await repo.approveUnflagged(tx, ids, actor.id);
    const done = new Set(changed.map((c) => c.id));
    const skipped = states
      .filter((s) => !done.has(s.id))
      .map((s) => ({
        id: s.id,
        reason:
          s.status === 'draft'
            ? 'on a draft checklist'
            : s.approval !== 'pending'
              ? `already ${s.approval}`
              : `flagged (${s.flagCodes.join(', ')}): review it on its own`,
      }));
    if (changed.length) {
      const checklistIds = [...new Set(changed.map((c) => c.checklistId))];
      await repo.touchChecklists(tx, checklistIds);
      await recordActivity(
        tx,
        actor,
        `${plural(changed.length, 'unflagged entry', 'unflagged entries')} approved from the review queue by ${actor.email}`,
      );
      const owners = await repo.checklistOwners(tx, checklistIds);
      await addBirderNotices(
        tx,
        owners.flatMap((o) => {
          const mine = changed.filter((c) => c.checklistId === o.id);
          if (!o.observerId || mine.length === 0) return [];
          const only = mine.length === 1 ? mine[0] : undefined;
          return [
            {
              userId: o.observerId,
              entryId: only?.id ?? null,
              kind: 'approved' as const,
              message: only
                ? `Your entry '${only.birdName}' on checklist '${o.name}' was approved`
                : `${mine.length} entries on your checklist '${o.name}' were approved`,
            },
          ];
        }),
      );
    }
    const message = `${plural(changed.length, 'entry', 'entries')} approved${skipped.length ? `, ${skipped.length} left for review` : ''}`;
    return { message, approved: changed.length, skipped };
  });
}

// Automatic approvals ------------------------------------------------------------------------------

export async function autoApproved(
  ctx: AppContext,
  page: number,
  limit: number,
): Promise<AutoApprovedResponse> {
  const { rows, total } = await repo.autoApproved(ctx.database.db, page, limit);
  return { items: rows.map((r) => toEntry(r.entry, r.checklist)), total, page, limit };
}

/** POST /api/v1/review/auto-approved/undo: automatic approvals go back to the queue (pending). */
export async function undoAutoApproval(
  ctx: AppContext,
  actor: UserRow,
  entryIds: string[],
): Promise<UndoAutoApprovalResponse> {
  const ids = [...new Set(entryIds.map((id) => id.toLowerCase()))];
  return ctx.database.db.transaction(async (tx) => {
    const changed = await repo.undoAutoApproval(tx, ids);
    if (changed.length) {
      await repo.touchChecklists(tx, [...new Set(changed.map((c) => c.checklistId))]);
      await recordActivity(
        tx,
        actor,
        `Automatic approval of ${plural(changed.length, 'entry', 'entries')} undone by ${actor.email}: back in the review queue`,
      );
    }
    const message = changed.length
      ? `${plural(changed.length, 'entry', 'entries')} back in the review queue`
      : 'Nothing to undo: none of these entries is automatically approved';
    return { message, reverted: changed.length };
  });
}

export async function getSettings(ctx: AppContext): Promise<ReviewSettings> {
  const row = await repo.settings(ctx.database.db);
  if (!row) throw notFound('Review settings');
  return toReviewSettings(row);
}

export async function updateSettings(
  ctx: AppContext,
  actor: UserRow,
  patch: ReviewSettingsPatch,
): Promise<ReviewSettings> {
  return ctx.database.db.transaction(async (tx) => {
    const row = await repo.updateSettings(tx, patch, actor.id);
    if (!row) throw notFound('Review settings');
    await recordActivity(
      tx,
      actor,
      `Review settings changed by ${actor.email}: automatic approval ${row.autoApprove ? 'on' : 'off'}, trusted from ${row.trustedMinApproved} approved entries`,
    );
    return toReviewSettings(row);
  });
}

// Limits -------------------------------------------------------------------------------------------

export async function listLimits(ctx: AppContext, q: ReviewLimitsQuery): Promise<ReviewLimitsResponse> {
  const { rows, total } = await repo.limits(ctx.database.db, q);
  return {
    items: rows.map((r) => toReviewLimit({ ...r.limit, birdName: r.birdName })),
    total,
    page: q.page,
    limit: q.limit,
  };
}

function officialDzongkhag(name: string): string {
  const official = canonicalDzongkhag(name);
  if (!official) {
    const message = `'${name}' is not a dzongkhag`;
    throw new AppError('VALIDATION', message, [{ path: 'dzongkhag', message }]);
  }
  return official;
}

/** PUT /api/v1/review/limits: sets (or replaces) a limit by hand. */
export async function putLimit(ctx: AppContext, actor: UserRow, body: ReviewLimitPut) {
  const dzongkhag = officialDzongkhag(body.dzongkhag);
  return ctx.database.db.transaction(async (tx) => {
    const birdName = await repo.speciesName(tx, body.speciesId);
    if (!birdName) throw notFound('Species');
    const row = await repo.putLimit(
      tx,
      { speciesId: body.speciesId, dzongkhag, month: body.month },
      body.maxCount,
      actor.id,
    );
    if (!row) throw notFound('Limit');
    const message = `Count limit for ${birdName} in ${dzongkhag}, month ${body.month}, set to ${body.maxCount}`;
    await recordActivity(tx, actor, `${message} by ${actor.email}`);
    return { message, data: toReviewLimit({ ...row, birdName }) };
  });
}

export async function deleteLimit(
  ctx: AppContext,
  actor: UserRow,
  key: { speciesId: string; dzongkhag: string; month: number },
) {
  const dzongkhag = officialDzongkhag(key.dzongkhag);
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await repo.deleteLimit(tx, { ...key, dzongkhag });
    if (!row) throw notFound('Limit');
    const birdName = (await repo.speciesName(tx, key.speciesId)) ?? key.speciesId;
    const message = `Count limit for ${birdName} in ${dzongkhag}, month ${key.month}, removed`;
    await recordActivity(tx, actor, `${message} by ${actor.email}`);
    return { message };
  });
}

export async function seedLimits(
  ctx: AppContext,
  actor: UserRow,
  filter: { dzongkhag?: string; speciesId?: string },
) {
  const dzongkhag = filter.dzongkhag ? officialDzongkhag(filter.dzongkhag) : undefined;
  return ctx.database.db.transaction(async (tx) => {
    const created = await repo.seedLimits(tx, { dzongkhag, speciesId: filter.speciesId }, actor.id);
    const message = `${plural(created, 'count limit', 'count limits')} seeded from approved history`;
    await recordActivity(tx, actor, `${message}${dzongkhag ? ` in ${dzongkhag}` : ''} by ${actor.email}`);
    return { message, created };
  });
}

// Rejection templates -------------------------------------------------------------------------------

export async function listTemplates(ctx: AppContext) {
  return { items: (await repo.templates(ctx.database.db)).map(toRejectionTemplate) };
}

const duplicateTemplate = (text: string) =>
  new AppError('CONFLICT', `There is already a rejection reason '${text}'`);

export async function addTemplate(ctx: AppContext, actor: UserRow, body: RejectionTemplateInput) {
  return ctx.database.db.transaction(async (tx) => {
    if (await repo.templateByText(tx, body.text)) throw duplicateTemplate(body.text);
    const row = await repo.addTemplate(tx, body.text, body.position);
    if (!row) throw notFound('Rejection reason');
    await recordActivity(tx, actor, `Rejection reason '${row.text}' added by ${actor.email}`);
    return { message: 'Rejection reason added', data: toRejectionTemplate(row) };
  });
}

export async function updateTemplate(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  body: RejectionTemplateInput,
) {
  return ctx.database.db.transaction(async (tx) => {
    if (await repo.templateByText(tx, body.text, id)) throw duplicateTemplate(body.text);
    const row = await repo.updateTemplate(tx, id, { text: body.text, position: body.position });
    if (!row) throw notFound('Rejection reason');
    await recordActivity(tx, actor, `Rejection reason changed to '${row.text}' by ${actor.email}`);
    return { message: 'Rejection reason saved', data: toRejectionTemplate(row) };
  });
}

export async function deleteTemplate(ctx: AppContext, actor: UserRow, id: string) {
  return ctx.database.db.transaction(async (tx) => {
    const row = await repo.deleteTemplate(tx, id);
    if (!row) throw notFound('Rejection reason');
    await recordActivity(tx, actor, `Rejection reason '${row.text}' removed by ${actor.email}`);
    return { message: 'Rejection reason removed' };
  });
}

import type { ChecklistCorrection, ChecklistDetail, MessageResponse } from '@jarog/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { checklists, entries, revealedChecklist, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { canonicalDzongkhag } from '../locations/dzongkhags';
import { canonicalGewog } from '../locations/gewogs';
import { recordActivity } from '../notifications/notifications.service';
import { deletePhotos } from './ingest.photos';
import { getChecklist } from './records.service';

/**
 * An administrator's corrections to a checklist (issue 12): date, time and place, and deleting it. The
 * statistics follow through the checklists triggers (migrations 0004/0005), in the same transaction.
 */

const notFound = () => new AppError('NOT_FOUND', 'Checklist not found');

/** The place after a correction, checked against the official dzongkhag and gewog lists. */
function correctedPlace(
  current: { dzongkhag: string | null; gewog: string | null; village: string | null },
  patch: ChecklistCorrection,
) {
  const dzongkhagInput = patch.dzongkhag ?? current.dzongkhag;
  const dzongkhag = dzongkhagInput ? canonicalDzongkhag(dzongkhagInput) : undefined;
  if (!dzongkhag)
    throw new AppError('VALIDATION', `'${dzongkhagInput ?? ''}' is not a dzongkhag of Bhutan`, {
      field: 'dzongkhag',
    });
  const gewogInput = patch.gewog ?? current.gewog;
  const gewog = gewogInput ? canonicalGewog(dzongkhag, gewogInput) : undefined;
  if (!gewog)
    throw new AppError(
      'VALIDATION',
      gewogInput ? `'${gewogInput}' is not a gewog of ${dzongkhag}` : `Choose a gewog of ${dzongkhag}`,
      { field: 'gewog' },
    );
  // A new gewog without a new village drops the old one (it was a village of another gewog).
  const village =
    patch.village !== undefined ? patch.village : gewog === current.gewog ? current.village : null;
  return { dzongkhag, gewog, village };
}

/** PATCH /api/v1/checklists/{id}/details: corrects date, time and place; logged in the activity log. */
export async function correctChecklist(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  patch: ChecklistCorrection,
): Promise<{ message: string; data: ChecklistDetail }> {
  const name = await ctx.database.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(checklists)
      .where(and(eq(checklists.id, id), revealedChecklist))
      .for('update');
    if (!current) throw notFound();
    const placeChanges =
      patch.dzongkhag !== undefined || patch.gewog !== undefined || patch.village !== undefined;
    const place = placeChanges ? correctedPlace(current, patch) : {};
    const changes = {
      ...(patch.selectedDate ? { selectedDate: patch.selectedDate } : {}),
      // null clears the time (an older checklist's 00:00 that was never given).
      ...(patch.selectedTime !== undefined
        ? { selectedTime: patch.selectedTime === null ? null : `${patch.selectedTime}:00` }
        : {}),
      ...place,
    };
    await tx
      .update(checklists)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(checklists.id, id));
    const said = Object.entries(changes)
      .map(([k, v]) => `${k} ${v ?? '(none)'}`)
      .join(', ');
    await recordActivity(tx, actor, `Checklist ${current.name} corrected (${said}) by ${actor.email}`);
    return current.name;
  });
  return { message: `Checklist '${name}' corrected`, data: await getChecklist(ctx, id) };
}

/** DELETE /api/v1/checklists/{id}: removes a checklist, its entries and their photos; logged. */
export async function deleteChecklist(ctx: AppContext, actor: UserRow, id: string): Promise<MessageResponse> {
  const { name, photos, count } = await ctx.database.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(checklists)
      .where(and(eq(checklists.id, id), revealedChecklist))
      .for('update');
    if (!current) throw notFound();
    const gone = await tx
      .select({ photoUrl: entries.photoUrl })
      .from(entries)
      .where(eq(entries.checklistId, id));
    await tx.delete(checklists).where(eq(checklists.id, id));
    await recordActivity(
      tx,
      actor,
      `Checklist ${current.name} (${current.observerName}, ${current.selectedDate}, ${gone.length} entries) deleted by ${actor.email}`,
    );
    return {
      name: current.name,
      count: gone.length,
      photos: gone.flatMap((e) => (e.photoUrl ? [e.photoUrl] : [])),
    };
  });
  // After the commit: a photo is only removed once nothing refers to it.
  await deletePhotos(ctx, photos);
  return { message: `Checklist '${name}' deleted with its ${count} ${count === 1 ? 'entry' : 'entries'}` };
}

import type { BirderNoticesResponse } from '@jarog/contracts';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { toBirderNotice } from './mobile.mapper';
import { deleteBirderNotice, listBirderNotices } from './notices';

/**
 * A birder's own notices. Anyone else's id, an admin's included, answers 404 as if there were
 * none: notices are the birder's inbox, and admins see the same changes in the console.
 */
export async function ownNotices(
  ctx: AppContext,
  actor: UserRow,
  userId: string,
  page: number,
  limit: number,
): Promise<BirderNoticesResponse> {
  if (userId !== actor.id) throw notFound('Notifications');
  const { rows, total } = await listBirderNotices(ctx.database.db, actor.id, (page - 1) * limit, limit);
  return {
    status: 'success',
    results: rows.length,
    data: { notifications: rows.map(toBirderNotice), total, page, limit },
  };
}

/** Deletes one of the birder's own notices; another's, or none, is a 404. */
export async function deleteOwnNotice(ctx: AppContext, actor: UserRow, id: string): Promise<void> {
  if (!(await deleteBirderNotice(ctx.database.db, actor.id, id))) throw notFound('Notification');
}

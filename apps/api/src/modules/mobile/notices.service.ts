import {
  type BirderNoticesResponse,
  IDENTIFICATION_NOTICE_KIND,
  type IdentificationNoticesResponse,
  MAX_IDENTIFICATION_NOTICES,
} from '@jarog/contracts';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { toBirderNotice, toIdentificationNotice } from './mobile.mapper';
import { deleteBirderNotice, listBirderNotices, listNoticesOfKind } from './notices';

/**
 * GET /api/v1/notifications/{userId}, as the installed app reads it: the birder's identification
 * notices (an admin named one of their entries), oldest first. Anyone else's id, an admin's
 * included, answers 404 as if there were none: notices are the birder's inbox.
 */
export async function identificationNotices(
  ctx: AppContext,
  actor: UserRow,
  userId: string,
): Promise<IdentificationNoticesResponse> {
  if (userId.toLowerCase() !== actor.id) throw notFound('Notifications');
  const rows = await listNoticesOfKind(
    ctx.database.db,
    actor.id,
    IDENTIFICATION_NOTICE_KIND,
    MAX_IDENTIFICATION_NOTICES,
  );
  return { status: 'success', results: rows.length, data: rows.map(toIdentificationNotice) };
}

/** GET /api/v1/notices: every notice of the signed-in birder (approvals, rejections, identifications...), newest first. */
export async function ownNotices(
  ctx: AppContext,
  actor: UserRow,
  page: number,
  limit: number,
): Promise<BirderNoticesResponse> {
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

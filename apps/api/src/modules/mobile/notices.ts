import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type BirderNoticeRow, birderNotices } from '../../db/schema';

export type NoticeKind = 'approved' | 'rejected' | 'renamed';

/**
 * Tells a birder something happened to one of their own records. Written in the caller's
 * transaction, beside the change it reports; birders read them at GET /api/v1/notifications/{userId}.
 */
export async function addBirderNotices(
  tx: Tx,
  notices: { userId: string; entryId: string | null; kind: NoticeKind; message: string }[],
): Promise<void> {
  if (notices.length === 0) return;
  await tx.insert(birderNotices).values(notices);
}

/** A page of one birder's notices, newest first (served by the (user_id, created_at, id) index). */
export async function listBirderNotices(
  db: Db,
  userId: string,
  offset: number,
  limit: number,
): Promise<{ rows: BirderNoticeRow[]; total: number }> {
  const mine = eq(birderNotices.userId, userId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(birderNotices)
      .where(mine)
      .orderBy(desc(birderNotices.createdAt), desc(birderNotices.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(birderNotices).where(mine),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Deletes a notice only when it belongs to the birder; false when there is no such notice of theirs. */
export async function deleteBirderNotice(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(birderNotices)
    .where(and(eq(birderNotices.id, id), eq(birderNotices.userId, userId)))
    .returning({ id: birderNotices.id });
  return deleted.length > 0;
}

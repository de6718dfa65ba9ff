import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type BirderNoticeRow, birderNotices, entries } from '../../db/schema';

/** Kinds written today; reviewers' features may add more (every kind shows in GET /api/v1/notices). */
export type NoticeKind = 'approved' | 'rejected' | 'renamed';

/** A notice with the entry it is about (its current name and photo), when the entry still exists. */
export interface NoticeWithEntry {
  notice: BirderNoticeRow;
  birdName: string | null;
  photoUrl: string | null;
}

/**
 * Tells a birder something happened to one of their own records. Written in the caller's
 * transaction, beside the change it reports; birders read them at GET /api/v1/notices (every kind)
 * and the installed app at GET /api/v1/notifications/{userId} (identifications only).
 */
export async function addBirderNotices(
  tx: Tx,
  notices: { userId: string; entryId: string | null; kind: NoticeKind; message: string }[],
): Promise<void> {
  if (notices.length === 0) return;
  await tx.insert(birderNotices).values(notices);
}

const withEntry = {
  notice: birderNotices,
  birdName: entries.birdName,
  photoUrl: entries.photoUrl,
};

/** A page of one birder's notices of every kind, newest first (served by the (user_id, created_at, id) index). */
export async function listBirderNotices(
  db: Db,
  userId: string,
  offset: number,
  limit: number,
): Promise<{ rows: NoticeWithEntry[]; total: number }> {
  const mine = eq(birderNotices.userId, userId);
  const [rows, totals] = await Promise.all([
    db
      .select(withEntry)
      .from(birderNotices)
      .leftJoin(entries, eq(entries.id, birderNotices.entryId))
      .where(mine)
      .orderBy(desc(birderNotices.createdAt), desc(birderNotices.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(birderNotices).where(mine),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The newest `limit` notices of one kind, returned oldest first (the (user_id, kind, created_at, id) index). */
export async function listNoticesOfKind(
  db: Db,
  userId: string,
  kind: string,
  limit: number,
): Promise<NoticeWithEntry[]> {
  const newest = await db
    .select(withEntry)
    .from(birderNotices)
    .leftJoin(entries, eq(entries.id, birderNotices.entryId))
    .where(and(eq(birderNotices.userId, userId), eq(birderNotices.kind, kind)))
    .orderBy(desc(birderNotices.createdAt), desc(birderNotices.id))
    .limit(limit);
  return newest.reverse();
}

/** Deletes a notice only when it belongs to the birder; false when there is no such notice of theirs. */
export async function deleteBirderNotice(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(birderNotices)
    .where(and(eq(birderNotices.id, id), eq(birderNotices.userId, userId)))
    .returning({ id: birderNotices.id });
  return deleted.length > 0;
}

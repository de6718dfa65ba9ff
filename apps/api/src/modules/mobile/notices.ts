import type { Tx } from '../../db/client';
import { birderNotices } from '../../db/schema';

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

import type { NotificationsResponse } from '@jarog/contracts';
import { count, desc } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { notifications } from '../../db/schema';

interface Actor {
  id: string;
  email: string;
}

/** Records one line in the activity log; pass the transaction so the log entry commits with the write. */
export async function recordActivity(db: Db | Tx, actor: Actor | null, message: string): Promise<void> {
  await db
    .insert(notifications)
    .values({ message, actorId: actor?.id ?? null, actorEmail: actor?.email ?? null });
}

/** A page of the activity log, newest first. */
export async function listActivity(db: Db, page: number, limit: number): Promise<NotificationsResponse> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(notifications)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(notifications),
  ]);
  return {
    limit,
    page,
    notificationsTotal: totals[0]?.n ?? 0,
    notifications: rows.map((r) => ({
      _id: r.id,
      message: r.message,
      actorEmail: r.actorEmail,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

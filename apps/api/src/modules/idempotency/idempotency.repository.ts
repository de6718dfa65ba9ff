import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

type Q = Db | Tx;

/** Stored answers to requests sent with an Idempotency-Key (table from migration 0003). */
export const idempotencyRepository = {
  async find(q: Q, userId: string, key: string) {
    const [row] = await q
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return row;
  },

  /** Serialises requests carrying the same user and key until the transaction ends. */
  async lock(tx: Tx, userId: string, key: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`idempotency:${userId}:${key}`}))`);
  },

  async save(
    tx: Tx,
    row: { userId: string; key: string; requestHash: string; statusCode: number; response: unknown },
  ): Promise<void> {
    await tx
      .insert(idempotencyKeys)
      .values(row)
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: {
          requestHash: row.requestHash,
          statusCode: row.statusCode,
          response: row.response,
          createdAt: sql`now()`,
        },
      });
  },

  /** Keys past their life, a few at a time (idempotency_keys_created_idx). */
  async prune(tx: Q, before: Date): Promise<void> {
    await tx.execute(
      sql`delete from ${idempotencyKeys} where ctid in (select ctid from ${idempotencyKeys} where ${idempotencyKeys.createdAt} < ${before.toISOString()}::timestamptz limit 100)`,
    );
  },
};

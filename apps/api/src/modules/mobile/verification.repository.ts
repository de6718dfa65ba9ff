import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type EmailVerificationRow, emailVerifications as ev } from '../../db/schema';

type Executor = Db | Tx;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export const verificationRepository = {
  find: async (db: Executor, email: string): Promise<EmailVerificationRow | undefined> =>
    (await db.select().from(ev).where(eq(ev.email, email)).limit(1))[0],

  /** The email's row, locked until the transaction ends, so two guesses are counted one after the other. */
  lock: async (tx: Tx, email: string): Promise<EmailVerificationRow | undefined> =>
    (await tx.select().from(ev).where(eq(ev.email, email)).limit(1).for('update'))[0],

  /**
   * Replaces the email's code with a new one (attempts and verification reset), counting sends in a
   * window of `windowMs`. One statement, so concurrent requests cannot both slip under the limit.
   * Returns undefined, changing nothing, when the window already holds `maxSends` sends.
   */
  replaceCode: async (
    db: Executor,
    input: { email: string; name: string; codeHash: string; expiresAt: Date; now: Date },
    maxSends: number,
    windowMs: number,
  ): Promise<EmailVerificationRow | undefined> => {
    const windowOver = sql`${ev.windowStartedAt} <= ${ts(new Date(input.now.getTime() - windowMs))}`;
    const [row] = await db
      .insert(ev)
      .values({
        email: input.email,
        name: input.name,
        codeHash: input.codeHash,
        expiresAt: input.expiresAt,
        attempts: 0,
        sentCount: 1,
        windowStartedAt: input.now,
        verifiedAt: null,
        createdAt: input.now,
      })
      .onConflictDoUpdate({
        target: ev.email,
        set: {
          name: input.name,
          codeHash: input.codeHash,
          expiresAt: input.expiresAt,
          attempts: 0,
          verifiedAt: null,
          sentCount: sql`case when ${windowOver} then 1 else ${ev.sentCount} + 1 end`,
          windowStartedAt: sql`case when ${windowOver} then ${ts(input.now)} else ${ev.windowStartedAt} end`,
        },
        setWhere: sql`${windowOver} or ${ev.sentCount} < ${maxSends}`,
      })
      .returning();
    return row;
  },

  update: async (
    tx: Executor,
    email: string,
    patch: Partial<Pick<EmailVerificationRow, 'attempts' | 'verifiedAt'>>,
  ): Promise<void> => {
    await tx.update(ev).set(patch).where(eq(ev.email, email));
  },

  delete: async (db: Executor, email: string): Promise<void> => {
    await db.delete(ev).where(eq(ev.email, email));
  },
};

import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { type UserRow, type UserSessionRow, userSessions } from '../../db/schema';
import { TOKEN_TTL_SECONDS } from '../../lib/tokens';

type Executor = Db | Tx;

/** A session by id: every request of the app signed in with a session runs it (db/prepared.ts). */
const byId = preparedStatement('jarog_session_by_id', (db, name) =>
  db
    .select()
    .from(userSessions)
    .where(eq(userSessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);

/**
 * The birders' app sessions (see docs/decisions.md, "Sessions of the installed app"). A session row
 * lets one token (and the httpOnly cookie carrying it) outlive a password change made with it,
 * while every other session and token of the account ends.
 */
export const sessionsRepository = {
  /** Opens a session at the account's current token version; drops the account's expired ones. */
  open: async (db: Executor, user: UserRow): Promise<UserSessionRow> => {
    const now = new Date();
    await db
      .delete(userSessions)
      .where(and(eq(userSessions.userId, user.id), lt(userSessions.expiresAt, now)));
    const [row] = await db
      .insert(userSessions)
      .values({
        userId: user.id,
        tokenVersion: user.tokenVersion,
        expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  find: async (db: Executor, id: string): Promise<UserSessionRow | undefined> =>
    (await byId(db).execute({ id }))[0],

  /** Ends every other session of the account and moves this one to the account's new token version. */
  keepOnly: async (tx: Tx, userId: string, sessionId: string, tokenVersion: number): Promise<boolean> => {
    await tx.delete(userSessions).where(and(eq(userSessions.userId, userId), ne(userSessions.id, sessionId)));
    const kept = await tx
      .update(userSessions)
      .set({ tokenVersion })
      .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId)))
      .returning({ id: userSessions.id });
    return kept.length > 0;
  },
};

/** Whether a session still stands for this account at its current token version. */
export function sessionIsLive(session: UserSessionRow | undefined, user: UserRow): boolean {
  return (
    session !== undefined &&
    session.userId === user.id &&
    session.tokenVersion === user.tokenVersion &&
    session.expiresAt.getTime() > Date.now()
  );
}

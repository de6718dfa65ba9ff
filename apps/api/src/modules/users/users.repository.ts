import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { type NewUserRow, type UserRow, users } from '../../db/schema';

type Executor = Db | Tx;
const ADMIN_TYPES = ['admin-user', 'root-user'] as const;

/** The account by id: every signed-in request runs it (db/prepared.ts). */
const byId = preparedStatement('jarog_user_by_id', (db, name) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);

export const usersRepository = {
  findById: async (db: Executor, id: string): Promise<UserRow | undefined> =>
    (await byId(db).execute({ id }))[0],

  findByEmail: async (db: Executor, email: string): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0],

  findByGoogleId: async (db: Executor, googleId: string): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(eq(users.googleId, googleId)).limit(1))[0],

  emailTaken: async (db: Executor, email: string, exceptId?: string): Promise<boolean> => {
    const where = exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email);
    return (await db.select({ id: users.id }).from(users).where(where).limit(1)).length > 0;
  },

  insert: async (db: Executor, row: NewUserRow): Promise<UserRow> => {
    const [created] = await db.insert(users).values(row).returning();
    if (!created) throw new Error('insert returned no row');
    return created;
  },

  update: async (db: Executor, id: string, patch: Partial<NewUserRow>): Promise<UserRow | undefined> =>
    (
      await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning()
    )[0],

  /** Bumps the token version, so every token issued before now is refused. */
  revokeTokens: async (db: Executor, id: string): Promise<void> => {
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id));
  },

  delete: async (db: Executor, id: string): Promise<boolean> =>
    (await db.delete(users).where(eq(users.id, id)).returning({ id: users.id })).length > 0,

  listAdmins: async (
    db: Executor,
    offset: number,
    limit: number,
  ): Promise<{ rows: UserRow[]; total: number }> => {
    const where = inArray(users.userType, [...ADMIN_TYPES]);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  },

  /** Locks and counts the active root-users, so two concurrent demotions cannot both pass the check. */
  lockActiveRoots: async (tx: Tx): Promise<string[]> => {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userType, 'root-user'), eq(users.isDeactivated, false)))
      .for('update');
    return rows.map((r) => r.id);
  },

  countRoots: async (db: Executor): Promise<number> =>
    (await db.select({ n: count() }).from(users).where(eq(users.userType, 'root-user')))[0]?.n ?? 0,

  countAll: async (db: Executor): Promise<number> => (await db.select({ n: count() }).from(users))[0]?.n ?? 0,
};

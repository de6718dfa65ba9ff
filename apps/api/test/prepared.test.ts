import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { preparedStatement } from '../src/db/prepared';
import { users } from '../src/db/schema';
import { usersRepository } from '../src/modules/users/users.repository';
import { openTestDatabase } from './db';

/**
 * Statements built once and run by name (src/db/prepared.ts, issue 10): one statement per database handle,
 * and a transaction's own copy that runs inside the transaction, never beside it on another connection.
 */
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
});
afterAll(() => database.close());

const newUser = (email: string) => ({
  name: 'Pema Wangmo',
  email,
  passwordHash: 'x',
  userType: 'user' as const,
});

describe('preparedStatement', () => {
  it('builds a statement once per handle and runs it with each call’s values', async () => {
    let built = 0;
    const byEmail = preparedStatement('jarog_test_user_by_email', (db, name) => {
      built += 1;
      return db
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.email} = ${sql.placeholder('email')}`)
        .prepare(name);
    });
    const [a] = await database.db.insert(users).values(newUser('a@example.bt')).returning();
    const [b] = await database.db.insert(users).values(newUser('b@example.bt')).returning();
    expect(await byEmail(database.db).execute({ email: 'a@example.bt' })).toEqual([{ id: a?.id }]);
    expect(await byEmail(database.db).execute({ email: 'b@example.bt' })).toEqual([{ id: b?.id }]);
    expect(await byEmail(database.db).execute({ email: 'nobody@example.bt' })).toEqual([]);
    expect(byEmail(database.db)).toBe(byEmail(database.db));
    expect(built).toBe(1);
  });

  it('runs inside a transaction when given one: it sees the transaction’s rows, which a rollback takes away', async () => {
    let insertedId: string | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values(newUser('in-tx@example.bt')).returning();
        insertedId = row?.id;
        if (!insertedId) throw new Error('no row');
        expect((await usersRepository.findById(tx, insertedId))?.email).toBe('in-tx@example.bt');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(insertedId).toBeDefined();
    expect(await usersRepository.findById(database.db, insertedId ?? '')).toBeUndefined();
  });
});

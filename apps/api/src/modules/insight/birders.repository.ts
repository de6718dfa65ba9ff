import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { checklists, entries, statsBirder, users } from '../../db/schema';

/** Birders are the accounts of type user: the people who record birds from the mobile app. */
const isBirder = eq(users.userType, 'user');
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function birderWhere(q: { birder?: string; country?: string }): SQL | undefined {
  return and(
    isBirder,
    q.birder ? sql`${users.name} ILIKE ${`%${likeEscape(q.birder)}%`}` : undefined,
    q.country ? sql`lower(${users.country}) = lower(${q.country})` : undefined,
  );
}

const birderColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  photo: users.profileUrl,
  dob: users.dob,
  country: users.country,
  profession: users.profession,
  entriesCount: sql<number>`coalesce(${statsBirder.submitted}, 0)`.mapWith(Number),
  approvedCount: sql<number>`coalesce(${statsBirder.approved}, 0)`.mapWith(Number),
  totalEntries: sql<number>`coalesce(${statsBirder.entries}, 0)`.mapWith(Number),
};
export type BirderRow = {
  id: string;
  name: string;
  email: string;
  photo: string | null;
  dob: string | null;
  country: string | null;
  profession: string | null;
  entriesCount: number;
  approvedCount: number;
  totalEntries: number;
};

/** A page of birders with their counts in one query (the counts come from the per-birder summary). */
export async function listBirders(
  db: Db,
  where: SQL | undefined,
  order: 'name' | 'approved',
  offset: number,
  limit: number,
): Promise<BirderRow[]> {
  return db
    .select(birderColumns)
    .from(users)
    .leftJoin(statsBirder, eq(statsBirder.observerId, users.id))
    .where(where)
    .orderBy(
      ...(order === 'approved'
        ? [desc(sql`coalesce(${statsBirder.approved}, 0)`), asc(users.name), asc(users.id)]
        : [asc(users.name), asc(users.id)]),
    )
    .offset(offset)
    .limit(limit);
}

export async function countBirders(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(statsBirder, eq(statsBirder.observerId, users.id))
    .where(where);
  return row?.n ?? 0;
}

/** The top-birders ranking counts approved entries only: birders with none are left out. */
export const hasApproved = sql`coalesce(${statsBirder.approved}, 0) > 0`;

/** Birders in all, the countries they come from (for the filter) and how many there are. */
export async function birderTotals(db: Db): Promise<{ total: number; countries: string[] }> {
  const [total, countries] = await Promise.all([birderCount(db), countriesStatement(db).execute()]);
  return { total, countries: countries.map((c) => c.country ?? '') };
}

const birderCountStatement = preparedStatement('jarog_birder_count', (db, name) =>
  db.select({ n: count() }).from(users).where(isBirder).prepare(name),
);

const countriesStatement = preparedStatement('jarog_birder_countries', (db, name) =>
  db
    .selectDistinct({ country: users.country })
    .from(users)
    .where(and(isBirder, sql`coalesce(${users.country}, '') <> ''`))
    .orderBy(users.country)
    .prepare(name),
);

/** Birders (accounts of type user) in all: the dashboard's count. */
export async function birderCount(db: Db): Promise<number> {
  const [row] = await birderCountStatement(db).execute();
  return row?.n ?? 0;
}

const birderById = preparedStatement('jarog_birder_by_id', (db, name) =>
  db
    .select(birderColumns)
    .from(users)
    .leftJoin(statsBirder, eq(statsBirder.observerId, users.id))
    .where(and(isBirder, eq(users.id, sql.placeholder('id'))))
    .prepare(name),
);

export async function findBirder(db: Db | Tx, id: string): Promise<BirderRow | undefined> {
  const [row] = await birderById(db).execute({ id });
  return row;
}

/** A page of a birder's submitted entries with their checklists, newest first (the birder's page). */
const birderEntriesStatement = preparedStatement('jarog_birder_entries', (db, name) =>
  db
    .select({ entry: entries, checklist: checklists })
    .from(entries)
    .innerJoin(checklists, eq(checklists.id, entries.checklistId))
    .where(and(eq(checklists.observerId, sql.placeholder('id')), eq(checklists.status, 'submitted')))
    .orderBy(
      desc(checklists.selectedDate),
      sql`${checklists.selectedTime} desc nulls last`,
      desc(entries.createdAt),
      desc(entries.id),
    )
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit'))
    .prepare(name),
);

export const birderEntries = (db: Db | Tx, id: string, page: { offset: number; limit: number }) =>
  birderEntriesStatement(db).execute({ id, ...page });

/** Keeps a deleted birder's records for the national record, under a neutral name. */
export async function anonymiseRecords(tx: Tx, id: string, name: string) {
  const rows = await tx
    .update(checklists)
    .set({ observerName: name, updatedAt: new Date() })
    .where(eq(checklists.observerId, id))
    .returning({ entries: checklists.entryCount });
  return { checklists: rows.length, entries: rows.reduce((n, r) => n + r.entries, 0) };
}

export async function deleteUser(tx: Tx, id: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, id));
}

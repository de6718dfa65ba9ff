import { and, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  type ChecklistRow,
  checklists,
  type EntryRow,
  entries,
  type NewChecklistRow,
  type NewEntryRow,
  revealedChecklist,
  users,
} from '../../db/schema';
import { yieldToEventLoop } from '../../lib/yield';

type Q = Db | Tx;
const CHUNK = 500;

/** PostgreSQL takes at most 65,535 parameters in one statement; stay well under it. */
const MAX_PARAMS = 60_000;

/**
 * Rows per INSERT for rows of this shape: as many as the parameter limit allows, so a 100,000-row upload is a
 * few dozen statements and the statement-level summary triggers run a few dozen times, not hundreds.
 */
function insertChunk(rows: readonly object[]): number {
  const columns = rows[0] ? Object.keys(rows[0]).length + 1 : 1;
  return Math.max(1, Math.floor(MAX_PARAMS / columns));
}

/** `items` in consecutive parts of `size`. */
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A PostgreSQL array literal of text values (NULL for null), for one parameter instead of thousands. */
function textArray(values: readonly (string | null)[]): string {
  const item = (v: string | null) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`);
  return `{${values.map(item).join(',')}}`;
}

export interface NaturalKey {
  name: string;
  selectedDate: string;
  /** null: a checklist without a time, which matches only another without one. */
  selectedTime: string | null;
}

/**
 * `(lower(name), date, time) in (...)`, null-safe: a NULL time never equals anything in a tuple
 * comparison, so keys without a time are matched as `(lower(name), date) in (...) and time is null`.
 * Both branches are served by checklists_name_idx.
 */
function naturalKeyIn(keys: readonly NaturalKey[]): SQL {
  const timed = keys.flatMap((k) =>
    k.selectedTime === null
      ? []
      : [sql`(${k.name.toLowerCase()}, ${k.selectedDate}::date, ${k.selectedTime}::time)`],
  );
  const untimed = keys.flatMap((k) =>
    k.selectedTime === null ? [sql`(${k.name.toLowerCase()}, ${k.selectedDate}::date)`] : [],
  );
  const branches: SQL[] = [];
  if (timed.length)
    branches.push(
      sql`(lower(${checklists.name}), ${checklists.selectedDate}, ${checklists.selectedTime}) in (${sql.join(timed, sql`, `)})`,
    );
  if (untimed.length)
    branches.push(
      sql`((lower(${checklists.name}), ${checklists.selectedDate}) in (${sql.join(untimed, sql`, `)}) and ${checklists.selectedTime} is null)`,
    );
  return branches.length ? sql`(${sql.join(branches, sql` or `)})` : sql`false`;
}

/** Everything SQL for adding records; rules live in the service. */
export const ingestRepository = {
  /**
   * Serialises writers of one scope (one birder's uploads, or the console's) until the transaction
   * ends, so two copies of the same upload arriving together cannot both create a checklist.
   */
  async lock(tx: Tx, scope: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`records-ingest:${scope}`}))`);
  },

  /**
   * Console and upload checklists with these natural keys (observer matched by the caller): the keys go
   * in as three arrays, 5,000 per statement (a 100,000-row file has some 20,000 checklists; the 200-key
   * statements this replaces took seconds for them). Each key is looked up by checklists_name_idx ('offset 0'
   * keeps the lookup per key: joined, the planner scanned all 190,000 checklists per statement, 125 ms
   * each); the rows found, usually none, are then read whole by id.
   */
  async consoleChecklists(tx: Q, keys: readonly NaturalKey[]): Promise<ChecklistRow[]> {
    const ids: string[] = [];
    // 5,000 keys a statement: writing one array literal of 20,000 keys took ~30 ms, which other requests waited;
    // each statement's ~7 ms of writing starts a turn of its own.
    for (const part of chunks(keys, 5_000)) {
      await yieldToEventLoop();
      const names = textArray(part.map((k) => k.name.toLowerCase()));
      const dates = textArray(part.map((k) => k.selectedDate));
      const times = textArray(part.map((k) => k.selectedTime));
      const found = await tx.execute<{ id: string }>(sql`
        select c.id from unnest(${names}::text[], ${dates}::date[], ${times}::time[]) k(name, day, time)
        cross join lateral (
          select ${checklists.id} as id from ${checklists}
          where lower(${checklists.name}) = k.name and ${checklists.selectedDate} = k.day
            and ${checklists.selectedTime} is not distinct from k.time
            and ${inArray(checklists.source, ['console', 'upload'])} and ${revealedChecklist}
          offset 0) c`);
      for (const row of (found as unknown as { rows: { id: string }[] }).rows) ids.push(row.id);
    }
    const out: ChecklistRow[] = [];
    for (const part of chunks([...new Set(ids)], 5_000)) {
      out.push(...(await tx.select().from(checklists).where(inArray(checklists.id, part))));
    }
    return out;
  },

  /** One birder's mobile checklists with these client ids or natural keys. */
  async mobileChecklists(
    tx: Q,
    observerId: string,
    clientIds: readonly string[],
    keys: readonly NaturalKey[],
  ): Promise<ChecklistRow[]> {
    const out: ChecklistRow[] = [];
    for (const part of chunks(keys, 200)) {
      out.push(
        ...(await tx
          .select()
          .from(checklists)
          .where(
            and(eq(checklists.observerId, observerId), eq(checklists.source, 'mobile'), naturalKeyIn(part)),
          )),
      );
    }
    for (const part of chunks(clientIds)) {
      out.push(
        ...(await tx
          .select()
          .from(checklists)
          .where(and(eq(checklists.observerId, observerId), inArray(checklists.clientId, part)))),
      );
    }
    return [...new Map(out.map((c) => [c.id, c])).values()];
  },

  async entriesOf(tx: Q, checklistIds: readonly string[]): Promise<EntryRow[]> {
    const out: EntryRow[] = [];
    for (const part of chunks(checklistIds)) {
      out.push(
        ...(await tx
          .select()
          .from(entries)
          .where(inArray(entries.checklistId, part))
          .orderBy(entries.createdAt, entries.id)),
      );
    }
    return out;
  },

  async checklistsByIds(tx: Q, ids: readonly string[]): Promise<ChecklistRow[]> {
    const out: ChecklistRow[] = [];
    for (const part of chunks(ids)) {
      out.push(...(await tx.select().from(checklists).where(inArray(checklists.id, part))));
    }
    return out;
  },

  async insertChecklists(tx: Tx, rows: NewChecklistRow[]): Promise<ChecklistRow[]> {
    const out: ChecklistRow[] = [];
    for (const part of chunks(rows, insertChunk(rows))) {
      out.push(...(await tx.insert(checklists).values(part).returning()));
    }
    return out;
  },

  async updateChecklist(
    tx: Tx,
    id: string,
    set: Partial<NewChecklistRow>,
  ): Promise<ChecklistRow | undefined> {
    const [row] = await tx
      .update(checklists)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(checklists.id, id))
      .returning();
    return row;
  },

  /** Entries inserted together share now(): a microsecond apart, they list in the order given. */
  async insertEntries(
    tx: Tx,
    rows: NewEntryRow[],
    onWritten?: (done: number, of: number) => void,
  ): Promise<EntryRow[]> {
    const out: EntryRow[] = [];
    for (const part of chunks(rows, insertChunk(rows))) {
      const first = out.length;
      const values = part.map((r, i) => ({
        ...r,
        createdAt: sql`now() + ${first + i} * interval '1 microsecond'`,
      }));
      out.push(...(await tx.insert(entries).values(values).returning()));
      onWritten?.(out.length, rows.length);
    }
    return out;
  },

  async updateEntry(tx: Tx, id: string, set: Partial<NewEntryRow>): Promise<EntryRow | undefined> {
    const [row] = await tx.update(entries).set(set).where(eq(entries.id, id)).returning();
    return row;
  },

  /** Accounts by email (lower-case), for a birder named by email in a document or a file. */
  async accountsByEmail(
    tx: Q,
    emails: readonly string[],
  ): Promise<{ id: string; name: string; email: string }[]> {
    if (emails.length === 0) return [];
    return tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.email, [...emails]));
  },

  async accountById(tx: Q, id: string): Promise<{ id: string; name: string; email: string } | undefined> {
    const [row] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, id));
    return row;
  },

  /** One page of a birder's entries, the most recently changed checklist first (checklists_observer_idx). */
  async ownEntries(
    db: Q,
    observerId: string,
    since: Date | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: { entry: EntryRow; checklist: ChecklistRow }[]; total: number }> {
    const where = and(
      eq(checklists.observerId, observerId),
      since ? gt(checklists.updatedAt, since) : undefined,
    );
    const [rows, totals] = await Promise.all([
      db
        .select({ entry: entries, checklist: checklists })
        .from(checklists)
        .innerJoin(entries, eq(entries.checklistId, checklists.id))
        .where(where)
        .orderBy(desc(checklists.updatedAt), desc(checklists.id), entries.createdAt, entries.id)
        .limit(limit)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(checklists)
        .innerJoin(entries, eq(entries.checklistId, checklists.id))
        .where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  },

  /** A checklist of this observer by its id, or the checklist holding the entry with this id. */
  async ownChecklistOf(
    tx: Q,
    observerId: string,
    id: string,
  ): Promise<{ checklist: ChecklistRow; entryId: string | null } | undefined> {
    const [own] = await tx
      .select()
      .from(checklists)
      .where(and(eq(checklists.id, id), eq(checklists.observerId, observerId)));
    if (own) return { checklist: own, entryId: null };
    const [viaEntry] = await tx
      .select({ checklist: checklists })
      .from(entries)
      .innerJoin(checklists, eq(entries.checklistId, checklists.id))
      .where(and(eq(entries.id, id), eq(checklists.observerId, observerId)));
    return viaEntry ? { checklist: viaEntry.checklist, entryId: id } : undefined;
  },

  async lockChecklist(tx: Tx, id: string): Promise<ChecklistRow | undefined> {
    const [row] = await tx.select().from(checklists).where(eq(checklists.id, id)).for('update');
    return row;
  },

  async deleteChecklist(tx: Tx, id: string): Promise<void> {
    await tx.delete(checklists).where(eq(checklists.id, id));
  },

  async deleteEntry(tx: Tx, id: string): Promise<void> {
    await tx.delete(entries).where(eq(entries.id, id));
  },
};

import type { RecordsSort } from '@jarog/contracts';
import { and, asc, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { checklists, entries, statsPendingDzongkhag } from '../../db/schema';

/**
 * The reviewer's queue (issue 12), kept apart from the list SQL: the "pending only" condition, the
 * whitelisted sort orders, and the pending count per dzongkhag. Every order and condition here has an
 * index (migration 0011: entries_pending_idx, checklists_status_observer_idx, checklists_status_dzongkhag_idx;
 * 0018: checklists_pending_date_idx) or a summary kept by triggers (0018: the checklists' pending counters and
 * stats_pending_dzongkhag).
 */
type Executor = Db | Tx;
type QueueList = 'entries' | 'checklists' | 'newspecies';

/** The entry waits for review and belongs to the list (new-species reports only on their own list). */
export function pendingEntry(list: QueueList): SQL {
  return and(eq(entries.approval, 'pending'), eq(entries.isNewSpecies, list === 'newspecies')) as SQL;
}

/**
 * The checklist holds an entry of the list that waits for review: its own pending counter (kept by the
 * triggers of migration 0018; "pending only" newest first walks checklists_pending_date_idx).
 */
export function holdsPending(list: QueueList): SQL {
  return list === 'newspecies'
    ? sql`${checklists.pendingNewEntries} > 0`
    : sql`${checklists.pendingNamedEntries} > 0`;
}

/** How many entries of the list wait for review on a checklist, from its counter. */
export function pendingCount(list: QueueList): SQL {
  return list === 'newspecies'
    ? sql`${checklists.pendingNewEntries}`
    : sql`${checklists.pendingNamedEntries}`;
}

/**
 * Checklist order for a sort key. The default ('-date') is spelled as checklists_status_date_idx is
 * built; 'date' walks the same index backwards (hence NULLS FIRST), so oldest first costs the same.
 */
export function checklistOrder(sort: RecordsSort = '-date'): SQL[] {
  const newest = [
    sql`${checklists.selectedDate} desc nulls last`,
    sql`${checklists.selectedTime} desc nulls last`,
  ];
  const oldest = [
    sql`${checklists.selectedDate} asc nulls first`,
    sql`${checklists.selectedTime} asc nulls first`,
  ];
  switch (sort) {
    case 'date':
      return [...oldest, asc(checklists.id)];
    case 'birder':
      return [sql`lower(${checklists.observerName}) asc`, ...oldest, asc(checklists.id)];
    case '-birder':
      return [sql`lower(${checklists.observerName}) desc`, ...newest, asc(checklists.id)];
    case 'dzongkhag':
      return [sql`${checklists.dzongkhag} asc nulls last`, ...oldest, asc(checklists.id)];
    case '-dzongkhag':
      return [sql`${checklists.dzongkhag} desc nulls first`, ...newest, asc(checklists.id)];
    default:
      return [...newest, asc(checklists.id)];
  }
}

/** The summary key of a list's queue: new-species reports, or named entries (the entries list's too). */
export const queueKey = (list: QueueList) => (list === 'newspecies' ? 'newspecies' : 'checklists');

const pendingStatement = preparedStatement('jarog_pending_per_dzongkhag', (db, name) => {
  const q = statsPendingDzongkhag;
  return db
    .select({ dzongkhag: q.dzongkhag, checklists: q.checklists, entries: q.entries })
    .from(q)
    .where(and(eq(q.list, sql.placeholder('list')), gt(q.checklists, 0)))
    .orderBy(desc(q.entries), asc(q.dzongkhag))
    .prepare(name);
});

/**
 * Entries waiting for review on submitted checklists, and their checklists, per dzongkhag (most first):
 * read from stats_pending_dzongkhag, which the triggers of migration 0018 keep.
 */
export async function pendingPerDzongkhag(db: Executor, list: Exclude<QueueList, 'entries'>) {
  return pendingStatement(db).execute({ list: queueKey(list) });
}

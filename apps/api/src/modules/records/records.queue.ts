import type { RecordsSort } from '@jarog/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { checklists, entries } from '../../db/schema';

/**
 * The reviewer's queue (issue 12), kept apart from the list SQL: the "pending only" condition, the
 * whitelisted sort orders, and the pending count per dzongkhag. Every order and condition here has an
 * index (migration 0011: entries_pending_idx, checklists_status_observer_idx, checklists_status_dzongkhag_idx).
 */
type Executor = Db | Tx;
type QueueList = 'entries' | 'checklists' | 'newspecies';

/** The entry waits for review and belongs to the list (new-species reports only on their own list). */
export function pendingEntry(list: QueueList): SQL {
  return and(eq(entries.approval, 'pending'), eq(entries.isNewSpecies, list === 'newspecies')) as SQL;
}

/** The checklist holds an entry of the list that waits for review (served by entries_pending_idx). */
export function holdsPending(list: QueueList): SQL {
  return sql`exists (select 1 from ${entries} where ${entries.checklistId} = ${checklists.id} and ${pendingEntry(list)})`;
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

/** Named entries waiting for review on submitted checklists, per dzongkhag (most first). */
export async function pendingPerDzongkhag(db: Executor, list: Exclude<QueueList, 'entries'>) {
  const rows = await db
    .select({
      dzongkhag: sql<string>`coalesce(${checklists.dzongkhag}, '')`,
      checklists: sql<number>`count(distinct ${checklists.id})::int`,
      entries: sql<number>`count(*)::int`,
    })
    .from(entries)
    .innerJoin(checklists, eq(entries.checklistId, checklists.id))
    .where(and(pendingEntry(list), eq(checklists.status, 'submitted')))
    .groupBy(sql`1`)
    .orderBy(sql`3 desc`, sql`1 asc`);
  return rows.map((r) => ({ dzongkhag: r.dzongkhag, checklists: r.checklists, entries: r.entries }));
}

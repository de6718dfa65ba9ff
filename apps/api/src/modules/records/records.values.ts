import type { Db } from '../../db/client';
import { readDataVersion } from '../../lib/conditional-get';
import { type RecordsList, recordsRepository as repo } from './records.repository';

type ListValues = Awaited<ReturnType<typeof repo.distinctValues>>;

/** Per database handle and list: the values last read, and the data version they were read under. */
const kept = new WeakMap<Db, Map<RecordsList, { version: string; values: Promise<ListValues> }>>();

/**
 * The values a list's filters offer (distinctDzongkhags, distinctGewogs, distinctVillages, distinctObservers: every
 * value of the whole list, whatever the request's filters), read once per data version. Every page, filter and
 * search of a list sends the same ~2,000 values, which PostgreSQL aggregated on each request (1.7-3.3 ms of the
 * 7 ms a checklists page spent in SQL at 2 M entries). The data version (migration 0014) grows with every committed
 * write and is shared by all API processes, so values are never older than the last write, as with the answer
 * cache (lib/conditional-get.ts): the version is read first, so values read after it are at least as new. Requests
 * arriving together while the values are read share that one read. `known` is the version conditionalGet read for
 * the request (dataVersionOf), when it did: the values then match the answer's ETag, and the version is read once.
 */
export async function listValues(db: Db, list: RecordsList, known?: string): Promise<ListValues> {
  const version = known ?? (await readDataVersion(db));
  let lists = kept.get(db);
  if (!lists) {
    lists = new Map();
    kept.set(db, lists);
  }
  const last = lists.get(list);
  if (last?.version === version) return last.values;
  const values = repo.distinctValues(db, list);
  // A request that read the version before the latest write does not displace the newer values.
  if (last && BigInt(last.version) > BigInt(version)) return values;
  const entry = { version, values };
  lists.set(list, entry);
  // A failed read is not kept: the next request reads again.
  values.catch(() => {
    if (lists.get(list) === entry) lists.delete(list);
  });
  return values;
}

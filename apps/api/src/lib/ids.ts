import { randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID (the form of every id here), so other text never reaches a uuid column. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** Random bytes for 256 ids, taken from the system at once. */
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let used = POOL_BYTES;

/**
 * A new row id for bulk writes: time-ordered (UUID version 7), so an upload's rows go into the primary-key
 * indexes side by side instead of at random leaf pages of a 2 M-row index.
 * - Its random bits come from a pool refilled 256 ids at a time. uuid's own v7 asks the system for 16 bytes
 *   per id, a synchronous call of 3-4 µs: the 120,000 ids of a 100,000-row upload held the event loop for
 *   ~0.45 s, and every other request waited.
 * - Given its random bytes, the library takes the time and the counter from them: ids of one millisecond are
 *   in random order among themselves (nothing relies on their order; only the millisecond matters to the index).
 * - A flat lowercase string: the library builds it by concatenation (a tree of ~15 pieces, ~500 bytes each; the
 *   ids of a 100,000-row upload took 59 MB of heap that way, flat 8 MB); toLowerCase copies it flat.
 */
export function newRowId(): string {
  if (used + 16 > POOL_BYTES) {
    pool = randomFillSync(new Uint8Array(POOL_BYTES));
    used = 0;
  }
  const random = pool.subarray(used, used + 16);
  used += 16;
  return uuidv7({ random }).toLowerCase();
}

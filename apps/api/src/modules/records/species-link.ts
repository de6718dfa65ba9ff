import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { species } from '../../db/schema';

/** Lower-cased, spaces collapsed: how a typed bird name is compared with the catalogue. */
export const birdKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The catalogue species each bird name resolves to (case and spacing ignored), keyed by `birdKey`.
 * One query for any number of names. Names with no catalogue species are absent from the map.
 */
export async function resolveSpecies(
  db: Db | Tx,
  names: readonly string[],
): Promise<Map<string, { id: string; englishName: string }>> {
  // An upload's 100,000 names hold a few hundred distinct ones: each is normalised once.
  const keys = [...new Set([...new Set(names)].map(birdKey))].filter(Boolean);
  const found = new Map<string, { id: string; englishName: string }>();
  if (keys.length === 0) return found;
  const rows = await db
    .select({ id: species.id, englishName: species.englishName })
    .from(species)
    .where(inArray(sql`lower(${species.englishName})`, keys));
  for (const r of rows) found.set(birdKey(r.englishName), r);
  return found;
}

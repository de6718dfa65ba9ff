import { and, asc, eq, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { checklists, entries, species } from '../../db/schema';

export interface DwcaFilter {
  from?: string;
  to?: string;
  dzongkhag?: string;
}

/** Submitted checklists in the filter, after a checklist id (keyset walk in id order). */
function scope(f: DwcaFilter, after: string | undefined, extra: SQL): SQL | undefined {
  return and(
    eq(checklists.status, 'submitted'),
    after ? gt(checklists.id, after) : undefined,
    f.from ? gte(checklists.selectedDate, f.from) : undefined,
    f.to ? lte(checklists.selectedDate, f.to) : undefined,
    f.dzongkhag ? eq(checklists.dzongkhag, f.dzongkhag) : undefined,
    extra,
  );
}

export const dwcaRepository = {
  /** The catalogue, once per export: a few hundred rows, looked up by id for every occurrence. */
  species: (db: Db | Tx) =>
    db
      .select({
        id: species.id,
        englishName: species.englishName,
        scientificName: species.scientificName,
        authority: species.authority,
        orderName: species.orderName,
        familyName: species.familyName,
        genus: species.genus,
        speciesEpithet: species.speciesEpithet,
      })
      .from(species),

  /** Checklists that will carry at least one occurrence (an approved entry of a catalogue species). */
  events: (db: Db, f: DwcaFilter, after: string | undefined, limit: number) =>
    db
      .select({
        id: checklists.id,
        selectedDate: checklists.selectedDate,
        selectedTime: checklists.selectedTime,
        latitude: checklists.latitude,
        longitude: checklists.longitude,
        dzongkhag: checklists.dzongkhag,
        gewog: checklists.gewog,
        village: checklists.village,
        observerName: checklists.observerName,
        source: checklists.source,
      })
      .from(checklists)
      .where(
        scope(
          f,
          after,
          sql`${checklists.approvedEntries} > 0 and exists (select 1 from ${entries} where ${entries.checklistId} = ${checklists.id} and ${entries.approval} = 'approved' and ${entries.speciesId} is not null)`,
        ),
      )
      .orderBy(asc(checklists.id))
      .limit(limit),

  /** Ids of the checklists in the filter holding any approved entry, in id order. */
  checklistsWithApproved: async (db: Db, f: DwcaFilter, after: string | undefined, limit: number) =>
    (
      await db
        .select({ id: checklists.id })
        .from(checklists)
        .where(scope(f, after, sql`${checklists.approvedEntries} > 0`))
        .orderBy(asc(checklists.id))
        .limit(limit)
    ).map((r) => r.id),

  /** The approved entries of these checklists (each checklist's entries together). */
  approvedEntries: (db: Db, checklistIds: string[]) =>
    db
      .select({
        id: entries.id,
        checklistId: entries.checklistId,
        speciesId: entries.speciesId,
        isNewSpecies: entries.isNewSpecies,
        adult: entries.adult,
        juvenile: entries.juvenile,
        total: entries.total,
        photoUrl: entries.photoUrl,
        remarks: entries.remarks,
      })
      .from(entries)
      .where(and(inArray(entries.checklistId, checklistIds), eq(entries.approval, 'approved')))
      .orderBy(asc(entries.checklistId), asc(entries.id)),
};

/** What one event row needs, as the cursor query returns it (dates and times as text on both drivers). */
export interface EventRecord {
  id: string;
  selectedDate: string;
  /** null when the birder gave no time. */
  selectedTime: string | null;
  latitude: number | null;
  longitude: number | null;
  dzongkhag: string | null;
  gewog: string | null;
  village: string | null;
  observerName: string;
  source: string;
}

/** What one occurrence row needs. */
export interface EntryRecord {
  id: string;
  checklistId: string;
  speciesId: string | null;
  isNewSpecies: boolean;
  adult: number;
  juvenile: number;
  total: number;
  photoUrl: string | null;
  remarks: string | null;
}

const filterSql = (f: DwcaFilter): SQL =>
  sql.join(
    [
      sql`c.status = 'submitted'`,
      ...(f.from ? [sql`c.selected_date >= ${f.from}`] : []),
      ...(f.to ? [sql`c.selected_date <= ${f.to}`] : []),
      ...(f.dzongkhag ? [sql`c.dzongkhag = ${f.dzongkhag}`] : []),
    ],
    sql` and `,
  );

/**
 * One pass over a query with a server-side cursor (PostgreSQL): rows arrive `size` at a time, in
 * whatever order the plan gives (a hash join, not an index walk), inside the caller's transaction.
 */
async function* cursor<T>(tx: Tx, name: string, query: SQL, size: number): AsyncGenerator<T[]> {
  await tx.execute(sql`declare ${sql.identifier(name)} no scroll cursor for ${query}`);
  try {
    for (;;) {
      const result = (await tx.execute(sql.raw(`fetch ${size} from "${name}"`))) as unknown as { rows: T[] };
      if (result.rows.length > 0) yield result.rows;
      if (result.rows.length < size) return;
    }
  } finally {
    await tx.execute(sql.raw(`close "${name}"`));
  }
}

export const dwcaCursors = {
  events: (tx: Tx, f: DwcaFilter, size: number) =>
    cursor<EventRecord>(
      tx,
      'dwca_events',
      sql`select c.id, c.selected_date::text as "selectedDate", c.selected_time::text as "selectedTime",
                 c.latitude, c.longitude, c.dzongkhag, c.gewog, c.village, c.observer_name as "observerName",
                 c.source::text as source
          from checklists c
          where ${filterSql(f)} and c.approved_entries > 0
            and exists (select 1 from entries e where e.checklist_id = c.id and e.approval = 'approved'
                        and e.species_id is not null)`,
      size,
    ),
  entries: (tx: Tx, f: DwcaFilter, size: number) =>
    cursor<EntryRecord>(
      tx,
      'dwca_entries',
      sql`select e.id, e.checklist_id as "checklistId", e.species_id as "speciesId",
                 e.is_new_species as "isNewSpecies", e.adult, e.juvenile, e.total, e.photo_url as "photoUrl",
                 e.remarks
          from entries e join checklists c on c.id = e.checklist_id
          where ${filterSql(f)} and c.approved_entries > 0 and e.approval = 'approved'`,
      size,
    ),
};

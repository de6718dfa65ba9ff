import type { SpeciesListQuery } from '@jarog/contracts';
import { and, asc, count, eq, getTableColumns, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  checklists,
  entries,
  type NewSpeciesRow,
  type SpeciesPhotoRow,
  type SpeciesRow,
  species,
  speciesPhotos,
} from '../../db/schema';

type Executor = Db | Tx;
/** Rows per multi-row statement: well under PostgreSQL's 65,535 parameters at ~25 columns a row. */
const INSERT_ROWS = 1000;

/** Escapes LIKE wildcards so user text is matched literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The search text as the trigger stores names: lower-case and accent-free. */
const normalized = (s: string) => sql`lower(unaccent(${s}))`;

/**
 * A name search: the words appear anywhere in the names (substring, any case or accent), or the
 * whole query is close to a word of the names (pg_trgm word similarity, for small typos).
 */
function nameSearch(term: string): SQL {
  const contains = sql`${species.searchText} like ('%' || ${normalized(likeEscape(term))} || '%')`;
  const words = term.split(/\s+/).filter(Boolean);
  const allWords =
    words.length > 1
      ? and(...words.map((w) => sql`${species.searchText} like ('%' || ${normalized(likeEscape(w))} || '%')`))
      : undefined;
  const fuzzy = term.length >= 3 ? sql`${normalized(term)} <% ${species.searchText}` : undefined;
  return or(contains, allWords, fuzzy) ?? contains;
}

const ilike = (column: SQL | typeof species.scientificName, term: string) =>
  sql`lower(unaccent(coalesce(${column}, ''))) like ('%' || ${normalized(likeEscape(term))} || '%')`;

/** AND between fields, OR inside a comma list; a field not named filters nothing. */
export function speciesWhere(q: SpeciesListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    q.order.length ? inArray(species.orderName, q.order) : undefined,
    q.family.length ? inArray(species.familyName, q.family) : undefined,
    q.genus.length ? inArray(species.genus, q.genus) : undefined,
    q.iucn_status.length ? inArray(species.iucnStatus, q.iucn_status) : undefined,
    q.group.length ? inArray(species.groupName, q.group) : undefined,
    q.residency.length ? inArray(species.residency, q.residency) : undefined,
    q.search ? nameSearch(q.search) : undefined,
    q.bird_name ? nameSearch(q.bird_name) : undefined,
    q.species ? ilike(sql`${species.speciesEpithet}`, q.species) : undefined,
    q.scientific_name ? ilike(species.scientificName, q.scientific_name) : undefined,
  ];
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

/** When searching, the closest names come first; otherwise alphabetical by English name. */
function speciesOrder(q: SpeciesListQuery): SQL[] {
  const term = q.search ?? q.bird_name;
  const base = [asc(species.englishName), asc(species.id)];
  if (!term) return base;
  return [
    sql`(lower(${species.englishName}) = lower(${term})) desc`,
    sql`(lower(${species.englishName}) like (lower(${likeEscape(term)}) || '%')) desc`,
    sql`word_similarity(${normalized(term)}, ${species.searchText}) desc`,
    ...base,
  ];
}

export const speciesRepository = {
  page: async (db: Executor, q: SpeciesListQuery, offset: number, limit: number) => {
    const where = speciesWhere(q);
    const [rows, found, total] = await Promise.all([
      db
        .select()
        .from(species)
        .where(where)
        .orderBy(...speciesOrder(q))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(species).where(where),
      db.select({ n: count() }).from(species),
    ]);
    return { rows, foundTotal: found[0]?.n ?? 0, speciesTotal: total[0]?.n ?? 0 };
  },

  /** One batch of the filtered catalogue after `afterName/afterId`, for streaming exports (keyset paging). */
  batchAfter: async (
    db: Executor,
    q: SpeciesListQuery,
    after: { name: string; id: string } | undefined,
    size: number,
  ) =>
    db
      .select()
      .from(species)
      .where(
        and(
          speciesWhere(q),
          after
            ? or(
                gt(species.englishName, after.name),
                and(eq(species.englishName, after.name), gt(species.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(species.englishName), asc(species.id))
      .limit(size),

  /** The filter option lists, built from the catalogue itself, in one query. */
  options: async (db: Executor) => {
    const agg = (column: SQL) =>
      sql<
        string[] | null
      >`array_agg(distinct ${column} order by ${column}) filter (where ${column} is not null and ${column} <> '')`;
    const [row] = await db
      .select({
        orders: agg(sql`${species.orderName}`),
        families: agg(sql`${species.familyName}`),
        genuses: agg(sql`${species.genus}`),
        groups: agg(sql`${species.groupName}`),
        iucnstatuses: agg(sql`${species.iucnStatus}`),
        residencies: agg(sql`${species.residency}`),
      })
      .from(species);
    return {
      orders: row?.orders ?? [],
      families: row?.families ?? [],
      genuses: row?.genuses ?? [],
      groups: row?.groups ?? [],
      iucnstatuses: row?.iucnstatuses ?? [],
      residencies: row?.residencies ?? [],
    };
  },

  count: async (db: Executor) => (await db.select({ n: count() }).from(species))[0]?.n ?? 0,

  /** Approved entries of submitted checklists linked to a species (entries_species_idx), and their dzongkhags. */
  approvedRecordsOf: async (
    db: Executor,
    id: string,
  ): Promise<{ approvedRecords: number; dzongkhags: string[] }> => {
    const rows = await db
      .select({ dzongkhag: checklists.dzongkhag, n: count() })
      .from(entries)
      .innerJoin(checklists, eq(entries.checklistId, checklists.id))
      .where(
        and(eq(entries.speciesId, id), eq(entries.approval, 'approved'), eq(checklists.status, 'submitted')),
      )
      .groupBy(checklists.dzongkhag);
    return {
      approvedRecords: rows.reduce((n, r) => n + r.n, 0),
      dzongkhags: rows.flatMap((r) => (r.dzongkhag ? [r.dzongkhag] : [])).sort((a, b) => a.localeCompare(b)),
    };
  },

  findById: async (db: Executor, id: string): Promise<SpeciesRow | undefined> =>
    (await db.select().from(species).where(eq(species.id, id)).limit(1))[0],

  /** Species whose English or scientific name equals one of these, ignoring case. */
  findByNames: async (
    db: Executor,
    names: { english?: string[]; scientific?: string[] },
  ): Promise<SpeciesRow[]> => {
    const english = (names.english ?? []).map((n) => n.toLowerCase());
    const scientific = (names.scientific ?? []).map((n) => n.toLowerCase());
    if (english.length === 0 && scientific.length === 0) return [];
    return db
      .select()
      .from(species)
      .where(
        or(
          english.length ? inArray(sql`lower(${species.englishName})`, english) : undefined,
          scientific.length ? inArray(sql`lower(${species.scientificName})`, scientific) : undefined,
        ),
      );
  },

  insert: async (db: Executor, row: NewSpeciesRow): Promise<SpeciesRow> => {
    const [created] = await db.insert(species).values(row).returning();
    if (!created) throw new Error('insert returned no row');
    return created;
  },

  /** Inserts many species in a few statements; rows come back in the order given. */
  insertMany: async (db: Executor, rows: NewSpeciesRow[]): Promise<SpeciesRow[]> => {
    const out: SpeciesRow[] = [];
    for (let i = 0; i < rows.length; i += INSERT_ROWS) {
      out.push(
        ...(await db
          .insert(species)
          .values(rows.slice(i, i + INSERT_ROWS))
          .returning()),
      );
    }
    return out;
  },

  /**
   * Applies many patches, one statement per set of columns patched (an upload's rows mostly share one):
   * each patch sets only its own columns. Species removed meanwhile come back absent.
   */
  updateMany: async (
    db: Executor,
    patches: { id: string; columns: Partial<NewSpeciesRow> }[],
  ): Promise<SpeciesRow[]> => {
    const names = new Map(Object.entries(getTableColumns(species)).map(([key, c]) => [key, c.name]));
    const groups = new Map<string, { keys: (keyof NewSpeciesRow)[]; records: Record<string, unknown>[] }>();
    for (const { id, columns } of patches) {
      const keys = (Object.keys(columns) as (keyof NewSpeciesRow)[]).sort();
      const group = groups.get(keys.join()) ?? { keys, records: [] };
      group.records.push({
        id,
        ...Object.fromEntries(keys.map((k) => [names.get(k) ?? k, columns[k]])),
      });
      groups.set(keys.join(), group);
    }
    const updated: string[] = [];
    for (const { keys, records } of groups.values()) {
      const set = sql.join(
        keys.map((k) => sql`${sql.identifier(names.get(k) ?? k)} = x.${sql.identifier(names.get(k) ?? k)}`),
        sql`, `,
      );
      for (let i = 0; i < records.length; i += INSERT_ROWS) {
        const part = JSON.stringify(records.slice(i, i + INSERT_ROWS));
        const result = await db.execute(sql`
          update species s set ${set}, updated_at = now()
          from jsonb_populate_recordset(null::species, ${part}::jsonb) as x
          where s.id = x.id returning s.id`);
        updated.push(...(result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id));
      }
    }
    const rows: SpeciesRow[] = [];
    for (let i = 0; i < updated.length; i += INSERT_ROWS) {
      rows.push(
        ...(await db
          .select()
          .from(species)
          .where(inArray(species.id, updated.slice(i, i + INSERT_ROWS)))),
      );
    }
    return rows;
  },

  update: async (db: Executor, id: string, patch: Partial<NewSpeciesRow>): Promise<SpeciesRow | undefined> =>
    (
      await db
        .update(species)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(species.id, id))
        .returning()
    )[0],

  delete: async (db: Executor, id: string): Promise<boolean> =>
    (await db.delete(species).where(eq(species.id, id)).returning({ id: species.id })).length > 0,

  photosOf: async (db: Executor, ids: string[]): Promise<Map<string, SpeciesPhotoRow[]>> => {
    const map = new Map<string, SpeciesPhotoRow[]>();
    if (ids.length === 0) return map;
    const rows = await db
      .select()
      .from(speciesPhotos)
      .where(inArray(speciesPhotos.speciesId, ids))
      .orderBy(asc(speciesPhotos.position), asc(speciesPhotos.createdAt));
    for (const r of rows) map.set(r.speciesId, [...(map.get(r.speciesId) ?? []), r]);
    return map;
  },

  addPhotos: async (
    db: Executor,
    speciesId: string,
    photos: { url: string; thumbnailUrl: string | null }[],
  ) => {
    if (photos.length === 0) return;
    const [last] = await db
      .select({ p: sql<number>`coalesce(max(${speciesPhotos.position}), -1)` })
      .from(speciesPhotos)
      .where(eq(speciesPhotos.speciesId, speciesId));
    const start = Number(last?.p ?? -1) + 1;
    await db.insert(speciesPhotos).values(photos.map((p, i) => ({ speciesId, ...p, position: start + i })));
  },

  /** Adds photos to many species in one statement per few thousand (positions given by the caller). */
  addPhotosMany: async (
    db: Executor,
    photos: { speciesId: string; url: string; thumbnailUrl: string | null; position: number }[],
  ) => {
    for (let i = 0; i < photos.length; i += INSERT_ROWS) {
      await db.insert(speciesPhotos).values(photos.slice(i, i + INSERT_ROWS));
    }
  },

  deletePhoto: async (
    db: Executor,
    speciesId: string,
    photoId: string,
  ): Promise<SpeciesPhotoRow | undefined> =>
    (
      await db
        .delete(speciesPhotos)
        .where(and(eq(speciesPhotos.id, photoId), eq(speciesPhotos.speciesId, speciesId)))
        .returning()
    )[0],
};

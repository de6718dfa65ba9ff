import { Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import { and, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../../db/client';
import { checklists, entries } from '../../db/schema';
import { RECORDS_CSV_HEADER } from './records.csv';
import { checklistsAfter } from './records.cursor';
import { resolveFilters } from './records.filters';
import {
  CHECKLIST_ORDER,
  type ChecklistCursor,
  checklistWhere,
  entryWhere,
  holdsEntries,
  type RecordsFilter,
  type RecordsList,
} from './records.repository';
import { birderMatches, birdMatches } from './records.search';

/*
 * The whole-list CSV exports at COPY speed: PostgreSQL writes the CSV itself (`COPY (SELECT …) TO
 * STDOUT WITH CSV HEADER`, streamed with pg-copy-streams), byte for byte what records.csv.ts and
 * lib/csv.ts write for the same rows: every cell as text, formula cells neutralised in SQL exactly
 * as safeCell does (a leading = + - @ tab or CR gets a '), empty cells unquoted (NULL), a BOM first.
 */

/**
 * A free-text cell as safeCell writes it: '' as NULL (unquoted in CSV), a formula start neutralised.
 * ascii() of the first character (0 for '', NULL for NULL) is the cheapest test PostgreSQL has: the
 * former left(x, 1) IN (…) built a text per cell and evaluated x three times, which made the export
 * cost twice a bare COPY of the same rows. A cell that gets a quote is never empty, so only the
 * other branch needs the nullif.
 */
const cell = (value: SQL): SQL =>
  sql`case when ascii(${value}) in (61, 43, 45, 64, 9, 13) then '''' || ${value} else nullif(${value}, '') end`;

/** A column of the query below, by name. */
const col = (name: string) => sql.identifier(name);

/**
 * The checklist's cells, each spelled as the JSON path formats it. Only text and the coordinates (a
 * negative one starts with '-') can be empty or start a formula, and one date: the time cannot.
 * Dates as PostgreSQL prints them; of all dates only '-infinity' starts with a formula character
 * (to_char made it an empty cell where the page export writes '-infinity with its quote); the time's
 * first 8 characters (records.mapper.ts clock()).
 */
const CHECKLIST_CELLS: [string, SQL][] = [
  ['ChecklistName', cell(sql`${checklists.name}`)],
  [
    'SelectedDate',
    sql`case when ${checklists.selectedDate} = '-infinity' then '''-infinity' else ${checklists.selectedDate}::text end`,
  ],
  ['SelectedTime', sql`left(${checklists.selectedTime}::text, 8)`],
  ['Birder', cell(sql`${checklists.observerName}`)],
  ['Dzongkhag', cell(sql`${checklists.dzongkhag}`)],
  ['Gewog', cell(sql`${checklists.gewog}`)],
  ['Village', cell(sql`${checklists.village}`)],
  ['Latitude', cell(sql`${checklists.latitude}::text`)],
  ['Longitude', cell(sql`${checklists.longitude}::text`)],
];

/**
 * The entry's raw values carried through the sort (as `e_<column>`), and its cells made from them
 * after it. Counts are never negative (entries_counts_nonnegative) and the approval is a fixed word:
 * they go out as COPY prints them (the same text as ::text), without the per-cell test.
 */
const ENTRY_VALUES = {
  bird_name: entries.birdName,
  adult: entries.adult,
  juvenile: entries.juvenile,
  total: entries.total,
  remarks: entries.remarks,
  approval: entries.approval,
  photo_url: entries.photoUrl,
  reviewed_at: entries.reviewedAt,
  created_at: entries.createdAt,
  id: entries.id,
} as const;
const e = (name: keyof typeof ENTRY_VALUES) => col(`e_${name}`);
const ENTRY_CELLS: [string, SQL][] = [
  ['BirdName', cell(sql`${e('bird_name')}`)],
  ['Adult', sql`${e('adult')}`],
  ['Juvenile', sql`${e('juvenile')}`],
  ['Total', sql`${e('total')}`],
  ['Remarks', cell(sql`${e('remarks')}`)],
  ['Approval', sql`${e('approval')}`],
  ['Photos', cell(sql`${e('photo_url')}`)],
  ['ReviewedAt', sql`to_char(${e('reviewed_at')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`],
  ['ChecklistId', sql`${col('c_id')}`],
  ['EntryId', sql`${e('id')}`],
];
const CELLS = [...CHECKLIST_CELLS.map(([name]) => [name, sql`${col(name)}`] as const), ...ENTRY_CELLS];
CELLS.forEach(([name], i) => {
  if (name !== RECORDS_CSV_HEADER[i])
    throw new Error(`export column ${i} is ${name}, not ${RECORDS_CSV_HEADER[i]}`);
});

/**
 * CHECKLIST_ORDER, then ENTRY_ORDER, spelled on the names below. The sorted subquery (level 2) gives the
 * order; the outer ORDER BY makes it the statement's (PostgreSQL sees the rows already in that order).
 */
const LIST_ORDER = sql.raw(
  '"c_date" desc nulls last, "c_time" desc nulls last, "c_id", "e_created_at", "e_bird_name", "e_id"',
);

/**
 * `column = any('{…}'::uuid[])`: a batch's checklist ids as one value, one literal once inlined. As one parameter
 * each (inArray), drizzle built and the inlining escaped 1,000 values per batch statement: on PGlite at 200,000
 * entries, 871 ms of the API thread's CPU profile over two whole-list exports (pgliteCopy 1,110 ms in all; 510 ms
 * since), and their garbage.
 */
const inBatch = (column: SQL, ids: string[]): SQL => sql`${column} = any(${`{${ids.join(',')}}`}::uuid[])`;

/**
 * The list's entries matching the filters (optionally of some checklists only: `ids`), in list order
 * (CHECKLIST_ORDER, then ENTRY_ORDER), as the export's cells. Three levels, so that each cell is made
 * as few times as possible and the sort moves as little as possible:
 * 1. the matching checklists in list order, their cells made once per checklist (the fence, OFFSET 0,
 *    keeps PostgreSQL from folding them into the outer levels, which made them once per entry). Only
 *    those holding an entry of the list (holdsEntries, as the list pages pick them): a search or the
 *    new-species list does not format every checklist;
 * 2. joined to their entries of the list (fenced too, so the entry cells are not made before the sort).
 *    A search is searchedEntries' condition made here of level 1's rows: the bird matches, or the
 *    checklist's birder (tested once per checklist, "c_birder"). An array of entry ids (a narrow search
 *    on the list pages) made the planner expect 10 entries and compare each with every checklist; the
 *    array of a broad birder search's checklists was searched linearly for every entry;
 * 3. sorted in list order (the checklist order is already there: PostgreSQL sorts within each
 *    checklist, raw entry values), then the entry cells made from the sorted rows.
 * The same bytes as the former flat SELECT (md5 of the 1.68 M-row entries export at 2 M entries);
 * about 40 % less database CPU.
 */
function exportSelect(list: RecordsList, f: RecordsFilter, ids?: string[]): SQL {
  const checklistPart = sql`select ${checklists.id} as "c_id", ${checklists.selectedDate} as "c_date",
      ${checklists.selectedTime} as "c_time", ${f.search ? birderMatches(f.search, f.resolved) : sql`false`} as "c_birder",
      ${sql.join(
        CHECKLIST_CELLS.map(([name, value]) => sql`${value} as ${col(name)}`),
        sql`, `,
      )}
    from ${checklists}
    where ${and(...checklistWhere(f), holdsEntries(list, f), ids && inBatch(sql`${checklists.id}`, ids))}
    order by ${sql.join(CHECKLIST_ORDER, sql`, `)}
    offset 0`;
  const joined = sql`select c.*, ${sql.join(
    Object.entries(ENTRY_VALUES).map(([name, column]) => sql`${column} as ${col(`e_${name}`)}`),
    sql`, `,
  )}
    from ${entries} inner join (${checklistPart}) c on ${entries.checklistId} = c."c_id"
    where ${and(
      ...entryWhere(list, { ...f, search: undefined }),
      // Also on the entries: PGlite's planner (no statistics) otherwise read every entry for each batch.
      ids && inBatch(sql`${entries.checklistId}`, ids),
      f.search ? sql`(${birdMatches(f.search, f.resolved)} or c."c_birder")` : undefined,
    )}
    order by ${LIST_ORDER}
    offset 0`;
  return sql`select ${sql.join(
    CELLS.map(([name, value]) => sql`${value} as ${col(name)}`),
    sql`, `,
  )}
    from (${joined}) s
    order by ${LIST_ORDER}`;
}

/**
 * COPY takes no parameters: the query's values are written into it as literals, escaped by pg's
 * own escapeLiteral (strings) or as plain numbers.
 */
function inline(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)\b/g, (_, n: string) => {
    const v = query.params[Number(n) - 1];
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (v === null || v === undefined) return 'null';
    return pg.escapeLiteral(String(v));
  });
}

const dialect = new PgDialect();
const copyStatement = (select: SQL, header: boolean) =>
  `COPY (${inline(dialect.sqlToQuery(select))}) TO STDOUT WITH (FORMAT csv${header ? ', HEADER' : ''})`;

/** The whole filtered list as CSV bytes (BOM, header, rows), produced by the database's COPY. */
export function copyRecordsCsv(
  database: Database,
  list: RecordsList,
  f: RecordsFilter,
  /** PGlite: checklists per COPY (tests put batch boundaries everywhere). */
  batchChecklists = BATCH_CHECKLISTS,
): Readable {
  const bom = Buffer.from('\uFEFF', 'utf8');
  if (database.kind === 'postgres') return Readable.from(postgresCopy(database, list, f, bom));
  return Readable.from(pgliteCopy(database, list, f, bom, batchChecklists));
}

async function* postgresCopy(database: Database, list: RecordsList, query: RecordsFilter, bom: Buffer) {
  const f = await resolveFilters(database.db, list, query);
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let reusable = false;
  try {
    yield bom;
    // One statement as long as the list: exempt from the API's statement time limit (STATEMENT_TIMEOUT_MS).
    await client.query('SET statement_timeout = 0');
    const stream = client.query(copyTo(copyStatement(exportSelect(list, f), true)));
    yield* batched(stream);
    await client.query('RESET statement_timeout');
    reusable = true;
  } finally {
    // A connection left mid-COPY (the download stopped) or still without its limit is closed, not pooled.
    client.release(!reusable);
  }
}

/**
 * The rows arrive a socket read at a time (~11 KB on average at 1.68 M rows, 37,700 reads); each
 * became its own chunked write to the response. Gathered into 64 KB writes, a sixth as many.
 */
const WRITE_BYTES = 64 * 1024;

async function* batched(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    parts.push(chunk);
    size += chunk.length;
    if (size < WRITE_BYTES) continue;
    yield Buffer.concat(parts, size);
    parts = [];
    size = 0;
  }
  if (size > 0) yield Buffer.concat(parts, size);
}

/**
 * PGlite runs one statement at a time (in its own thread, pglite-worker.ts): one COPY of the whole list
 * would hold every other request's statements until it ends. So it copies a batch of checklists at a
 * time (COPY … TO '/dev/blob', its fastest way out), letting other statements in between. The batch's
 * checklists are read first, by id and place in the list order only (whole rows were a fifth of the
 * export's time), and named in the COPY.
 */
const BATCH_CHECKLISTS = 500;
/** An id no checklist has. */
const NO_CHECKLIST = '00000000-0000-0000-0000-000000000000';

async function* pgliteCopy(
  database: Database,
  list: RecordsList,
  query: RecordsFilter,
  bom: Buffer,
  batchChecklists: number,
) {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const f = await resolveFilters(database.db, list, query);
  yield bom;
  let after: ChecklistCursor | undefined;
  let header = true;
  for (;;) {
    const batch = await database.db
      .select({ date: checklists.selectedDate, time: checklists.selectedTime, id: checklists.id })
      .from(checklists)
      .where(and(...checklistWhere(f), holdsEntries(list, f), after && checklistsAfter('-date', after)))
      .orderBy(...CHECKLIST_ORDER)
      .limit(batchChecklists);
    if (batch.length === 0 && !header) return;
    // An empty list still writes its header (a COPY of no checklist).
    const ids = batch.length ? batch.map((c) => c.id) : [NO_CHECKLIST];
    const statement = copyStatement(exportSelect(list, f, ids), header).replace(
      'TO STDOUT',
      "TO '/dev/blob'",
    );
    const result = await client.query(statement);
    if (result.blob) yield Buffer.from(await result.blob.arrayBuffer());
    header = false;
    after = batch[batch.length - 1];
    if (!after || batch.length < batchChecklists) return;
    await new Promise((r) => setImmediate(r));
  }
}

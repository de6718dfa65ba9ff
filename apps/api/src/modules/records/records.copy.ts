import { Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../../db/client';
import { checklists, entries } from '../../db/schema';
import { RECORDS_CSV_HEADER } from './records.csv';
import {
  CHECKLIST_ORDER,
  type ChecklistCursor,
  checklistWhere,
  ENTRY_ORDER,
  entryWhere,
  type RecordsFilter,
  type RecordsList,
  recordsRepository,
} from './records.repository';

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

/**
 * The export's columns, in RECORDS_CSV_HEADER order, each spelled as the JSON path formats it. Only
 * text and the coordinates (a negative one starts with '-') can be empty or start a formula, and one
 * date; times, counts (never negative: entries_counts_nonnegative), the approval and the ids cannot,
 * so they go out as COPY prints them (the same text as ::text), without the per-cell test.
 */
function columns(): SQL {
  const values: SQL[] = [
    cell(sql`${checklists.name}`),
    // As the JSON path has them: the date as PostgreSQL prints it, the time's first 8 characters
    // (records.mapper.ts clock()). Of all dates only '-infinity' starts with a formula character
    // (to_char made it an empty cell where the page export writes '-infinity with its quote).
    sql`case when ${checklists.selectedDate} = '-infinity' then '''-infinity' else ${checklists.selectedDate}::text end`,
    sql`left(${checklists.selectedTime}::text, 8)`,
    cell(sql`${checklists.observerName}`),
    cell(sql`${checklists.dzongkhag}`),
    cell(sql`${checklists.gewog}`),
    cell(sql`${checklists.village}`),
    cell(sql`${checklists.latitude}::text`),
    cell(sql`${checklists.longitude}::text`),
    cell(sql`${entries.birdName}`),
    sql`${entries.adult}`,
    sql`${entries.juvenile}`,
    sql`${entries.total}`,
    cell(sql`${entries.remarks}`),
    sql`${entries.approval}`,
    cell(sql`${entries.photoUrl}`),
    sql`to_char(${entries.reviewedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    sql`${checklists.id}`,
    sql`${entries.id}`,
  ];
  return sql.join(
    values.map((v, i) => sql`${v} as ${sql.identifier(RECORDS_CSV_HEADER[i] ?? `c${i}`)}`),
    sql`, `,
  );
}

/** The list's entries matching the filters (optionally of some checklists only), in list order. */
function exportSelect(db: Database['db'], list: RecordsList, f: RecordsFilter, ids?: string[]) {
  return db
    .select({ row: sql`${columns()}` })
    .from(entries)
    .innerJoin(checklists, eq(entries.checklistId, checklists.id))
    .where(
      and(...checklistWhere(f), ...entryWhere(list, f), ids ? inArray(entries.checklistId, ids) : undefined),
    )
    .orderBy(...CHECKLIST_ORDER, ...ENTRY_ORDER);
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

const copyStatement = (select: { sql: string; params: unknown[] }, header: boolean) =>
  `COPY (${inline(select)}) TO STDOUT WITH (FORMAT csv${header ? ', HEADER' : ''})`;

/** The whole filtered list as CSV bytes (BOM, header, rows), produced by the database's COPY. */
export function copyRecordsCsv(database: Database, list: RecordsList, f: RecordsFilter): Readable {
  const bom = Buffer.from('\uFEFF', 'utf8');
  if (database.kind === 'postgres') return Readable.from(postgresCopy(database, list, f, bom));
  return Readable.from(pgliteCopy(database, list, f, bom));
}

async function* postgresCopy(database: Database, list: RecordsList, f: RecordsFilter, bom: Buffer) {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let reusable = false;
  try {
    yield bom;
    // One statement as long as the list: exempt from the API's statement time limit (STATEMENT_TIMEOUT_MS).
    await client.query('SET statement_timeout = 0');
    const stream = client.query(copyTo(copyStatement(exportSelect(database.db, list, f).toSQL(), true)));
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
 * PGlite runs inside the API's own thread: one COPY of the whole list would hold every other request
 * until it ends. So it copies a batch of checklists at a time (COPY … TO '/dev/blob', its fastest
 * way out), letting other requests in between.
 */
/** An id no checklist has: the first batch of an empty list still writes the header. */
const NO_CHECKLIST = '00000000-0000-0000-0000-000000000000';

async function* pgliteCopy(database: Database, list: RecordsList, f: RecordsFilter, bom: Buffer) {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  yield bom;
  let after: ChecklistCursor | undefined;
  let header = true;
  for (;;) {
    const batch = await recordsRepository.checklists(database.db, list, f, { after, limit: 500 });
    if (batch.length === 0 && !header) return;
    const ids = batch.map((c) => c.id);
    const statement = copyStatement(
      exportSelect(database.db, list, f, ids.length ? ids : [NO_CHECKLIST]).toSQL(),
      header,
    ).replace('TO STDOUT', "TO '/dev/blob'");
    const result = await client.query(statement);
    if (result.blob) yield Buffer.from(await result.blob.arrayBuffer());
    header = false;
    const last = batch[batch.length - 1];
    if (!last || batch.length < 500) return;
    after = { date: last.selectedDate, time: last.selectedTime, id: last.id };
    await new Promise((r) => setImmediate(r));
  }
}

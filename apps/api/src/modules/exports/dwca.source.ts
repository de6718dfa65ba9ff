import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../../db/client';
import { type CoverageRow, type DwcaFilter, dwcaSql, type LeftOutRow } from './dwca.repository';

/** Where the archive's rows and counts come from: the text files as bytes, written by the database. */
export interface DwcaSource {
  coverage(): Promise<CoverageRow>;
  leftOut(): Promise<LeftOutRow>;
  /** event.txt's rows (no header), tab-separated lines, as PostgreSQL's COPY writes them. */
  events(): AsyncIterable<Buffer>;
  /** occurrence.txt's rows (no header). */
  occurrences(): AsyncIterable<Buffer>;
}

const dialect = new PgDialect();

/** A statement's text; every value in it is a literal (dwca.repository.ts), so there are no parameters. */
function text(query: SQL): string {
  const { sql, params } = dialect.sqlToQuery(query);
  if (params.length > 0) throw new Error('DwC-A statements take no parameters');
  return sql;
}

/*
 * COPY's CSV mode with a tab between cells writes every value as it is: it quotes only a value holding
 * the delimiter, the quote character or a line break, and the cells hold none of these (dwca.columns.ts
 * turns them into spaces), so with the line feed as the (never used) quote character nothing is quoted
 * or escaped. NULL is an empty cell, and rows end with a line feed.
 */
const COPY_OPTIONS = `(FORMAT csv, DELIMITER E'\\t', QUOTE E'\\n')`;

/** Checklists per COPY on PGlite, between which other requests get the database. */
const PGLITE_BATCH = 2000;

/**
 * Runs `work` with the rows of one export. PostgreSQL: one connection in a read-only repeatable-read
 * transaction (one snapshot: counts, events and occurrences agree, and every occurrence's eventID is
 * in event.txt), each file one `COPY … TO STDOUT` streamed with backpressure (pg-copy-streams pauses
 * the socket while the zip is behind). PGlite (one connection inside the API process) would be held
 * by that transaction for the whole download, so there each file comes in COPYs of a batch of
 * checklists (by id), other requests running in between.
 */
export async function withDwcaSource<T>(
  database: Database,
  filter: DwcaFilter,
  publicApiUrl: string,
  work: (source: DwcaSource) => Promise<T>,
): Promise<T> {
  if (database.kind === 'postgres') return withPostgres(database, filter, publicApiUrl, work);
  return work(pgliteSource(database, filter, publicApiUrl));
}

async function withPostgres<T>(
  database: Database,
  filter: DwcaFilter,
  publicApiUrl: string,
  work: (source: DwcaSource) => Promise<T>,
): Promise<T> {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  const one = async <R>(query: SQL): Promise<R> => {
    const [row] = (await client.query(text(query))).rows as R[];
    if (!row) throw new Error('an aggregate returned no row');
    return row;
  };
  async function* copy(query: SQL): AsyncGenerator<Buffer> {
    // Leaving early (a download abandoned) destroys this stream mid-COPY; the connection is then
    // discarded below, never returned to the pool.
    for await (const chunk of client.query(copyTo(`COPY (${text(query)}) TO STDOUT WITH ${COPY_OPTIONS}`)))
      yield chunk as Buffer;
  }
  let failed = true;
  try {
    await client.query('begin isolation level repeatable read read only');
    // Shortest round-trip digits for doubles, whatever the server's setting (dwca.columns.ts jsNumber).
    await client.query('set local extra_float_digits = 1');
    const result = await work({
      coverage: () => one(dwcaSql.coverage(filter)),
      leftOut: () => one(dwcaSql.leftOut(filter)),
      events: () => copy(dwcaSql.events(filter)),
      occurrences: () => copy(dwcaSql.occurrences(filter, publicApiUrl)),
    });
    await client.query('commit');
    failed = false;
    return result;
  } finally {
    client.release(failed);
  }
}

function pgliteSource(database: Database, filter: DwcaFilter, publicApiUrl: string): DwcaSource {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const one = async <R>(query: SQL): Promise<R> => {
    const [row] = (await client.query<R>(text(query))).rows;
    if (!row) throw new Error('an aggregate returned no row');
    return row;
  };
  async function* batches(rows: (range: { after?: string; last: string }) => SQL): AsyncGenerator<Buffer> {
    let after: string | undefined;
    for (;;) {
      const { last } = await one<{ last: string | null }>(dwcaSql.nextBatch(filter, after, PGLITE_BATCH));
      if (!last) return;
      const result = await client.query(
        `COPY (${text(rows({ after, last }))}) TO '/dev/blob' WITH ${COPY_OPTIONS}`,
      );
      if (result.blob && result.blob.size > 0) yield Buffer.from(await result.blob.arrayBuffer());
      after = last;
      await nextTurn();
    }
  }
  return {
    coverage: () => one(dwcaSql.coverage(filter)),
    leftOut: () => one(dwcaSql.leftOut(filter)),
    events: () => batches((range) => dwcaSql.events(filter, range)),
    occurrences: () => batches((range) => dwcaSql.occurrences(filter, publicApiUrl, range)),
  };
}

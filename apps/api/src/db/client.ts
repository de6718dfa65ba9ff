import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { EmbeddedPglite } from './pglite-worker';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /**
   * Refreshes the query planner's statistics where nothing else does. PostgreSQL's autovacuum keeps them;
   * PGlite runs none, and without statistics its plans for the statistics triggers turned a 2,000-row
   * upload from 0.15 s into 4 s. One ANALYZE per table, so requests queued behind it wait for one table only.
   */
  analyze(): Promise<void>;
  /** PGlite only: the data folder as a gzipped tarball, which `openDatabase({ pgliteTemplate })` starts from. */
  dump?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Migrations live beside the source in development and beside dist/ once built. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/db -> ../../drizzle ; dist -> ../drizzle
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (found) return found;
  throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
}

/**
 * How long opening one PostgreSQL connection may take before the request is answered 503. It bounds
 * the connection attempt only, not the wait for a free pooled connection: under load requests queue
 * for the pool (slower, never a 5xx), while an unreachable server fails each attempt within this time.
 */
export const CONNECT_TIMEOUT_MS = 3000;

/** A node-postgres client whose connection attempt gives up after CONNECT_TIMEOUT_MS. */
class BoundedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({
      ...(typeof config === 'string' ? { connectionString: config } : config),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
  }
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite in `dataDir` (or in memory for `memory://`).
 * A PostgreSQL connection that breaks (server restarted or stopped) is reported to `onConnectionError` and
 * dropped from the pool; it never takes the process down, and the next query opens a fresh connection.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  onConnectionError?: (err: Error) => void;
  /**
   * How long one statement may run (ms; 0 or absent: no limit): PostgreSQL's statement_timeout on every
   * pooled connection, the embedded thread's own clock on PGlite (see pglite-worker.ts). Past it the
   * statement is stopped with SQLSTATE 57014, which the API answers 503. Migrations are exempt.
   */
  statementTimeoutMs?: number;
  /** How long to wait for another process's hold on the embedded folder to end or go stale (ms; default 12 s). */
  lockWaitMs?: number;
  /** PGlite only, for a new folder or memory: start as a copy of this dumped data folder (EmbeddedPglite.create). */
  pgliteTemplate?: Uint8Array;
}): Promise<Database> {
  const limit = opts.statementTimeoutMs ?? 0;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      Client: BoundedClient,
      // JIT compilation costs 50-200 ms on a query the planner guesses is big (a count over 2 M rows
      // answered from an index in 2 ms); the console's queries are short, so it never pays off here.
      // Parallel workers neither: each is a process started for one statement, on cores that the other
      // requests (16 at once in the bench, on 2 cores) already share. The entries list's search by a bird of
      // ~1,400 entries chose a parallel bitmap scan: 38-43 ms, against 9-10 ms without (docs/decisions.md).
      options: '-c jit=off -c max_parallel_workers_per_gather=0',
      ...(limit > 0 ? { statement_timeout: limit } : {}),
    });
    const report = opts.onConnectionError ?? (() => {});
    // An idle connection's socket error reaches the pool; one checked out (e.g. inside a transaction
    // between two statements) reaches only its client. Without a listener either one kills the process.
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const health = healthConnection(opts.databaseUrl);
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        // A connection of its own, without the statement limit: a migration may rewrite millions of rows.
        const client = new BoundedClient(opts.databaseUrl);
        await client.connect();
        try {
          await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
          await client.query('CREATE EXTENSION IF NOT EXISTS unaccent');
          await client.query('CREATE EXTENSION IF NOT EXISTS citext');
          await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.end();
        }
      },
      ping: health.ping,
      analyze: async () => {},
      close: async () => {
        await health.close();
        await pool.end();
      },
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const release = inMemory ? async () => {} : await lockFolder(dataDir, opts.lockWaitMs ?? 12_000);
  const client = await EmbeddedPglite.create({
    dataDir,
    statementTimeoutMs: limit,
    // A folder PostgreSQL already initialised keeps what it holds (PGlite refuses to load over it): the template
    // is for new ones only.
    template: inMemory || !existsSync(path.join(dataDir, 'PG_VERSION')) ? opts.pgliteTemplate : undefined,
  }).catch(async (err) => {
    await release();
    throw err;
  });
  // EmbeddedPglite offers the part of PGlite's interface drizzle and the API use (query, exec, transaction).
  const asPglite = client as unknown as PGlite;
  const db = drizzlePglite(asPglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      const kept = client.limitMs;
      client.limitMs = 0;
      try {
        await client.exec(
          'CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE EXTENSION IF NOT EXISTS unaccent; CREATE EXTENSION IF NOT EXISTS citext;',
        );
        await migratePglite(drizzlePglite(asPglite), { migrationsFolder: migrationsFolder() });
      } finally {
        client.limitMs = kept;
      }
    },
    // Statements running or in line mean the database is up: /healthz need not wait behind them.
    ping: async () => client.working() || ping(db),
    analyze: async () => {
      const { rows } = await client.query<{ name: string }>(
        "select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename",
      );
      for (const { name } of rows) await client.exec(`analyze ${name}`);
    },
    dump: () => client.dump(),
    close: async () => {
      await client.close();
      await release();
    },
  };
}

/**
 * A new embedded database with every migration applied, dumped (PGlite's dumpDataDir, gzipped): what
 * `openDatabase({ pgliteTemplate })` starts a copy from. The test suites make one per run, so each test's fresh
 * database loads it (1.7 s on a 2-core machine) instead of running PGlite's initdb and the migrations (7-8 s).
 */
export async function migratedPgliteTemplate(): Promise<Uint8Array> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    const dump = await database.dump?.();
    if (!dump) throw new Error('PGlite gave no dump of its data folder');
    return dump;
  } finally {
    await database.close();
  }
}

/**
 * Holds the embedded database's folder for this process. Only one process may open it: two at once (an API and a
 * script such as seed:synthetic, or a second API) write its files over each other, past what PostgreSQL's crash
 * recovery can repair (seen in the bench: the folder would not open again). proper-lockfile keeps a `<folder>.lock`
 * directory whose time the holder refreshes; a holder that died leaves it to go stale in 10 s, which a new start waits
 * out (`waitMs`). A lock found lost while open stops the process, rather than let two write at once.
 */
async function lockFolder(dir: string, waitMs: number): Promise<() => Promise<void>> {
  const tries = Math.ceil(waitMs / 1000);
  try {
    return await lockfile.lock(dir, {
      stale: 10_000,
      realpath: false,
      retries: tries > 0 ? { retries: tries, factor: 1, minTimeout: 1000, maxTimeout: 1000 } : 0,
      onCompromised: (err) => {
        throw new Error(`Lost the hold on the embedded database in ${dir} (${err.message}); stopping.`);
      },
    });
  } catch (err) {
    if ((err as { code?: string }).code !== 'ELOCKED') throw err;
    throw Object.assign(
      new Error(
        `The embedded database in ${dir} is open in another process (an API, or a script such as seed:synthetic or ` +
          'import:legacy). Stop that process first; to run several processes on one database, use PostgreSQL (DATABASE_URL).',
      ),
      { code: 'DATABASE_IN_USE' },
    );
  }
}

/**
 * /healthz's own connection to PostgreSQL, beside the pool. Through the pool its `select 1` waited for a free
 * connection behind every request in flight: 140-400 ms in the bench's 16-connection runs with every answer
 * computed, and longer behind slow statements, which an orchestrator's health check would take for a dead API.
 * One connection, opened when first asked and again after it breaks (a restart, an outage: the ask then fails
 * and /healthz says 503); requests arriving together share one `select 1`. It holds one more server connection
 * per API process.
 */
function healthConnection(url: string) {
  let client: pg.Client | undefined;
  let asking: Promise<boolean> | undefined;
  let closed = false;
  const drop = (c: pg.Client | undefined) => {
    if (client === c) client = undefined;
    c?.end().catch(() => {});
  };
  const ask = async (): Promise<boolean> => {
    let c = client;
    try {
      if (!c) {
        // The ask fails, not hangs, when the server stops answering (query_timeout is node-postgres' own clock).
        c = new BoundedClient({ connectionString: url, query_timeout: CONNECT_TIMEOUT_MS });
        const opened = c;
        opened.on('error', () => drop(opened));
        client = opened;
        await opened.connect();
      }
      await c.query('select 1');
      return !closed;
    } catch {
      drop(c);
      return false;
    }
  };
  return {
    ping: (): Promise<boolean> => {
      if (closed) return Promise.resolve(false);
      asking ??= ask().finally(() => {
        asking = undefined;
      });
      return asking;
    },
    close: async () => {
      closed = true;
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The PostgreSQL connection a transaction runs on (for what drizzle cannot say, such as COPY FROM STDIN
 * on that same connection), or undefined on PGlite. drizzle keeps it as the session's `client`.
 */
export function connectionOf(tx: Tx): pg.ClientBase | undefined {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : undefined;
}

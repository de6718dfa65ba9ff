import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/*
 * The embedded PGlite runs in a worker thread (pglite-thread.cjs), behind this object, which offers the part
 * of PGlite's interface the API uses (query, exec, transaction, close). Why a thread:
 *
 * - A statement time limit. PGlite cannot cancel a running statement: PostgreSQL's statement_timeout needs a
 *   timer signal, which the WebAssembly build never receives while it computes (measured: a 300 ms limit let
 *   `pg_sleep(2)` and a 215 s scan run to their end). In its own thread a statement past the limit is stopped
 *   by ending the thread; the database is opened again from its files (PostgreSQL's crash recovery: only
 *   committed transactions are kept), and the request is answered 503 with SQLSTATE 57014, as on PostgreSQL.
 *   Operations that were waiting behind it are sent again; a transaction that was open is lost (57P01).
 *   An in-memory database (memory://, tests) would lose everything, so there the request is answered at the
 *   limit but the statement runs on.
 * - The API's own thread stays free while a statement runs: anything not waiting for the database (and
 *   /healthz, see working()) is answered at once.
 */

type Message = {
  op: 'query' | 'exec' | 'begin' | 'end' | 'close' | 'dump';
  sql?: string;
  params?: unknown[];
  options?: WireOptions;
  tx?: number;
  commit?: boolean;
};
type WireOptions = Omit<QueryOptions, 'parsers' | 'serializers' | 'onNotice'> & { parserOids?: number[] };
interface Pending {
  id: number;
  message: Message;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  started: boolean;
  timer?: NodeJS.Timeout;
}
type Reply =
  | { ready: true }
  | { fatal: Record<string, unknown> }
  | { id: number; started: true }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };

/** The thread's file beside this module (src/db in development, dist/ once built). */
function threadFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'pglite-thread.cjs'), path.join(here, 'db', 'pglite-thread.cjs')];
  const found = candidates.find((c) => existsSync(c));
  if (found) return found;
  throw new Error(`pglite-thread.cjs not found (looked in ${candidates.join(', ')})`);
}

/** An error with PostgreSQL's fields, rebuilt from the thread's plain copy. */
function rebuild(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

const sqlError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, severity: 'ERROR' });

/** Parsers are functions, which cannot cross threads: only the identity ones drizzle passes are supported. */
function wireOptions(options?: QueryOptions): WireOptions | undefined {
  if (!options) return undefined;
  const { parsers, serializers: _s, onNotice: _n, ...rest } = options;
  return parsers ? { ...rest, parserOids: Object.keys(parsers).map(Number) } : rest;
}

function fromWire<T>(result: T): T {
  const r = result as { blobBytes?: ArrayBuffer; blob?: Blob };
  if (!r?.blobBytes) return result;
  const { blobBytes, ...rest } = r;
  return { ...rest, blob: bytesAsBlob(blobBytes) } as T;
}

/**
 * The bytes handed over by the thread as the Blob its readers use (size, arrayBuffer()), without the copy a new
 * Blob makes of them and the one its arrayBuffer() makes again.
 */
const bytesAsBlob = (bytes: ArrayBuffer): Blob =>
  ({ size: bytes.byteLength, arrayBuffer: async () => bytes }) as unknown as Blob;

export interface EmbeddedTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
}

export class EmbeddedPglite {
  private worker!: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private ready!: Promise<void>;
  private closing = false;
  private closed = false;
  /** Threads ended on purpose (a statement past its limit): their exit is no crash. */
  private readonly retired = new WeakSet<Worker>();
  /** Statements may run this long (ms; 0: no limit). Suspended while migrations run. */
  limitMs: number;

  private constructor(
    private readonly dataDir: string,
    limitMs: number,
    /** A dumped data folder (PGlite's dumpDataDir) to start from: used by the first start only. */
    private template?: Uint8Array,
  ) {
    this.limitMs = limitMs;
  }

  /**
   * Starts the thread and opens the database in `dataDir` ('memory://' for one in memory). With `template` (the
   * bytes of PGlite's dumpDataDir of another database) a new database starts as a copy of that one instead of
   * an empty cluster: the test suites' migrated template, 1.7 s to load against 6-7 s for PGlite's initdb.
   */
  static async create(opts: {
    dataDir: string;
    statementTimeoutMs?: number;
    template?: Uint8Array;
  }): Promise<EmbeddedPglite> {
    const db = new EmbeddedPglite(opts.dataDir, opts.statementTimeoutMs ?? 0, opts.template);
    db.ready = db.spawn();
    await db.ready;
    return db;
  }

  private get inMemory(): boolean {
    return this.dataDir.startsWith('memory://');
  }

  private spawn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const template = this.template;
      // A restart opens the folder as it is now: the template was the first start's only.
      this.template = undefined;
      const worker = new Worker(threadFile(), { workerData: { dataDir: this.dataDir, template } });
      this.worker = worker;
      worker.on('message', (reply: Reply) => {
        if ('ready' in reply) resolve();
        else if ('fatal' in reply) reject(rebuild(reply.fatal));
        else this.onReply(reply);
      });
      worker.on('error', (err) => {
        reject(err);
        this.lost(worker, err);
      });
      worker.on('exit', () => this.lost(worker, new Error('The embedded database thread ended')));
    });
  }

  /** The thread ended on its own (a crash): everything in flight fails as "unavailable", and it starts again. */
  private lost(worker: Worker, cause: Error): void {
    if (worker !== this.worker || this.closing || this.retired.has(worker)) return;
    for (const p of this.pending.values())
      this.fail(p, sqlError('57P01', `The embedded database restarted: ${cause.message}`));
    this.ready = this.spawn();
    this.ready.catch(() => undefined);
  }

  private onReply(reply: Exclude<Reply, { ready: true } | { fatal: Record<string, unknown> }>): void {
    const p = this.pending.get(reply.id);
    if (!p) return; // answered already (its time ran out)
    if ('started' in reply) {
      p.started = true;
      if (this.limitMs > 0 && p.message.op !== 'begin' && p.message.op !== 'end') {
        p.timer = setTimeout(() => this.timeOut(p), this.limitMs);
      }
      return;
    }
    this.pending.delete(p.id);
    clearTimeout(p.timer);
    if (reply.ok) p.resolve(fromWire(reply.result));
    else p.reject(rebuild(reply.error));
  }

  private fail(p: Pending, err: Error): void {
    this.pending.delete(p.id);
    clearTimeout(p.timer);
    p.reject(err);
  }

  /**
   * A statement ran past the limit. It is the one operation the thread is running (it runs one at a time),
   * so the ones behind it never started: they are sent again once the database is open again.
   */
  private timeOut(p: Pending): void {
    const seconds = this.limitMs / 1000;
    this.fail(p, sqlError('57014', `canceling statement due to statement timeout (${seconds} s)`));
    if (this.inMemory) return;
    const waiting = [...this.pending.values()];
    const old = this.worker;
    this.retired.add(old);
    // The files are opened again only once the old thread has stopped: two openers would corrupt them.
    this.ready = old.terminate().then(() => this.spawn());
    for (const q of waiting) {
      if (q.started || q.message.tx !== undefined || q.message.op === 'end') {
        this.fail(
          q,
          sqlError('57P01', 'The embedded database restarted after a statement ran past its time limit'),
        );
      }
    }
    this.ready.then(
      () => {
        for (const q of waiting)
          if (this.pending.has(q.id)) this.worker.postMessage({ id: q.id, ...q.message });
      },
      (err: Error) => {
        for (const q of waiting) if (this.pending.has(q.id)) this.fail(q, sqlError('57P01', err.message));
      },
    );
  }

  private async send<T>(message: Message): Promise<T> {
    // Closed: nothing will answer any more, so say so at once (the API answers 503) instead of waiting forever.
    if (this.closed) throw sqlError('57P01', 'The embedded database is closed');
    await this.ready;
    return new Promise<T>((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { id, message, resolve: resolve as (v: unknown) => void, reject, started: false });
      this.worker.postMessage({ id, ...message });
    });
  }

  /**
   * True while statements run or wait in line: the thread is up and working through them, so the database
   * is up (what /healthz wants to know, without waiting its turn). A thread that stops is noticed and
   * restarted, and a statement past the limit is stopped, so this cannot vouch for a hung database for long.
   */
  working(): boolean {
    return this.pending.size > 0;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.send({ op: 'query', sql, params, options: wireOptions(options) });
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.send({ op: 'exec', sql, options: wireOptions(options) });
  }

  /** One transaction: committed when `fn` resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const { tx } = await this.send<{ tx: number }>({ op: 'begin' });
    const handle: EmbeddedTransaction = {
      query: (sql, params, options) =>
        this.send({ op: 'query', sql, params, options: wireOptions(options), tx }),
      exec: (sql, options) => this.send({ op: 'exec', sql, options: wireOptions(options), tx }),
      rollback: () => Promise.reject(sqlError('25P01', 'Roll back by throwing from the transaction')),
    };
    let result: T;
    try {
      result = await fn(handle);
    } catch (err) {
      await this.send({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.send({ op: 'end', tx, commit: true });
    return result;
  }

  /** The data folder as a gzipped tarball (PGlite's dumpDataDir): the `template` another database can start from. */
  async dump(): Promise<Uint8Array> {
    return new Uint8Array(await this.send<ArrayBuffer>({ op: 'dump' }));
  }

  /** Closes the database (a checkpoint, so the next start needs no recovery) and ends the thread. */
  async close(): Promise<void> {
    this.closing = true;
    await this.send({ op: 'close' }).catch(() => undefined);
    this.closed = true;
    await this.worker.terminate();
    for (const p of this.pending.values()) this.fail(p, sqlError('57P01', 'The embedded database is closed'));
  }
}

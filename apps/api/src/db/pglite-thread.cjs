'use strict';
/*
 * The embedded PGlite, in its own thread (started by pglite-worker.ts). Plain CommonJS so that every way the
 * API runs (tsx, vitest, the built dist/) can start it without a TypeScript loader.
 *
 * It runs one operation at a time, in the order received: a query, an exec, or a whole transaction (whose own
 * operations run as they come, everything else waiting until it ends). Before each operation starts it says
 * so, which is when the main thread starts that statement's clock: time spent waiting in line is not counted.
 * Messages in: {id, op: 'query'|'exec'|'begin'|'end'|'close'|'dump', sql?, params?, options?, tx?, commit?}.
 * Messages out: {ready} | {fatal} | {id, started} | {id, ok: true, result} | {id, ok: false, error}.
 */
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm');
const { unaccent } = require('@electric-sql/pglite/contrib/unaccent');
const { citext } = require('@electric-sql/pglite/contrib/citext');

let db;
const queue = [];
let running = false;
/** The open transaction: {id, handle, commit(), rollback(), finished: Promise}. */
let tx = null;
let nextTx = 1;
const ROLLBACK = Symbol('rollback');

const identity = (value) => value;
/** Parsers cannot cross threads: the main thread names the type oids, read as text here (as drizzle's are). */
function options(o) {
  if (!o) return undefined;
  const { parserOids, ...rest } = o;
  return parserOids
    ? { ...rest, parsers: Object.fromEntries(parserOids.map((oid) => [oid, identity])) }
    : rest;
}

/** A result that can cross threads: a COPY … TO '/dev/blob' blob travels as bytes. */
async function portable(result) {
  if (Array.isArray(result)) return Promise.all(result.map(portable));
  if (!result?.blob) return result;
  const { blob, ...rest } = result;
  return { ...rest, blobBytes: await blob.arrayBuffer() };
}

/**
 * The bytes a result carries, handed over rather than copied (postMessage's transfer list): an export's 41 MB at
 * 200,000 entries were copied on the way out and again on arrival, garbage the API's thread then collected.
 */
const carried = (result) =>
  (Array.isArray(result) ? result : [result]).flatMap((r) => (r?.blobBytes ? [r.blobBytes] : []));

/** An error as plain data: its message, name and every plain field (PostgreSQL's code, detail, constraint…). */
function plain(err) {
  const out = { message: String(err?.message || err), name: err?.name || 'Error' };
  for (const [key, value] of Object.entries(err || {})) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}

const post = (message, transfer) => parentPort.postMessage(message, transfer);
const reply = (id, work) =>
  work.then(
    async (result) => {
      const out = await portable(result);
      post({ id, ok: true, result: out }, carried(out));
    },
    (err) => post({ id, ok: false, error: plain(err) }),
  );

function run(target, m) {
  post({ id: m.id, started: true });
  if (m.op === 'exec') return target.exec(m.sql, options(m.options));
  return target.query(m.sql, m.params, options(m.options));
}

function begin(m) {
  const id = nextTx++;
  let settle;
  const ended = new Promise((resolve, reject) => {
    settle = { commit: resolve, rollback: () => reject(ROLLBACK) };
  });
  let begun = false;
  post({ id: m.id, started: true });
  // Resolves when the transaction has committed or rolled back as asked; rejects when COMMIT (or BEGIN) fails.
  const finished = db
    .transaction((handle) => {
      begun = true;
      tx = { id, handle, ...settle, finished };
      post({ id: m.id, ok: true, result: { tx: id } });
      return ended;
    })
    .then(
      () => undefined,
      (err) => (err === ROLLBACK ? undefined : Promise.reject(err)),
    );
  finished.catch((err) => {
    if (begun) return; // the end message reports it
    post({ id: m.id, ok: false, error: plain(err) });
    done();
  });
}

function end(m) {
  if (!tx || tx.id !== m.tx) {
    post({
      id: m.id,
      ok: false,
      error: { message: 'No such transaction (it ended, or the database restarted)', code: '25P01' },
    });
    return;
  }
  const open = tx;
  post({ id: m.id, started: true });
  if (m.commit) open.commit();
  else open.rollback();
  reply(m.id, open.finished).then(() => {
    tx = null;
    done();
  });
}

function done() {
  running = false;
  pump();
}

function pump() {
  if (running || tx || !db) return;
  const m = queue.shift();
  if (!m) return;
  running = true;
  if (m.op === 'begin') {
    begin(m);
    return;
  }
  if (m.op === 'dump') {
    reply(
      m.id,
      db.dumpDataDir('gzip').then((blob) => blob.arrayBuffer()),
    ).then(() => done());
    return;
  }
  if (m.op === 'close') {
    reply(m.id, db.close()).then(() => process.exit(0));
    return;
  }
  reply(
    m.id,
    Promise.resolve().then(() => run(db, m)),
  ).then(() => done());
}

parentPort.on('message', (m) => {
  if (m.op === 'end') return end(m);
  if (m.tx !== undefined) {
    if (!tx || tx.id !== m.tx) {
      post({
        id: m.id,
        ok: false,
        error: { message: 'No such transaction (it ended, or the database restarted)', code: '25P01' },
      });
      return;
    }
    reply(
      m.id,
      Promise.resolve().then(() => run(tx.handle, m)),
    );
    return;
  }
  queue.push(m);
  pump();
});

PGlite.create({
  dataDir: workerData.dataDir,
  extensions: { pg_trgm, unaccent, citext },
  // A dumped data folder to start from (EmbeddedPglite.create's template), instead of an empty cluster.
  ...(workerData.template ? { loadDataDir: new Blob([workerData.template]) } : {}),
}).then(
  (created) => {
    db = created;
    post({ ready: true });
    pump();
  },
  (err) => post({ fatal: plain(err) }),
);

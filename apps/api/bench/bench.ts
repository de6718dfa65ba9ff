/**
 * `npm run bench`: every console call at 1 and 16 connections through the real API, with the time
 * each spends in SQL, the whole-list CSV export beside a bare COPY, and the 100 k-row checklist
 * upload. Prints one table and writes the same as JSON. Benchmarks print numbers; they assert nothing.
 *
 *   npm run bench                              # PostgreSQL in DATABASE_URL, 2 M entries (seeded once)
 *   npm run bench -- --pglite --entries 200000 # the embedded default (PGlite), 4 connections
 *
 * Options: --entries N, --duration S (seconds per run, default 8), --connections N (default 16, 4 on
 * PGlite), --out FILE (default bench-results[-pglite].json in the current folder), --skip-import,
 * --skip-export, --only REGEX (the calls whose name matches).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { bootstrap } from '../src/bootstrap';
import { loadEnv } from '../src/config/env';
import { createLogger } from '../src/lib/logger';
import { freePort, signIn, startApi } from './api-process';
import { consoleCalls } from './calls';
import { prepareBenchDatabase } from './seed';
import { checklistWorkbook, removeBenchUploads } from './workbooks';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');
const repoDir = path.resolve(apiDir, '../..');
const { values } = parseArgs({
  options: {
    pglite: { type: 'boolean' },
    entries: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    out: { type: 'string' },
    'skip-import': { type: 'boolean' },
    'skip-export': { type: 'boolean' },
    only: { type: 'string' },
    lhr: { type: 'string' },
    'lighthouse-runs': { type: 'string' },
  },
});
const onPglite = Boolean(values.pglite);
const entriesWanted = Number((values.entries ?? (onPglite ? '200000' : '2000000')).replace(/[_,]/g, ''));
const duration = Number(values.duration ?? 8);
const many = Number(values.connections ?? (onPglite ? 4 : 16));
const databaseUrl = onPglite ? undefined : process.env.DATABASE_URL;
if (!onPglite && !databaseUrl) throw new Error('Set DATABASE_URL to a PostgreSQL database, or pass --pglite');
const dataDir = onPglite
  ? path.join(repoDir, '.bench', `pglite-${entriesWanted}`)
  : mkdtempSync(path.join(tmpdir(), 'jarog-bench-'));
mkdirSync(dataDir, { recursive: true });
const ROOT = { email: 'bench-root@jarog.invalid', password: 'bench-root-password-123' };
const baseEnv: Record<string, string> = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DEMO_DATA: '0',
  ROOT_EMAIL: ROOT.email,
  ROOT_PASSWORD: ROOT.password,
  JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
  LOG_LEVEL: 'silent',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
const log = (line: string) => process.stderr.write(`${line}\n`);
// The machine may be shared: the load average goes beside the numbers.
const loadStart = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');

// 1. The database: seeded once, reused after (its statistics rebuild is one long statement: no time limit).
{
  const { ctx } = await bootstrap(loadEnv({ ...baseEnv, STATEMENT_TIMEOUT_MS: '0' }), createLogger('silent'));
  const removed = await removeBenchUploads(ctx.database.db);
  if (removed > 0)
    log(`removed ${removed.toLocaleString('en')} checklists an earlier run's upload had added`);
  const r = await prepareBenchDatabase(ctx, entriesWanted, log);
  log(
    `database: ${r.entries.toLocaleString('en')} entries in ${r.checklists.toLocaleString('en')} checklists${r.seeded ? ' (seeded now)' : ' (reused)'}`,
  );
  await ctx.database.close();
}

// 2. The API in its own process, as `npm start` runs it (plus the Server-Timing header).
// The console served for Lighthouse (step 6) calls this API from its own origin.
const webPort = await freePort();
const apiEnv = { ...baseEnv, CORS_ORIGINS: `http://127.0.0.1:${webPort}` };
let { base, child: api, stop: stopApi } = await startApi('bench/server-timed.ts', apiEnv);
const token = await signIn(base, ROOT);
const auth = { authorization: `Bearer ${token}` };
/** What the console's browser sends with every call: it takes the answers compressed (lib/encoding.ts). */
const asConsole = { ...auth, 'accept-encoding': 'gzip, deflate, br' };
const getJson = async <T>(p: string): Promise<T> =>
  (await fetch(`${base}${p}`, { headers: auth })).json() as Promise<T>;

// 3. The calls the console makes (bench/calls.ts), with a checklist, a birder and page 49's cursor to use.
const firstPage = await getJson<{ checklists: { checklistId: string; _id: { village: string | null } }[] }>(
  '/api/v1/checklists?limit=20&page=3',
);
const top = await getJson<{ users: { birder: { _id: string; name: string } }[] }>(
  '/api/v1/birders/top?limit=20',
);
const someBirder = top.users[10]?.birder ?? top.users[0]?.birder;
const page49 = await getJson<{ nextCursor?: string | null }>('/api/v1/entries?limit=20&page=49');
const calls = consoleCalls({
  checklistId: firstPage.checklists[0]?.checklistId,
  birderId: someBirder?._id,
  birderWord: someBirder?.name.split(' ')[0]?.toLowerCase() ?? 'sonam',
  year: new Date().getUTCFullYear() - 1,
  entriesCursor: page49.nextCursor ?? undefined,
  village: firstPage.checklists.find((c) => c._id.village)?._id.village ?? undefined,
}).filter((c) => !values.only || new RegExp(values.only, 'i').test(c.name));

const pct = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
/**
 * `Cache-Control: no-cache` makes the API compute every answer (lib/conditional-get.ts keeps answers per data
 * version otherwise): the "computed" columns, what a request costs right after a write.
 */
const COMPUTE = { 'cache-control': 'no-cache' };
async function load(p: string, connections: number, seconds: number, compute = false) {
  const latencies: number[] = [];
  const headers = compute ? { ...asConsole, ...COMPUTE } : asConsole;
  const instance = autocannon({ url: `${base}${p}`, connections, duration: seconds, headers });
  instance.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
    if (status === 200) latencies.push(ms);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    p50: pct(latencies, 0.5),
    p95: pct(latencies, 0.95),
    p99: pct(latencies, 0.99),
    rps: result.requests.average,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}
/** One GET on a kept-alive connection: its wall time at the client and the SQL time its Server-Timing reports. */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
function timedGet(p: string): Promise<{ ms: number; sql: number; server: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(`${base}${p}`, { agent: keepAlive, headers: { ...asConsole, ...COMPUTE } }, (res) => {
        res.resume();
        res.on('end', () => {
          const header = String(res.headers['server-timing'] ?? '');
          resolve({
            ms: performance.now() - t0,
            sql: Number(/db;dur=([\d.]+)/.exec(header)?.[1] ?? 0),
            server: Number(/app;dur=([\d.]+)/.exec(header)?.[1] ?? 0),
          });
        });
      })
      .on('error', reject);
  });
}
/**
 * A call's SQL time and its time at the client, both medians of the same requests (one connection, one request
 * after another, every answer computed), for the ratio. 10 unmeasured requests first (cold caches and
 * connections), then as many as fit in `seconds` (at least 40). Until session 8 the SQL median came from 15
 * separate fetch() requests and the time from autocannon's run: requests sent one by one through fetch ran
 * ~40% slower on the server than autocannon's back-to-back ones, which made the SQL time look larger and the
 * ratio smaller than they are.
 */
async function sameRequests(
  p: string,
  seconds: number,
): Promise<{ sql: number; wall: number; server: number }> {
  for (let i = 0; i < 10; i++) await timedGet(p);
  const sql: number[] = [];
  const wall: number[] = [];
  const server: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until || wall.length < 40) {
    const r = await timedGet(p);
    sql.push(r.sql);
    wall.push(r.ms);
    server.push(r.server);
  }
  const median = (xs: number[]) =>
    pct(
      xs.sort((a, b) => a - b),
      0.5,
    );
  return { sql: median(sql), wall: median(wall), server: median(server) };
}
/**
 * The slowest /healthz answer while something else runs (polled one at a time, 20 ms apart). The polling runs in
 * a worker thread of its own: in this thread, reading the upload's 15 MB answer or the export's 400 MB took turns
 * of up to ~0.2 s, which the API's answers were charged with. The thread's first `fetch` loads and compiles undici
 * (80-140 ms on these machines, measured beside the API's GC trace, which showed no pause over 15 ms): it is made
 * before the watch starts and not timed, so the column reports the API, not the watcher starting.
 */
async function watchHealth() {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     let stop = false;
     let worst = 0;
     parentPort.once('message', () => { stop = true; });
     const get = () => fetch(workerData.url).then((r) => r.arrayBuffer());
     (async () => {
       await get();
       parentPort.postMessage('ready');
       while (!stop) {
         const t0 = performance.now();
         await get();
         worst = Math.max(worst, performance.now() - t0);
         await new Promise((r) => setTimeout(r, 20));
       }
       parentPort.postMessage(worst);
     })();`,
    { eval: true, workerData: { url: `${base}/healthz` } },
  );
  await once(worker, 'message');
  return async (): Promise<number> => {
    const worst = once(worker, 'message').then(([ms]) => ms as number);
    worker.postMessage('stop');
    const ms = await worst;
    await worker.terminate();
    return ms;
  };
}

interface Row {
  call: string;
  kind: string;
  target: number;
  one: { p50: number; p95: number; p99: number; rps: number; errors: number };
  many: { p50: number; p95: number; p99: number; rps: number; errors: number };
  /** The same load with every answer computed (no kept answers). */
  manyComputed: { p50: number; p95: number; p99: number; rps: number; errors: number };
  /** Median SQL time and median time at the client of the same requests (sameRequests). */
  sqlMs: number;
  wallMs: number;
  /** wallMs / sqlMs. */
  ratio: number;
  /**
   * The same requests' median time at the server (request received → response headers written) over sqlMs: the
   * ratio without the client's and the socket's fixed cost (~0.2 ms here, docs/decisions.md, session 13).
   */
  serverRatio: number;
  healthzWorstMs: number;
  /** The same during the computed load: requests whose statements run meanwhile (on PGlite, in its one thread). */
  healthzWorstComputedMs: number;
  /** The machine's 1-minute load average after the run (the machine may be shared). */
  load1: number;
}
const rows: Row[] = [];
for (const c of calls) {
  const timing = await sameRequests(c.path, Math.max(2, duration / 2));
  const one = await load(c.path, 1, Math.max(2, duration / 2), true);
  const health = await watchHealth();
  const loaded = await load(c.path, many, duration);
  const healthzWorstMs = await health();
  const healthComputed = await watchHealth();
  const manyComputed = await load(c.path, many, duration, true);
  const healthzWorstComputedMs = await healthComputed();
  const target = onPglite ? 100 : c.kind === 'list' ? 50 : 100;
  rows.push({
    call: c.name,
    kind: c.kind,
    target,
    one,
    many: loaded,
    manyComputed,
    sqlMs: timing.sql,
    wallMs: timing.wall,
    ratio: timing.sql > 0 ? timing.wall / timing.sql : 0,
    serverRatio: timing.sql > 0 ? timing.server / timing.sql : 0,
    healthzWorstMs,
    healthzWorstComputedMs,
    load1: loadavg()[0] ?? 0,
  });
  log(`  ${c.name}: p95 ${loaded.p95} ms at ${many} connections`);
}

/**
 * The export and the upload run against the built API (dist/server.js, as `npm start` runs it), a fresh
 * process for each, so that its peak memory is theirs: under tsx (the Server-Timing launcher above) the
 * TypeScript loader alone adds ~90 MB. Without a build they run on the tsx process (the line says so).
 */
const built = existsSync(path.join(apiDir, 'dist/server.js'));
const restartApi = async () => {
  if (!built) return;
  await stopApi();
  ({ base, child: api, stop: stopApi } = await startApi('dist/server.js', apiEnv));
};
/** Resident memory now and at its peak (VmRSS, VmHWM) of the API process, in MB. */
const memoryOf = (pid: number | undefined) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return { rss: 0, peak: 0 };
  }
};

// 4. The whole entries export beside a bare COPY of the same rows (PostgreSQL).
/**
 * Line feeds in a chunk, found by Buffer.indexOf (memchr): a JS loop over every byte cost ~5 s of CPU
 * per 400 MB export on this 2-core machine, taken from the API and the database it measures.
 */
const countLines = (chunk: Uint8Array): number => {
  const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let n = 0;
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
  return n;
};
const exportRun = async () => {
  const health = await watchHealth();
  const t0 = performance.now();
  const res = await fetch(`${base}/api/v1/entries?format=csv&export_limit=all`, { headers: auth });
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    lines += countLines(chunk);
  }
  const ms = performance.now() - t0;
  return {
    rows: lines - 1,
    mb: bytes / 1e6,
    seconds: ms / 1000,
    rowsPerSecond: ((lines - 1) / ms) * 1000,
    healthzWorstMs: await health(),
  };
};
let exportMemory = { before: 0, peak: 0 };
const exported = values['skip-export']
  ? { rows: 0, mb: 0, seconds: 0, rowsPerSecond: 0, healthzWorstMs: 0 }
  : await (async () => {
      await restartApi();
      const before = memoryOf(api.pid).rss;
      const run = await exportRun();
      exportMemory = { before, peak: memoryOf(api.pid).peak };
      return run;
    })();
let copy: { rowsPerSecond: number; seconds: number } | undefined;
if (databaseUrl && !values['skip-export']) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const t0 = performance.now();
  const stream = client.query(
    copyTo(`COPY (SELECT e.*, c.name, c.selected_date, c.selected_time, c.observer_name, c.dzongkhag, c.gewog, c.village, c.latitude, c.longitude
            FROM entries e JOIN checklists c ON c.id = e.checklist_id
            WHERE c.status = 'submitted' AND e.approval = 'approved' AND NOT e.is_new_species
            ORDER BY c.selected_date DESC, c.selected_time DESC, c.id, e.created_at, e.bird_name, e.id) TO STDOUT WITH CSV HEADER`),
  );
  let n = -1;
  for await (const chunk of stream) n += countLines(chunk as Buffer);
  const ms = performance.now() - t0;
  copy = { rowsPerSecond: (n / ms) * 1000, seconds: ms / 1000 };
  await client.end();
}
/** The process and its descendants: tsx runs the API in a child process of its own. */
const processTree = (pid: number): number[] => {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return [pid, ...children.flatMap((c) => processTree(Number(c)))];
  } catch {
    return [pid];
  }
};
/** The API's peak resident memory: the largest VmHWM in its process tree (the node process serving). */
const apiRss = () =>
  Math.max(
    0,
    ...processTree(api.pid ?? 0).map((pid) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    }),
  );

// 5. The 100 k-row checklist upload (.xlsx), generated here.
let upload: Record<string, unknown> | undefined;
if (!values['skip-import']) {
  const n = 100_000;
  const buffer = await checklistWorkbook(n);
  const form = new FormData();
  form.append('file', new Blob([buffer]), 'bench-100k.xlsx');
  await restartApi();
  const before = memoryOf(api.pid).rss;
  const health = await watchHealth();
  const t0 = performance.now();
  // As the console sends it: the server's progress comes back as lines of JSON (parsing, checking, writing,
  // done), each timed here as it arrives.
  const res = await fetch(`${base}/api/v1/checklists/fileupload`, {
    method: 'POST',
    headers: { ...auth, accept: 'application/x-ndjson' },
    body: form,
  });
  const phases: Record<string, number> = { answered: (performance.now() - t0) / 1000 };
  let last: {
    phase?: string;
    done?: number;
    of?: number;
    result?: { message?: string };
    error?: { message?: string };
  } = {};
  // Lines are cut where a chunk holds a newline (the last line, the answer itself, is some 15 MB).
  let pending: string[] = [];
  const decoder = new TextDecoder();
  for await (const chunk of res.body ?? []) {
    const text = decoder.decode(chunk as Uint8Array, { stream: true });
    const lines = text.split('\n');
    for (const end of lines.slice(0, -1)) {
      last = JSON.parse(pending.join('') + end);
      pending = [];
      if (last.phase && phases[last.phase] === undefined)
        phases[last.phase] = (performance.now() - t0) / 1000;
      // Writing: staged and judged until the first batch is stored, then 10,000 entries per batch.
      const { done, of } = last;
      if (last.phase === 'writing' && done && phases['first batch stored'] === undefined)
        phases['first batch stored'] = (performance.now() - t0) / 1000;
      if (last.phase === 'writing' && done === of) phases['all stored'] = (performance.now() - t0) / 1000;
    }
    pending.push(lines.at(-1) ?? '');
  }
  upload = {
    rows: n,
    fileMB: buffer.length / 1e6,
    status: last.phase === 'done' ? res.status : `${res.status}, ${last.phase}`,
    seconds: (performance.now() - t0) / 1000,
    phases,
    message: last.result?.message ?? last.error?.message,
    healthzWorstMs: await health(),
    memoryBeforeMB: before,
    memoryPeakMB: memoryOf(api.pid).peak,
  };
}
const peakRssMB = apiRss();

// The upload's checklists go again (and the tables are vacuumed) before Lighthouse: the console is measured on the
// database the bench seeded (its dashboard showed the upload's 20,000 checklists of one day), and the next run
// measures the same database too. The API stops meanwhile: only one process may open an embedded database's folder
// (two at once broke PGlite's files in session 11's bench), and it starts again for Lighthouse.
if (upload) {
  await stopApi();
  const { ctx } = await bootstrap(loadEnv({ ...baseEnv, STATEMENT_TIMEOUT_MS: '0' }), createLogger('silent'));
  const removed = await removeBenchUploads(ctx.database.db);
  log(`removed the upload's ${removed.toLocaleString('en')} checklists`);
  await ctx.database.close();
  ({
    base,
    child: api,
    stop: stopApi,
  } = await startApi(built ? 'dist/server.js' : 'bench/server-timed.ts', apiEnv));
}

// 6. The console's Lighthouse scores: the built console served as `npm start` serves it, against this API;
// the dashboard signed in.
let lighthouse: Record<string, unknown> | undefined;
const lighthouseScript = path.join(repoDir, 'apps/web/scripts/lighthouse.mjs');
const webDist = path.join(repoDir, 'apps/web/dist/index.html');
// --lighthouse-runs 0 leaves Lighthouse out.
const lighthouseRuns = values['lighthouse-runs'] ?? '3';
if (lighthouseRuns !== '0' && existsSync(lighthouseScript) && existsSync(webDist)) {
  const { startWebServer } = await import(path.join(repoDir, 'apps/web/scripts/serve.mjs'));
  const web = await startWebServer({ port: webPort, host: '127.0.0.1', apiUrl: base });
  lighthouse = {};
  for (const page of ['/login', '/']) {
    const args = [
      lighthouseScript,
      '--json',
      ...(page === '/' ? ['--token', token] : []),
      ...(values.lhr ? ['--lhr', path.resolve(values.lhr)] : []),
      '--runs',
      lighthouseRuns,
      `${web.url}${page}`,
    ];
    const { out, code } = await new Promise<{ out: string; code: number | null }>((resolve) => {
      const p = spawn('node', args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      p.stdout.on('data', (d) => (text += d));
      p.on('close', (exit) => resolve({ out: text, code: exit }));
    });
    try {
      lighthouse[page] = JSON.parse(out);
    } catch {
      // The script's own error went to stderr above.
      lighthouse[page] = {
        error: `lighthouse.mjs exited with ${code}${out ? `: ${out.slice(0, 200)}` : ''}`,
      };
    }
  }
  await web.close();
}
await stopApi();

// 7. The table.
const f = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const head = `| call | 1 conn p50 (computed) | same requests: p50 | SQL ms | ratio | ratio at server | ${many} conn p50 | p95 | p99 | req/s | target p95 | ${many} conn p95, computed | /healthz worst | /healthz worst, computed | load |`;
const lines = [head, '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|'];
for (const r of rows) {
  const ok = r.many.p95 <= r.target ? '' : ' ✗';
  lines.push(
    `| ${r.call} | ${f(r.one.p50)} | ${f(r.wallMs)} | ${f(r.sqlMs)} | ${r.ratio ? r.ratio.toFixed(2) : '-'} | ${r.serverRatio ? r.serverRatio.toFixed(2) : '-'} | ${f(r.many.p50)} | ${f(r.many.p95)}${ok} | ${f(r.many.p99)} | ${f(r.many.rps)} | ${r.target} | ${f(r.manyComputed.p95)} | ${f(r.healthzWorstMs)} | ${f(r.healthzWorstComputedMs)} | ${r.load1.toFixed(1)} |`,
  );
}
const engine = onPglite ? 'PGlite (embedded)' : 'PostgreSQL';
const summary = [
  `${engine}, ${entriesWanted.toLocaleString('en')} entries, ${many} connections × ${duration} s, ${new Date().toISOString()}, load average ${loadStart} at start, ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the end`,
  ...lines,
  '',
  values['skip-export']
    ? 'export: skipped'
    : `export entries.csv (all): ${exported.rows.toLocaleString('en')} rows, ${exported.mb.toFixed(0)} MB in ${exported.seconds.toFixed(1)} s = ${Math.round(exported.rowsPerSecond).toLocaleString('en')} rows/s` +
      (copy
        ? `; bare COPY of the same rows: ${Math.round(copy.rowsPerSecond).toLocaleString('en')} rows/s`
        : '') +
      `; /healthz worst during it ${f(exported.healthzWorstMs)} ms; API memory ${exportMemory.before.toFixed(0)} MB before, ${exportMemory.peak.toFixed(0)} MB at its peak${built ? '' : ' (under tsx: build the API for its own figure)'}`,
  upload
    ? `upload 100,000-row .xlsx (${Number(upload.fileMB).toFixed(1)} MB): HTTP ${upload.status} in ${Number(upload.seconds).toFixed(1)} s (${upload.message}); /healthz worst during it ${f(Number(upload.healthzWorstMs))} ms; phases began at (s) ${Object.entries(
        upload.phases as Record<string, number>,
      )
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(
          ', ',
        )}; API memory ${Number(upload.memoryBeforeMB).toFixed(0)} MB before, ${Number(upload.memoryPeakMB).toFixed(0)} MB at its peak${built ? '' : ' (under tsx)'}`
    : 'upload: skipped',
  `API peak memory of the last API process (VmHWM): ${peakRssMB.toFixed(0)} MB`,
  lighthouse
    ? `lighthouse: ${JSON.stringify(lighthouse)}`
    : `lighthouse: skipped (${lighthouseRuns === '0' ? '--lighthouse-runs 0' : 'build the console first: apps/web/dist'})`,
];
console.log(summary.join('\n'));
const out = path.resolve(
  process.env.INIT_CWD ?? process.cwd(),
  values.out ?? `bench-results${onPglite ? '-pglite' : ''}.json`,
);
writeFileSync(
  out,
  JSON.stringify(
    {
      engine,
      entries: entriesWanted,
      connections: many,
      duration,
      at: new Date().toISOString(),
      rows,
      export: exported,
      copy,
      upload,
      peakRssMB,
      exportMemory,
      lighthouse,
    },
    null,
    2,
  ),
);
log(`written: ${out}`);
process.exit(0);

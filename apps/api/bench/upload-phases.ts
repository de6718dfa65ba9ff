/**
 * Times one 100,000-row checklist upload in this process, phase by phase (parsing, checking, writing),
 * with the process's peak memory, then deletes what it uploaded. Prints numbers; asserts nothing.
 *   DATABASE_URL=postgres://… pnpm --filter @jarog/api exec tsx bench/upload-phases.ts [--rows 100000]
 * With SLOW_SQL=1 it prints every statement over 100 ms (over SLOW_MS ms when that is set, 0 for all). Without
 * DATABASE_URL it runs on the embedded database in DATA_DIR; PRE_SQL names a file of CREATE OR REPLACE FUNCTION
 * statements to run first (an A/B of the triggers' functions). PROFILE=file writes a CPU profile of this thread
 * over the upload (its marks are seconds from the profile's start).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { bootstrap } from '../src/bootstrap';
import { loadEnv } from '../src/config/env';
import { createLogger } from '../src/lib/logger';
import { uploadChecklists } from '../src/modules/records/ingest.upload';
import { checklistWorkbook, removeBenchUploads } from './workbooks';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, gen: { type: 'string' } },
});
const rows = Number(values.rows);
// Statements over 100 ms (SLOW_MS), printed as they finish (with SLOW_SQL=1).
if (process.env.SLOW_SQL) {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: unknown }).query = function (
    this: unknown,
    ...args: unknown[]
  ) {
    const t = performance.now();
    const r = original.apply(this, args);
    const text = String((args[0] as { text?: string })?.text ?? args[0])
      .replace(/\s+/g, ' ')
      .slice(0, 160);
    if (r instanceof Promise)
      r.then(
        () => {
          const ms = performance.now() - t;
          if (ms > Number(process.env.SLOW_MS ?? 100))
            process.stderr.write(
              `  ${ms.toFixed(0)} ms (ends ${(performance.now() / 1000).toFixed(1)} s): ${text}\n`,
            );
        },
        () => undefined,
      );
    return r;
  };
}
const hwm = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
// The workbook is made in its own process so that this one's peak memory is the upload's.
if (values.gen) {
  writeFileSync(values.gen, await checklistWorkbook(rows));
  process.exit(0);
}
const file = path.join(tmpdir(), `jarog-phases-${process.pid}.xlsx`);
execFileSync(process.execPath, [
  ...process.execArgv,
  fileURLToPath(import.meta.url),
  '--rows',
  String(rows),
  '--gen',
  file,
]);
const buffer = readFileSync(file);
rmSync(file);
const { ctx } = await bootstrap(
  loadEnv({
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    // An embedded database's folder (the bench's, e.g. .bench/pglite-200000) when DATABASE_URL is not set.
    DATA_DIR: process.env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'jarog-phases-')),
    DEMO_DATA: '0',
    ROOT_EMAIL: 'phases@jarog.invalid',
    ROOT_PASSWORD: 'phases-password-123',
    JWT_SECRET: 'phases-secret-that-is-long-enough-0123456789',
    NODE_ENV: 'production',
  }),
  createLogger('silent'),
);
// PRE_SQL=file: CREATE OR REPLACE FUNCTION statements run first, to compare two versions of the triggers' functions.
if (process.env.PRE_SQL) {
  const text = readFileSync(process.env.PRE_SQL, 'utf8');
  for (const statement of text
    .split(/(?=^CREATE OR REPLACE FUNCTION)/m)
    .filter((s) => s.startsWith('CREATE')))
    await ctx.database.db.execute(sql.raw(statement.trim().replace(/;\s*$/, '')));
}
const actor = await ctx.database.db.query.users.findFirst({
  where: (u, { eq }) => eq(u.email, 'bench-root@jarog.invalid'),
});
if (!actor) throw new Error('No bench-root@jarog.invalid account: run npm run bench on this database first');
const before = hwm();
const profiler = process.env.PROFILE ? new inspector.Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const t0 = performance.now();
let last = '';
let firstStored = false;
const result = await uploadChecklists(
  ctx,
  actor,
  { buffer, originalname: 'phases.xlsx' },
  false,
  false,
  (e) => {
    const phase = e.phase;
    if (process.env.HWM_EVERY)
      process.stderr.write(`  ${JSON.stringify(e)}: peak so far ${hwm().toFixed(0)} MB\n`);
    if (process.env.LIVE_HEAP && globalThis.gc) {
      globalThis.gc();
      const m = process.memoryUsage();
      process.stderr.write(
        `  ${JSON.stringify(e)}: live heap ${(m.heapUsed / 1e6).toFixed(0)} MB, external ${(m.external / 1e6).toFixed(0)} MB, rss ${(m.rss / 1e6).toFixed(0)} MB\n`,
      );
    }
    const mark = (what: string) =>
      process.stderr.write(
        `${((performance.now() - t0) / 1000).toFixed(2)} s: ${what} (${hwm().toFixed(0)} MB)\n`,
      );
    if (phase !== last) {
      mark(`${phase} begins`);
      last = phase;
    }
    // As bench.ts reports them: staged and judged until the first batch is stored, then one batch at a time.
    if (e.phase === 'writing' && e.done > 0 && !firstStored) {
      firstStored = true;
      mark('first batch stored');
    }
    if (e.phase === 'writing' && e.done > 0 && e.done === e.of) mark('all stored');
  },
);
process.stderr.write(
  `${rows} rows: ${((performance.now() - t0) / 1000).toFixed(2)} s, ${result.message}; peak ${hwm().toFixed(0)} MB (before ${before.toFixed(0)} MB); load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
if (profiler && process.env.PROFILE) {
  const { profile } = await profiler.post('Profiler.stop');
  writeFileSync(process.env.PROFILE, JSON.stringify(profile));
  profiler.disconnect();
}
// As bench.ts does: the next run measures the database it seeded, not this upload's 20,000 checklists too.
process.stderr.write(`removed ${await removeBenchUploads(ctx.database.db)} uploaded checklists\n`);
await ctx.database.close();

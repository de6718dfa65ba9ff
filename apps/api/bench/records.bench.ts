/**
 * Records and analytics benchmark on an existing database (fill one first with
 * `npm run seed:synthetic -- --entries 2000000`). Times the console's list, detail and analytics
 * calls through the real HTTP stack. Prints numbers; asserts nothing.
 * Run: DATABASE_URL=postgres://… pnpm exec tsx bench/records.bench.ts [runs]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import supertest from 'supertest';
import { createApp } from '../src/app';
import { bootstrap } from '../src/bootstrap';
import { loadEnv } from '../src/config/env';
import { createLogger } from '../src/lib/logger';
import { buildAdmin } from '../test/factories';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a seeded PostgreSQL database');
const runs = Number(process.argv[2] ?? 15);
const env = loadEnv({
  NODE_ENV: 'test',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'jarog-bench-')),
  DATABASE_URL: url,
  DEMO_DATA: '0',
  ROOT_EMAIL: 'bench-root@jarog.invalid',
  ROOT_PASSWORD: 'bench-root-password',
  JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
});
const { ctx } = await bootstrap(env, createLogger('silent'));
const { app, routes } = createApp(ctx);
const t = { ctx, app, routes, dataDir: env.dataDir, http: () => supertest.agent(app), close: async () => {} };
const admin = await buildAdmin(t);
const auth = { Authorization: `Bearer ${admin.token}` };
const count = async (q: string) =>
  Number(((await ctx.database.db.execute(sql.raw(q))) as unknown as { rows: { n: string }[] }).rows[0]?.n);
console.log(
  `database: ${await count('select count(*) n from entries')} entries, ${await count('select count(*) n from checklists')} checklists, ${await count("select count(*) n from users where user_type = 'user'")} birders`,
);

const someChecklist = (
  (await ctx.database.db.execute(
    sql`select id from checklists where status = 'submitted' order by selected_date desc limit 1 offset 500`,
  )) as unknown as { rows: { id: string }[] }
).rows[0]?.id;
const someBirder = (
  (await ctx.database.db.execute(
    sql`select observer_id id from stats_birder order by approved desc limit 1 offset 10`,
  )) as unknown as { rows: { id: string }[] }
).rows[0]?.id;
const year = new Date().getUTCFullYear();

const cases: Record<string, string> = {
  'entries, first page': '/api/v1/entries?limit=20',
  'entries, dashboard latest 5': '/api/v1/entries?limit=5',
  'entries, page 50': '/api/v1/entries?limit=20&page=50',
  'entries, dzongkhag filter': '/api/v1/entries?limit=20&dzongkhag=Paro',
  'entries, search "raven"': '/api/v1/entries?limit=20&search=raven',
  'checklists, first page': '/api/v1/checklists?limit=20',
  'checklists, birder filter': '/api/v1/checklists?limit=20&birder=birder00012',
  'checklists, date filter': `/api/v1/checklists?limit=20&date=${year - 1}-05-12`,
  'new species, first page': '/api/v1/newspecies?limit=20',
  'checklist details': `/api/v1/checklists/${someChecklist}`,
  'counts: checklists': '/api/v1/checklists/get-count',
  'counts: birding sites': '/api/v1/checklists/analyze/birdingsites-count',
  'counts: birders': '/api/v1/birders-count',
  'district species (month)': `/api/v1/checklists/analyze/district-species?year=${year - 1}&month=5`,
  'district checklists (month)': `/api/v1/checklists/analyze/district-checklists?year=${year - 1}&month=5`,
  'species count months (all years)': '/api/v1/checklists/analyze/species-count-months',
  'district species count (year)': `/api/v1/checklists/analyze/district-species-count?year=${year - 1}`,
  'birds count year (all)': '/api/v1/checklists/analyze/birds-count-year',
  'birders, first page': '/api/v1/birders?limit=12',
  'top birders': '/api/v1/birders/top?limit=5',
  'birder detail': `/api/v1/birders/${someBirder}`,
};
console.log(`\n${'call'.padEnd(36)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
for (const [name, path] of Object.entries(cases)) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const res = await t.http().get(path).set(auth);
    times.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.body?.message}`);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => (times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(1);
  console.log(`${name.padEnd(36)} ${p(0.5).padStart(8)} ${p(0.95).padStart(8)}`);
}
{
  // The whole entries export, read as a stream (counted, not kept).
  const server = app.listen(0);
  const port = (server.address() as { port: number }).port;
  const start = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/entries?format=csv&export_limit=all`, {
    headers: auth,
  });
  let rows = -1;
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) rows++;
  }
  server.close();
  const ms = performance.now() - start;
  console.log(
    `${'export entries.csv (all)'.padEnd(36)} ${ms.toFixed(0).padStart(8)} ms for ${rows} rows, ${(bytes / 1e6).toFixed(0)} MB (${((rows / ms) * 1000).toFixed(0)} rows/s)`,
  );
}
await ctx.database.db.execute(sql`delete from users where id = ${admin.id}`);
await ctx.database.close();

/**
 * Every statement each console call runs, with its EXPLAIN ANALYZE time: where a call's time goes, one
 * call at a time on a quiet connection (the reliable signal on a loaded machine). Prints; asserts nothing.
 *
 *   DATABASE_URL=postgres://… pnpm --filter @jarog/api exec tsx bench/explain.ts [--only REGEX] [--plans] [--slow MS]
 *
 * --plans prints the plan of every statement slower than --slow (default 5 ms).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import supertest from 'supertest';
import { createApp } from '../src/app';
import { bootstrap } from '../src/bootstrap';
import { loadEnv } from '../src/config/env';
import { createLogger } from '../src/lib/logger';
import { buildAdmin } from '../test/factories';
import { consoleCalls } from './calls';

const { values } = parseArgs({
  options: { only: { type: 'string' }, plans: { type: 'boolean' }, slow: { type: 'string' } },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a seeded PostgreSQL database');
const slow = Number(values.slow ?? 5);

interface Statement {
  text: string;
  values: unknown[];
}
let captured: Statement[] | undefined;
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args;
  if (captured) {
    if (typeof first === 'string') captured.push({ text: first, values: (second as unknown[]) ?? [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      // drizzle passes (config, params); node-postgres' own callers put values in the config.
      const q = first as { text: string; values?: unknown[] };
      captured.push({ text: q.text, values: Array.isArray(second) ? second : (q.values ?? []) });
    }
  }
  return original.apply(this, args);
} as typeof pg.Client.prototype.query;

const env = loadEnv({
  NODE_ENV: 'test',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'jarog-explain-')),
  DATABASE_URL: url,
  DEMO_DATA: '0',
  ROOT_EMAIL: 'bench-root@jarog.invalid',
  ROOT_PASSWORD: 'bench-root-password-123',
  JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
});
const { ctx } = await bootstrap(env, createLogger('silent'));
const { app, routes } = createApp(ctx);
const http = () => supertest.agent(app);
const admin = await buildAdmin({ ctx, app, routes, dataDir: env.dataDir, http, close: async () => {} });
const auth = { Authorization: `Bearer ${admin.token}` };
const first = async <T>(q: ReturnType<typeof sql>): Promise<T | undefined> =>
  ((await ctx.database.db.execute(q)) as unknown as { rows: T[] }).rows[0];

const year = new Date().getUTCFullYear() - 1;
const checklist = await first<{ id: string }>(
  sql`select id from checklists where status = 'submitted' order by selected_date desc limit 1 offset 500`,
);
const birder = await first<{ id: string; name: string }>(
  sql`select s.observer_id id, u.name from stats_birder s join users u on u.id = s.observer_id
      order by s.approved desc limit 1 offset 10`,
);
const page49 = await http().get('/api/v1/entries?limit=20&page=49').set(auth);
const calls = consoleCalls({
  checklistId: checklist?.id,
  birderId: birder?.id,
  birderWord: birder?.name.split(' ')[0]?.toLowerCase() ?? 'sonam',
  year,
  entriesCursor: page49.body?.nextCursor ?? undefined,
  village: (await first<{ village: string }>(sql`select village from checklists where village <> '' limit 1`))
    ?.village,
}).filter((c) => !values.only || new RegExp(values.only, 'i').test(c.name));

const explainer = new pg.Client({ connectionString: url });
await explainer.connect();
interface PlanRoot {
  'Execution Time': number;
  'Planning Time': number;
  Plan: unknown;
}
for (const call of calls) {
  captured = [];
  const t0 = performance.now();
  const res = await http().get(call.path).set(auth);
  const wall = performance.now() - t0;
  const statements = captured;
  captured = undefined;
  console.log(`\n## ${call.name}  ${call.path}\n   HTTP ${res.status}, ${wall.toFixed(1)} ms wall`);
  let total = 0;
  for (const s of statements) {
    if (!/^\s*(select|with)\b/i.test(s.text)) continue;
    const r = await explainer.query(`explain (analyze, buffers, format json) ${s.text}`, s.values);
    const root = (r.rows[0]?.['QUERY PLAN'] as PlanRoot[] | undefined)?.[0];
    if (!root) continue;
    const ms = root['Execution Time'] + root['Planning Time'];
    total += ms;
    console.log(`   ${ms.toFixed(2).padStart(9)} ms  ${s.text.replace(/\s+/g, ' ').slice(0, 150)}`);
    if (values.plans && ms >= slow) {
      const text = await explainer.query(`explain (analyze, buffers) ${s.text}`, s.values);
      for (const line of text.rows) console.log(`        ${line['QUERY PLAN']}`);
    }
  }
  console.log(`   ${total.toFixed(2).padStart(9)} ms  total SQL (statements run one after another)`);
}
await explainer.end();
await ctx.database.db.execute(sql`delete from users where id = ${admin.id}`);
await ctx.database.close();

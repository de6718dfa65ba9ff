/**
 * Darwin Core Archive export benchmark on an existing database (fill one first with
 * `npm run seed:synthetic -- --entries 2000000`): downloads GET /api/v1/exports/dwca over real HTTP
 * from an API in this process, counting bytes as they arrive, and samples the process's memory
 * (the API's, plus a client that keeps nothing). Prints numbers; asserts nothing.
 * Run: DATABASE_URL=postgres://… pnpm exec tsx bench/dwca.bench.ts
 */

import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { createApp } from '../src/app';
import { bootstrap } from '../src/bootstrap';
import { loadEnv } from '../src/config/env';
import { createLogger } from '../src/lib/logger';
import { buildAdmin } from '../test/factories';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a seeded PostgreSQL database');
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
const admin = await buildAdmin({
  ctx,
  app,
  routes,
  dataDir: env.dataDir,
  http: () => supertest.agent(app),
  close: async () => {},
});
const server = app.listen(0);
await new Promise((r) => server.once('listening', r));
const port = (server.address() as AddressInfo).port;

const query = process.argv[2] ?? '';
const baseRss = process.memoryUsage().rss;
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);
const started = performance.now();
const res = await fetch(`http://127.0.0.1:${port}/api/v1/exports/dwca${query}`, {
  headers: { Authorization: `Bearer ${admin.token}` },
});
let bytes = 0;
let firstByte = 0;
const reader = res.body?.getReader();
while (reader) {
  const { done, value } = await reader.read();
  if (done) break;
  if (!firstByte) firstByte = performance.now() - started;
  bytes += value.byteLength;
}
const ms = performance.now() - started;
clearInterval(sampler);
console.log(
  `GET /api/v1/exports/dwca${query}: status ${res.status}, ${(bytes / 1e6).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s ` +
    `(first byte ${firstByte.toFixed(0)} ms), peak RSS ${(peakRss / 1e6).toFixed(0)} MB (${(baseRss / 1e6).toFixed(0)} MB before the request)`,
);
server.close();
await ctx.database.close();

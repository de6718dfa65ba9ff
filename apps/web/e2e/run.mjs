#!/usr/bin/env node
// Runs the browser tests (e2e/tests/*.test.mjs) with node:test and exits non-zero on failure.
// Before that it makes sure the console is built (rebuilds when sources are newer than dist/), the
// API bundle exists and Chromium is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_FACTORY, chromiumPath, DIST_DIR, WEB_DIR } from './harness.mjs';

function newestMtime(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

function ensureBuilt() {
  const index = path.join(DIST_DIR, 'index.html');
  const sources = [
    'src',
    'public',
    'index.html',
    'vite.config.ts',
    'vite.boot-plugin.ts',
    'vite.antd-css-plugin.ts',
    'vite.compile-hints-plugin.ts',
    'vite.bhutan-map-plugin.ts',
    '../../packages/contracts/src',
    // The pnpm patches (G2's drawing in tasks, antd's CSS variables) change what the build holds.
    '../../patches',
  ].map((p) => path.join(WEB_DIR, p));
  const stale =
    !existsSync(index) || sources.some((p) => existsSync(p) && newestMtime(p) > statSync(index).mtimeMs);
  if (!stale) return;
  console.log('[e2e] building the console (dist/ is missing or older than the sources)...');
  const vite = path.join(WEB_DIR, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: WEB_DIR,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(API_FACTORY)) {
  console.error(`[e2e] ${API_FACTORY} is missing: build the API first (pnpm --filter @jarog/api build).`);
  process.exit(1);
}
if (!existsSync(chromiumPath())) {
  console.error(
    `[e2e] Chromium not found at ${chromiumPath()}: apt-get install -y chromium, or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
ensureBuilt();

const testsDir = path.join(WEB_DIR, 'e2e', 'tests');
const only = process.argv.slice(2);
const files = readdirSync(testsDir)
  .filter((f) => f.endsWith('.test.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort()
  .map((f) => path.join(testsDir, f));

// One migrated embedded database, which every test file's API starts as a copy of: PGlite's initdb and the
// migrations cost each file's start 7-8 s on a 2-core machine, loading the copy 1.7 s.
const templateDir = mkdtempSync(path.join(tmpdir(), 'jarog-e2e-template-'));
const template = path.join(templateDir, 'migrated.tar.gz');
const { migratedPgliteTemplate } = await import(pathToFileURL(API_FACTORY).href);
writeFileSync(template, await migratedPgliteTemplate());

const result = spawnSync(
  process.execPath,
  ['--test', '--test-reporter=spec', `--test-concurrency=${process.env.E2E_CONCURRENCY || 1}`, ...files],
  { cwd: WEB_DIR, stdio: 'inherit', env: { ...process.env, E2E_PGLITE_TEMPLATE: template } },
);
rmSync(templateDir, { recursive: true, force: true });
process.exit(result.status ?? 1);

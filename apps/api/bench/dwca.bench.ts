/**
 * Darwin Core Archive export benchmark on an existing database (fill one first with
 * `npm run seed:synthetic -- --entries 200000 --database-url postgres://…`). Starts the API as `npm start`
 * runs it (`node dist/server.js`: build it first with `pnpm --filter @jarog/api build`) in a child process,
 * downloads GET /api/v1/exports/dwca over real HTTP into a temporary file, and prints the time, the rows
 * per second (from the archive's summary.json) and the API process's own memory: its resident set before
 * the request and its peak during it (the kernel's high-water mark, reset after sign-in so the argon2
 * check does not count; sampled every 20 ms where that reset is not allowed). Asserts nothing.
 *
 * Run: DATABASE_URL=postgres://… pnpm exec tsx bench/dwca.bench.ts ['?from=…&to=…&dzongkhag=…'] [--runs N]
 *      [--server path/to/other/dist/server.js]
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import yauzl from 'yauzl';
import { openDatabase } from '../src/db/client';
import { hashPassword } from '../src/lib/passwords';
import { usersRepository } from '../src/modules/users/users.repository';

const { values, positionals } = parseArgs({
  // --server: another build's server.js (e.g. a copy of dist/ from before a change) to compare with.
  options: { runs: { type: 'string', default: '1' }, server: { type: 'string' } },
  allowPositionals: true,
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a seeded PostgreSQL database');
const query = positionals[0] ?? '';
const runs = Number(values.runs);
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.resolve(values.server ?? path.join(apiDir, 'dist', 'server.js'));
if (!existsSync(server)) throw new Error(`${server} is missing: run pnpm --filter @jarog/api build first`);

// An admin the bench can sign in as (created, or its password reset, directly in the database).
const ADMIN = { email: 'dwca-bench@jarog.invalid', password: 'dwca-bench-password-1' };
const database = await openDatabase({ databaseUrl: url });
const existing = await usersRepository.findByEmail(database.db, ADMIN.email);
const passwordHash = await hashPassword(ADMIN.password);
if (existing) await usersRepository.update(database.db, existing.id, { passwordHash, isDeactivated: false });
else
  await usersRepository.insert(database.db, {
    name: 'DwC-A bench',
    email: ADMIN.email,
    passwordHash,
    userType: 'admin-user',
  });
await database.close();

const freePort = async () => {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
};

/** The child's memory in kB, from /proc (Linux). */
const status = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? Number.NaN);
};
/** Resets the child's peak resident set to its current size (Linux ≥ 4.0); false where not allowed. */
const resetPeak = (pid: number) => {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
};

/** The archive's summary.json. */
function summaryOf(file: string): Promise<{ events: number; occurrences: number }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'summary.json') return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            zip.close();
            resolve(JSON.parse(Buffer.concat(parts).toString('utf8')));
          });
        });
      });
      zip.on('end', () => reject(new Error('no summary.json in the archive')));
      zip.readEntry();
    });
  });
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'jarog-dwca-bench-'));
const child: ChildProcess = spawn(process.execPath, [server], {
  cwd: apiDir,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    DEMO_DATA: '0',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    ROOT_EMAIL: 'bench-root@jarog.invalid',
    ROOT_PASSWORD: 'bench-root-password',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const pid = child.pid;
if (!pid) throw new Error('the API did not start');
const api = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i += 1) {
    const up = await fetch(`${api}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 300 || child.exitCode !== null) throw new Error('the API did not come up');
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const file = path.join(dataDir, 'export.zip');

  for (let run = 1; run <= runs; run += 1) {
    const before = status(pid, 'VmRSS');
    const exact = resetPeak(pid);
    let sampled = before;
    const sampler = setInterval(() => {
      sampled = Math.max(sampled, status(pid, 'VmRSS'));
    }, 20);
    const started = performance.now();
    const res = await fetch(`${api}/api/v1/exports/dwca${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!res.ok || !res.body) throw new Error(`status ${res.status}: ${await res.text()}`);
    let firstByte = 0;
    const body = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    body.once('data', () => {
      firstByte = performance.now() - started;
    });
    await pipeline(body, createWriteStream(file));
    const ms = performance.now() - started;
    clearInterval(sampler);
    const peak = exact ? status(pid, 'VmHWM') : sampled;
    const bytes = readFileSync(file).byteLength;
    const summary = await summaryOf(file);
    const perSecond = (n: number) => Math.round(n / (ms / 1000)).toLocaleString('en');
    console.log(
      `run ${run}: GET /api/v1/exports/dwca${query}: ${summary.occurrences.toLocaleString('en')} occurrences in ` +
        `${summary.events.toLocaleString('en')} events, ${(bytes / 1e6).toFixed(1)} MB in ${(ms / 1000).toFixed(2)} s ` +
        `(${perSecond(summary.occurrences)} occurrences/s, first byte ${firstByte.toFixed(0)} ms); ` +
        `API RSS ${(before / 1024).toFixed(0)} MB before, peak ${(peak / 1024).toFixed(0)} MB ` +
        `(${exact ? 'high-water mark' : 'sampled'})`,
    );
  }
} finally {
  child.kill('SIGTERM');
  await once(child, 'exit');
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * What admins with the dashboard open cost the API (issue 10: 16 admins, the dashboard's 10 s polls, ≤ 10 % of one
 * core). Starts the built API (dist/server.js) as its own process, on DATABASE_URL or a fresh embedded database
 * with demo data, and has N admins poll the Latest Sightings list (`GET /api/v1/entries?limit=5&page=1`) every
 * 10 s as the console does: once revalidating with If-None-Match (what the console sends), once without. Reads
 * the API process's CPU time from /proc and prints the share of one core. Prints numbers; asserts nothing.
 *
 * Run (after `pnpm --filter @jarog/api build`):
 *   pnpm --filter @jarog/api exec tsx bench/polls.bench.ts [--admins 16] [--seconds 60] [--interval 10]
 *     [--email E --password P]   (a root user the database already has; the bench's: bench-root@jarog.invalid)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { signIn, startApi } from './api-process';

const { values } = parseArgs({
  options: {
    admins: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '60' },
    interval: { type: 'string', default: '10' },
    // A database that already has a root user (e.g. the bench's jarog_bench) signs in with its credentials.
    email: { type: 'string' },
    password: { type: 'string' },
  },
});
const admins = Number(values.admins);
const seconds = Number(values.seconds);
const intervalMs = Number(values.interval) * 1000;
const ROOT = {
  email: values.email ?? 'poll-bench@jarog.invalid',
  password: values.password ?? 'poll-bench-password-1',
};
const POLL = '/api/v1/entries?limit=5&page=1';

/** CPU seconds (user + system) the process has used so far, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100; // USER_HZ is 100 on Linux
}

async function pollFor(base: string, token: string, revalidate: boolean) {
  const counts = { requests: 0, notModified: 0, ok: 0, other: 0 };
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: admins }, async (_, i) => {
      let etag: string | null = null;
      // Admins opened the dashboard at different moments: spread the first polls over one interval.
      await new Promise((r) => setTimeout(r, (intervalMs * i) / admins));
      while (Date.now() < end) {
        const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
        if (revalidate && etag) headers['If-None-Match'] = etag;
        const res = await fetch(base + POLL, { headers });
        await res.arrayBuffer();
        counts.requests++;
        if (res.status === 304) counts.notModified++;
        else if (res.ok) counts.ok++;
        else counts.other++;
        etag = res.headers.get('etag') ?? etag;
        await new Promise((r) => setTimeout(r, intervalMs));
      }
    }),
  );
  return counts;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'jarog-polls-'));
const { base, child, stop } = await startApi('dist/server.js', {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ROOT_EMAIL: ROOT.email,
  ROOT_PASSWORD: ROOT.password,
  DEMO_DATA: process.env.DATABASE_URL ? '0' : '1',
});
try {
  const token = await signIn(base, ROOT);
  const pid = child.pid;
  if (!pid) throw new Error('API process has no pid');
  console.log(
    `${admins} admins, one poll each every ${intervalMs / 1000} s for ${seconds} s, on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  for (const revalidate of [true, false]) {
    const cpuBefore = cpuSeconds(pid);
    const started = Date.now();
    const counts = await pollFor(base, token, revalidate);
    const wall = (Date.now() - started) / 1000;
    const share = ((cpuSeconds(pid) - cpuBefore) / wall) * 100;
    console.log(
      `${revalidate ? 'with If-None-Match   ' : 'without If-None-Match'}  ${counts.requests} polls (${counts.notModified} × 304, ${counts.ok} × 200, ${counts.other} other)  API CPU ${share.toFixed(2)} % of one core`,
    );
  }
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}

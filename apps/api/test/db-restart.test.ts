/**
 * The API rides out a PostgreSQL restart and a 10 s outage without exiting, answers 503
 * DATABASE_UNAVAILABLE meanwhile, recovers within 5 s of the database coming back, and loses no
 * acknowledged write. It runs its own PostgreSQL 15 server (initdb + pg_ctl in a temporary folder on a
 * free port) and the real API server as a child process, so it does not depend on TEST_DB.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = { email: 'root@restart.test', password: 'restart-root-password-1' };
/** The outage the issue asks for. */
const OUTAGE_MS = 10_000;
/** How soon after the database is back every request must be answered again. */
const RECOVERY_MS = 5_000;
const WRITERS = 6;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const address = srv.address();
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses to run as root). Its
 * output goes to a file, not a pipe: a server started by pg_ctl inherits the descriptors, and a pipe
 * would keep this call waiting for as long as the server runs.
 */
function pgTool(tool: string, args: string[], outFile: string): void {
  const bin = path.join(PG_BIN, tool);
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const out = openSync(outFile, 'a');
  try {
    execFileSync(cmd, argv, { stdio: ['ignore', out, out] });
  } catch (err) {
    throw new Error(
      `${tool} ${args.join(' ')} failed: ${String(err)}\n${readFileSync(outFile, 'utf8').slice(-2000)}`,
    );
  } finally {
    closeSync(out);
  }
}

/** Polls `check` every 50 ms until it returns a value, or fails after `timeoutMs`. */
async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await check();
    if (got !== undefined) return got;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

type Outcome = { kind: 'status'; status: number; code?: string } | { kind: 'network'; error: string };

async function request(url: string, init: RequestInit = {}): Promise<{ outcome: Outcome; body: unknown }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    const code = (body as { code?: unknown } | undefined)?.code;
    return {
      outcome: { kind: 'status', status: res.status, ...(typeof code === 'string' ? { code } : {}) },
      body,
    };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return { outcome: { kind: 'network', error: cause?.code ?? String(err) }, body: undefined };
  }
}

describe('the API under a PostgreSQL restart and a 10 s outage', () => {
  let dir = '';
  let dataDir = '';
  let pgPort = 0;
  let api: ChildProcess | undefined;
  let apiExit: string | undefined;
  let apiLog = '';
  let base = '';
  let databaseUrl = '';

  const toolLog = () => path.join(dir, 'tools.log');
  const pgCtl = (...args: string[]) =>
    pgTool('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'postgres.log'), '-w', ...args], toolLog());
  const pgStart = () =>
    pgCtl('-o', `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start');

  beforeAll(async () => {
    if (!existsSync(path.join(PG_BIN, 'initdb')) || !existsSync(path.join(PG_BIN, 'pg_ctl'))) {
      throw new Error(
        `PostgreSQL 15 server binaries not found in ${PG_BIN}: this test needs initdb and pg_ctl ` +
          '(apt-get install postgresql-15, or set PG_BIN to their folder).',
      );
    }
    dir = mkdtempSync(path.join(tmpdir(), 'jarog-pg-restart-'));
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
    }
    dataDir = path.join(dir, 'data');
    pgPort = await freePort();
    pgTool('initdb', ['-D', dataDir, '--auth=trust', '-U', 'postgres', '--no-sync'], toolLog());
    pgStart();
    databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

    const apiPort = await freePort();
    base = `http://127.0.0.1:${apiPort}`;
    api = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(apiPort),
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(dir, 'api-data'),
        ROOT_EMAIL: ROOT.email,
        ROOT_PASSWORD: ROOT.password,
        DEMO_DATA: '0',
        JWT_SECRET: 'restart-test-secret-that-is-long-enough-0123456789',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout?.on('data', (d: Buffer) => {
      apiLog += d.toString();
    });
    api.stderr?.on('data', (d: Buffer) => {
      apiLog += d.toString();
    });
    api.on('exit', (code, signal) => {
      apiExit = `exit code ${code ?? '-'} signal ${signal ?? '-'}`;
    });
    await until('the API to answer /healthz', 45_000, async () => {
      if (apiExit) throw new Error(`the API exited at start (${apiExit}):\n${apiLog}`);
      const { outcome } = await request(`${base}/healthz`);
      return outcome.kind === 'status' && outcome.status === 200 ? true : undefined;
    });
  }, 90_000);

  afterAll(async () => {
    if (api && !apiExit) {
      const gone = new Promise((r) => api?.once('exit', r));
      api.kill('SIGTERM');
      await gone;
    }
    if (dataDir && existsSync(path.join(dataDir, 'postmaster.pid'))) {
      pgCtl('-m', 'immediate', 'stop');
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('stays up, answers 503 during the outage, recovers within 5 s and keeps every acknowledged write', async () => {
    // Signing in is the set-up, not the measured part: a network error on it (once seen in CI on a loaded machine, a
    // kept-alive socket closing as it was reused) is tried again; any answer from the API is final.
    const login = await until('the sign-in to reach the API', 20_000, async () => {
      const sent = await request(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ROOT),
      });
      return sent.outcome.kind === 'network' ? undefined : sent;
    });
    const token = (login.body as { token?: string } | undefined)?.token;
    expect(token, JSON.stringify(login)).toEqual(expect.any(String));

    // Writers create species with unique names as fast as they can, and remember every answer.
    const acknowledged: string[] = [];
    const outcomes: { at: number; outcome: Outcome }[] = [];
    let stop = false;
    let serial = 0;
    const writer = async (w: number) => {
      while (!stop) {
        serial += 1;
        const name = `Restart Warbler ${w} ${serial}`;
        const { outcome } = await request(`${base}/api/v1/species`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ englishName: name }),
        });
        outcomes.push({ at: Date.now(), outcome });
        if (outcome.kind === 'status' && outcome.status === 201) acknowledged.push(name);
        // While the database is down the answer comes at once; don't spin.
        else await sleep(100);
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    const acks = (n: number) => async () => (acknowledged.length >= n ? true : undefined);

    try {
      await until('writes before the restart', 20_000, acks(20));

      // 1. A fast restart under load.
      pgCtl('-m', 'fast', 'restart');
      const afterRestart = acknowledged.length;
      await until('writes after the restart', 20_000, acks(afterRestart + 10));

      // 2. A 10 s outage. The wait is the outage itself, measured from the moment pg_ctl says the
      // server is stopped; meanwhile we keep asking /healthz, which must say 503 every time.
      pgCtl('-m', 'fast', 'stop');
      const stoppedAt = Date.now();
      const health: Outcome[] = [];
      while (Date.now() - stoppedAt < OUTAGE_MS) {
        health.push((await request(`${base}/healthz`)).outcome);
        await sleep(250);
      }
      pgStart();
      const backAt = Date.now();
      const outageEnd = backAt;

      // 3. Recovery: /healthz and a write both answer again within 5 s of the database being back.
      await until('/healthz to answer 200 again', RECOVERY_MS, async () => {
        const { outcome } = await request(`${base}/healthz`);
        return outcome.kind === 'status' && outcome.status === 200 ? true : undefined;
      });
      const beforeWrite = acknowledged.length;
      await until('a write to succeed again', RECOVERY_MS - (Date.now() - backAt), acks(beforeWrite + 1));

      // During the outage /healthz said 503 every time, with Retry-After-bearing 503s for the writes.
      expect(health.length).toBeGreaterThan(10);
      expect(health.every((o) => o.kind === 'status' && o.status === 503)).toBe(true);
      const duringOutage = outcomes.filter((o) => o.at > stoppedAt + 200 && o.at < outageEnd);
      expect(duringOutage.length).toBeGreaterThan(0);
      for (const { outcome } of duringOutage) {
        expect(outcome).toEqual({ kind: 'status', status: 503, code: 'DATABASE_UNAVAILABLE' });
      }
    } finally {
      stop = true;
      await Promise.all(writers);
    }

    // Over the whole run: no connection resets, no 500s; only created or "database unavailable".
    const unexpected = outcomes.filter(
      ({ outcome }) =>
        !(
          outcome.kind === 'status' &&
          (outcome.status === 201 || (outcome.status === 503 && outcome.code === 'DATABASE_UNAVAILABLE'))
        ),
    );
    expect(unexpected).toEqual([]);
    expect(outcomes.some(({ outcome }) => outcome.kind === 'status' && outcome.status === 503)).toBe(true);

    // The API process never exited.
    expect(apiExit).toBeUndefined();
    expect(api?.exitCode).toBeNull();

    // Every acknowledged write is in the database.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'select english_name as name from species where english_name = any($1::text[])',
        [acknowledged],
      );
      const stored = new Set(rows.map((r) => r.name));
      expect(acknowledged.filter((n) => !stored.has(n))).toEqual([]);
      expect(rows.length).toBe(acknowledged.length);
    } finally {
      await client.end();
    }
  }, 90_000);
});

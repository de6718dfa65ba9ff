/**
 * Start-up helpers the benches share: a free port, the API in its own process (as `npm start` runs it),
 * waiting for /healthz, signing in. Benchmarks print numbers; they assert nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Polls /healthz until it answers 200 (two minutes at most: a first start migrates and may seed). */
export async function waitForHealth(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('API did not become healthy in 120 s');
}

/**
 * How `npm start` (package.json), the Docker image and scripts/run.mjs run the built API (the list is
 * node-flags.json; test/node-flags.test.ts checks that package.json and the Dockerfile say the same): a 1 GB heap
 * ceiling. Node's default on a 24 GB machine is 4 GB, from which V8 sizes its first old-generation limit:
 * a 100,000-row upload (live data ~100 MB) then peaked at 405-424 MB RSS, with the ceiling at ~275 MB. And its
 * garbage collected on its own thread (`--single-threaded-gc`): on this 2-core machine the helper threads V8
 * otherwise starts competed with the API's thread, the embedded database's and PostgreSQL, and the API's
 * thread waited for them (docs/decisions.md, session 26).
 */
export const API_NODE_FLAGS: readonly string[] = JSON.parse(
  readFileSync(path.join(apiDir, 'node-flags.json'), 'utf8'),
);

export interface ApiProcess {
  base: string;
  child: ChildProcess;
  /** Sends SIGTERM; resolves once the process has exited. */
  stop: () => Promise<void>;
}

/**
 * The API in its own process on a free port, healthy when this resolves. `entry` is a script run with
 * tsx (e.g. `src/server.ts`, `bench/server-timed.ts`), or a built `.js` file run with node, with API_NODE_FLAGS
 * either way.
 */
export async function startApi(entry: string, env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Under tsx too (it hands node's flags on): the bench's load table measures the API as it runs in production.
  const [command, args] = entry.endsWith('.js')
    ? [process.execPath, [...API_NODE_FLAGS, path.resolve(apiDir, entry)]]
    : [path.join(apiDir, 'node_modules/.bin/tsx'), [...API_NODE_FLAGS, entry]];
  const child = spawn(command, args, {
    cwd: apiDir,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  process.on('exit', () => void stop());
  await waitForHealth(base);
  return { base, child, stop };
}

/** A console token for these credentials (POST /auth/login). */
export async function signIn(base: string, credentials: { email: string; password: string }) {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  const { token } = (await res.json()) as { token: string };
  return token;
}

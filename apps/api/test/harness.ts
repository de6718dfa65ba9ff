import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import supertest from 'supertest';
import { createApp } from '../src/app';
import { bootstrap } from '../src/bootstrap';
import { loadEnv } from '../src/config/env';
import type { AppContext } from '../src/context';
import { createLogger } from '../src/lib/logger';
import type { RouteInfo } from '../src/routes';
import { openTestDatabase } from './db';

export const ROOT = { email: 'root@test.bt', password: 'root-password-1' };

let agents = 0;
/**
 * A fresh client address for each agent (the test app trusts X-Forwarded-For), so the per-address
 * limits (sign-in, mail, sign-up) do not leak from one test into the next. A test about those limits
 * sets X-Forwarded-For itself.
 */
export function nextAddress(): string {
  agents += 1;
  return `10.${(agents >> 16) & 255}.${(agents >> 8) & 255}.${agents & 255}`;
}

export interface TestApp {
  app: Express;
  ctx: AppContext;
  routes: RouteInfo[];
  dataDir: string;
  http: () => supertest.Agent;
  close: () => Promise<void>;
}

/**
 * A complete API on a fresh database and a temporary DATA_DIR, with the root user from ROOT. Statements
 * have no time limit unless `env` sets STATEMENT_TIMEOUT_MS (PGlite then lives in files in DATA_DIR).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jarog-test-'));
  const parsed = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ROOT_EMAIL: ROOT.email,
    ROOT_PASSWORD: ROOT.password,
    DEMO_DATA: '0',
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    PUBLIC_WEB_URL: 'http://console.test',
    PUBLIC_API_URL: 'http://api.test',
    TRUST_PROXY: '1',
    ...env,
  });
  const limited = env.STATEMENT_TIMEOUT_MS !== undefined;
  const database = await openTestDatabase(
    limited ? { statementTimeoutMs: parsed.statementTimeoutMs, pgliteDir: path.join(dataDir, 'pglite') } : {},
  );
  const { ctx } = await bootstrap(parsed, createLogger('silent'), { database });
  const { app, routes } = createApp(ctx);
  return {
    app,
    ctx,
    routes,
    dataDir,
    http: () => supertest.agent(app).set('X-Forwarded-For', nextAddress()),
    close: async () => {
      await ctx.database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Mails written to the outbox, oldest first, as raw text. */
export function outbox(t: TestApp): string[] {
  const dir = path.join(t.dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((f) => readFileSync(path.join(dir, f), 'utf8'));
}

/** Waits until the outbox holds at least `n` mails (mail is sent after the response). */
export async function waitForMail(t: TestApp, n = 1, timeoutMs = 5000): Promise<string[]> {
  const start = Date.now();
  for (;;) {
    const mails = outbox(t);
    if (mails.length >= n) return mails;
    if (Date.now() - start > timeoutMs) throw new Error(`expected ${n} mail(s), found ${mails.length}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

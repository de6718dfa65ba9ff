import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';

let pgliteTemplate: Uint8Array | undefined;

/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL when the suite runs with TEST_DB=postgres. It starts as a copy
 * of the suite's migrated template (test/global-setup.ts), so its `migrate()` finds nothing to do. With
 * `statementTimeoutMs` statements have that time limit; `pgliteDir` keeps PGlite in files there instead
 * of memory (so a statement past the limit restarts it, as in production).
 */
export async function openTestDatabase(
  opts: { statementTimeoutMs?: number; pgliteDir?: string } = {},
): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const { statementTimeoutMs } = opts;
  if (process.env.TEST_DB !== 'postgres') {
    const file = inject('pgliteTemplate');
    pgliteTemplate ??= file ? readFileSync(file) : undefined;
    return openDatabase({ dataDir: opts.pgliteDir ?? 'memory://', statementTimeoutMs, pgliteTemplate });
  }
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `jarog_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), statementTimeoutMs });
  return {
    ...database,
    close: async () => {
      await database.close();
      // No FORCE: terminating connections the pool is still closing surfaces as an unhandled
      // 57P01 error. Wait for them to go instead.
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      for (let attempt = 0; ; attempt++) {
        try {
          await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await cleanup.end();
    },
  };
}

import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { createServerDatabase } from './server-database';

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
  const created = await createServerDatabase(serverUrl, 'jarog_test', inject('postgresTemplate'));
  const database = await openDatabase({ databaseUrl: created.url, statementTimeoutMs });
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

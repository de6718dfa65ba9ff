import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedPgliteTemplate, openDatabase } from '../src/db/client';

// The test suites start every database from one migrated dump (test/global-setup.ts, e2e/run.mjs).
describe('an embedded database started from a migrated template', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'jarog-template-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds every migration, and a folder already holding data keeps it', async () => {
    const template = await migratedPgliteTemplate();
    const folder = path.join(dir, 'pglite');
    const first = await openDatabase({ dataDir: folder, pgliteTemplate: template });
    const applied = async (db: typeof first.db) =>
      Number(
        (await db.execute<{ n: string }>(sql`select count(*) as n from drizzle.__drizzle_migrations`)).rows[0]
          ?.n,
      );
    const migrations = await applied(first.db);
    expect(migrations).toBeGreaterThan(0);
    await first.migrate(); // nothing left to apply
    expect(await applied(first.db)).toBe(migrations);
    await first.db.execute(sql`update data_version set version = 41 where shard = 0`);
    await first.close();

    // Opened again with the template: the folder is not replaced by it.
    const again = await openDatabase({ dataDir: folder, pgliteTemplate: template });
    const kept = await again.db.execute<{ n: string }>(
      sql`select count(*) as n from data_version where shard = 0 and version = 41`,
    );
    expect(Number(kept.rows[0]?.n)).toBe(1);
    await again.close();
  }, 60_000);
});

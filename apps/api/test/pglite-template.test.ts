import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
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
    const count = async (db: typeof first.db, query: SQL) =>
      ((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
    const applied = (db: typeof first.db) =>
      count(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const migrations = await applied(first.db);
    expect(migrations).toBeGreaterThan(0);
    await first.migrate(); // nothing left to apply
    expect(await applied(first.db)).toBe(migrations);
    await first.db.execute(sql`update data_version set version = 41 where shard = 0`);
    await first.close();

    // Opened again with the template: the folder is not replaced by it.
    const again = await openDatabase({ dataDir: folder, pgliteTemplate: template });
    expect(
      await count(
        again.db,
        sql`select count(*)::int as n from data_version where shard = 0 and version = 41`,
      ),
    ).toBe(1);
    await again.close();
  }, 60_000);
});

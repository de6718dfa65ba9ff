import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteTemplate, openDatabase } from '../src/db/client';
import { createServerDatabase } from './server-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A gzipped PGlite data folder with every migration applied (TEST_DB=pglite). */
    pgliteTemplate?: string;
    /** A PostgreSQL database with every migration applied, to create test databases from (TEST_DB=postgres). */
    postgresTemplate?: string;
  }
}

/**
 * Migrates one database before the suite, which every test file's fresh database then starts as a copy of
 * (test/db.ts): PGlite's initdb alone costs 6-7 s on a 2-core machine and its migrations 1 s more, once per
 * test file; loading the migrated folder costs 1.7 s. On PostgreSQL a database is created from the template.
 * Starting from scratch is still proven: bootstrap.test.ts opens fresh folders, db-restart.test.ts a fresh server.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = await createServerDatabase(serverUrl, 'jarog_template');
    const database = await openDatabase({ databaseUrl: template.url });
    try {
      await database.migrate();
    } catch (err) {
      await database.close();
      await template.drop();
      throw err;
    }
    await database.close();
    project.provide('postgresTemplate', template.name);
    return template.drop;
  }
  const dump = await migratedPgliteTemplate();
  const dir = mkdtempSync(path.join(tmpdir(), 'jarog-template-'));
  const file = path.join(dir, 'migrated.tar.gz');
  writeFileSync(file, dump);
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

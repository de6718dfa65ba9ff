/**
 * Moves the old Druk eBird server's data in from a mongoexport folder (one `<collection>.json` per
 * collection, one Extended JSON document per line):
 *
 *   npm run import:legacy -- <folder> [--database-url postgres://…] [--data-dir ./data]
 *   npm run import:legacy -- --list
 *   npm run import:legacy -- --rollback <batch>
 *
 * Without --database-url it uses the app's own database: DATABASE_URL, else the embedded PGlite in
 * DATA_DIR (default ./data; stop the API first, PGlite allows one process). Migrations are applied
 * first. One run is one transaction and one batch; it prints counts per collection and every
 * skipped document with its reason.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import {
  importLegacy,
  type LegacyImportReport,
  listLegacyBatches,
  rollbackLegacyBatch,
} from '../src/modules/legacy/legacy.import';

function usage(): string {
  return `Usage: npm run import:legacy -- <folder> [--database-url URL] [--data-dir DIR]
       npm run import:legacy -- --list
       npm run import:legacy -- --rollback <batch>

  <folder>            a mongoexport of the old server: admins.json, users.json, species.json,
                      checklists.json, adminnotifications.json, notifications.json
  --rollback N        remove everything import batch N added (the newest batch first)
  --list              the import batches made so far
  --database-url URL  a PostgreSQL database (default: DATABASE_URL, else the embedded PGlite in DATA_DIR)
  --data-dir DIR      where the embedded database lives (default: DATA_DIR or ./data)`;
}

/** The report as the command prints it: one line per collection, then each skipped document. */
export function formatReport(r: LegacyImportReport): string[] {
  const lines = [
    r.batch === null
      ? 'Nothing new: every document was imported before (or skipped); no batch made.'
      : `Import batch ${r.batch} (undo with: npm run import:legacy -- --rollback ${r.batch})`,
  ];
  for (const [collection, counts] of Object.entries(r.counts)) {
    const parts = Object.entries(counts).map(([k, v]) => `${k} ${v.toLocaleString('en')}`);
    lines.push(`  ${collection.padEnd(19)} ${parts.join(', ')}`);
  }
  if (r.skipped.length > 0) {
    lines.push(`Skipped documents (${r.skipped.length}):`);
    for (const s of r.skipped) lines.push(`  ${s.collection} ${s.id}: ${s.reason}`);
  }
  const entries = r.counts.checklists.documents ?? 0;
  lines.push(
    `Done in ${(r.ms / 1000).toFixed(1)} s (${Math.round(entries / (r.ms / 1000)).toLocaleString('en')} entry documents/s)`,
  );
  return lines;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      rollback: { type: 'string' },
      list: { type: 'boolean' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [folderArg] = positionals;
  if (values.help || (!folderArg && values.rollback === undefined && !values.list)) {
    console.log(usage());
    if (!values.help) process.exitCode = 2;
    return;
  }
  const env = loadEnv();
  const databaseUrl = values['database-url'] ?? env.databaseUrl;
  // npm runs package scripts inside the package; INIT_CWD is where the command was typed.
  const base = process.env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, values['data-dir'] ?? env.dataDir);
  const database = await openDatabase(
    databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') },
  );
  try {
    await database.migrate();
    if (values.list) {
      for (const b of await listLegacyBatches(database)) {
        console.log(`batch ${b.id}  ${b.createdAt.toISOString()}  ${b.folder}  ${JSON.stringify(b.counts)}`);
      }
      return;
    }
    if (values.rollback !== undefined) {
      const id = Number(values.rollback);
      if (!Number.isInteger(id) || id < 1)
        throw new Error(`--rollback takes a batch number, not '${values.rollback}'`);
      const r = await rollbackLegacyBatch(database, id);
      if (!r.ok) throw new Error(r.message);
      console.log(`Rolled back batch ${id}: ${JSON.stringify(r.removed)}`);
      return;
    }
    const folder = path.resolve(base, folderArg as string);
    if (!existsSync(folder)) throw new Error(`No such folder: ${folder}`);
    console.log(`Importing ${folder}`);
    for (const line of formatReport(await importLegacy(database, folder, (l) => console.log(l))))
      console.log(line);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}

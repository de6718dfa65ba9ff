/**
 * Legacy import benchmark: generates a mongoexport with N entry documents (default 100,000) in the
 * sample's format and imports it into a fresh database (DATABASE_URL, emptied of nothing: use a
 * throwaway database; else PGlite in memory). Prints numbers; asserts nothing.
 * Run: [DATABASE_URL=postgres://…] pnpm exec tsx bench/legacy-import.bench.ts [entries]
 */
import { rmSync } from 'node:fs';
import { openDatabase } from '../src/db/client';
import { importLegacy } from '../src/modules/legacy/legacy.import';
import { generateLegacyExport } from '../test/legacy-generator';

const n = Number(process.argv[2] ?? 100_000);
const url = process.env.DATABASE_URL;
const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
await database.migrate();
const gen = await generateLegacyExport({ entries: n, users: 500 });
try {
  const r = await importLegacy(database, gen.folder, (l) => console.log(l));
  const docs = r.counts.checklists.documents ?? 0;
  console.log(
    `${database.kind}: ${docs.toLocaleString('en')} entry documents → ${r.counts.checklists.entriesAdded} entries in ` +
      `${r.counts.checklists.checklistsAdded} checklists, ${(r.ms / 1000).toFixed(1)} s ` +
      `(${Math.round(docs / (r.ms / 1000)).toLocaleString('en')} documents/s), peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
} finally {
  rmSync(gen.folder, { recursive: true, force: true });
  await database.close();
}

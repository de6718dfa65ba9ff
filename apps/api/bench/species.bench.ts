/**
 * Species list benchmark: imports the national list (779 rows) into a fresh database, then times
 * the console's list calls (filters, search with typos, export) through the real HTTP stack.
 * Prints numbers; asserts nothing. Run: pnpm exec tsx bench/species.bench.ts [--postgres]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bearer, buildAdmin } from '../test/factories';
import { createTestApp } from '../test/harness';

if (process.argv.includes('--postgres')) {
  process.env.TEST_DB = 'postgres';
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
}
const here = path.dirname(fileURLToPath(import.meta.url));
const t = await createTestApp();
const admin = await buildAdmin(t);
const file = readFileSync(path.resolve(here, '../test/fixtures/species_add_template.xlsx'));

let start = performance.now();
const imported = await t
  .http()
  .post('/api/v1/species/fileupload')
  .set(bearer(admin))
  .attach('file', file, 'species.xlsx');
console.log(
  `import 779 rows: ${(performance.now() - start).toFixed(0)} ms (status ${imported.status}, ${imported.body.inserted} inserted)`,
);

const cases: Record<string, string> = {
  'first page': '/api/v1/species/get?page=1&limit=20',
  'page 30': '/api/v1/species/get?page=30&limit=20',
  'order+iucn filter': '/api/v1/species/get?order=Passeriformes&iucn_status=LC,NT&limit=20',
  'search "hornbill"': '/api/v1/species/get?search=hornbill&limit=20',
  'search typo "hornbil"': '/api/v1/species/get?search=hornbil&limit=20',
  'search 2 letters "re"': '/api/v1/species/get?search=re&limit=20',
  'export all (json)': '/api/v1/species?export_limit=all',
  'export all (csv)': '/api/v1/species?export_limit=all&format=csv',
};
for (const [name, url] of Object.entries(cases)) {
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    start = performance.now();
    const res = await t.http().get(url).set(bearer(admin));
    times.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => (times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(1);
  console.log(`${name.padEnd(24)} p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  (30 runs, ${t.ctx.database.kind})`);
}
await t.close();

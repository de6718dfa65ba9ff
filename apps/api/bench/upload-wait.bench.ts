/**
 * How long other requests wait while large uploads run (issue 9: on the embedded database a 20,000-row
 * upload made a public read wait 10.5 s; the goal is about a second at most). Starts the API in its own
 * process on a fresh database (embedded PGlite in a temporary folder, or DATABASE_URL), then, while
 * `/healthz` and a public read (the species list the birders' app reads signed out) are each polled every
 * 50 ms, uploads a 20,000-row checklist .xlsx, the same file again (nothing changes), the 779-row species
 * list, and both at once (a new checklist file). Prints, per
 * phase, each upload's time and status and the worst wait of each poll. Prints numbers; asserts nothing.
 *
 *   pnpm --filter @jarog/api exec tsx bench/upload-wait.bench.ts [--rows 20000] [--entry src/server.ts]
 *   DATABASE_URL=postgres://… pnpm --filter @jarog/api exec tsx bench/upload-wait.bench.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiDir, signIn, startApi } from './api-process';
import { checklistWorkbook } from './workbooks';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '20000' },
    entry: { type: 'string', default: 'src/server.ts' },
  },
});
const rows = Number(values.rows);
const ROOT = { email: 'upload-wait@jarog.invalid', password: 'upload-wait-password-1' };
const PUBLIC_READ = '/api/v1/species?limit=20&page=1';
const POLL_EVERY_MS = 50;

/** Polls one path one request at a time, 50 ms apart, until stopped; keeps the worst wait. */
function poll(base: string, p: string) {
  let stop = false;
  const waits: number[] = [];
  let failures = 0;
  const done = (async () => {
    while (!stop) {
      const t0 = performance.now();
      const res = await fetch(`${base}${p}`).catch(() => undefined);
      await res?.arrayBuffer();
      if (!res?.ok) failures++;
      waits.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, POLL_EVERY_MS));
    }
  })();
  return async () => {
    stop = true;
    await done;
    waits.sort((a, b) => a - b);
    return {
      polls: waits.length,
      worst: waits.at(-1) ?? 0,
      p95: waits[Math.floor(waits.length * 0.95)] ?? 0,
      overOneSecond: waits.filter((w) => w > 1000).length,
      failures,
    };
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'jarog-upload-wait-'));
const api = await startApi(values.entry, {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ROOT_EMAIL: ROOT.email,
  ROOT_PASSWORD: ROOT.password,
  JWT_SECRET: 'upload-wait-secret-that-is-long-enough-0123456789',
  DEMO_DATA: process.env.DATABASE_URL ? '0' : '1',
});
const token = await signIn(api.base, ROOT);
// Two files of new checklists (each names its checklists after the moment it was made).
const checklistFiles = [await checklistWorkbook(rows), await checklistWorkbook(rows)];
const speciesFile = readFileSync(path.join(apiDir, 'test/fixtures/species_add_template.xlsx'));

async function upload(route: string, file: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([file]), name);
  const t0 = performance.now();
  const res = await fetch(`${api.base}${route}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { message?: string };
  return { status: res.status, seconds: (performance.now() - t0) / 1000, message: body.message ?? '' };
}
const checklists = (file: Buffer) => upload('/api/v1/checklists/fileupload', file, `checklists-${rows}.xlsx`);
const species = () => upload('/api/v1/species/fileupload', speciesFile, 'species-779.xlsx');

type Uploads = Awaited<ReturnType<typeof upload>>[];
const phases: { name: string; run: () => Promise<Uploads> }[] = [
  {
    name: 'idle (3 s)',
    run: async () => {
      await new Promise((r) => setTimeout(r, 3000));
      return [];
    },
  },
  {
    name: `checklists ${rows.toLocaleString('en')} rows`,
    run: async () => [await checklists(checklistFiles[0] as Buffer)],
  },
  {
    name: 'the same checklists again (unchanged)',
    run: async () => [await checklists(checklistFiles[0] as Buffer)],
  },
  { name: 'species 779 rows', run: async () => [await species()] },
  { name: 'both at once', run: () => Promise.all([checklists(checklistFiles[1] as Buffer), species()]) },
];

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded, on disk)';
console.log(
  `${engine}; /healthz and ${PUBLIC_READ} each polled every ${POLL_EVERY_MS} ms; ${new Date().toISOString()}`,
);
console.log(
  '| phase | uploads (status, s) | /healthz worst ms | public read worst ms | p95 ms | polls > 1 s |',
);
console.log('|---|---|---:|---:|---:|---:|');
try {
  for (const phase of phases) {
    const health = poll(api.base, '/healthz');
    const read = poll(api.base, PUBLIC_READ);
    const uploads = await phase.run();
    const [h, r] = [await health(), await read()];
    const u = uploads.map((x) => `${x.status} in ${x.seconds.toFixed(1)}`).join(' + ') || '-';
    console.log(
      `| ${phase.name} | ${u} | ${h.worst.toFixed(0)} | ${r.worst.toFixed(0)} | ${Math.max(h.p95, r.p95).toFixed(0)} | ${h.overOneSecond + r.overOneSecond} of ${h.polls + r.polls}${h.failures + r.failures ? ` (${h.failures + r.failures} failed)` : ''} |`,
    );
    for (const x of uploads) if (x.status !== 200) console.log(`  upload answered ${x.status}: ${x.message}`);
  }
} finally {
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// Issue 12, defect 2: both spreadsheet imports answer a preview with ?dryRun=1 (what would be inserted,
// what would change field by field, the warnings) and write nothing; the same file without it commits.
import { ChecklistUploadResponseSchema, SpeciesUploadResponseSchema } from '@jarog/contracts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklists, entries, notifications, species } from '../src/db/schema';
import { type BuiltUser, bearer, buildAdmin } from './factories';
import { xlsxOf } from './files';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const post = (path: string, file: Buffer) =>
  t.http().post(path).set(bearer(admin)).attach('file', file, 'upload.xlsx');

async function counts() {
  const db = t.ctx.database.db;
  const [s] = await db.select({ n: count() }).from(species);
  const [c] = await db.select({ n: count() }).from(checklists);
  const [e] = await db.select({ n: count() }).from(entries);
  const [a] = await db.select({ n: count() }).from(notifications);
  return { species: s?.n, checklists: c?.n, entries: e?.n, activity: a?.n };
}

describe('species upload preview (?dryRun=1)', () => {
  it('lists inserts and field-by-field changes, warns, and writes nothing until confirmed', async () => {
    await post(
      '/api/v1/species/fileupload',
      await xlsxOf([
        ['englishName', 'scientificName', 'order', 'iucnStatus'],
        ['Great Hornbill', 'Buceros bicornis', 'Bucerotiformes', 'VU'],
      ]),
    ).expect(200);
    const file = await xlsxOf([
      ['englishName', 'scientificName', 'order', 'iucnStatus', 'colour'],
      ['Great Hornbill', 'Buceros bicornis', 'Bucerotiformes', 'NT'],
      ['Rufous-necked Hornbill', 'Aceros nipalensis', 'Bucerotiformes', 'vu '],
    ]);
    const before = await counts();
    const res = await post('/api/v1/species/fileupload?dryRun=1', file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = SpeciesUploadResponseSchema.parse(res.body);
    expect(body.dryRun).toBe(true);
    expect(body).toMatchObject({ inserted: 1, updated: 1, data: [] });
    expect(body.preview).toEqual([
      {
        row: 2,
        action: 'update',
        name: 'Great Hornbill',
        changes: [{ field: 'iucnStatus', from: 'VU', to: 'NT' }],
      },
      { row: 3, action: 'insert', name: 'Rufous-necked Hornbill', changes: [] },
    ]);
    expect(body.warnings).toContainEqual({
      row: 1,
      message: "Column 'colour' is not a species field and was not imported",
    });
    expect(await counts()).toEqual(before);
    const hornbill = await t.http().get('/api/v1/species/get?search=Great%20Hornbill').set(bearer(admin));
    expect(hornbill.body.species[0].iucnStatus).toBe('VU');

    const commit = await post('/api/v1/species/fileupload', file);
    expect(commit.status).toBe(200);
    expect(commit.body.dryRun).toBeUndefined();
    expect(commit.body).toMatchObject({ inserted: 1, updated: 1 });
    expect((await counts()).species).toBe((before.species ?? 0) + 1);

    // The same file again: the preview says nothing would change.
    const again = SpeciesUploadResponseSchema.parse(
      (await post('/api/v1/species/fileupload?dryRun=1', file)).body,
    );
    expect(again.preview?.map((p) => p.action)).toEqual(['unchanged', 'unchanged']);
  });

  it('rejects a bad dryRun value with a 400 and a rejected row with the same 400 as a real upload', async () => {
    const file = await xlsxOf([
      ['englishName', 'iucnStatus'],
      ['', 'LC'],
    ]);
    const bad = await post('/api/v1/species/fileupload?dryRun=maybe', file);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBeDefined();
    const rejected = await post('/api/v1/species/fileupload?dryRun=1', file);
    expect(rejected.status).toBe(400);
  });
});

describe('checklist upload preview (?dryRun=1)', () => {
  const HEADER = [
    'ChecklistName',
    'BirdName',
    'SelectedDate',
    'SelectedTime',
    'Birder',
    'Total',
    'Dzongkhag',
  ];
  it('lists new entries and the fields a re-upload would change, and rolls everything back', async () => {
    const first = await xlsxOf([
      HEADER,
      ['Preview walk', 'Common Raven', '2026-03-01', '07:00', 'Sonam', 2, 'Paro'],
      ['Preview walk', 'Large-billed Crow', '2026-03-01', '07:00', 'Sonam', 1, 'Paro'],
    ]);
    const dry = await post('/api/v1/checklists/fileupload?dryRun=1', first);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    const before = await counts();
    expect(before.entries).toBe(0);
    const preview = ChecklistUploadResponseSchema.parse(dry.body);
    expect(preview).toMatchObject({ dryRun: true, inserted: 2, updated: 0, checklists: 1, data: [] });
    expect(preview.preview?.map((p) => [p.row, p.action, p.name])).toEqual([
      [2, 'insert', 'Preview walk: Common Raven'],
      [3, 'insert', 'Preview walk: Large-billed Crow'],
    ]);

    await post('/api/v1/checklists/fileupload', first).expect(200);
    const stored = await counts();
    const second = await xlsxOf([
      HEADER,
      ['Preview walk', 'Common Raven', '2026-03-01', '07:00', 'Sonam', 5, 'Paro'],
      ['Preview walk', 'Large-billed Crow', '2026-03-01', '07:00', 'Sonam', 1, 'Paro'],
      ['Preview walk', 'Satyr Tragopan', '2026-03-01', '07:00', 'Sonam', 1, 'Paro'],
    ]);
    const diff = ChecklistUploadResponseSchema.parse(
      (await post('/api/v1/checklists/fileupload?dryRun=1', second)).body,
    );
    expect(diff).toMatchObject({ inserted: 1, updated: 1, unchanged: 1 });
    expect(diff.preview).toEqual([
      {
        row: 2,
        action: 'update',
        name: 'Preview walk: Common Raven',
        changes: [{ field: 'total', from: '2', to: '5' }],
      },
      { row: 3, action: 'unchanged', name: 'Preview walk: Large-billed Crow', changes: [] },
      { row: 4, action: 'insert', name: 'Preview walk: Satyr Tragopan', changes: [] },
    ]);
    expect(await counts()).toEqual(stored);
  });
});

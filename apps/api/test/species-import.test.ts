import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildAdmin } from './factories';
import { xlsxOf } from './files';
import { createTestApp, type TestApp } from './harness';

const NATIONAL_LIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/species_add_template.xlsx',
);

let t: TestApp;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const upload = (file: Buffer, name: string, query = '') =>
  t.http().post(`/api/v1/species/fileupload${query}`).set(bearer(admin)).attach('file', file, name);

describe('importing the national species list (test/fixtures/species_add_template.xlsx)', () => {
  it('imports all 779 rows as 777 species, with per-row warnings for the dirt', async () => {
    const res = await upload(readFileSync(NATIONAL_LIST), 'species_add_template.xlsx');
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.rejected).toEqual([]);
    // Two species appear twice in the file (Blue-capped Redstart, Eyebrowed Thrush): merged, with a warning.
    expect(res.body.inserted).toBe(777);
    expect(res.body.message).toBe('Uploaded 777 species');
    const warnings = res.body.warnings as { row: number; message: string }[];
    expect(warnings).toContainEqual({
      row: 350,
      message: expect.stringMatching(/^Repeats row 340 \(Blue-capped Redstart\)/),
    });
    expect(
      warnings.some((w) => w.message === "residency 'Passsage migrant' was read as 'Passage migrant'"),
    ).toBe(true);
    expect(
      warnings.some((w) => /Photo 'images\/SnowPartridge.jpg' is not a web address/.test(w.message)),
    ).toBe(true);

    const list = await t.http().get('/api/v1/species/get?limit=1').set(bearer(admin));
    expect(list.body.speciesTotal).toBe(777);
    // Dirty spellings were stored canonically, so the option lists hold one value each.
    expect(list.body.residencies).toContain('Passage migrant');
    expect(list.body.residencies).not.toContain('Passsage migrant');
    expect(list.body.residencies).not.toContain('Resident ');
    expect(list.body.residencies).not.toContain('vagrant');
    expect(list.body.iucnstatuses).toEqual(['CR', 'EN', 'LC', 'NT', 'VU']);
  });

  it('updates instead of duplicating when the same file is uploaded again', async () => {
    const res = await upload(readFileSync(NATIONAL_LIST), 'species_add_template.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.inserted).toBe(0);
    expect(res.body.updated).toBe(777);
    const count = await t.http().get('/api/v1/species/get-count').set(bearer(admin));
    expect(count.body.count).toBe(777);
  });
});

describe('POST /api/v1/species/fileupload rules', () => {
  const header = ['englishName', 'scientificName', 'iucnStatus', 'observations', 'photos', 'Notes'];

  it('refuses anything but an .xlsx file, and a missing file', async () => {
    const res = await upload(Buffer.from('a,b'), 'species.csv');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Only .xlsx spreadsheets are accepted');
    const none = await t.http().post('/api/v1/species/fileupload').set(bearer(admin));
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/choose an .xlsx file/);
    const garbage = await upload(Buffer.from('definitely not a zip'), 'broken.xlsx');
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toBe('The file could not be read as an .xlsx spreadsheet');
  });

  it('imports nothing when a row is bad, and lists each rejected row with its number and reason', async () => {
    const before = (await t.http().get('/api/v1/species/get-count').set(bearer(admin))).body.count;
    const file = await xlsxOf([
      header,
      ['Upload Good Bird', 'Uploadus bonus', 'LC', 3, '["https://example.org/a.jpg"]', 'ignored'],
      ['X', 'Uploadus malus', 'LC'],
      ['Upload Bad Status', 'Uploadus status', 'ZZ'],
      [],
      ['Upload Negative', 'Uploadus negativus', '', -4],
    ]);
    const res = await upload(file, 'upload.xlsx');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      '3 rows have problems, so nothing was imported. Fix them, or import only the good rows.',
    );
    expect(res.body.details.rejected).toEqual([
      { row: 3, message: 'Please provide a name with at least 2 letters!' },
      { row: 4, message: expect.stringMatching(/^IUCN status must be one of/) },
      { row: 6, message: 'Observations must be 0 or more' },
    ]);
    expect(res.body.details.warnings).toContainEqual({
      row: 1,
      message: "Column 'Notes' is not a species field and was not imported",
    });
    const after = (await t.http().get('/api/v1/species/get-count').set(bearer(admin))).body.count;
    expect(after).toBe(before);

    const partial = await upload(file, 'upload.xlsx', '?partial=1');
    expect(partial.status).toBe(200);
    expect(partial.body.inserted).toBe(1);
    expect(partial.body.rejected).toHaveLength(3);
    const good = await t.http().get('/api/v1/species/get?search=Upload%20Good%20Bird').set(bearer(admin));
    expect(good.body.species[0]).toMatchObject({ englishName: 'Upload Good Bird', observations: 3 });
    expect(good.body.species[0].photos.map((p: { url: string }) => p.url)).toEqual([
      'https://example.org/a.jpg',
    ]);
  });

  it('says what is wrong with a file without a header row naming englishName', async () => {
    const res = await upload(
      await xlsxOf([
        ['name', 'latin'],
        ['A bird', 'Avis'],
      ]),
      'no-header.xlsx',
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The first row must name the columns, including englishName/);
  });
});

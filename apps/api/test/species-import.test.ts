import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, type BuiltUser } from './factories';
import { createTestApp, type TestApp } from './harness';

const NATIONAL_LIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/data/species_add_template.xlsx',
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

describe('importing the national species list (shared/data/species_add_template.xlsx)', () => {
  it('imports all 779 rows as 777 species, with per-row warnings for the dirt', async () => {
    const res = await upload(readFileSync(NATIONAL_LIST), 'species_add_template.xlsx');
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.rejected).toEqual([]);
    // Two species appear twice in the file (Blue-capped Redstart, Eyebrowed Thrush): merged, with a warning.
    expect(res.body.inserted).toBe(777);
    expect(res.body.message).toBe('Uploaded 777 species');
    const warnings = res.body.warnings as { row: number; message: string }[];
    expect(warnings).toContainEqual({ row: 350, message: expect.stringMatching(/^Repeats row 340 \(Blue-capped Redstart\)/) });
    expect(warnings.some((w) => w.message === "residency 'Passsage migrant' was read as 'Passage migrant'")).toBe(true);
    expect(warnings.some((w) => /Photo 'images\/SnowPartridge.jpg' is not a web address/.test(w.message))).toBe(true);

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

// Issue 12, defect 3: species details' Stats shows the real count of approved records and the dzongkhags
// they were seen in, not the editable `observations` field.

import { randomUUID } from 'node:crypto';
import { SpeciesStatsSchema } from '@jarog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildAdmin, buildSpecies } from './factories';
import { createTestApp, type TestApp } from './harness';
import { seedChecklist } from './records-fixtures';

let t: TestApp;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const stats = (id: string) => t.http().get(`/api/v1/species/${id}/stats`).set(bearer(admin));

describe('GET /api/v1/species/:id/stats', () => {
  it('counts approved entries of submitted checklists and lists their dzongkhags A-Z', async () => {
    const hornbill = await buildSpecies(t, { englishName: 'Great Hornbill', observations: 0 });
    const other = await buildSpecies(t);
    const bird = (approval: 'approved' | 'pending' | 'rejected', speciesId = hornbill.id) => ({
      birdName: 'Great Hornbill',
      speciesId,
      total: 1,
      approval,
    });
    await seedChecklist(t, { dzongkhag: 'Zhemgang' }, [bird('approved'), bird('approved')]);
    await seedChecklist(t, { dzongkhag: 'Sarpang' }, [bird('approved'), bird('pending'), bird('rejected')]);
    await seedChecklist(t, { dzongkhag: null }, [bird('approved')]);
    await seedChecklist(t, { dzongkhag: 'Paro', status: 'draft' }, [bird('approved')]);
    await seedChecklist(t, { dzongkhag: 'Haa' }, [bird('approved', other.id)]);

    const res = await stats(hornbill.id);
    expect(res.status).toBe(200);
    expect(SpeciesStatsSchema.parse(res.body)).toEqual({
      approvedRecords: 4,
      dzongkhags: ['Sarpang', 'Zhemgang'],
    });
    expect((await stats(other.id)).body).toEqual({ approvedRecords: 1, dzongkhags: ['Haa'] });
  });

  it('answers 404 for an unknown species and 400 for a malformed id', async () => {
    const missing = await stats(randomUUID());
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBeDefined();
    expect((await stats('nope')).status).toBe(400);
  });
});

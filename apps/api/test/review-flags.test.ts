import { type Entry, MobileEntriesResponseSchema, ReviewLimitResponseSchema } from '@jarog/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, type SpeciesRow } from '../src/db/schema';
import { flagChecklists } from '../src/modules/review/review.service';
import { type BuiltUser, bearer, buildAdmin, buildSpecies, buildUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { seedChecklist } from './records-fixtures';

let t: TestApp;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

let n = 0;
const PARO = { latitude: 27.43, longitude: 89.41, dzongkhag: 'Paro', gewog: 'Tsento', village: 'Drukgyel' };

/** One submitted entry from the birders' app; answers the stored entry as the app reads it. */
async function submit(
  who: BuiltUser,
  bird: string,
  o: { date?: string; count?: number; at?: typeof PARO; name?: string } = {},
): Promise<Entry> {
  const at = o.at ?? PARO;
  const res = await t
    .http()
    .post('/api/v1/checkList')
    .set(bearer(who))
    .send({
      CheckListName: o.name ?? `Walk ${++n}`,
      BirdName: bird,
      StartbirdingData: [
        {
          selectedDate: o.date ?? '2025-02-10',
          selectedTime: `0${n % 10}:15`,
          status: 'submittedchecklist',
          Totalcount: o.count ?? 2,
          JAcount: { Adult: o.count ?? 2, Juvenile: 0 },
          currentLocation: { latitude: at.latitude, longitude: at.longitude },
          EndpointLocation: [{ dzongkhag: at.dzongkhag, gewog: at.gewog, village: at.village }],
        },
      ],
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Entry;
}

/** Approved history straight in the database: `count` entries of the species, one per checklist. */
async function history(
  sp: SpeciesRow,
  count: number,
  o: { date: string; total?: number; dzongkhag?: string },
) {
  for (let i = 0; i < count; i++) {
    await seedChecklist(
      t,
      { selectedDate: o.date, dzongkhag: o.dzongkhag ?? 'Paro', gewog: 'Tsento', observerName: `Old ${i}` },
      [
        {
          birdName: sp.englishName,
          speciesId: sp.id,
          total: o.total ?? 3,
          adult: o.total ?? 3,
          approval: 'approved',
        },
      ],
    );
  }
}

const codes = (e: Entry) => e.flags.map((f) => f.code).sort();
const reason = (e: Entry, code: string) => e.flags.find((f) => f.code === code)?.reason ?? '';

describe('flags on a submitted entry', () => {
  it('UNKNOWN_SPECIES: a new-species report or a name outside the catalogue, and nothing else is judged', async () => {
    const birder = await buildUser(t);
    const e = await submit(birder, 'New bird - striped finch');
    expect(codes(e)).toEqual(['UNKNOWN_SPECIES']);
    expect(reason(e, 'UNKNOWN_SPECIES')).toBe("'New bird - striped finch' is not in the species catalogue");
  });

  it('FIRST_IN_PLACE: no approved record in the dzongkhag, until there is one', async () => {
    const sp = await buildSpecies(t);
    const birder = await buildUser(t);
    const first = await submit(birder, sp.englishName);
    expect(codes(first)).toEqual(['FIRST_IN_PLACE']);
    expect(reason(first, 'FIRST_IN_PLACE')).toBe(
      `No approved record of ${sp.englishName} in Paro dzongkhag before`,
    );
    // A pending record is not history; an approved one elsewhere is not here.
    await history(sp, 1, { date: '2024-02-01', dzongkhag: 'Bumthang' });
    expect(codes(await submit(await buildUser(t), sp.englishName))).toContain('FIRST_IN_PLACE');
    await history(sp, 1, { date: '2024-02-01' });
    expect(codes(await submit(await buildUser(t), sp.englishName))).toEqual([]);
  });

  it('OUT_OF_SEASON: enough records in the dzongkhag, none within a month either side in any year', async () => {
    const sp = await buildSpecies(t);
    await history(sp, 20, { date: '2023-06-10' });
    const birder = await buildUser(t);
    const december = await submit(birder, sp.englishName, { date: '2024-12-05' });
    expect(codes(december)).toEqual(['OUT_OF_SEASON']);
    expect(reason(december, 'OUT_OF_SEASON')).toBe(
      `${sp.englishName} has 20 approved records in Paro, none between November and January in any year`,
    );
    // May is within a month of June.
    expect(codes(await submit(birder, sp.englishName, { date: '2024-05-20' }))).toEqual([]);
  });

  it('OUT_OF_SEASON: with too little local history, the catalogue residency decides', async () => {
    const sp = await buildSpecies(t, { residency: 'Summer visitor' });
    await history(sp, 2, { date: '2023-06-10' });
    const birder = await buildUser(t);
    const january = await submit(birder, sp.englishName, { date: '2025-01-20' });
    expect(codes(january)).toEqual(['OUT_OF_SEASON']);
    expect(reason(january, 'OUT_OF_SEASON')).toBe(
      `${sp.englishName} is a Summer visitor in the species catalogue, recorded in January`,
    );
    expect(codes(await submit(birder, sp.englishName, { date: '2025-05-20' }))).toEqual([]);
  });

  it('HIGH_COUNT: above a limit derived from approved history, naming it and its source', async () => {
    const sp = await buildSpecies(t);
    await history(sp, 5, { date: '2023-02-10', total: 4 });
    const birder = await buildUser(t);
    expect(codes(await submit(birder, sp.englishName, { count: 20 }))).toEqual([]);
    const high = await submit(birder, sp.englishName, { count: 21, date: '2025-02-11' });
    expect(codes(high)).toEqual(['HIGH_COUNT']);
    expect(reason(high, 'HIGH_COUNT')).toBe(
      `Count 21 is above the derived limit of 20 (5 × the mean count 4 of 5 approved records of ${sp.englishName} in Paro within a month of February, at least 10)`,
    );
  });

  it('HIGH_COUNT: an admin-set limit wins over the derived one, and seeding keeps it', async () => {
    const sp = await buildSpecies(t);
    await history(sp, 5, { date: '2023-02-10', total: 4 });
    const put = await t
      .http()
      .put('/api/v1/review/limits')
      .set(bearer(admin))
      .send({ speciesId: sp.id, dzongkhag: 'paro', month: 2, maxCount: 8 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(ReviewLimitResponseSchema.parse(put.body).data).toMatchObject({
      dzongkhag: 'Paro',
      source: 'admin',
    });
    const birder = await buildUser(t);
    const e = await submit(birder, sp.englishName, { count: 9 });
    expect(reason(e, 'HIGH_COUNT')).toBe(
      `Count 9 is above the limit of 8 for ${sp.englishName} in Paro in February (set by an admin)`,
    );
    const seeded = await t
      .http()
      .post('/api/v1/review/limits/seed')
      .set(bearer(admin))
      .send({ speciesId: sp.id });
    expect(seeded.status).toBe(200);
    // January, February and March windows hold the 5 February records; February is admin-set.
    expect(seeded.body.created).toBe(2);
    const list = await t
      .http()
      .get(`/api/v1/review/limits?species=${encodeURIComponent(sp.englishName)}`)
      .set(bearer(admin));
    expect(
      list.body.items.map((l: { month: number; maxCount: number; source: string }) => [
        l.month,
        l.maxCount,
        l.source,
      ]),
    ).toEqual([
      [1, 20, 'history'],
      [2, 8, 'admin'],
      [3, 20, 'history'],
    ]);
    const march = await submit(birder, sp.englishName, { count: 21, date: '2025-03-02' });
    expect(reason(march, 'HIGH_COUNT')).toContain(
      '(seeded from approved history: 5 × the mean count 4 of 5 approved records within a month)',
    );
    const bad = await t
      .http()
      .put('/api/v1/review/limits')
      .set(bearer(admin))
      .send({ speciesId: sp.id, dzongkhag: 'Atlantis', month: 13, maxCount: 0 });
    expect(bad.status).toBe(400);
  });

  it('DUPLICATE: the same birder, bird, place and date already on another checklist', async () => {
    const sp = await buildSpecies(t);
    await history(sp, 1, { date: '2024-01-01' });
    const birder = await buildUser(t);
    const firstEntry = await submit(birder, sp.englishName, { name: 'Morning' });
    expect(codes(firstEntry)).toEqual([]);
    const again = await submit(birder, sp.englishName, { name: 'Evening' });
    expect(codes(again)).toEqual(['DUPLICATE']);
    expect(reason(again, 'DUPLICATE')).toBe(
      `${sp.englishName} on 2025-02-10 at the same place is already on this birder's checklist 'Morning'`,
    );
    // Another birder at the same place and day is no duplicate.
    expect(codes(await submit(await buildUser(t), sp.englishName))).toEqual([]);
  });

  it('OUTSIDE_DZONGKHAG: coordinates in another dzongkhag, or outside Bhutan', async () => {
    const sp = await buildSpecies(t);
    await history(sp, 1, { date: '2024-01-01' });
    const birder = await buildUser(t);
    const bumthang = await submit(birder, sp.englishName, {
      at: { ...PARO, latitude: 27.65, longitude: 90.75 },
    });
    expect(codes(bumthang)).toEqual(['OUTSIDE_DZONGKHAG']);
    expect(reason(bumthang, 'OUTSIDE_DZONGKHAG')).toBe(
      'The coordinates 27.6500, 90.7500 are in Bumthang, not in Paro',
    );
    const delhi = await submit(birder, sp.englishName, { at: { ...PARO, latitude: 28.61, longitude: 77.2 } });
    expect(reason(delhi, 'OUTSIDE_DZONGKHAG')).toBe(
      'The coordinates 28.6100, 77.2000 are outside Bhutan, not in Paro',
    );
  });

  it('BAD_DATE: implausibly old, or in the future', async () => {
    const sp = await buildSpecies(t);
    const birder = await buildUser(t);
    const old = await submit(birder, sp.englishName, { date: '1931-05-01' });
    expect(reason(old, 'BAD_DATE')).toBe('The date 1931-05-01 is implausibly old (before 1950-01-01)');
    // The forms refuse future dates; an older import or a clock error can still hold one.
    const future = await seedChecklist(t, { selectedDate: '2999-01-01', dzongkhag: 'Paro' }, [
      { birdName: sp.englishName, speciesId: sp.id, total: 1 },
    ]);
    const flags = await flagChecklists(t.ctx.database.db, [future.checklist.id]);
    expect(flags.get(future.entries[0]?.id ?? '')).toContainEqual({
      code: 'BAD_DATE',
      reason: 'The date 2999-01-01 is in the future',
    });
  });
});

describe('flags follow the record', () => {
  it('are decided again on a rename and on a checklist edit, and show in the console and on the phone', async () => {
    const sp = await buildSpecies(t);
    await history(sp, 1, { date: '2024-01-01' });
    const birder = await buildUser(t);
    const e = await submit(birder, sp.englishName);
    expect(codes(e)).toEqual([]);
    const renamed = await t
      .http()
      .patch(`/api/v1/checklists/${e._id}`)
      .set(bearer(admin))
      .send({ BirdName: 'Unknown Birds' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(codes(renamed.body.data)).toEqual(['UNKNOWN_SPECIES']);
    const detail = await t.http().get(`/api/v1/checklists/${e.checklistId}`).set(bearer(admin));
    expect(detail.body.entries[0].flags).toEqual([
      { code: 'UNKNOWN_SPECIES', reason: "'Unknown Birds' is not in the species catalogue" },
    ]);
    const mine = await t.http().get('/api/v1/checkList').set(bearer(birder));
    const parsed = MobileEntriesResponseSchema.parse(mine.body);
    expect(parsed.data.find((x) => x._id === e._id)?.flags.map((f) => f.code)).toEqual(['UNKNOWN_SPECIES']);

    // The console edits a checklist's place: every entry on it is judged again.
    const form = {
      checklistName: 'Edited walk',
      selectedDate: '2025-02-10',
      selectedTime: '08:00',
      birder: 'Console Birder',
      dzongkhag: 'Paro',
      gewog: 'Tsento',
      village: 'Drukgyel',
      currentLocation: { latitude: 27.43, longitude: 89.41 },
      birds: [{ birdName: sp.englishName, adult: 1, juvenile: 0 }],
    };
    const added = await t.http().post('/api/v1/checklists').set(bearer(admin)).send(form);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data[0].entries[0].flags).toEqual([]);
    const moved = await t
      .http()
      .post('/api/v1/checklists')
      .set(bearer(admin))
      .send({ ...form, currentLocation: { latitude: 27.65, longitude: 90.75 } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const stored = await t.ctx.database.db
      .select({ codes: entries.flagCodes })
      .from(entries)
      .where(eq(entries.id, added.body.data[0].entries[0]._id));
    expect(stored[0]?.codes).toEqual(['OUTSIDE_DZONGKHAG']);
  });

  it('drafts carry none until submitted from the app', async () => {
    const birder = await buildUser(t);
    const res = await t
      .http()
      .post('/api/v1/checkList')
      .set(bearer(birder))
      .send({
        CheckListName: 'Draft walk',
        BirdName: 'Unknown Birds',
        StartbirdingData: [
          {
            selectedDate: '2025-02-10',
            selectedTime: '06:00',
            Totalcount: 1,
            JAcount: { Adult: 1, Juvenile: 0 },
            currentLocation: { latitude: 27.43, longitude: 89.41 },
            EndpointLocation: [{ dzongkhag: 'Paro', gewog: 'Tsento', village: 'Drukgyel' }],
          },
        ],
      });
    expect(res.body.data.flags).toEqual([]);
    const sent = await t
      .http()
      .patch(`/api/v1/checkList/${res.body.data.checklistId}`)
      .set(bearer(birder))
      .send({ status: 'submittedchecklist' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data[0].flags.map((f: { code: string }) => f.code)).toEqual(['UNKNOWN_SPECIES']);
  });
});

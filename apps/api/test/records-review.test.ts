import {
  ChecklistDetailSchema,
  ChecklistsListResponseSchema,
  EntriesListResponseSchema,
  type Entry,
  RecordsQuerySchema,
} from '@jarog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChecklistRow } from '../src/db/schema';
import { exportGroups } from '../src/modules/records/records.service';
import { type BuiltUser, bearer, buildAdmin, buildUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { parseCsv, seedChecklist } from './records-fixtures';

/**
 * The read side on one fixed data set (this file changes nothing, so every count below is
 * worked out by hand from the seed):
 *
 * | checklist          | observer     | date, time          | place                                 | entries (approval)                                                     |
 * | C1 Phobjikha       | Sonam (acct) | 2026-01-15 07:30    | Wangdue Phodrang / Phobji / Gangtey   | Black-necked Crane (A), Grey Heron (P), Unknown Birds (P)              |
 * | C2 Punatsangchhu   | Karma (acct) | 2026-01-15 16:00    | Punakha / Toebesa / Wangjokha         | White-bellied Heron (A), Common Merganser (R), New bird - warbler (P)  |
 * | C3 Paro valley     | Sonam (acct) | 2026-01-15 16:00    | Paro / Lamgong / Jitsa                | Grey Heron (A), Ruddy Shelduck (A)                                     |
 * | C4 Chukha road     | Pema (name)  | 2025-12-01 09:00    | Chhukha / Bjachho / Tsimasham         | =HYPERLINK… (A, remarks @SUM), Rufous-necked Hornbill (A, remarks +…) |
 * | C5 draft           | Sonam        | 2026-02-01          | Thimphu                               | Grey Heron (A) — a draft: never listed                                 |
 * | C6 Only unknowns   | Karma        | 2025-11-20 08:00    | Bumthang / Chhoekhor / Jakar          | Unknown Birds (P), New bird - red finch (A)                            |
 * | C7 Haa pass        | Tashi (name) | 2025-10-01 06:00    | Haa / Bji / (no village)              | Grey Heron (R)                                                         |
 * | C8 Empty           | Sonam        | 2026-01-20          | Thimphu                               | none: never listed                                                     |
 */
let t: TestApp;
let admin: BuiltUser;
const C: Record<string, ChecklistRow> = {};
/** C2 and C3 share date and time: the checklist id breaks the tie. */
let tiedOrder: ['C2' | 'C3', 'C2' | 'C3'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  const sonam = await buildUser(t, { name: 'Sonam Wangmo' });
  const karma = await buildUser(t, { name: 'Karma Dorji' });
  const bySonam = { observerId: sonam.id, observerName: sonam.name, source: 'mobile' as const };
  const byKarma = { observerId: karma.id, observerName: karma.name, source: 'mobile' as const };
  C.C1 = (
    await seedChecklist(
      t,
      {
        ...bySonam,
        name: 'Phobjikha morning',
        selectedDate: '2026-01-15',
        selectedTime: '07:30:00',
        latitude: 27.46,
        longitude: 90.18,
        dzongkhag: 'Wangdue Phodrang',
        gewog: 'Phobji',
        village: 'Gangtey',
      },
      [
        {
          birdName: 'Black-necked Crane',
          approval: 'approved',
          adult: 40,
          juvenile: 6,
          total: 46,
          remarks: 'Feeding in the marsh',
        },
        { birdName: 'Grey Heron', adult: 1, total: 1 },
        { birdName: 'Unknown Birds', total: 2 },
      ],
    )
  ).checklist;
  C.C2 = (
    await seedChecklist(
      t,
      {
        ...byKarma,
        name: 'Punatsangchhu walk',
        selectedTime: '16:00:00',
        dzongkhag: 'Punakha',
        gewog: 'Toebesa',
        village: 'Wangjokha',
      },
      [
        {
          birdName: 'White-bellied Heron',
          approval: 'approved',
          adult: 1,
          total: 1,
          photoUrl: 'http://api.test/media/heron.jpg',
        },
        { birdName: 'Common Merganser', approval: 'rejected', adult: 3, juvenile: 2, total: 5 },
        { birdName: 'New bird - small brown warbler', total: 1 },
      ],
    )
  ).checklist;
  C.C3 = (
    await seedChecklist(
      t,
      {
        ...bySonam,
        name: 'Paro valley',
        selectedTime: '16:00:00',
        dzongkhag: 'Paro',
        gewog: 'Lamgong',
        village: 'Jitsa',
      },
      [
        { birdName: 'Grey Heron', approval: 'approved', adult: 2, total: 2 },
        { birdName: 'Ruddy Shelduck', approval: 'approved', adult: 8, total: 8 },
      ],
    )
  ).checklist;
  C.C4 = (
    await seedChecklist(
      t,
      {
        name: 'Chukha road',
        observerName: 'Pema Lhamo',
        selectedDate: '2025-12-01',
        selectedTime: '09:00:00',
        dzongkhag: 'Chhukha',
        gewog: 'Bjachho',
        village: 'Tsimasham',
      },
      [
        { birdName: '=HYPERLINK("http://x")', approval: 'approved', total: 1, remarks: '@SUM(1)' },
        { birdName: 'Rufous-necked Hornbill', approval: 'approved', total: 2, remarks: '+call me' },
      ],
    )
  ).checklist;
  C.C5 = (
    await seedChecklist(
      t,
      { ...bySonam, name: 'Draft walk', status: 'draft', selectedDate: '2026-02-01', dzongkhag: 'Thimphu' },
      [{ birdName: 'Grey Heron', approval: 'approved', total: 1 }],
    )
  ).checklist;
  C.C6 = (
    await seedChecklist(
      t,
      {
        ...byKarma,
        name: 'Only unknowns',
        selectedDate: '2025-11-20',
        selectedTime: '08:00:00',
        dzongkhag: 'Bumthang',
        gewog: 'Chhoekhor',
        village: 'Jakar',
      },
      [
        { birdName: 'Unknown Birds', total: 3 },
        { birdName: 'New bird - red finch', approval: 'approved', total: 1 },
      ],
    )
  ).checklist;
  C.C7 = (
    await seedChecklist(
      t,
      {
        name: 'Haa pass',
        observerName: 'Tashi Dema',
        selectedDate: '2025-10-01',
        selectedTime: '06:00:00',
        dzongkhag: 'Haa',
        gewog: 'Bji',
      },
      [{ birdName: 'Grey Heron', approval: 'rejected', total: 1 }],
    )
  ).checklist;
  C.C8 = (await seedChecklist(t, { ...bySonam, name: 'Empty', selectedDate: '2026-01-20' })).checklist;
  tiedOrder = (C.C2?.id ?? '') < (C.C3?.id ?? '') ? ['C2', 'C3'] : ['C3', 'C2'];
});
afterAll(() => t.close());

const get = (path: string) => t.http().get(path).set(bearer(admin));
const id = (key: string) => C[key]?.id;
const birds = (list: Entry[]) => list.map((e) => e.BirdName);
const checklistIds = (body: { checklists: { checklistId: string }[] }) =>
  body.checklists.map((g) => g.checklistId);

/** The approved entries of the list, newest checklist first, by name inside a checklist. */
const ENTRIES_BY_CHECKLIST: Record<string, string[]> = {
  C2: ['White-bellied Heron'],
  C3: ['Grey Heron', 'Ruddy Shelduck'],
  C1: ['Black-necked Crane'],
  C4: ['=HYPERLINK("http://x")', 'Rufous-necked Hornbill'],
};
const allEntries = () => [...tiedOrder, 'C1', 'C4'].flatMap((k) => ENTRIES_BY_CHECKLIST[k] ?? []) as string[];

describe('GET /api/v1/entries', () => {
  it('lists approved entries of submitted checklists, never new species, newest first', async () => {
    const res = await get('/api/v1/entries?limit=100');
    expect(res.status).toBe(200);
    const body = EntriesListResponseSchema.parse(res.body);
    expect(birds(body.checklists)).toEqual(allEntries());
    expect(body).toMatchObject({
      entriesTotal: 6,
      foundTotal: 6,
      limit: 100,
      page: 1,
      distinctDzongkhags: ['Chhukha', 'Paro', 'Punakha', 'Wangdue Phodrang'],
      distinctGewogs: ['Bjachho', 'Lamgong', 'Phobji', 'Toebesa'],
      distinctVillages: ['Gangtey', 'Jitsa', 'Tsimasham', 'Wangjokha'],
      distinctObservers: ['Karma Dorji', 'Pema Lhamo', 'Sonam Wangmo'],
    });
    expect(body.checklists.every((e) => e.Approvedstatus === 'approved')).toBe(true);
    const crane = body.checklists.find((e) => e.BirdName === 'Black-necked Crane');
    expect(crane).toMatchObject({
      checklistId: id('C1'),
      CheckListName: 'Phobjikha morning',
      Totalcount: 46,
    });
    expect(crane?.StartbirdingData[0]).toMatchObject({
      selectedDate: '2026-01-15',
      selectedTime: '07:30:00',
      observer: 'Sonam Wangmo',
      status: 'submittedchecklist',
      JAcount: { Adult: 40, Juvenile: 6 },
      currentLocation: { latitude: 27.46, longitude: 90.18 },
      EndpointLocation: [{ dzongkhag: 'Wangdue Phodrang', gewog: 'Phobji', village: 'Gangtey' }],
    });
  });

  it('defaults to 5 per page (the dashboard’s Latest Sightings) and pages in order', async () => {
    const first = await get('/api/v1/entries');
    expect(first.body.limit).toBe(5);
    expect(birds(first.body.checklists)).toEqual(allEntries().slice(0, 5));
    const page2 = await get('/api/v1/entries?limit=2&page=2');
    expect(birds(page2.body.checklists)).toEqual(allEntries().slice(2, 4));
    expect(page2.body).toMatchObject({ foundTotal: 6, entriesTotal: 6, page: 2, limit: 2 });
    const beyond = await get('/api/v1/entries?limit=5&page=9');
    expect(beyond.body.checklists).toEqual([]);
    expect(beyond.body.foundTotal).toBe(6);
  });

  it('filters by birder, places, date and search; entriesTotal stays the whole list', async () => {
    const cases: [string, string[]][] = [
      ['birder=SONAM', ['Grey Heron', 'Ruddy Shelduck', 'Black-necked Crane']],
      ['birder=pema', ['=HYPERLINK("http://x")', 'Rufous-necked Hornbill']],
      ['dzongkhag=Chukha', ['=HYPERLINK("http://x")', 'Rufous-necked Hornbill']],
      ['dzongkhag=wangdue', ['Black-necked Crane']],
      ['dzongkhag=pun', ['White-bellied Heron']],
      ['gewog=TOEB', ['White-bellied Heron']],
      ['village=jits', ['Grey Heron', 'Ruddy Shelduck']],
      ['date=2025-12-01', ['=HYPERLINK("http://x")', 'Rufous-necked Hornbill']],
      [
        'search=heron',
        tiedOrder[0] === 'C2' ? ['White-bellied Heron', 'Grey Heron'] : ['Grey Heron', 'White-bellied Heron'],
      ],
      ['search=karma', ['White-bellied Heron']],
      // Issue 12: a typo still finds the bird, as the species search does.
      ['search=shelduk', ['Ruddy Shelduck']],
      ['birder=sonam&search=grey', ['Grey Heron']],
      ['search=100%25', []],
      ['dzongkhag=Thimphu', []],
    ];
    for (const [query, expected] of cases) {
      const res = await get(`/api/v1/entries?limit=100&${query}`);
      expect(res.status, query).toBe(200);
      expect(birds(res.body.checklists), query).toEqual(expected);
      expect(res.body.foundTotal, query).toBe(expected.length);
      expect(res.body.entriesTotal, query).toBe(6);
    }
  });

  it('refuses a malformed date or page (400)', async () => {
    const bad = await get('/api/v1/entries?date=15-01-2026');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/date must be YYYY-MM-DD/);
    expect((await get('/api/v1/entries?page=0')).status).toBe(400);
  });
});

describe('GET /api/v1/checklists', () => {
  it('lists submitted checklists with their named entries in any approval state, newest first', async () => {
    const res = await get('/api/v1/checklists?limit=100');
    expect(res.status).toBe(200);
    const body = ChecklistsListResponseSchema.parse(res.body);
    expect(checklistIds(body)).toEqual([...tiedOrder, 'C1', 'C4', 'C7'].map(id));
    expect(body).toMatchObject({
      limit: 100,
      page: 1,
      foundTotal: 5,
      totalChecklists: 5,
      entriesTotal: 9,
      distinctDzongkhags: ['Chhukha', 'Haa', 'Paro', 'Punakha', 'Wangdue Phodrang'],
      distinctGewogs: ['Bjachho', 'Bji', 'Lamgong', 'Phobji', 'Toebesa'],
      distinctVillages: ['Gangtey', 'Jitsa', 'Tsimasham', 'Wangjokha'],
      distinctObservers: ['Karma Dorji', 'Pema Lhamo', 'Sonam Wangmo', 'Tashi Dema'],
    });
    const c1 = body.checklists.find((g) => g.checklistId === id('C1'));
    expect(c1?._id).toEqual({
      checklistName: 'Phobjikha morning',
      observer: 'Sonam Wangmo',
      selectedDate: '2026-01-15',
      selectedTime: '07:30:00',
      dzongkhag: 'Wangdue Phodrang',
      gewog: 'Phobji',
      village: 'Gangtey',
    });
    expect(birds(c1?.entries ?? [])).toEqual(['Black-necked Crane', 'Grey Heron']);
    expect(c1?.entries.map((e) => e.Approvedstatus)).toEqual(['approved', 'pending']);
    const c2 = body.checklists.find((g) => g.checklistId === id('C2'));
    expect(birds(c2?.entries ?? [])).toEqual(['Common Merganser', 'White-bellied Heron']);
  });

  it('sorts before paging', async () => {
    const order = [...tiedOrder, 'C1', 'C4', 'C7'].map(id);
    const seen: (string | undefined)[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await get(`/api/v1/checklists?limit=2&page=${page}`);
      expect(res.body.foundTotal).toBe(5);
      seen.push(...checklistIds(res.body));
    }
    expect(seen).toEqual(order);
  });

  it('filters by birder, birding site, places and date, with the totals of the filtered set', async () => {
    const sonam = await get('/api/v1/checklists?birder=sonam&limit=100');
    expect(checklistIds(sonam.body)).toEqual(['C3', 'C1'].map(id));
    expect(sonam.body).toMatchObject({
      foundTotal: 2,
      totalChecklists: 5,
      entriesTotal: 4,
      distinctDzongkhags: ['Chhukha', 'Haa', 'Paro', 'Punakha', 'Wangdue Phodrang'],
      distinctGewogs: ['Bjachho', 'Bji', 'Lamgong', 'Phobji', 'Toebesa'],
      distinctVillages: ['Gangtey', 'Jitsa', 'Tsimasham', 'Wangjokha'],
      distinctObservers: ['Karma Dorji', 'Pema Lhamo', 'Sonam Wangmo', 'Tashi Dema'],
    });
    // The distinct lists are what the filters offer: the whole list's values, whatever the filter.
    const cases: [string, string[]][] = [
      ['birding_site=GANG', ['C1']],
      ['birding_site=toebesa', ['C2']],
      ['birding_site=Chukha', ['C4']],
      ['birding_site=jakar', []],
      ['dzongkhag=Haa', ['C7']],
      ['gewog=bji', ['C1', 'C7']],
      ['gewog=bjach', ['C4']],
      ['village=wangjo', ['C2']],
      ['date=2026-01-15', [...tiedOrder, 'C1']],
      ['date=2026-02-01', []],
    ];
    for (const [query, expected] of cases) {
      const res = await get(`/api/v1/checklists?limit=100&${query}`);
      expect(res.status, query).toBe(200);
      expect(checklistIds(res.body), query).toEqual(expected.map(id));
      expect(res.body.foundTotal, query).toBe(expected.length);
      expect(res.body.totalChecklists, query).toBe(5);
    }
    const haa = await get('/api/v1/checklists?dzongkhag=Haa');
    expect(haa.body).toMatchObject({ foundTotal: 1, entriesTotal: 1 });
    expect(haa.body.distinctGewogs).toEqual(['Bjachho', 'Bji', 'Lamgong', 'Phobji', 'Toebesa']);
  });

  it('narrows each checklist to the entries a search names', async () => {
    const res = await get('/api/v1/checklists?search=heron&limit=100');
    expect(checklistIds(res.body)).toEqual([...tiedOrder, 'C1', 'C7'].map(id));
    expect(res.body.checklists.map((g: { entries: Entry[] }) => birds(g.entries))).toEqual(
      [...tiedOrder, 'C1', 'C7'].map((k) => (k === 'C2' ? ['White-bellied Heron'] : ['Grey Heron'])),
    );
    expect(res.body).toMatchObject({ foundTotal: 4, entriesTotal: 4 });
  });
});

describe('GET /api/v1/newspecies', () => {
  it('lists checklists holding new-species reports, with only those entries', async () => {
    const res = await get('/api/v1/newspecies?limit=100');
    expect(res.status).toBe(200);
    const body = ChecklistsListResponseSchema.parse(res.body);
    expect(checklistIds(body)).toEqual(['C2', 'C1', 'C6'].map(id));
    expect(body.checklists.map((g) => birds(g.entries))).toEqual([
      ['New bird - small brown warbler'],
      ['Unknown Birds'],
      ['New bird - red finch', 'Unknown Birds'],
    ]);
    expect(body).toMatchObject({
      foundTotal: 3,
      totalChecklists: 3,
      entriesTotal: 4,
      distinctDzongkhags: ['Bumthang', 'Punakha', 'Wangdue Phodrang'],
      distinctGewogs: ['Chhoekhor', 'Phobji', 'Toebesa'],
      distinctVillages: ['Gangtey', 'Jakar', 'Wangjokha'],
      distinctObservers: ['Karma Dorji', 'Sonam Wangmo'],
    });
  });

  it('takes the same filters', async () => {
    const res = await get('/api/v1/newspecies?date=2025-11-20&birder=karma');
    expect(checklistIds(res.body)).toEqual([id('C6')]);
    expect(res.body).toMatchObject({ foundTotal: 1, totalChecklists: 3, entriesTotal: 2 });
    const search = await get('/api/v1/newspecies?search=finch');
    expect(search.body.checklists.map((g: { entries: Entry[] }) => birds(g.entries))).toEqual([
      ['New bird - red finch'],
    ]);
  });
});

describe('GET /api/v1/checklists/{id}', () => {
  it('returns a checklist by id with every entry, its state and a species summary', async () => {
    const res = await get(`/api/v1/checklists/${id('C1')}`);
    expect(res.status).toBe(200);
    const body = ChecklistDetailSchema.parse(res.body);
    expect(body.checklistId).toBe(id('C1'));
    expect(body.status).toBe('submittedchecklist');
    expect(body.currentLocation).toEqual({ latitude: 27.46, longitude: 90.18 });
    expect(birds(body.entries)).toEqual(['Black-necked Crane', 'Grey Heron', 'Unknown Birds']);
    expect(body.entries.map((e) => e.reviewer)).toEqual([null, null, null]);
    expect(body.speciesSummary).toEqual([
      { birdName: 'Black-necked Crane', speciesId: null, entries: 1, total: 46 },
      { birdName: 'Grey Heron', speciesId: null, entries: 1, total: 1 },
      { birdName: 'Unknown Birds', speciesId: null, entries: 1, total: 2 },
    ]);
  });

  it('finds a checklist by its name in any case, and shows drafts with their state', async () => {
    const byName = await get(`/api/v1/checklists/${encodeURIComponent('phobjikha MORNING')}`);
    expect(byName.status).toBe(200);
    expect(byName.body.checklistId).toBe(id('C1'));
    const draft = await get(`/api/v1/checklists/${id('C5')}`);
    expect(draft.body.status).toBe('draftchecklist');
    expect(draft.body.currentLocation).toEqual({ latitude: null, longitude: null });
  });

  it('404 with a clear message for an unknown id or name', async () => {
    const unknownId = await get('/api/v1/checklists/7d0b6c4e-7d1a-4a8e-9f6b-2f1f0d9c1a11');
    expect(unknownId.status).toBe(404);
    expect(unknownId.body.message).toBe('Checklist not found');
    const unknownName = await get('/api/v1/checklists/No%20such%20walk');
    expect(unknownName.status).toBe(404);
    expect(unknownName.body.message).toBe("No checklist named 'No such walk'");
  });
});

describe('exports', () => {
  const csv = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    return { res, rows: parseCsv(res.text) };
  };
  /** A JSON entry as the CSV row it must become (safe cells as the spreadsheet sees them). */
  const asRow = (e: Entry) => {
    const d = e.StartbirdingData[0];
    const p = d?.EndpointLocation[0];
    const safe = (v: unknown) => {
      const s = v === null || v === undefined ? '' : String(v);
      return /^[=+\-@]/.test(s) ? `'${s}` : s;
    };
    return [
      e.CheckListName,
      d?.selectedDate,
      d?.selectedTime,
      d?.observer,
      p?.dzongkhag,
      p?.gewog,
      p?.village,
      d?.currentLocation.latitude,
      d?.currentLocation.longitude,
      e.BirdName,
      d?.JAcount.Adult,
      d?.JAcount.Juvenile,
      e.Totalcount,
      e.Remarks,
      e.Approvedstatus,
      d?.photo,
      e.reviewedAt,
      e.checklistId,
      e._id,
    ].map(safe);
  };

  it('entries.csv holds exactly the filtered list, formula cells neutralised', async () => {
    const { res, rows } = await csv('/api/v1/entries?format=csv&export_limit=all');
    expect(res.headers['content-disposition']).toBe('attachment; filename="entries.csv"');
    const [header, ...data] = rows;
    expect(header?.slice(0, 4)).toEqual(['ChecklistName', 'SelectedDate', 'SelectedTime', 'Birder']);
    const json = await get('/api/v1/entries?limit=100');
    expect(data).toEqual(json.body.checklists.map(asRow));
    const hyperlink = data.find((r) => r[0] === 'Chukha road' && r[9]?.includes('HYPERLINK'));
    expect(hyperlink?.[9]).toBe(`'=HYPERLINK("http://x")`);
    expect(hyperlink?.[13]).toBe("'@SUM(1)");
    expect(data.find((r) => r[9] === 'Rufous-necked Hornbill')?.[13]).toBe("'+call me");
    expect(res.text).not.toMatch(/(^|,)[=+@]/m);

    const filtered = await csv('/api/v1/entries?format=csv&export_limit=all&birder=sonam');
    const filteredJson = await get('/api/v1/entries?limit=100&birder=sonam');
    expect(filtered.rows.slice(1)).toEqual(filteredJson.body.checklists.map(asRow));
    expect(filtered.rows).toHaveLength(4);
  });

  it('format=csv without export_limit exports the page shown', async () => {
    const { rows } = await csv('/api/v1/entries?format=csv&limit=2&page=2');
    const json = await get('/api/v1/entries?limit=2&page=2');
    expect(rows.slice(1)).toEqual(json.body.checklists.map(asRow));
    const groups = await csv('/api/v1/checklists?format=csv&limit=1&page=1');
    const groupsJson = await get('/api/v1/checklists?limit=1&page=1');
    expect(groups.rows.slice(1)).toEqual(
      groupsJson.body.checklists.flatMap((g: { entries: Entry[] }) => g.entries.map(asRow)),
    );
  });

  it('checklists.csv and new_species.csv hold one row per listed entry', async () => {
    for (const [path, file] of [
      ['/api/v1/checklists?format=csv&export_limit=all&dzongkhag=paro', 'checklists.csv'],
      ['/api/v1/checklists?format=csv&export_limit=all', 'checklists.csv'],
      ['/api/v1/newspecies?format=csv&export_limit=all', 'new_species.csv'],
    ] as const) {
      const { res, rows } = await csv(path);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
      const json = await get(path.replace('format=csv&export_limit=all', 'limit=100'));
      expect(rows.slice(1), path).toEqual(
        json.body.checklists.flatMap((g: { entries: Entry[] }) => g.entries.map(asRow)),
      );
    }
  });

  it('export_limit=all alone streams the whole filtered list as JSON', async () => {
    const all = await get('/api/v1/checklists?export_limit=all');
    expect(all.status).toBe(200);
    expect(all.body.foundTotal).toBe(5);
    expect(checklistIds(all.body)).toEqual([...tiedOrder, 'C1', 'C4', 'C7'].map(id));
    const entries = await get('/api/v1/entries?export_limit=all&dzongkhag=chhukha');
    expect(birds(entries.body.checklists)).toEqual(ENTRIES_BY_CHECKLIST.C4);
  });

  it('walks the list in batches without losing or repeating a checklist (ties included)', async () => {
    const q = RecordsQuerySchema.parse({});
    const expected = [...tiedOrder, 'C1', 'C4', 'C7'].map((k) => id(k) ?? '');
    // Size 1 puts a batch boundary between the two checklists that share date and time.
    for (const size of [1, 2, 3]) {
      const walked: string[] = [];
      for await (const batch of exportGroups(t.ctx, 'checklists', q, size)) {
        walked.push(...batch.map((g) => g.checklistId));
      }
      expect(walked, `batch size ${size}`).toEqual(expected);
    }
  });
});

describe('access', () => {
  it('401 without a token and 403 for a birder account on every read route', async () => {
    const birder = await buildUser(t);
    for (const path of [
      '/api/v1/entries',
      '/api/v1/checklists',
      '/api/v1/newspecies',
      `/api/v1/checklists/${id('C1')}`,
      '/api/v1/entries?format=csv&export_limit=all',
    ]) {
      expect((await t.http().get(path)).status, path).toBe(401);
      const res = await t.http().get(path).set(bearer(birder));
      expect(res.status, path).toBe(403);
      expect(res.body.code, path).toBe('NOT_ADMIN');
    }
  });
});

import { ChecklistUploadResponseSchema } from '@jarog/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklists, entries } from '../src/db/schema';
import { type BuiltUser, bearer, buildAdmin, buildSpecies, buildUser } from './factories';
import { xlsxOf } from './files';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const upload = (file: Buffer, name = 'checklists.xlsx', query = '') =>
  t.http().post(`/api/v1/checklists/fileupload${query}`).set(bearer(admin)).attach('file', file, name);

/** Excel date and time cells, as a spreadsheet program writes them. */
const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const clock = (h: number, min: number) => new Date(Date.UTC(1899, 11, 30, h, min));

const HEADER = [
  'ChecklistName',
  'BirdName',
  'SelectedDate',
  'SelectedTime',
  'Birder',
  'Latitude',
  'Longitude',
  'Total',
  'Adult',
  'Juvenile',
  'Photos',
  'Dzongkhag',
  'Gewog',
  'Village',
];

let n = 0;
const unique = (label: string) => `${label} ${++n}-${Date.now()}`;

async function entriesNamed(name: string) {
  const db = t.ctx.database.db;
  const cs = await db.select().from(checklists).where(eq(checklists.name, name));
  const es = cs.length
    ? await db
        .select()
        .from(entries)
        .where(
          inArray(
            entries.checklistId,
            cs.map((c) => c.id),
          ),
        )
    : [];
  return { checklists: cs, entries: es };
}

describe('POST /api/v1/checklists/fileupload', () => {
  it('imports a good file: rows grouped into checklists, Excel date and time cells read, places canonical', async () => {
    const crane = await buildSpecies(t, { englishName: 'Black-necked Crane' });
    const name = unique('Phobjikha count');
    const other = unique('Chhukha walk');
    const file = await xlsxOf([
      HEADER,
      [
        name,
        'black-necked crane',
        day(2025, 1, 15),
        clock(7, 30),
        'Sonam Dorji',
        27.46,
        90.18,
        46,
        40,
        6,
        'https://example.org/crane.jpg',
        'Wangdue',
        'Phobji',
        'Gangtey',
      ],
      [
        name,
        'Common Raven',
        day(2025, 1, 15),
        null,
        'Sonam Dorji',
        null,
        null,
        2,
        null,
        null,
        null,
        null,
        null,
        null,
      ],
      [
        other,
        'Ibisbill',
        '2025-02-01',
        '06:45',
        'Sonam Dorji',
        '',
        '',
        '',
        1,
        1,
        '',
        'Chukha',
        'Bjachho',
        'Tsimasham',
      ],
    ]);
    const res = await upload(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ChecklistUploadResponseSchema.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({
      message: 'Uploaded 3 entries in 2 checklists (3 added, 0 updated, 0 unchanged)',
      checklists: 2,
      inserted: 3,
      updated: 0,
      rejected: [],
      warnings: [],
    });
    expect(
      res.body.data.map((r: { row: number; action: string; BirdName: string }) => [
        r.row,
        r.action,
        r.BirdName,
      ]),
    ).toEqual([
      [2, 'added', 'Black-necked Crane'],
      [3, 'added', 'Common Raven'],
      [4, 'added', 'Ibisbill'],
    ]);

    const first = await entriesNamed(name);
    expect(first.checklists).toHaveLength(1);
    expect(first.checklists[0]).toMatchObject({
      observerName: 'Sonam Dorji',
      selectedDate: '2025-01-15',
      selectedTime: '07:30:00',
      latitude: 27.46,
      longitude: 90.18,
      dzongkhag: 'Wangdue Phodrang',
      gewog: 'Phobji',
      village: 'Gangtey',
      source: 'upload',
      status: 'submitted',
    });
    const crn = first.entries.find((e) => e.birdName === 'Black-necked Crane');
    expect(crn).toMatchObject({
      speciesId: crane.id,
      adult: 40,
      juvenile: 6,
      total: 46,
      approval: 'approved',
    });
    expect(crn?.photoUrl).toBe('https://example.org/crane.jpg');
    const second = await entriesNamed(other);
    expect(second.checklists[0]).toMatchObject({ dzongkhag: 'Chhukha', selectedTime: '06:45:00' });
    expect(second.entries[0]).toMatchObject({ total: 2 });

    const log = await t.http().get('/notifications?limit=5').set(bearer(admin));
    expect(log.body.notifications.map((x: { message: string }) => x.message)).toContain(
      `3 entries in 2 checklists uploaded from checklists.xlsx (3 added, 0 updated) by ${admin.email}`,
    );

    // The same file again: nothing new, nothing duplicated.
    const again = await upload(file);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect((await entriesNamed(name)).entries).toHaveLength(2);
    expect((await entriesNamed(name)).checklists).toHaveLength(1);

    // A corrected count updates the entry in place.
    const fixed = await xlsxOf([
      HEADER,
      [
        name,
        'Black-necked Crane',
        day(2025, 1, 15),
        clock(7, 30),
        'Sonam Dorji',
        27.46,
        90.18,
        48,
        42,
        6,
        'https://example.org/crane.jpg',
        'Wangdue Phodrang',
        'Phobji',
        'Gangtey',
      ],
    ]);
    const update = await upload(fixed, 'fixed.xlsx');
    expect(update.body).toMatchObject({ inserted: 0, updated: 1 });
    const after = await entriesNamed(name);
    expect(after.entries.find((e) => e.birdName === 'Black-necked Crane')?.total).toBe(48);
    expect(after.entries).toHaveLength(2);
  });

  it("answers the rows in the file's order when checklists interleave, on the first upload and the repeat", async () => {
    const a = unique('Interleaved A');
    const b = unique('Interleaved B');
    const row = (name: string, bird: string) => [name, bird, '2025-03-02', '06:10', 'Pema Wangmo'];
    const blank = ['', '', '', '', ''];
    const file = await xlsxOf([
      HEADER.slice(0, 5),
      row(a, 'Common Raven'),
      row(b, 'Common Raven'),
      row(a, 'Ibisbill'),
      blank,
      row(b, 'Ibisbill'),
      row(a, 'Grey Heron'),
    ]);
    const rows = (body: { data: { row: number; action: string; CheckListName: string }[] }) =>
      body.data.map((r) => [r.row, r.action, r.CheckListName]);
    const first = await upload(file);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(rows(first.body)).toEqual([
      [2, 'added', a],
      [3, 'added', b],
      [4, 'added', a],
      [6, 'added', b],
      [7, 'added', a],
    ]);
    // The repeat changes nothing; its stored checklists come first in what the write reports.
    const again = await upload(file);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(rows(again.body)).toEqual([
      [2, 'unchanged', a],
      [3, 'unchanged', b],
      [4, 'unchanged', a],
      [6, 'unchanged', b],
      [7, 'unchanged', a],
    ]);
  });

  it('reads the EndpointLocation column variant, in either order', async () => {
    const name = unique('Endpoint walk');
    const file = await xlsxOf([
      [
        'Checklist Name',
        'Bird Name',
        'Selected Date',
        'Selected Time',
        'Birder',
        'Total',
        'EndpointLocation',
        'Remarks',
      ],
      [name, 'Ibisbill', '15/01/2025', '7:30 AM', 'Karma', 2, 'Paro, Tsento, Drukgyel', 'on the river'],
      [name, 'Wallcreeper', '15/01/2025', '', 'Karma', 1, 'Drukgyel, Tsento, Paro', ''],
    ]);
    const res = await upload(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { checklists: cs, entries: es } = await entriesNamed(name);
    expect(cs).toHaveLength(1);
    expect(cs[0]).toMatchObject({
      dzongkhag: 'Paro',
      gewog: 'Tsento',
      village: 'Drukgyel',
      selectedTime: '07:30:00',
    });
    expect(es.find((e) => e.birdName === 'Ibisbill')?.remarks).toBe('on the river');
  });

  it('imports nothing when a row is bad and lists every rejected row; ?partial=1 keeps the good ones', async () => {
    const name = unique('Mixed file');
    const before = await t.ctx.database.db.$count(entries);
    const file = await xlsxOf([
      [...HEADER, 'Weather'],
      [
        name,
        'Ibisbill',
        day(2025, 3, 1),
        clock(8, 0),
        'Pema',
        27.4,
        89.4,
        1,
        1,
        0,
        '',
        'Paro',
        'Tsento',
        '',
        'sunny',
      ],
      [name, 'X', day(2025, 3, 1), clock(8, 0), 'Pema', 27.4, 89.4, 1, 1, 0, '', 'Paro', 'Tsento', '', ''],
      [name, 'Wallcreeper', 'next week', clock(8, 0), 'Pema', '', '', 1, '', '', '', 'Paro', '', '', ''],
      [
        name,
        'Brown Dipper',
        day(2025, 3, 1),
        clock(8, 0),
        'Pema',
        127.4,
        89.4,
        1,
        '',
        '',
        '',
        'Paro',
        '',
        '',
        '',
      ],
      [
        name,
        'Plumbeous Water Redstart',
        day(2025, 3, 1),
        clock(8, 0),
        'Pema',
        '',
        '',
        1,
        2,
        0,
        '',
        'Paro',
        '',
        '',
        '',
      ],
      [
        name,
        'Rufous-bellied Niltava',
        day(2025, 3, 1),
        clock(8, 0),
        'Pema',
        '',
        '',
        1,
        '',
        '',
        '',
        'Atlantis',
        '',
        '',
        '',
      ],
      [name, 'Ibisbill', day(2025, 3, 1), clock(8, 0), 'Pema', '', '', 4, '', '', '', 'Paro', '', '', ''],
      [
        name,
        'Grey Wagtail',
        day(2025, 3, 1),
        clock(8, 0),
        'Pema',
        '',
        '',
        1,
        '',
        '',
        'images/wagtail.jpg',
        'Haa',
        '',
        '',
        '',
      ],
      [
        name,
        'Blue Whistling Thrush',
        day(2025, 3, 1),
        clock(8, 0),
        'ghost@nowhere.bt',
        '',
        '',
        1,
        '',
        '',
        '',
        'Paro',
        '',
        '',
        '',
      ],
      [],
      [
        name,
        'Long-tailed Minivet',
        day(2025, 3, 1),
        clock(8, 0),
        'Pema',
        '',
        '',
        3,
        '',
        '',
        'images/minivet.jpg',
        '',
        '',
        '',
        '',
      ],
    ]);
    const res = await upload(file);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      '8 rows have problems, so nothing was imported. Fix them, or import only the good rows.',
    );
    expect(res.body.details.rejected).toEqual([
      { row: 3, message: 'BirdName must be at least 2 characters' },
      {
        row: 4,
        message: "SelectedDate must be a date such as 2024-03-05 (or 5/3/2024, day first) (got 'next week')",
      },
      { row: 5, message: 'Latitude must be between -90 and 90' },
      { row: 6, message: 'Total (1) must be at least adults + juveniles (2)' },
      { row: 7, message: "'Atlantis' is not a dzongkhag of Bhutan" },
      {
        row: 8,
        message: `'Ibisbill' is already listed in checklist '${name}' (Row 2); a bird appears once per checklist, with its total count`,
      },
      { row: 9, message: `dzongkhag 'Haa' differs from 'Paro' given for checklist '${name}' in Row 2` },
      { row: 10, message: "Birder 'ghost@nowhere.bt' is an email, but no account has it" },
    ]);
    expect(res.body.details.warnings).toEqual([
      { row: 1, message: "Column 'Weather' is not a checklist field and was not imported" },
      {
        row: 9,
        message: "Photo 'images/wagtail.jpg' is not a web address (http/https) and was not imported",
      },
      {
        row: 12,
        message: "Photo 'images/minivet.jpg' is not a web address (http/https) and was not imported",
      },
    ]);
    expect(await t.ctx.database.db.$count(entries)).toBe(before);

    const partial = await upload(file, 'checklists.xlsx', '?partial=1');
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body.inserted).toBe(2);
    expect(partial.body.rejected).toHaveLength(8);
    expect(partial.body.data.map((r: { row: number }) => r.row)).toEqual([2, 12]);
    const { checklists: cs, entries: es } = await entriesNamed(name);
    expect(cs).toHaveLength(1);
    expect(es.map((e) => e.birdName).sort()).toEqual(['Ibisbill', 'Long-tailed Minivet']);
  });

  it('makes rows with another time a checklist of their own, and links birders named by email', async () => {
    const birder = await buildUser(t, { name: 'Dechen Zangmo' });
    const name = unique('Two sessions');
    const file = await xlsxOf([
      HEADER,
      [
        name,
        'Ibisbill',
        day(2025, 4, 2),
        clock(6, 0),
        birder.email,
        '',
        '',
        1,
        '',
        '',
        '',
        'Paro',
        '',
        '',
        '',
      ],
      [name, 'Wallcreeper', day(2025, 4, 2), '', birder.email, '', '', 1, '', '', '', 'Paro', '', '', ''],
      [
        name,
        'Brown Dipper',
        day(2025, 4, 2),
        clock(16, 30),
        birder.email,
        '',
        '',
        1,
        '',
        '',
        '',
        'Paro',
        '',
        '',
        '',
      ],
    ]);
    const res = await upload(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { checklists: cs } = await entriesNamed(name);
    expect(cs.map((c) => [c.selectedTime, c.observerId, c.observerName]).sort()).toEqual([
      ['06:00:00', birder.id, 'Dechen Zangmo'],
      ['16:30:00', birder.id, 'Dechen Zangmo'],
    ]);
  });

  it('refuses what is not an .xlsx file, a missing file, and a sheet without the needed columns', async () => {
    expect((await upload(Buffer.from('a,b'), 'list.csv')).body.message).toBe(
      'Only .xlsx spreadsheets are accepted',
    );
    const none = await t.http().post('/api/v1/checklists/fileupload').set(bearer(admin));
    expect(none.status).toBe(400);
    const wrong = await upload(
      await xlsxOf([
        ['Name', 'Bird'],
        ['a', 'b'],
      ]),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(
      'The first row must name the columns, including ChecklistName, BirdName, SelectedDate, Birder (missing: ChecklistName, SelectedDate, Birder)',
    );
    const empty = await upload(await xlsxOf([HEADER]));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The spreadsheet holds no entries to import');
  });

  it('is for admins only', async () => {
    const birder = await buildUser(t);
    const res = await t
      .http()
      .post('/api/v1/checklists/fileupload')
      .set(bearer(birder))
      .attach('file', await xlsxOf([HEADER]), 'x.xlsx');
    expect(res.status).toBe(403);
  });
});

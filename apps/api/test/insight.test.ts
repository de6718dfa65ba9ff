import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklists, entries, notifications } from '../src/db/schema';
import { type BuiltUser, bearer, buildAdmin, buildUser } from './factories';
import { createTestApp, type TestApp } from './harness';

/*
 * A small data set whose every number is worked out by hand below. Months: December 2025,
 * January 2026 (whose previous month is December of the year before), no records in February
 * 2026, March 2026.
 *
 *   C1 Ugyen 2025-12-10 Paro/Tsento/Drukgyel      Raven 3 approved, Crane 2 approved, Hornbill 1 pending
 *   C2 Ugyen 2026-01-05 Paro/Tsento/Drukgyel      Raven 5 approved, Unknown Birds 1 approved
 *   C3 Pema  2026-01-20 Thimphu/Kawang/Dodena     Raven 2 approved, Magpie 4 approved, Crane 1 rejected
 *   C4 Pema  2026-01-25 Thimphu/Kawang/Dodena     DRAFT: Raven 10 approved (counts nowhere)
 *   C5 Karma 2026-03-02 Bumthang/Chhoekhor/Jakar  Crane 6 approved
 *   Sonam has no records.
 */

let t: TestApp;
let admin: BuiltUser;
const people: Record<string, BuiltUser> = {};
const ids: Record<string, string> = {};

async function checklist(
  key: string,
  who: BuiltUser,
  date: string,
  place: [string, string, string],
  birds: [string, number, 'pending' | 'approved' | 'rejected'][],
  status: 'draft' | 'submitted' = 'submitted',
) {
  const db = t.ctx.database.db;
  const [c] = await db
    .insert(checklists)
    .values({
      name: key,
      observerId: who.id,
      observerName: who.name,
      selectedDate: date,
      selectedTime: '08:00:00',
      dzongkhag: place[0],
      gewog: place[1],
      village: place[2],
      status,
      source: 'console',
    })
    .returning();
  if (!c) throw new Error('no checklist');
  ids[key] = c.id;
  await db.insert(entries).values(
    birds.map(([birdName, total, approval]) => ({
      checklistId: c.id,
      birdName,
      total,
      adult: total,
      approval,
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  people.ugyen = await buildUser(t, {
    name: 'Ugyen Wangdi',
    country: 'Bhutan',
    profession: 'Guide',
    dob: '1990-04-02',
  });
  people.pema = await buildUser(t, { name: 'Pema Choden', country: 'Bhutan' });
  people.karma = await buildUser(t, { name: 'Karma Singh', country: 'India' });
  people.sonam = await buildUser(t, { name: 'Sonam Dorji', country: null });
  const paro: [string, string, string] = ['Paro', 'Tsento', 'Drukgyel'];
  const thimphu: [string, string, string] = ['Thimphu', 'Kawang', 'Dodena'];
  await checklist('C1', people.ugyen, '2025-12-10', paro, [
    ['Raven', 3, 'approved'],
    ['Crane', 2, 'approved'],
    ['Hornbill', 1, 'pending'],
  ]);
  await checklist('C2', people.ugyen, '2026-01-05', paro, [
    ['Raven', 5, 'approved'],
    ['Unknown Birds', 1, 'approved'],
  ]);
  await checklist('C3', people.pema, '2026-01-20', thimphu, [
    ['Raven', 2, 'approved'],
    ['Magpie', 4, 'approved'],
    ['Crane', 1, 'rejected'],
  ]);
  await checklist('C4', people.pema, '2026-01-25', thimphu, [['Raven', 10, 'approved']], 'draft');
  await checklist(
    'C5',
    people.karma,
    '2026-03-02',
    ['Bumthang', 'Chhoekhor', 'Jakar'],
    [['Crane', 6, 'approved']],
  );
});
afterAll(() => t.close());

const get = (path: string, who: BuiltUser = admin) => t.http().get(path).set(bearer(who));

describe('dashboard counts', () => {
  it('counts submitted checklists, birding sites, birders and approved entries', async () => {
    expect((await get('/api/v1/checklists/get-count')).body).toEqual({ count: 4 });
    expect((await get('/api/v1/checklists/analyze/birdingsites-count')).body).toEqual({ count: 3 });
    expect((await get('/api/v1/birders-count')).body).toEqual({ count: 4 });
  });
});

describe('district species and checklists', () => {
  it('gives distinct species per dzongkhag for January, largest first, against December', async () => {
    const res = await get('/api/v1/checklists/analyze/district-species?year=2026&month=1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: [
        {
          year: 2026,
          month: 1,
          labels: ['Thimphu', 'Paro'],
          data: [2, 1],
          birdNames: [['Magpie', 'Raven'], ['Raven']],
        },
      ],
      // January: Raven, Magpie. December 2025: Raven, Crane.
      changeResult: { currentMonthCount: 2, previousMonthCount: 2, percentageChange: 0 },
      overallTotalCount: 3,
    });
  });

  it('answers an empty month with no labels and -100 %, and the month after it with 100 %', async () => {
    const feb = (await get('/api/v1/checklists/analyze/district-species?year=2026&month=2')).body;
    expect(feb.result).toEqual([{ year: 2026, month: 2, labels: [], data: [], birdNames: [] }]);
    expect(feb.changeResult).toEqual({ currentMonthCount: 0, previousMonthCount: 2, percentageChange: -100 });
    const mar = (await get('/api/v1/checklists/analyze/district-species?year=2026&month=3')).body;
    expect(mar.changeResult).toEqual({ currentMonthCount: 1, previousMonthCount: 0, percentageChange: 100 });
    const apr = (await get('/api/v1/checklists/analyze/district-species?year=2026&month=5')).body;
    expect(apr.changeResult).toEqual({ currentMonthCount: 0, previousMonthCount: 0, percentageChange: 0 });
  });

  it('counts checklists holding approved entries per dzongkhag, January against December', async () => {
    const res = await get('/api/v1/checklists/analyze/district-checklists?year=2026&month=1');
    expect(res.body).toEqual({
      result: [{ year: 2026, month: 1, labels: ['Paro', 'Thimphu'], data: [1, 1], birdNames: [[], []] }],
      changeResult: { currentMonthCount: 2, previousMonthCount: 1, percentageChange: 100 },
      overallTotalCount: 4,
    });
  });

  it('exports the charts as CSV files', async () => {
    const species = await get('/api/v1/checklists/analyze/district-species?year=2026&month=1&format=csv');
    expect(species.headers['content-disposition']).toContain('district_species_count.csv');
    expect(
      species.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toEqual([
      'Year,Month,Dzongkhag,Species Count,Species',
      '2026,1,Thimphu,2,Magpie; Raven',
      '2026,1,Paro,1,Raven',
    ]);
    const lists = await get('/api/v1/checklists/analyze/district-checklists?year=2026&month=1&format=csv');
    expect(lists.headers['content-disposition']).toContain('district_checklists_count.csv');
    expect(
      lists.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toEqual(['Year,Month,Dzongkhag,Checklists Count', '2026,1,Paro,1', '2026,1,Thimphu,1']);
  });

  it('refuses a month that is not 1 to 12', async () => {
    const res = await get('/api/v1/checklists/analyze/district-species?year=2026&month=13');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('month must be 1 to 12');
  });
});

describe('species per month, per place, per bird', () => {
  it('gives distinct species and birds counted per month of a year', async () => {
    const res = await get('/api/v1/checklists/analyze/species-count-months?year=2026');
    const [y] = res.body.result;
    expect(y.year).toBe(2026);
    expect(y.labels).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect(y.data).toEqual([2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(y.totalBirdCount).toEqual([11, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(y.birdNames.slice(0, 3)).toEqual([['Raven', 'Magpie'], [], ['Crane']]);
  });

  it('covers every year with records when no year is asked', async () => {
    const res = await get('/api/v1/checklists/analyze/species-count-months');
    expect(res.body.result.map((r: { year: number }) => r.year)).toEqual([2025, 2026]);
    expect(res.body.result[0].data[11]).toBe(2);
    expect(res.body.result[0].totalBirdCount[11]).toBe(5);
  });

  it('gives distinct species per dzongkhag, gewog and village for a year', async () => {
    const res = await get('/api/v1/checklists/analyze/district-species-count?year=2026');
    const only = (r: { labels: string[]; data: number[] }[]) => [r[0]?.labels, r[0]?.data];
    expect(only(res.body.dzongkhagResult)).toEqual([
      ['Thimphu', 'Bumthang', 'Paro'],
      [2, 1, 1],
    ]);
    expect(only(res.body.gewogResult)).toEqual([
      ['Kawang', 'Chhoekhor', 'Tsento'],
      [2, 1, 1],
    ]);
    expect(only(res.body.villageResult)).toEqual([
      ['Dodena', 'Jakar', 'Drukgyel'],
      [2, 1, 1],
    ]);
    expect(res.body.dzongkhagResult[0].month).toBeNull();
    const march = await get('/api/v1/checklists/analyze/district-species-count?year=2026&month=3');
    expect(only(march.body.dzongkhagResult)).toEqual([['Bumthang'], [1]]);
    const empty = await get('/api/v1/checklists/analyze/district-species-count?year=2024');
    expect(empty.body).toEqual({ dzongkhagResult: [], gewogResult: [], villageResult: [] });
  });

  it('gives birds with their total counts per year, most counted first', async () => {
    const res = await get('/api/v1/checklists/analyze/birds-count-year');
    expect(res.body).toEqual({
      '2025': { birdNames: ['Raven', 'Crane'], totalCounts: [3, 2] },
      '2026': { birdNames: ['Raven', 'Crane', 'Magpie'], totalCounts: [7, 6, 4] },
    });
    const top1 = await get('/api/v1/checklists/analyze/birds-count-year?year=2026&limit=1');
    expect(top1.body).toEqual({ '2026': { birdNames: ['Raven'], totalCounts: [7] } });
  });
});

describe('birders', () => {
  it('lists birders with entries counted in the database, filters and countries', async () => {
    const res = await get('/api/v1/birders?limit=10');
    expect(res.body).toMatchObject({
      limit: 10,
      page: 1,
      foundTotal: 4,
      birderTotal: 4,
      distinctCountries: ['Bhutan', 'India'],
    });
    expect(res.body.countries).toEqual(['Bhutan', 'India']);
    const counts = Object.fromEntries(
      res.body.users.map((u: { birder: { name: string }; entriesCount: number; approvedCount: number }) => [
        u.birder.name,
        [u.entriesCount, u.approvedCount],
      ]),
    );
    // Submitted entries (any review state) and approved ones; Pema's draft counts in neither.
    expect(counts).toEqual({
      'Ugyen Wangdi': [5, 4],
      'Pema Choden': [3, 2],
      'Karma Singh': [1, 1],
      'Sonam Dorji': [0, 0],
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|\$argon2/i);
    const india = await get('/api/v1/birders?country=india');
    expect(india.body.users.map((u: { birder: { name: string } }) => u.birder.name)).toEqual(['Karma Singh']);
    expect(india.body.foundTotal).toBe(1);
    const search = await get('/api/v1/birders?birder=pem');
    expect(search.body.users.map((u: { birder: { name: string } }) => u.birder.name)).toEqual([
      'Pema Choden',
    ]);
  });

  it('ranks top birders by approved entries only across the whole platform, leaving out birders with none', async () => {
    const first = await get('/api/v1/birders/top?limit=2');
    expect(
      first.body.users.map((u: { birder: { name: string }; rank: number }) => [u.rank, u.birder.name]),
    ).toEqual([
      [1, 'Ugyen Wangdi'],
      [2, 'Pema Choden'],
    ]);
    const second = await get('/api/v1/birders/top?limit=2&page=2');
    expect(
      second.body.users.map((u: { birder: { name: string }; rank: number }) => [u.rank, u.birder.name]),
    ).toEqual([[3, 'Karma Singh']]);
    // Sonam has no approved entry: not ranked. Pending entries never count: Ugyen shows 4, not 5.
    expect(second.body.foundTotal).toBe(3);
    expect(second.body.birderTotal).toBe(4);
    expect(first.body.users[0]).toMatchObject({ entriesCount: 5, approvedCount: 4 });
    // The same numbers, under the same names, on the list and the birder's page.
    const page = await get(`/api/v1/birders/${first.body.users[0].birder._id}`);
    expect(page.body).toMatchObject({ entriesCount: 5, approvedCount: 4 });
  });

  it('exports birders.csv with the spec columns', async () => {
    const res = await get('/api/v1/birders?format=csv&country=Bhutan');
    expect(res.headers['content-disposition']).toContain('birders.csv');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Name,Email,Photo,Date of Birth,Country,Profession,Entries Count');
    expect(lines.slice(1)).toEqual([
      `Pema Choden,${people.pema?.email},,,Bhutan,,3`,
      `Ugyen Wangdi,${people.ugyen?.email},,1990-04-02,Bhutan,Guide,5`,
    ]);
  });

  it('shows one birder with their submitted entries, newest first', async () => {
    const res = await get(`/api/v1/birders/${people.ugyen?.id}`);
    expect(res.status).toBe(200);
    expect(res.body.birder.name).toBe('Ugyen Wangdi');
    // The email at the top level too: the original console reads it before a delete.
    expect(res.body.email).toBe(people.ugyen?.email);
    expect(res.body.entriesCount).toBe(5);
    expect(res.body.totalEntries).toBe(5);
    expect(
      res.body.entries.map(
        (e: { StartbirdingData: { selectedDate: string }[] }) => e.StartbirdingData[0]?.selectedDate,
      ),
    ).toEqual(['2026-01-05', '2026-01-05', '2025-12-10', '2025-12-10', '2025-12-10']);
    const pema = await get(`/api/v1/birders/${people.pema?.id}`);
    expect([pema.body.entriesCount, pema.body.totalEntries]).toEqual([3, 4]);
    expect((await get(`/api/v1/birders/${admin.id}`)).status).toBe(404);
  });

  it('refuses birders (plain users) and answers 404 for an unknown birder', async () => {
    const res = await get('/api/v1/birders', people.sonam);
    expect(res.status).toBe(403);
    const gone = await t.http().delete(`/api/v1/birders/${admin.id}`).set(bearer(admin));
    expect(gone.status).toBe(404);
  });

  it('deletes a birder but keeps their records as Deleted birder, and the analytics do not change', async () => {
    const before = (await get('/api/v1/checklists/analyze/district-species?year=2026&month=1')).body;
    const res = await t.http().delete(`/api/v1/birders/${people.pema?.id}`).set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ checklistsKept: 2, entriesKept: 4 });
    const kept = await t.ctx.database.db
      .select()
      .from(checklists)
      .where(eq(checklists.id, ids.C3 ?? ''));
    expect(kept[0]).toMatchObject({ observerId: null, observerName: 'Deleted birder' });
    expect((await get('/api/v1/checklists/analyze/district-species?year=2026&month=1')).body).toEqual(before);
    expect((await get('/api/v1/birders-count')).body).toEqual({ count: 3 });
    const log = await t.ctx.database.db.select().from(notifications);
    expect(log.map((n) => n.message)).toContainEqual(expect.stringContaining('Birder Pema Choden'));
    expect((await get(`/api/v1/birders/${people.pema?.id}`)).status).toBe(404);
  });
});

describe('checklist analysis upload', () => {
  async function sheet(rows: unknown[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Checklists');
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('summarises birders, locations, totals and the month against the month before', async () => {
    const file = await sheet([
      ['Birder', 'ChecklistName', 'Location', 'Total', 'SelectedDate'],
      ['Tashi', 'Morning 1', 'Paro', 5, new Date(Date.UTC(2026, 0, 3))],
      ['Tashi', 'Morning 1', 'Paro', 2, new Date(Date.UTC(2026, 0, 3))],
      ['Tashi', 'Evening 1', 'Haa', 1, '2026-01-10'],
      ['Dechen', 'Walk', 'Haa', 9, '2025-12-28'],
      ['Dechen', 'Walk 2', 'Paro', 1, '15/01/2026'],
      ['', 'Nameless', 'Paro', 1, '2026-01-01'],
      ['Kinley', 'Bad', 'Paro', 'many', '2026-01-01'],
    ]);
    const res = await t
      .http()
      .post('/api/v1/checklists/analyze?year=2026&month=1')
      .set(bearer(admin))
      .attach('file', file, 'a.xlsx');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      topBirders: [
        { name: 'Dechen', checklistCount: 2 },
        { name: 'Tashi', checklistCount: 2 },
      ],
      highestBirdsLocation: 'Haa',
      highestBirdsLocationTotal: 10,
      totalChecklists: 4,
      changeResult: { currentMonthCount: 3, previousMonthCount: 1, percentageChange: 200 },
      year: 2026,
      month: 1,
      rowsRead: 7,
      skipped: [
        { row: 7, message: 'Birder is empty' },
        { row: 8, message: "Total 'many' is not a number of birds" },
      ],
    });
    expect(res.body.monthly[0]).toEqual({ month: 1, checklists: 3 });
  });

  it('refuses a sheet without the needed columns, naming them', async () => {
    const file = await sheet([
      ['Name', 'Total'],
      ['x', 1],
    ]);
    const res = await t
      .http()
      .post('/api/v1/checklists/analyze')
      .set(bearer(admin))
      .attach('file', file, 'a.xlsx');
    expect(res.status).toBe(400);
    // Issue 12: named as the upload's hint spells them.
    expect(res.body.message).toContain('missing: Birder, ChecklistName, Location');
  });
});

import {
  ChecklistAddResponseSchema,
  ChecklistDetailSchema,
  MobileEntriesResponseSchema,
} from '@jarog/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklists } from '../src/db/schema';
import { type ChecklistCursor, recordsRepository } from '../src/modules/records/records.repository';
import { type BuiltUser, bearer, buildAdmin, buildSpecies, buildUser } from './factories';
import { binaryBody, unzip, xlsxOf } from './files';
import { createTestApp, type TestApp } from './harness';
import { parseCsv, seedChecklist } from './records-fixtures';

/**
 * A time the birder did not give stays missing (issue 12, defect 4): NULL in the database, '' on the
 * wire (the installed app reads `selectedTime` as text), an empty CSV cell, no DwC eventTime, and a
 * checklist of its own in the natural key (name + date + no time), never midnight.
 */
let t: TestApp;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

let n = 0;
const unique = (label: string) => `${label} ${++n}-${Date.now()}`;

const post = (body: unknown) =>
  t
    .http()
    .post('/api/v1/checklists')
    .set(bearer(admin))
    .send(body as object);

const form = (overrides: Record<string, unknown> = {}) => ({
  checklistName: unique('Untimed walk'),
  selectedDate: '2025-03-05',
  birder: 'Pema Wangmo',
  dzongkhag: 'Paro',
  gewog: 'Tsento',
  birds: [{ birdName: 'Ibisbill', adult: 2 }],
  ...overrides,
});

const storedTimes = async (name: string) =>
  (
    await t.ctx.database.db
      .select({ time: checklists.selectedTime })
      .from(checklists)
      .where(eq(checklists.name, name))
  ).map((r) => r.time);

describe('a checklist without a time', () => {
  it('is stored without one from the console form, answered as an empty selectedTime, and found again', async () => {
    const body = form();
    const res = await post(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const added = ChecklistAddResponseSchema.parse(res.body);
    expect(added.data[0]?._id.selectedTime).toBe('');
    expect(added.data[0]?.entries[0]?.StartbirdingData[0]?.selectedTime).toBe('');
    expect(await storedTimes(body.checklistName)).toEqual([null]);

    const detail = await t.http().get(`/api/v1/checklists/${added.data[0]?.checklistId}`).set(bearer(admin));
    expect(detail.status).toBe(200);
    expect(ChecklistDetailSchema.parse(detail.body)._id.selectedTime).toBe('');

    // The same form again (a blank time this time) is the same checklist: nothing new.
    const again = await post({ ...body, selectedTime: '  ' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(again.body.data[0].checklistId).toBe(added.data[0]?.checklistId);
    expect(await storedTimes(body.checklistName)).toEqual([null]);
  });

  it('is not midnight: the same name and date at 00:00 is another checklist', async () => {
    const body = form();
    expect((await post(body)).status).toBe(201);
    const midnight = await post({ ...body, selectedTime: '00:00' });
    expect(midnight.status, JSON.stringify(midnight.body)).toBe(201);
    expect(midnight.body.data[0]._id.selectedTime).toBe('00:00:00');
    expect((await storedTimes(body.checklistName)).sort()).toEqual(['00:00:00', null]);
  });

  it('merges two uploads of the same document list without a time into one checklist', async () => {
    const name = unique('Untimed documents');
    const docs = ['Ibisbill', 'Brown Dipper'].map((bird) => ({
      CheckListName: name,
      BirdName: bird,
      StartbirdingData: [
        {
          selectedDate: '2025-01-15',
          observer: 'Sonam Dorji',
          Totalcount: 2,
          EndpointLocation: [{ dzongkhag: 'Paro', gewog: 'Tsento', village: null }],
        },
      ],
    }));
    const first = await post(docs);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ inserted: 2 });
    const second = await post([
      { ...docs[0], StartbirdingData: [{ ...docs[0]?.StartbirdingData[0], Totalcount: 5 }] },
    ]);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ inserted: 0, updated: 1 });
    expect(second.body.data[0].checklistId).toBe(first.body.data[0].checklistId);
    expect(await storedTimes(name)).toEqual([null]);
  });

  it('merges two .xlsx uploads of the same rows without a time into one checklist', async () => {
    const name = unique('Untimed sheet');
    const file = await xlsxOf([
      ['ChecklistName', 'BirdName', 'SelectedDate', 'SelectedTime', 'Birder', 'Total', 'Dzongkhag', 'Gewog'],
      [name, 'Ibisbill', '2025-02-01', '', 'Karma Lhamo', 3, 'Paro', 'Tsento'],
      [name, 'Brown Dipper', '2025-02-01', null, 'Karma Lhamo', 1, 'Paro', 'Tsento'],
    ]);
    const upload = () =>
      t.http().post('/api/v1/checklists/fileupload').set(bearer(admin)).attach('file', file, 'sheet.xlsx');
    const first = await upload();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ checklists: 1, inserted: 2 });
    const second = await upload();
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    expect(await storedTimes(name)).toEqual([null]);
  });

  it("reaches the installed app as selectedTime '' and a second send merges", async () => {
    const birder = await buildUser(t);
    const doc = {
      CheckListName: unique('Phone walk'),
      BirdName: 'Ibisbill',
      userId: birder.id,
      status: 'submittedchecklist',
      StartbirdingData: [
        { selectedDate: '2025-02-10', Totalcount: 3, currentLocation: { latitude: 27.4, longitude: 89.4 } },
      ],
    };
    const send = () => t.http().post('/api/v1/checkList').set(bearer(birder)).send([doc]);
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBeLessThan(300);
    expect(await storedTimes(doc.CheckListName)).toEqual([null]);
    const list = await t.http().get('/api/v1/checkList').set(bearer(birder));
    expect(list.status).toBe(200);
    const mine = MobileEntriesResponseSchema.parse(list.body).data;
    expect(mine).toHaveLength(1);
    expect(mine[0]?.StartbirdingData[0]?.selectedTime).toBe('');
  });

  it('is an empty CSV cell and an event without eventTime in the Darwin Core Archive', async () => {
    const crane = await buildSpecies(t, { englishName: `Untimed Crane ${Date.now()}` });
    const body = form({ selectedDate: '2019-07-03', birds: [{ birdName: crane.englishName, adult: 4 }] });
    expect((await post(body)).status).toBe(201);

    for (const all of ['', '&export_limit=all']) {
      const res = await t
        .http()
        .get(`/api/v1/checklists?format=csv&date=2019-07-03${all}`)
        .set(bearer(admin))
        .buffer(true)
        .parse(binaryBody);
      expect(res.status).toBe(200);
      const [header = [], ...rows] = parseCsv((res.body as Buffer).toString('utf8'));
      const row = rows.find((r) => r[header.indexOf('ChecklistName')] === body.checklistName);
      expect(row?.[header.indexOf('SelectedTime')], all).toBe('');
    }

    const zip = await t
      .http()
      .get('/api/v1/exports/dwca?from=2019-07-03&to=2019-07-03')
      .set(bearer(admin))
      .buffer(true)
      .parse(binaryBody);
    expect(zip.status).toBe(200);
    const events = (await unzip(zip.body as Buffer)).get('event.txt')?.toString('utf8') ?? '';
    const [head = '', ...lines] = events.trimEnd().split('\n');
    const columns = head.split('\t');
    expect(lines).toHaveLength(1);
    const cells = lines[0]?.split('\t') ?? [];
    expect(cells[columns.indexOf('eventDate')]).toBe('2019-07-03');
    expect(cells[columns.indexOf('eventTime')]).toBe('');
  });

  it('can be cleared by an administrator correcting an older checklist stored at 00:00', async () => {
    const { checklist } = await seedChecklist(t, { selectedTime: '00:00:00' });
    const res = await t
      .http()
      .patch(`/api/v1/checklists/${checklist.id}/details`)
      .set(bearer(admin))
      .send({ selectedTime: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data._id.selectedTime).toBe('');
    expect(await storedTimes(checklist.name)).toEqual([null]);
  });
});

describe('lists and keyset walks with checklists without a time', () => {
  const DAY = '2018-11-20';
  const order: string[] = [];
  beforeAll(async () => {
    // Newest first: timed ones by time, then those without a time (NULLS LAST), ties by id.
    const seeded: Awaited<ReturnType<typeof seedChecklist>>[] = [];
    for (const time of [null, '06:00:00', null, '08:00:00', null]) {
      seeded.push(
        await seedChecklist(t, { selectedDate: DAY, selectedTime: time }, [{ birdName: 'Common Raven' }]),
      );
    }
    const untimed = seeded
      .filter((s) => s.checklist.selectedTime === null)
      .map((s) => s.checklist.id)
      .sort();
    const id = (time: string) => seeded.find((s) => s.checklist.selectedTime === time)?.checklist.id ?? '';
    order.push(id('08:00:00'), id('06:00:00'), ...untimed);
  });

  it('walks every checklist one at a time after a cursor, none dropped', async () => {
    const seen: string[] = [];
    let after: ChecklistCursor | undefined;
    for (let i = 0; i < 10; i++) {
      const [row] = await recordsRepository.checklists(
        t.ctx.database.db,
        'checklists',
        { date: DAY },
        { after, limit: 1 },
      );
      if (!row) break;
      seen.push(row.id);
      after = { date: row.selectedDate, time: row.selectedTime, id: row.id };
    }
    expect(seen).toEqual(order);
  });

  it('pages the list newest and oldest first with every checklist on a page', async () => {
    const page = async (sort: string) => {
      const ids: string[] = [];
      for (let p = 1; p <= 3; p++) {
        const res = await t
          .http()
          .get(`/api/v1/checklists?date=${DAY}&sort=${sort}&limit=2&page=${p}`)
          .set(bearer(admin));
        expect(res.status).toBe(200);
        ids.push(...(res.body.checklists as { checklistId: string }[]).map((c) => c.checklistId));
      }
      return ids;
    };
    expect(await page('-date')).toEqual(order);
    const oldest = await page('date');
    expect(oldest).toHaveLength(order.length);
    expect(new Set(oldest)).toEqual(new Set(order));
    // Oldest first walks the index backwards: no time first, then the earliest time.
    expect(oldest.slice(-2)).toEqual([order[1], order[0]]);
  });
});

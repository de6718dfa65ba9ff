import { existsSync } from 'node:fs';
import path from 'node:path';
import { ChecklistAddResponseSchema } from '@jarog/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklists, entries } from '../src/db/schema';
import { type BuiltUser, bearer, buildAdmin, buildSpecies, buildUser, pngDataUrl } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const post = (body: unknown, who: { token: string } = admin) =>
  t
    .http()
    .post('/api/v1/checklists')
    .set(bearer(who))
    .send(body as object);

let n = 0;
/** A unique checklist name per test, so tests never share a checklist. */
const unique = (label: string) => `${label} ${++n}-${Date.now()}`;

const form = (overrides: Record<string, unknown> = {}) => ({
  checklistName: unique('Form walk'),
  selectedDate: '2025-03-05',
  selectedTime: '07:30',
  birder: 'Pema Wangmo',
  currentLocation: { latitude: 27.43, longitude: 89.41 },
  dzongkhag: 'Paro',
  gewog: 'Tsento',
  village: 'Drukgyel',
  birds: [
    { birdName: 'Ibisbill', adult: 2, juvenile: 1, remarks: 'On the river bank' },
    { birdName: 'White-throated Dipper', adult: 1, juvenile: 0, total: 3 },
  ],
  ...overrides,
});

const doc = (overrides: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
  CheckListName: unique('Doc walk'),
  BirdName: 'Black-necked Crane',
  StartbirdingData: [
    {
      selectedDate: '2025-01-15',
      selectedTime: '08:00:00',
      observer: 'Sonam Dorji',
      status: 'submittedchecklist',
      Totalcount: 46,
      Remarks: 'Feeding in the valley',
      JAcount: { Adult: 40, Juvenile: 6 },
      currentLocation: { latitude: 27.46, longitude: 90.18 },
      EndpointLocation: [{ dzongkhag: 'WangduePhodrang', gewog: 'Phobji', village: 'Gangtey' }],
      ...data,
    },
  ],
  ...overrides,
});

async function activity(): Promise<string[]> {
  const res = await t.http().get('/notifications?limit=50').set(bearer(admin));
  return (res.body.notifications as { message: string }[]).map((x) => x.message);
}

describe('POST /api/v1/checklists: the console form', () => {
  it('adds one checklist with its birds, approved by the admin, and logs it', async () => {
    const body = form();
    const res = await post(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(ChecklistAddResponseSchema.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({
      message: `Checklist '${body.checklistName}' with 2 entries added`,
      inserted: 2,
      updated: 0,
      unchanged: 0,
    });
    const [group] = res.body.data;
    expect(group._id).toEqual({
      checklistName: body.checklistName,
      observer: 'Pema Wangmo',
      selectedDate: '2025-03-05',
      selectedTime: '07:30:00',
      dzongkhag: 'Paro',
      gewog: 'Tsento',
      village: 'Drukgyel',
    });
    expect(
      group.entries.map((e: { BirdName: string; Totalcount: number }) => [e.BirdName, e.Totalcount]),
    ).toEqual([
      ['Ibisbill', 3],
      ['White-throated Dipper', 3],
    ]);
    const first = group.entries[0];
    expect(first.Approvedstatus).toBe('approved');
    expect(first.reviewedBy).toBe(admin.id);
    expect(first.StartbirdingData[0]).toMatchObject({
      status: 'submittedchecklist',
      Remarks: 'On the river bank',
      JAcount: { Adult: 2, Juvenile: 1 },
      currentLocation: { latitude: 27.43, longitude: 89.41 },
    });
    const [row] = await t.ctx.database.db
      .select()
      .from(checklists)
      .where(eq(checklists.id, group.checklistId));
    expect(row?.source).toBe('console');
    expect(await activity()).toContain(
      `Checklist '${body.checklistName}' with 2 entries added by ${admin.email}`,
    );
  });

  it("accepts the spec's single-bird form (birdName, count, photos, endpointLocation text)", async () => {
    const res = await post({
      checklistName: unique('Spec form'),
      birdName: 'Satyr Tragopan',
      count: { adult: '1', juvenile: '2', total: '' },
      selectedDate: '5/3/2025',
      selectedTime: '6:15 PM',
      birder: 'Karma',
      endpointLocation: 'Paro, Tsento, Drukgyel',
      photos: [await pngDataUrl(400, 300)],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [group] = res.body.data;
    expect(group._id).toMatchObject({
      selectedDate: '2025-03-05',
      selectedTime: '18:15:00',
      dzongkhag: 'Paro',
      gewog: 'Tsento',
      village: 'Drukgyel',
    });
    const entry = group.entries[0];
    expect(entry.Totalcount).toBe(3);
    // Photos arrive as data URLs, are re-encoded and stored; the entry keeps the URL.
    const photo = entry.StartbirdingData[0].photo as string;
    expect(photo).toMatch(/^http:\/\/api\.test\/media\/entries\/[0-9a-f]{32}-[0-9a-f]+\.webp$/);
    expect(existsSync(path.join(t.ctx.mediaDir, photo.replace('http://api.test/media/', '')))).toBe(true);
  });

  it('links a bird name to the catalogue species and stores its spelling', async () => {
    const species = await buildSpecies(t, { englishName: 'Rufous-necked Hornbill' });
    const res = await post(form({ birds: [{ birdName: '  rufous-necked   HORNBILL ', adult: 1 }] }));
    expect(res.status).toBe(201);
    const entry = res.body.data[0].entries[0];
    expect(entry.BirdName).toBe('Rufous-necked Hornbill');
    expect(entry.speciesId).toBe(species.id);
  });

  it('links the observer to a chosen birder account', async () => {
    const birder = await buildUser(t, { name: 'Tashi Lhamo' });
    const res = await post(form({ birder: undefined, birderId: birder.id }));
    expect(res.status).toBe(201);
    const [row] = await t.ctx.database.db
      .select()
      .from(checklists)
      .where(eq(checklists.id, res.body.data[0].checklistId));
    expect(row).toMatchObject({ observerId: birder.id, observerName: 'Tashi Lhamo' });
  });

  it('refuses bad input with a message naming the field, and stores nothing', async () => {
    const before = await t.ctx.database.db.$count(entries);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ checklistName: '  ' }, /Checklist name is required/],
      [{ selectedDate: '2025-02-30' }, /Date must be a date such as 2024-03-05.*got '2025-02-30'/],
      [{ selectedDate: '2999-01-01' }, /Date 2999-01-01 is in the future/],
      [{ selectedTime: '25:61' }, /Time must be a time such as 07:30/],
      [{ birder: undefined }, /Birder is required/],
      [{ birds: [] }, /Add at least one bird/],
      [
        { birds: [{ birdName: 'Ibisbill', adult: 4, juvenile: 2, total: 5 }] },
        /Total \(5\) must be at least adults \+ juveniles \(6\)/,
      ],
      [{ birds: [{ birdName: 'Ibisbill', adult: -1 }] }, /Adults must be 0 or more/],
      [{ birds: [{ birdName: 'Ibisbill', adult: 'many' }] }, /Adults must be a number/],
      [{ currentLocation: { latitude: 95, longitude: 89 } }, /Latitude must be between -90 and 90/],
      [{ currentLocation: { latitude: 27.4 } }, /Latitude and longitude must be given together/],
      [{ dzongkhag: 'Atlantis' }, /'Atlantis' is not a dzongkhag of Bhutan/],
      [{ gewog: 'Nowhere' }, /'Nowhere' is not a gewog of Paro/],
      [{ birds: [{ birdName: 'Ibisbill', photo: 'ftp://x.bt/a.jpg' }] }, /Photo must be an image data URL/],
      [
        { birds: [{ birdName: 'Ibisbill', photo: 'data:image/png;base64,aGVsbG8=' }] },
        /^Bird 1: Photo is not a readable image/,
      ],
      [
        { birderId: '00000000-0000-4000-8000-000000000000', birder: undefined },
        /birderId: no birder has this id/,
      ],
      [
        {
          birds: [
            { birdName: 'Ibisbill', adult: 1 },
            { birdName: 'ibisbill', adult: 2 },
          ],
        },
        /Bird 2: 'ibisbill' is already listed in checklist .* \(Bird 1\)/,
      ],
      [{ colour: 'red' }, /Unknown field: colour/],
    ];
    for (const [overrides, message] of cases) {
      const res = await post(form(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.message, JSON.stringify(overrides)).toMatch(message);
    }
    expect(await t.ctx.database.db.$count(entries)).toBe(before);
  });

  it('is refused to birders and anonymous callers', async () => {
    const birder = await buildUser(t);
    expect((await post(form(), birder)).status).toBe(403);
    expect((await t.http().post('/api/v1/checklists').send(form())).status).toBe(401);
  });

  it('updates the same checklist when the form is sent again, never duplicating it', async () => {
    const body = form();
    const first = await post(body);
    expect(first.status).toBe(201);
    const again = await post(body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    expect(again.body.data[0].checklistId).toBe(first.body.data[0].checklistId);
    const changed = await post({
      ...body,
      birds: [
        { birdName: 'Ibisbill', adult: 5 },
        { birdName: 'Wallcreeper', adult: 1 },
      ],
    });
    expect(changed.status).toBe(201);
    expect(changed.body).toMatchObject({ inserted: 1, updated: 1, unchanged: 0 });
    expect(changed.body.data[0].entries.map((e: { BirdName: string }) => e.BirdName)).toEqual([
      'Ibisbill',
      'White-throated Dipper',
      'Wallcreeper',
    ]);
    expect(await activity()).toContain(
      `Checklist '${body.checklistName}' updated (1 entry added, 1 updated) by ${admin.email}`,
    );
  });
});

describe('POST /api/v1/checklists: the original document shape', () => {
  it('adds one document, canonicalising the place', async () => {
    const body = doc(
      {},
      { EndpointLocation: [{ dzongkhag: 'Chukha', gewog: 'Bjachho', village: ' Tsimasham ' }] },
    );
    const res = await post(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const group = res.body.data[0];
    expect(group._id).toMatchObject({
      checklistName: body.CheckListName,
      observer: 'Sonam Dorji',
      selectedDate: '2025-01-15',
      selectedTime: '08:00:00',
      dzongkhag: 'Chhukha',
      gewog: 'Bjachho',
      village: 'Tsimasham',
    });
    expect(group.entries[0]).toMatchObject({
      BirdName: 'Black-necked Crane',
      Totalcount: 46,
      Remarks: 'Feeding in the valley',
    });
    expect(group.entries[0].StartbirdingData[0].JAcount).toEqual({ Adult: 40, Juvenile: 6 });
  });

  it('adds an array of documents, grouping entries of one checklist together', async () => {
    const name = unique('Array walk');
    const res = await post([
      doc({ CheckListName: name, BirdName: 'Black-necked Crane' }),
      doc({ CheckListName: name, BirdName: 'Common Raven' }, { Totalcount: 2, JAcount: null }),
      doc({ CheckListName: name, BirdName: 'Oriental Turtle Dove' }, { selectedTime: '09:00' }),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.inserted).toBe(3);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0].entries.map((e: { BirdName: string }) => e.BirdName)).toEqual([
      'Black-necked Crane',
      'Common Raven',
    ]);
    expect(res.body.data[1]._id.selectedTime).toBe('09:00:00');
    const log = await activity();
    expect(log).toContain(`Checklist '${name}' with 2 entries added by ${admin.email}`);
    expect(log).toContain(`Checklist '${name}' with 1 entry added by ${admin.email}`);
  });

  it('keeps an imported document’s own review state', async () => {
    const res = await post(doc({}, { Approvedstatus: 'rejected' }));
    expect(res.body.data[0].entries[0].Approvedstatus).toBe('rejected');
  });

  it('names the entry and the field of every problem, and stores nothing', async () => {
    const before = await t.ctx.database.db.$count(checklists);
    const cases: [unknown, RegExp][] = [
      [doc({}, { selectedDate: 'yesterday' }), /^selectedDate must be a date such as 2024-03-05/],
      [[doc(), doc({}, { observer: '' })], /^Entry 2: observer is required/],
      [[doc(), doc({ BirdName: 'X' })], /^Entry 2: BirdName must be at least 2 characters/],
      [doc({}, { status: 'draftchecklist' }), /drafts belong to the mobile app/],
      [doc({}, { status: 'finished' }), /status must be one of draftchecklist, submittedchecklist/],
      [
        doc({}, { EndpointLocation: [{ dzongkhag: 'Chukha', gewog: 'Tsento' }] }),
        /'Tsento' is not a gewog of Chhukha/,
      ],
      [
        doc({}, { observer: 'nobody@nowhere.bt' }),
        /observer 'nobody@nowhere.bt' is an email, but no account has it/,
      ],
      [doc({ StartbirdingData: [] }), /StartbirdingData is required/],
      [doc({}, { Totalcount: 3 }), /Total \(3\) must be at least adults \+ juveniles \(46\)/],
      [[], /Send at least one entry/],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.message, JSON.stringify(body).slice(0, 200)).toMatch(message);
    }
    expect(await t.ctx.database.db.$count(checklists)).toBe(before);
  });

  it('links a document whose observer is an account email to that birder', async () => {
    const birder = await buildUser(t, { name: 'Ugyen Tenzin' });
    const res = await post(doc({}, { observer: birder.email.toUpperCase() }));
    expect(res.status).toBe(201);
    expect(res.body.data[0]._id.observer).toBe('Ugyen Tenzin');
    const [row] = await t.ctx.database.db
      .select()
      .from(checklists)
      .where(eq(checklists.id, res.body.data[0].checklistId));
    expect(row?.observerId).toBe(birder.id);
  });

  it('never answers with a password hash', async () => {
    const birder = await buildUser(t);
    const res = await post(doc({}, { observer: birder.email }));
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash|password_hash/);
  });
});

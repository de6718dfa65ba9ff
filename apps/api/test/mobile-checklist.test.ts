import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  MobileChecklistResponseSchema,
  MobileEntriesResponseSchema,
  MobileUploadResponseSchema,
} from '@jarog/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklists, entries, idempotencyKeys } from '../src/db/schema';
import { type BuiltUser, bearer, buildAdmin, buildSpecies, buildUser, pngDataUrl } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const unique = (label: string) => `${label} ${++n}-${Date.now()}`;

const doc = (overrides: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
  CheckListName: 'Morning walk',
  BirdName: 'Ibisbill',
  StartbirdingData: [
    {
      selectedDate: '2025-02-10',
      selectedTime: '07:15',
      observer: 'Pema',
      photo: '',
      Totalcount: 3,
      Remarks: '',
      JAcount: { Adult: 2, Juvenile: 1 },
      currentLocation: { latitude: 27.43, longitude: 89.41 },
      EndpointLocation: [{ dzongkhag: 'Paro', gewog: 'Tsento', village: 'Drukgyel' }],
      ...data,
    },
  ],
  ...overrides,
});

const send = (who: BuiltUser, body: unknown, headers: Record<string, string> = {}) =>
  t
    .http()
    .post('/api/v1/checkList')
    .set({ ...bearer(who), ...headers })
    .send(body as object);
const list = (who: BuiltUser, query = '') => t.http().get(`/api/v1/checkList${query}`).set(bearer(who));
const patch = (who: BuiltUser, id: string, body: unknown) =>
  t
    .http()
    .patch(`/api/v1/checkList/${id}`)
    .set(bearer(who))
    .send(body as object);
const remove = (who: BuiltUser, id: string) => t.http().delete(`/api/v1/checkList/${id}`).set(bearer(who));

async function countsOf(observerId: string) {
  const db = t.ctx.database.db;
  const cs = await db.select().from(checklists).where(eq(checklists.observerId, observerId));
  let es = 0;
  for (const c of cs) es += await db.$count(entries, eq(entries.checklistId, c.id));
  return { checklists: cs.length, entries: es };
}

describe('POST /api/v1/checkList', () => {
  it('stores one document as a draft of the caller, in the mobile envelope', async () => {
    const birder = await buildUser(t, { name: 'Pema Lhamo' });
    const res = await send(birder, doc({}, { observer: undefined }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(MobileUploadResponseSchema.parse(res.body)).toEqual(res.body);
    expect(res.body.status).toBe('success');
    expect(res.body.results).toBe(1);
    const entry = res.body.data;
    expect(entry).toMatchObject({ BirdName: 'Ibisbill', Totalcount: 3, Approvedstatus: 'pending' });
    expect(entry.StartbirdingData[0]).toMatchObject({
      status: 'draftchecklist',
      observer: 'Pema Lhamo',
      selectedTime: '07:15:00',
      EndpointLocation: [{ dzongkhag: 'Paro', gewog: 'Tsento', village: 'Drukgyel' }],
    });
    const [row] = await t.ctx.database.db
      .select()
      .from(checklists)
      .where(eq(checklists.id, entry.checklistId));
    expect(row).toMatchObject({ observerId: birder.id, source: 'mobile', status: 'draft' });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash|password_hash/);
  });

  it('stores a list of documents, one checklist per name, date and time, and answers with a list', async () => {
    const birder = await buildUser(t);
    const crane = await buildSpecies(t, { englishName: 'Black-necked Crane' });
    const name = unique('Valley');
    const res = await send(birder, [
      doc({ CheckListName: name, BirdName: 'black-necked crane' }, { status: 'submittedchecklist' }),
      doc({ CheckListName: name, BirdName: 'Common Raven' }, { status: 'submittedchecklist' }),
      doc({ CheckListName: name, BirdName: 'Ibisbill' }, { selectedTime: '17:00' }),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.results).toBe(3);
    expect(res.body.data.map((e: { BirdName: string }) => e.BirdName)).toEqual([
      'Black-necked Crane',
      'Common Raven',
      'Ibisbill',
    ]);
    expect(res.body.data[0].speciesId).toBe(crane.id);
    expect(res.body.data[0].checklistId).toBe(res.body.data[1].checklistId);
    expect(res.body.data[2].checklistId).not.toBe(res.body.data[0].checklistId);
    expect(res.body.data[0].StartbirdingData[0].status).toBe('submittedchecklist');
    expect(res.body.data[2].StartbirdingData[0].status).toBe('draftchecklist');
    const log = await t
      .http()
      .get('/notifications?limit=5')
      .set(bearer(await buildAdmin(t)));
    expect(log.body.notifications.map((x: { message: string }) => x.message)).toContain(
      `Checklist '${name}' with 2 entries submitted by ${birder.email}`,
    );
  });

  it('refuses bad documents with a message naming the entry and field, storing nothing', async () => {
    const birder = await buildUser(t);
    const cases: [unknown, RegExp][] = [
      [doc({}, { selectedDate: '31/02/2025' }), /^selectedDate must be a date/],
      [[doc(), doc({ BirdName: '' })], /^Entry 2: BirdName is required/],
      [doc({}, { EndpointLocation: [{ dzongkhag: 'Gotham' }] }), /'Gotham' is not a dzongkhag of Bhutan/],
      [doc({}, { currentLocation: { latitude: 27.4, longitude: 'east' } }), /Longitude must be a number/],
      [doc({ clientId: 'has space' }), /clientId must be printable characters without spaces/],
      [
        [doc(), doc({ BirdName: 'IBISBILL' })],
        /Entry 2: 'IBISBILL' is already listed in checklist 'Morning walk' \(Entry 1\)/,
      ],
      [doc({}, { photo: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' }), /SVG images are not accepted/],
      [{}, /CheckListName is required/],
    ];
    for (const [body, message] of cases) {
      const res = await send(birder, body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.message, JSON.stringify(body).slice(0, 200)).toMatch(message);
    }
    expect(await countsOf(birder.id)).toEqual({ checklists: 0, entries: 0 });
  });

  it('is for signed-in callers only', async () => {
    expect((await t.http().post('/api/v1/checkList').send(doc())).status).toBe(401);
    expect((await t.http().get('/api/v1/checkList')).status).toBe(401);
  });
});

describe('retried uploads create nothing twice', () => {
  it('with the same client id, even when the checklist was renamed in between', async () => {
    const birder = await buildUser(t);
    const body = [
      doc({ clientId: 'c-123', BirdName: 'Ibisbill' }),
      doc({ clientId: 'c-123', BirdName: 'Wallcreeper' }),
    ];
    const first = await send(birder, body);
    expect(first.status).toBe(201);
    const again = await send(birder, body);
    expect(again.status).toBe(201);
    expect(again.body.data.map((e: { _id: string }) => e._id)).toEqual(
      first.body.data.map((e: { _id: string }) => e._id),
    );
    expect(await countsOf(birder.id)).toEqual({ checklists: 1, entries: 2 });
    const renamed = await send(birder, [
      doc({ clientId: 'c-123', CheckListName: 'Evening walk', BirdName: 'Ibisbill' }),
    ]);
    expect(renamed.status).toBe(201);
    expect(renamed.body.data[0].CheckListName).toBe('Evening walk');
    expect(await countsOf(birder.id)).toEqual({ checklists: 1, entries: 2 });
  });

  it('without a client id: the same name, date and time is the same checklist', async () => {
    const birder = await buildUser(t);
    const photo = await pngDataUrl(200, 200);
    const body = doc({}, { photo, status: 'submittedchecklist' });
    const mediaFiles = () => {
      const dir = path.join(t.ctx.mediaDir, 'entries');
      return existsSync(dir) ? readdirSync(dir).length : 0;
    };
    const first = await send(birder, body);
    const filesAfterFirst = mediaFiles();
    const again = await send(birder, body);
    expect(again.status).toBe(201);
    expect(again.body.data._id).toBe(first.body.data._id);
    expect(again.body.data.StartbirdingData[0].photo).toBe(first.body.data.StartbirdingData[0].photo);
    expect(mediaFiles()).toBe(filesAfterFirst);
    expect(await countsOf(birder.id)).toEqual({ checklists: 1, entries: 1 });
  });

  it('with the same Idempotency-Key: the first answer is replayed; another body with that key is refused (422)', async () => {
    const birder = await buildUser(t);
    const body = [doc({ CheckListName: unique('Keyed') })];
    const first = await send(birder, body, { 'Idempotency-Key': 'upload-42' });
    expect(first.status).toBe(201);
    const again = await send(birder, body, { 'Idempotency-Key': 'upload-42' });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await countsOf(birder.id)).toEqual({ checklists: 1, entries: 1 });

    const other = await send(birder, [doc({ CheckListName: unique('Other') })], {
      'Idempotency-Key': 'upload-42',
    });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await countsOf(birder.id)).toEqual({ checklists: 1, entries: 1 });

    // Keys belong to their account: another birder may use the same key.
    const someoneElse = await buildUser(t);
    expect((await send(someoneElse, body, { 'Idempotency-Key': 'upload-42' })).status).toBe(201);
    expect(await countsOf(someoneElse.id)).toEqual({ checklists: 1, entries: 1 });
    expect(await t.ctx.database.db.$count(idempotencyKeys)).toBeGreaterThanOrEqual(2);
  });

  it('two copies of one upload arriving together make one checklist', async () => {
    const birder = await buildUser(t);
    const name = unique('Race');
    const body = [doc({ CheckListName: name }), doc({ CheckListName: name, BirdName: 'Wallcreeper' })];
    const [a, b] = await Promise.all([send(birder, body), send(birder, body)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await countsOf(birder.id)).toEqual({ checklists: 1, entries: 2 });
  });

  it('a submitted checklist takes new birds but its entries cannot be changed from the app (409)', async () => {
    const birder = await buildUser(t);
    const name = unique('Final');
    await send(birder, doc({ CheckListName: name }, { status: 'submittedchecklist' }));
    const changed = await send(
      birder,
      doc({ CheckListName: name }, { status: 'submittedchecklist', Totalcount: 9 }),
    );
    expect(changed.status).toBe(409);
    expect(changed.body.message).toMatch(`checklist '${name}' is already submitted and cannot be changed`);
    const added = await send(
      birder,
      doc({ CheckListName: name, BirdName: 'Wallcreeper' }, { status: 'submittedchecklist' }),
    );
    expect(added.status).toBe(201);
    expect(await countsOf(birder.id)).toEqual({ checklists: 1, entries: 2 });
  });
});

describe('drafts: submit and delete', () => {
  it('submits an own draft by checklist id or entry id; again is a no-op; never back to draft', async () => {
    const birder = await buildUser(t);
    const name = unique('Draft');
    const created = await send(birder, [
      doc({ CheckListName: name }),
      doc({ CheckListName: name, BirdName: 'Wallcreeper' }),
    ]);
    const checklistId = created.body.data[0].checklistId as string;
    const entryId = created.body.data[1]._id as string;

    const bad = await patch(birder, checklistId, { status: 'done' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/status must be one of draftchecklist, submittedchecklist/);

    const submitted = await patch(birder, entryId, { status: 'submittedchecklist' });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(MobileChecklistResponseSchema.parse(submitted.body)).toEqual(submitted.body);
    expect(submitted.body.results).toBe(2);
    expect(
      submitted.body.data.every(
        (e: { StartbirdingData: { status: string }[] }) =>
          e.StartbirdingData[0]?.status === 'submittedchecklist',
      ),
    ).toBe(true);

    const again = await patch(birder, checklistId, { status: 'submittedchecklist' });
    expect(again.status).toBe(200);
    const back = await patch(birder, checklistId, { status: 'draftchecklist' });
    expect(back.status).toBe(409);

    const del = await remove(birder, checklistId);
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/is submitted and can no longer be deleted/);
  });

  it('deletes an own draft, or one entry of it', async () => {
    const birder = await buildUser(t);
    const name = unique('Scratch');
    const photo = await pngDataUrl(120, 120);
    const created = await send(birder, [
      doc({ CheckListName: name }, { photo }),
      doc({ CheckListName: name, BirdName: 'Wallcreeper' }),
    ]);
    const [first, second] = created.body.data as {
      _id: string;
      checklistId: string;
      StartbirdingData: { photo: string }[];
    }[];
    if (!first || !second) throw new Error('no entries');
    const file = path.join(
      t.ctx.mediaDir,
      (first.StartbirdingData[0]?.photo ?? '').replace('http://api.test/media/', ''),
    );
    expect(existsSync(file)).toBe(true);

    const one = await remove(birder, first._id);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ status: 'success', data: null });
    expect(existsSync(file)).toBe(false);
    expect(await countsOf(birder.id)).toEqual({ checklists: 1, entries: 1 });

    const all = await remove(birder, second.checklistId);
    expect(all.status).toBe(200);
    expect(await countsOf(birder.id)).toEqual({ checklists: 0, entries: 0 });
    expect((await remove(birder, second.checklistId)).status).toBe(404);
  });
});

describe('a birder sees and changes only their own records', () => {
  it("answers 404 for another birder's checklist or entry, and never lists it", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const theirs = await send(b, doc({ CheckListName: unique('Private') }));
    const entryId = theirs.body.data._id as string;
    const checklistId = theirs.body.data.checklistId as string;
    await send(a, doc({ CheckListName: unique('Mine') }));

    const listed = await list(a);
    expect(listed.body.data.map((e: { _id: string }) => e._id)).not.toContain(entryId);
    expect(listed.body.total).toBe(1);
    for (const id of [entryId, checklistId]) {
      const p = await patch(a, id, { status: 'submittedchecklist' });
      expect(p.status).toBe(404);
      expect(p.body.message).toBe('Checklist not found');
      expect((await remove(a, id)).status).toBe(404);
    }
    const [row] = await t.ctx.database.db.select().from(checklists).where(eq(checklists.id, checklistId));
    expect(row?.status).toBe('draft');
    expect((await patch(a, 'not-an-id', { status: 'submittedchecklist' })).status).toBe(400);
  });

  it('an admin calling the mobile routes acts as themselves', async () => {
    const admin = await buildAdmin(t);
    const res = await send(admin, doc({ CheckListName: unique('Admin phone') }));
    expect(res.status).toBe(201);
    expect(await countsOf(admin.id)).toEqual({ checklists: 1, entries: 1 });
    expect((await list(admin)).body.total).toBe(1);
  });
});

describe('GET /api/v1/checkList', () => {
  it('pages the caller’s entries, newest change first, in the mobile envelope', async () => {
    const birder = await buildUser(t);
    for (let i = 0; i < 3; i++) {
      await send(birder, [
        doc({ CheckListName: `Walk ${i}` }),
        doc({ CheckListName: `Walk ${i}`, BirdName: 'Wallcreeper' }),
      ]);
    }
    const page1 = await list(birder, '?limit=4');
    expect(page1.status).toBe(200);
    expect(MobileEntriesResponseSchema.parse(page1.body)).toEqual(page1.body);
    expect(page1.body).toMatchObject({ status: 'success', results: 4, total: 6, page: 1, limit: 4 });
    expect(page1.body.data.map((e: { CheckListName: string }) => e.CheckListName)).toEqual([
      'Walk 2',
      'Walk 2',
      'Walk 1',
      'Walk 1',
    ]);
    const page2 = await list(birder, '?limit=4&page=2');
    expect(page2.body.data.map((e: { CheckListName: string }) => e.CheckListName)).toEqual([
      'Walk 0',
      'Walk 0',
    ]);
    expect((await list(birder, '?limit=1000')).body.limit).toBe(100);
    expect((await list(birder, '?page=0')).status).toBe(400);
    expect(JSON.stringify(page1.body)).not.toMatch(/argon2|passwordHash|password_hash/);
  });

  it('with since, returns only checklists changed after it', async () => {
    const birder = await buildUser(t);
    await send(birder, doc({ CheckListName: 'Old walk' }));
    const first = await list(birder);
    const since = first.body.serverTime as string;
    await new Promise((r) => setTimeout(r, 20));
    const fresh = await send(birder, doc({ CheckListName: 'New walk' }));
    const delta = await list(birder, `?since=${encodeURIComponent(since)}`);
    expect(delta.body.data.map((e: { CheckListName: string }) => e.CheckListName)).toEqual(['New walk']);
    expect(delta.body.total).toBe(1);
    // Submitting the old one brings it back into the next sync.
    const old = first.body.data[0].checklistId as string;
    await new Promise((r) => setTimeout(r, 20));
    await patch(birder, old, { status: 'submittedchecklist' });
    const after = await list(birder, `?since=${encodeURIComponent(since)}`);
    expect(after.body.data.map((e: { CheckListName: string }) => e.CheckListName)).toEqual([
      'Old walk',
      'New walk',
    ]);
    expect(fresh.status).toBe(201);
    expect((await list(birder, '?since=yesterday')).status).toBe(400);
  });

  it('brings an administrator review into the next since-sync, and errors carry the app status field', async () => {
    const birder = await buildUser(t);
    const admin = await buildAdmin(t);
    const sent = await send(
      birder,
      doc({ CheckListName: unique('Reviewed walk') }, { status: 'submittedchecklist' }),
    );
    const since = (await list(birder)).body.serverTime as string;
    await new Promise((r) => setTimeout(r, 20));
    expect((await list(birder, `?since=${encodeURIComponent(since)}`)).body.data).toEqual([]);
    const review = await t
      .http()
      .patch(`/api/v1/checklists/${sent.body.data._id}`)
      .set(bearer(admin))
      .send({ approvalStatus: 'approved' });
    expect(review.status).toBe(200);
    const delta = await list(birder, `?since=${encodeURIComponent(since)}`);
    expect(
      delta.body.data.map((e: { _id: string; Approvedstatus: string }) => [e._id, e.Approvedstatus]),
    ).toEqual([[sent.body.data._id, 'approved']]);
    const bad = await send(birder, { CheckListName: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe('fail');
  });

  it('answers on the path in any case, as the app spells it', async () => {
    const birder = await buildUser(t);
    expect((await t.http().get('/api/v1/checklist').set(bearer(birder))).status).toBe(200);
    expect((await t.http().get('/API/V1/CHECKLIST').set(bearer(birder))).status).toBe(200);
  });
});

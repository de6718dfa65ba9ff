import {
  ApproveUnflaggedResponseSchema,
  type Entry,
  MobileEntriesResponseSchema,
  ReviewQueueResponseSchema,
  ReviewQueueSummarySchema,
} from '@jarog/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { birderNotices, entries, notifications } from '../src/db/schema';
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

/** Each test sees only its own pending entries: earlier ones are decided. */
beforeEach(async () => {
  await t.ctx.database.db.execute(sql`update entries set approval = 'rejected' where approval = 'pending'`);
});

let n = 0;
const get = (path: string) => t.http().get(path).set(bearer(admin));
const post = (path: string, body: object) => t.http().post(path).set(bearer(admin)).send(body);

/** A submitted app checklist with one entry, arrived `daysAgo`, its flags computed as a submit does. */
async function pending(
  o: {
    bird?: string;
    dzongkhag?: string;
    daysAgo?: number;
    observerId?: string;
    latitude?: number;
    longitude?: number;
  } = {},
) {
  const sp = o.bird ? undefined : await buildSpecies(t);
  const created = new Date(Date.now() - (o.daysAgo ?? 0) * 86_400_000);
  const seeded = await seedChecklist(
    t,
    {
      name: `Queue ${++n}`,
      source: 'mobile',
      dzongkhag: o.dzongkhag ?? 'Paro',
      observerId: o.observerId ?? null,
      latitude: o.latitude ?? null,
      longitude: o.longitude ?? null,
      createdAt: created,
    },
    [
      {
        birdName: o.bird ?? sp?.englishName ?? '',
        speciesId: sp?.id ?? null,
        total: 1,
        approval: 'pending',
        createdAt: created,
      },
    ],
  );
  await flagChecklists(t.ctx.database.db, [seeded.checklist.id]);
  const entry = seeded.entries[0];
  if (!entry) throw new Error('no entry');
  return entry;
}

/** An unflagged pending entry: a species already approved in the place. */
async function unflagged(o: Parameters<typeof pending>[0] = {}) {
  const sp = await buildSpecies(t);
  await seedChecklist(
    t,
    { dzongkhag: o?.dzongkhag ?? 'Paro', selectedDate: '2025-12-01', observerName: 'Earlier' },
    [{ birdName: sp.englishName, speciesId: sp.id, total: 1, approval: 'approved' }],
  );
  const created = new Date(Date.now() - (o?.daysAgo ?? 0) * 86_400_000);
  const seeded = await seedChecklist(
    t,
    {
      name: `Clean ${++n}`,
      source: 'mobile',
      dzongkhag: o?.dzongkhag ?? 'Paro',
      observerId: o?.observerId ?? null,
      createdAt: created,
    },
    [{ birdName: sp.englishName, speciesId: sp.id, total: 1, approval: 'pending', createdAt: created }],
  );
  await flagChecklists(t.ctx.database.db, [seeded.checklist.id]);
  const entry = seeded.entries[0];
  if (!entry) throw new Error('no entry');
  return entry;
}

describe('GET /api/v1/review/queue', () => {
  it('lists pending entries flagged first, then oldest first, with the reasons', async () => {
    const newFlagged = await pending({ bird: 'Unknown Birds', daysAgo: 1 });
    const oldClean = await unflagged({ daysAgo: 9 });
    const oldFlagged = await pending({ bird: 'New bird - pale warbler', daysAgo: 5 });
    const newClean = await unflagged({ daysAgo: 0 });
    const res = await get('/api/v1/review/queue');
    expect(res.status).toBe(200);
    const body = ReviewQueueResponseSchema.parse(res.body);
    expect(body.items.map((e) => e._id)).toEqual([oldFlagged.id, newFlagged.id, oldClean.id, newClean.id]);
    expect(body.total).toBe(4);
    expect(body.items[0]?.flags).toEqual([
      { code: 'UNKNOWN_SPECIES', reason: "'New bird - pale warbler' is not in the species catalogue" },
    ]);
  });

  it('filters by dzongkhag (any usual spelling) and by flag', async () => {
    const chhukha = await pending({ dzongkhag: 'Chhukha', bird: 'Unknown Birds' });
    const paroFirst = await pending({ dzongkhag: 'Paro' });
    const clean = await unflagged();
    const ids = async (q: string) =>
      (await get(`/api/v1/review/queue?${q}`)).body.items.map((e: Entry) => e._id);
    expect(await ids('dzongkhag=chukha')).toEqual([chhukha.id]);
    expect(await ids('flag=FIRST_IN_PLACE')).toEqual([paroFirst.id]);
    expect(await ids('flag=none')).toEqual([clean.id]);
    expect((await ids('flag=any')).sort()).toEqual([chhukha.id, paroFirst.id].sort());
    const bad = await get('/api/v1/review/queue?flag=SHINY');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/flag must be one of/);
  });

  it('summarises pending and flagged per dzongkhag, with the median days to a decision', async () => {
    await pending({ dzongkhag: 'Haa', bird: 'Unknown Birds' });
    await unflagged({ dzongkhag: 'Haa' });
    const decided = await unflagged({ dzongkhag: 'Gasa', daysAgo: 4 });
    await t.ctx.database.db
      .update(entries)
      .set({ approval: 'approved', reviewedAt: new Date() })
      .where(eq(entries.id, decided.id));
    const res = await get('/api/v1/review/summary');
    const body = ReviewQueueSummarySchema.parse(res.body);
    expect(body.dzongkhags.find((d) => d.dzongkhag === 'Haa')).toMatchObject({ pending: 2, flagged: 1 });
    expect(body.dzongkhags.find((d) => d.dzongkhag === 'Gasa')?.medianDaysToDecision).toBe(4);
  });
});

describe('POST /api/v1/review/approve-unflagged', () => {
  it('approves the unflagged ones, leaves the flagged with a reason, and tells the birders', async () => {
    const birder = await buildUser(t);
    const clean = await unflagged({ observerId: birder.id });
    const flagged = await pending({ bird: 'Unknown Birds', observerId: birder.id });
    const res = await post('/api/v1/review/approve-unflagged', { entryIds: [clean.id, flagged.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = ApproveUnflaggedResponseSchema.parse(res.body);
    expect(body.approved).toBe(1);
    expect(body.skipped).toEqual([
      { id: flagged.id, reason: 'flagged (UNKNOWN_SPECIES): review it on its own' },
    ]);
    const notices = await t.ctx.database.db
      .select()
      .from(birderNotices)
      .where(eq(birderNotices.userId, birder.id));
    expect(notices.map((x) => [x.kind, x.entryId])).toEqual([['approved', clean.id]]);
    const missing = await post('/api/v1/review/approve-unflagged', { entryIds: [crypto.randomUUID()] });
    expect(missing.status).toBe(404);
    expect((await post('/api/v1/review/approve-unflagged', { entryIds: [] })).status).toBe(400);
  });
});

describe('automatic approval of trusted birders', () => {
  let day = 0;
  const upload = (who: BuiltUser, bird: string, name: string) =>
    t
      .http()
      .post('/api/v1/checkList')
      .set(bearer(who))
      .send({
        CheckListName: name,
        BirdName: bird,
        StartbirdingData: [
          {
            selectedDate: `2025-03-${String(++day).padStart(2, '0')}`,
            selectedTime: '07:00',
            status: 'submittedchecklist',
            Totalcount: 1,
            JAcount: { Adult: 1, Juvenile: 0 },
            currentLocation: { latitude: 27.43, longitude: 89.41 },
            EndpointLocation: [{ dzongkhag: 'Paro', gewog: 'Tsento', village: 'Drukgyel' }],
          },
        ],
      });

  it('is off by default; when on, approves unflagged entries of trusted birders, logged and reversible', async () => {
    const sp = await buildSpecies(t);
    const trusted = await buildUser(t);
    // Two approved entries of this birder make them trusted at a threshold of 2.
    for (const day of ['2024-03-01', '2024-03-02']) {
      await seedChecklist(t, { observerId: trusted.id, selectedDate: day, dzongkhag: 'Paro' }, [
        { birdName: sp.englishName, speciesId: sp.id, total: 1, approval: 'approved' },
      ]);
    }
    const off = await upload(trusted, sp.englishName, 'Before the setting');
    expect(off.body.data).toMatchObject({ Approvedstatus: 'pending', autoApproved: false });

    expect((await get('/api/v1/review/settings')).body.autoApprove).toBe(false);
    const on = await t
      .http()
      .patch('/api/v1/review/settings')
      .set(bearer(admin))
      .send({ autoApprove: true, trustedMinApproved: 2 });
    expect(on.status, JSON.stringify(on.body)).toBe(200);

    const auto = await upload(trusted, sp.englishName, 'After the setting');
    expect(auto.body.data).toMatchObject({ Approvedstatus: 'approved', autoApproved: true, flags: [] });
    // Flagged entries, and birders without the record, still wait.
    const flagged = await upload(trusted, 'Unknown Birds', 'A mystery');
    expect(flagged.body.data.Approvedstatus).toBe('pending');
    const newcomer = await upload(await buildUser(t), sp.englishName, 'Newcomer');
    expect(newcomer.body.data.Approvedstatus).toBe('pending');

    const log = await t.ctx.database.db.select().from(notifications);
    expect(log.map((l) => l.message)).toContain(
      `1 entry on checklist 'After the setting' approved automatically (trusted birder ${trusted.name}, no flags)`,
    );
    const listed = await get('/api/v1/review/auto-approved');
    expect(listed.body.items.map((e: Entry) => e._id)).toEqual([auto.body.data._id]);

    const undo = await post('/api/v1/review/auto-approved/undo', { entryIds: [auto.body.data._id] });
    expect(undo.body).toEqual({ message: '1 entry back in the review queue', reverted: 1 });
    const queue = await get('/api/v1/review/queue?flag=none');
    expect(queue.body.items.map((e: Entry) => e._id)).toContain(auto.body.data._id);
    expect((await get('/api/v1/review/auto-approved')).body.total).toBe(0);
    await t.http().patch('/api/v1/review/settings').set(bearer(admin)).send({ autoApprove: false });
    expect((await t.http().patch('/api/v1/review/settings').set(bearer(admin)).send({})).status).toBe(400);
  });
});

describe('outcomes the birder sees', () => {
  it('a rejection carries the reason picked from the templates, in the records and the notice', async () => {
    const templates = await get('/api/v1/review/rejection-templates');
    expect(templates.body.items.length).toBeGreaterThanOrEqual(3);
    const added = await post('/api/v1/review/rejection-templates', {
      text: 'Please add a photo of this bird',
    });
    expect(added.status).toBe(201);
    expect(
      (await post('/api/v1/review/rejection-templates', { text: 'please ADD a photo of this bird' })).status,
    ).toBe(409);
    const edited = await t
      .http()
      .patch(`/api/v1/review/rejection-templates/${added.body.data._id}`)
      .set(bearer(admin))
      .send({ text: 'Please add a photo of the bird' });
    expect(edited.body.data.text).toBe('Please add a photo of the bird');

    const birder = await buildUser(t);
    const entry = await pending({ bird: 'Unknown Birds', observerId: birder.id });
    const rejected = await t
      .http()
      .patch(`/api/v1/checklists/${entry.id}`)
      .set(bearer(admin))
      .send({ approvalStatus: 'rejected', rejectionReason: edited.body.data.text });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({
      Approvedstatus: 'rejected',
      rejectionReason: 'Please add a photo of the bird',
    });

    const mine = MobileEntriesResponseSchema.parse(
      (await t.http().get('/api/v1/checkList').set(bearer(birder))).body,
    );
    expect(mine.data[0]).toMatchObject({
      Approvedstatus: 'rejected',
      rejectionReason: 'Please add a photo of the bird',
      flags: [{ code: 'UNKNOWN_SPECIES', reason: "'Unknown Birds' is not in the species catalogue" }],
    });
    const notices = await t.ctx.database.db
      .select()
      .from(birderNotices)
      .where(eq(birderNotices.userId, birder.id));
    expect(notices.map((x) => [x.kind, x.message])).toEqual([
      [
        'rejected',
        `Your entry 'Unknown Birds' on checklist 'Queue ${n}' was rejected: Please add a photo of the bird`,
      ],
    ]);

    // Approving later clears the reason; a bulk rejection gives one to all.
    await t
      .http()
      .patch(`/api/v1/checklists/${entry.id}`)
      .set(bearer(admin))
      .send({ approvalStatus: 'approved' });
    const after = (await t.http().get('/api/v1/checkList').set(bearer(birder))).body.data[0];
    expect(after).toMatchObject({ Approvedstatus: 'approved', rejectionReason: null });
    const bulk = await post('/api/v1/checklists/review', {
      approvalStatus: 'rejected',
      entryIds: [entry.id],
      rejectionReason: 'This record duplicates another checklist of yours',
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    const [row] = await t.ctx.database.db.select().from(entries).where(eq(entries.id, entry.id));
    expect(row?.rejectionReason).toBe('This record duplicates another checklist of yours');

    const removed = await t
      .http()
      .delete(`/api/v1/review/rejection-templates/${added.body.data._id}`)
      .set(bearer(admin));
    expect(removed.status).toBe(200);
    expect(
      (await t.http().delete(`/api/v1/review/rejection-templates/${added.body.data._id}`).set(bearer(admin)))
        .status,
    ).toBe(404);
  });
});

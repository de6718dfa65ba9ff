import { randomBytes, randomUUID } from 'node:crypto';
import { BulkReviewResponseSchema, EntryPatchResponseSchema } from '@jarog/contracts';
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { birderNotices, entries, notifications } from '../src/db/schema';
import { type BuiltUser, bearer, buildAdmin, buildSpecies, buildUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { entryNamed, seedChecklist } from './records-fixtures';

let t: TestApp;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t, { name: 'Reviewer One' });
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
const patch = (entryId: string, body: unknown, as: BuiltUser = admin) =>
  t
    .http()
    .patch(`/api/v1/checklists/${entryId}`)
    .set(bearer(as))
    .send(body as object);
const bulk = (body: unknown, as: BuiltUser = admin) =>
  t
    .http()
    .post('/api/v1/checklists/review')
    .set(bearer(as))
    .send(body as object);
const entryRow = async (id: string) => (await db().select().from(entries).where(eq(entries.id, id)))[0];
const noticesOf = (userId: string) =>
  db().select().from(birderNotices).where(eq(birderNotices.userId, userId)).orderBy(birderNotices.createdAt);
const logLines = async (needle: string) =>
  (await db().select().from(notifications).orderBy(desc(notifications.createdAt)))
    .map((n) => n.message)
    .filter((m) => m.includes(needle));

/** A birder with a submitted checklist of their own; names are unique so lists can be filtered to it. */
async function birderChecklist(
  rows: Parameters<typeof seedChecklist>[2],
  checklist: Parameters<typeof seedChecklist>[1] = {},
) {
  const birder = await buildUser(t, { name: `Birder ${randomBytes(3).toString('hex')}` });
  const seeded = await seedChecklist(
    t,
    {
      name: `Walk ${randomBytes(3).toString('hex')}`,
      observerId: birder.id,
      observerName: birder.name,
      source: 'mobile',
      ...checklist,
    },
    rows,
  );
  return { birder, ...seeded };
}

describe('PATCH /api/v1/checklists/{entryId}: approval', () => {
  it('approves a pending entry, records reviewer and time, logs it and tells the birder', async () => {
    const s = await birderChecklist([{ birdName: 'Grey Heron', total: 1 }]);
    const heron = entryNamed(s, 'Grey Heron');
    const before = Date.now();
    const res = await patch(heron.id, { approvalStatus: 'approved' });
    expect(res.status).toBe(200);
    const body = EntryPatchResponseSchema.parse(res.body);
    expect(body.message).toBe(`Entry 'Grey Heron' on checklist '${s.checklist.name}' approved`);
    expect(body.data).toMatchObject({
      _id: heron.id,
      Approvedstatus: 'approved',
      reviewedBy: admin.id,
      reviewer: { name: 'Reviewer One', email: admin.email },
    });
    expect(body.data.StartbirdingData[0]?.Approvedstatus).toBe('approved');
    expect(Date.parse(body.data.reviewedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(await logLines(s.checklist.name)).toEqual([
      `Entry 'Grey Heron' on checklist '${s.checklist.name}' approved by ${admin.email}`,
    ]);
    const notices = await noticesOf(s.birder.id);
    expect(notices.map((n) => [n.kind, n.entryId, n.message])).toEqual([
      ['approved', heron.id, `Your entry 'Grey Heron' on checklist '${s.checklist.name}' was approved`],
    ]);
    // It is now on the entries list.
    const list = await t
      .http()
      .get(`/api/v1/entries?birder=${encodeURIComponent(s.birder.name)}`)
      .set(bearer(admin));
    expect(list.body.checklists.map((e: { _id: string }) => e._id)).toEqual([heron.id]);
  });

  it('switches between approved and rejected, keeping the latest reviewer and time', async () => {
    const s = await birderChecklist([{ birdName: 'Ruddy Shelduck', total: 4 }]);
    const duck = entryNamed(s, 'Ruddy Shelduck');
    const second = await buildAdmin(t, { name: 'Reviewer Two' });
    await patch(duck.id, { approvalStatus: 'approved' });
    const first = await entryRow(duck.id);
    const rejected = await patch(duck.id, { approvalStatus: 'rejected' }, second);
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({
      Approvedstatus: 'rejected',
      reviewer: { name: 'Reviewer Two', email: second.email },
    });
    const after = await entryRow(duck.id);
    expect(after?.reviewedBy).toBe(second.id);
    expect(after?.reviewedAt?.getTime()).toBeGreaterThanOrEqual(first?.reviewedAt?.getTime() ?? 0);
    const back = await patch(duck.id, { approvalStatus: 'approved' });
    expect(back.body.data).toMatchObject({ Approvedstatus: 'approved', reviewedBy: admin.id });
    const detail = await t.http().get(`/api/v1/checklists/${s.checklist.id}`).set(bearer(admin));
    expect(detail.body.entries[0]).toMatchObject({
      Approvedstatus: 'approved',
      reviewer: { name: 'Reviewer One', email: admin.email },
    });
    expect(await logLines(s.checklist.name)).toHaveLength(3);
    expect((await noticesOf(s.birder.id)).map((n) => n.kind)).toEqual(['approved', 'rejected', 'approved']);
  });

  it('changes nothing when the entry is already in that state', async () => {
    const s = await birderChecklist([{ birdName: 'Grey Heron', approval: 'approved', total: 1 }]);
    const heron = entryNamed(s, 'Grey Heron');
    const res = await patch(heron.id, { approvalStatus: 'approved' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      `Entry 'Grey Heron' on checklist '${s.checklist.name}' is already approved`,
    );
    expect(await logLines(s.checklist.name)).toEqual([]);
    expect(await noticesOf(s.birder.id)).toEqual([]);
  });

  it('writes no notice for a checklist without a birder account', async () => {
    const s = await seedChecklist(t, { name: `Console ${randomBytes(3).toString('hex')}` }, [
      { birdName: 'Grey Heron', total: 1 },
    ]);
    const res = await patch(entryNamed(s, 'Grey Heron').id, { approvalStatus: 'rejected' });
    expect(res.status).toBe(200);
    expect(await logLines(s.checklist.name)).toHaveLength(1);
    const notices = await db()
      .select()
      .from(birderNotices)
      .where(eq(birderNotices.entryId, entryNamed(s, 'Grey Heron').id));
    expect(notices).toEqual([]);
  });

  it('400 for a bad id or body, 404 for an unknown entry, 409 for a draft; nothing changes', async () => {
    const s = await birderChecklist([{ birdName: 'Grey Heron', total: 1 }]);
    const heron = entryNamed(s, 'Grey Heron');
    const badId = await patch('not-an-id', { approvalStatus: 'approved' });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('Entry id is not valid');
    for (const body of [{}, { approvalStatus: 'approved', BirdName: 'Grey Heron' }, { other: 1 }]) {
      const res = await patch(heron.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe("Send either approvalStatus ('approved' or 'rejected') or BirdName");
    }
    const pending = await patch(heron.id, { approvalStatus: 'pending' });
    expect(pending.status).toBe(400);
    expect(pending.body.message).toBe("Approval status must be 'approved' or 'rejected'");
    const unknown = await patch(randomUUID(), { approvalStatus: 'approved' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Entry not found');

    const draft = await birderChecklist([{ birdName: 'Grey Heron', total: 1 }], { status: 'draft' });
    const draftHeron = entryNamed(draft, 'Grey Heron');
    for (const body of [{ approvalStatus: 'approved' }, { BirdName: 'Unknown Birds' }]) {
      const res = await patch(draftHeron.id, body);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('CONFLICT');
      expect(res.body.message).toBe(
        `Checklist '${draft.checklist.name}' is a draft: its entries can be reviewed once the birder submits it`,
      );
    }
    expect(await entryRow(heron.id)).toMatchObject({ approval: 'pending', reviewedBy: null });
    expect(await entryRow(draftHeron.id)).toMatchObject({ approval: 'pending', birdName: 'Grey Heron' });
    expect(await logLines(s.checklist.name)).toEqual([]);
    expect(await logLines(draft.checklist.name)).toEqual([]);
  });

  it('is for admins only (401, 403 for a birder)', async () => {
    const s = await birderChecklist([{ birdName: 'Grey Heron', total: 1 }]);
    const heron = entryNamed(s, 'Grey Heron');
    expect(
      (await t.http().patch(`/api/v1/checklists/${heron.id}`).send({ approvalStatus: 'approved' })).status,
    ).toBe(401);
    const own = await patch(heron.id, { approvalStatus: 'approved' }, s.birder);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('NOT_ADMIN');
    expect(await entryRow(heron.id)).toMatchObject({ approval: 'pending' });
  });
});

describe('PATCH /api/v1/checklists/{entryId}: rename', () => {
  it('renaming to a catalogue species links it, uses the catalogue spelling and leaves the new-species list', async () => {
    const pigeon = await buildSpecies(t, { englishName: 'Snow Pigeon', scientificName: 'Columba leuconota' });
    const s = await birderChecklist([{ birdName: 'New bird - white pigeon', total: 3 }]);
    const report = entryNamed(s, 'New bird - white pigeon');
    const filter = `birder=${encodeURIComponent(s.birder.name)}`;
    const before = await t.http().get(`/api/v1/newspecies?${filter}`).set(bearer(admin));
    expect(before.body.foundTotal).toBe(1);

    const res = await patch(report.id, { BirdName: '  snow   PIGEON ' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      `Entry 'New bird - white pigeon' on checklist '${s.checklist.name}' renamed to 'Snow Pigeon'`,
    );
    expect(res.body.data).toMatchObject({
      BirdName: 'Snow Pigeon',
      speciesId: pigeon.id,
      Approvedstatus: 'pending',
    });
    expect(await entryRow(report.id)).toMatchObject({
      birdName: 'Snow Pigeon',
      speciesId: pigeon.id,
      isNewSpecies: false,
    });

    const after = await t.http().get(`/api/v1/newspecies?${filter}`).set(bearer(admin));
    expect(after.body).toMatchObject({ foundTotal: 0, checklists: [] });
    const checklistsList = await t.http().get(`/api/v1/checklists?${filter}`).set(bearer(admin));
    expect(checklistsList.body.checklists[0].entries.map((e: { BirdName: string }) => e.BirdName)).toEqual([
      'Snow Pigeon',
    ]);
    expect(await logLines(s.checklist.name)).toEqual([
      `Entry 'New bird - white pigeon' on checklist '${s.checklist.name}' renamed to 'Snow Pigeon' by ${admin.email}`,
    ]);
    expect((await noticesOf(s.birder.id)).map((n) => [n.kind, n.entryId, n.message])).toEqual([
      [
        'renamed',
        report.id,
        `Your entry 'New bird - white pigeon' on checklist '${s.checklist.name}' was renamed to 'Snow Pigeon'`,
      ],
    ]);
  });

  it('accepts a new-species name (it stays on the list) and refuses names the catalogue does not know', async () => {
    const s = await birderChecklist([{ birdName: 'Unknown Birds', total: 1 }]);
    const report = entryNamed(s, 'Unknown Birds');
    const described = await patch(report.id, { BirdName: 'new bird -  grey   finch' });
    expect(described.status).toBe(200);
    expect(described.body.data).toMatchObject({ BirdName: 'New bird - grey finch', speciesId: null });
    const list = await t
      .http()
      .get(`/api/v1/newspecies?birder=${encodeURIComponent(s.birder.name)}`)
      .set(bearer(admin));
    expect(list.body.checklists[0].entries.map((e: { BirdName: string }) => e.BirdName)).toEqual([
      'New bird - grey finch',
    ]);

    const cases: [unknown, string][] = [
      [
        { BirdName: 'Not A Catalogue Bird' },
        "'Not A Catalogue Bird' is not in the species catalogue: add the species first, or name the entry 'New bird - Not A Catalogue Bird'",
      ],
      [{ BirdName: ' a ' }, 'Bird name must be at least 2 characters'],
      [{ BirdName: '' }, 'Bird name must be at least 2 characters'],
      [{ BirdName: 'x'.repeat(201) }, 'Bird name must be at most 200 characters'],
      [{ BirdName: 42 }, 'BirdName must be text'],
    ];
    for (const [body, message] of cases) {
      const res = await patch(report.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await entryRow(report.id)).toMatchObject({ birdName: 'New bird - grey finch' });
    const same = await patch(report.id, { BirdName: 'New bird - grey finch' });
    expect(same.body.message).toMatch(/already named so$/);
    expect(await logLines(s.checklist.name)).toHaveLength(1);
  });

  it('renames any entry to another catalogue species, and back to a report', async () => {
    const crane = await buildSpecies(t, { englishName: 'Common Crane', scientificName: 'Grus grus' });
    const s = await birderChecklist([{ birdName: 'Black-necked Crane', approval: 'approved', total: 2 }]);
    const entry = entryNamed(s, 'Black-necked Crane');
    const res = await patch(entry.id, { BirdName: 'common crane' });
    expect(res.body.data).toMatchObject({
      BirdName: 'Common Crane',
      speciesId: crane.id,
      Approvedstatus: 'approved',
    });
    const back = await patch(entry.id, { BirdName: 'unknown birds' });
    expect(back.body.data).toMatchObject({ BirdName: 'Unknown Birds', speciesId: null });
    expect(await entryRow(entry.id)).toMatchObject({ isNewSpecies: true });
  });
});

describe('POST /api/v1/checklists/review', () => {
  it('reviews entries and whole checklists in one call; a checklist’s new-species reports are left alone', async () => {
    const a = await birderChecklist([
      { birdName: 'Grey Heron', total: 1 },
      { birdName: 'Ruddy Shelduck', approval: 'approved', total: 2 },
      { birdName: 'Unknown Birds', total: 1 },
    ]);
    const b = await birderChecklist([
      { birdName: 'Common Merganser', total: 1 },
      { birdName: 'White-bellied Heron', approval: 'rejected', total: 1 },
    ]);
    const res = await bulk({
      approvalStatus: 'approved',
      checklistIds: [a.checklist.id],
      entryIds: [entryNamed(b, 'White-bellied Heron').id, entryNamed(a, 'Grey Heron').id],
    });
    expect(res.status).toBe(200);
    expect(BulkReviewResponseSchema.parse(res.body)).toEqual({
      message: '2 entries approved (1 already approved)',
      approvalStatus: 'approved',
      updated: 2,
      unchanged: 1,
    });
    const rows = await db()
      .select()
      .from(entries)
      .where(inArray(entries.checklistId, [a.checklist.id, b.checklist.id]));
    const state = Object.fromEntries(rows.map((r) => [r.birdName, [r.approval, r.reviewedBy === admin.id]]));
    expect(state).toEqual({
      'Grey Heron': ['approved', true],
      'Ruddy Shelduck': ['approved', false],
      'Unknown Birds': ['pending', false],
      'Common Merganser': ['pending', false],
      'White-bellied Heron': ['approved', true],
    });
    const line = `2 entries on checklists`;
    const lines = await logLines(a.checklist.name);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^${line} '.+', '.+' approved by ${admin.email.replace('.', '\\.')}$`),
    );
    expect(lines[0]).toContain(`'${b.checklist.name}'`);
    expect((await noticesOf(a.birder.id)).map((n) => n.message)).toEqual([
      `Your entry 'Grey Heron' on checklist '${a.checklist.name}' was approved`,
    ]);
    expect((await noticesOf(b.birder.id)).map((n) => n.message)).toEqual([
      `Your entry 'White-bellied Heron' on checklist '${b.checklist.name}' was approved`,
    ]);
  });

  it('sends one notice per birder and checklist, counting the entries', async () => {
    const s = await birderChecklist([
      { birdName: 'Grey Heron', total: 1 },
      { birdName: 'Ruddy Shelduck', total: 2 },
      { birdName: 'Common Merganser', total: 3 },
    ]);
    const res = await bulk({ approvalStatus: 'rejected', checklistIds: [s.checklist.id, s.checklist.id] });
    expect(res.body).toMatchObject({ updated: 3, unchanged: 0, message: '3 entries rejected' });
    expect((await noticesOf(s.birder.id)).map((n) => [n.kind, n.entryId, n.message])).toEqual([
      ['rejected', null, `3 entries on your checklist '${s.checklist.name}' were rejected`],
    ]);
    expect(await logLines(s.checklist.name)).toEqual([
      `3 entries on checklist '${s.checklist.name}' rejected by ${admin.email}`,
    ]);
    const again = await bulk({ approvalStatus: 'rejected', checklistIds: [s.checklist.id] });
    expect(again.body).toMatchObject({
      updated: 0,
      unchanged: 3,
      message: 'Nothing to change: 3 entries were already rejected',
    });
    expect(await logLines(s.checklist.name)).toHaveLength(1);
  });

  it('changes nothing when an id is unknown (404 naming it) or a checklist is a draft (409)', async () => {
    const s = await birderChecklist([{ birdName: 'Grey Heron', total: 1 }]);
    const heron = entryNamed(s, 'Grey Heron');
    const ghostEntry = randomUUID();
    const ghostChecklist = randomUUID();
    const res = await bulk({
      approvalStatus: 'approved',
      entryIds: [heron.id, ghostEntry],
      checklistIds: [ghostChecklist],
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(
      `Nothing was changed. Not found: entries ${ghostEntry}; checklists ${ghostChecklist}`,
    );
    expect(res.body.details).toEqual({ entryIds: [ghostEntry], checklistIds: [ghostChecklist] });

    const draft = await birderChecklist([{ birdName: 'Grey Heron', total: 1 }], { status: 'draft' });
    const conflict = await bulk({
      approvalStatus: 'approved',
      entryIds: [heron.id],
      checklistIds: [draft.checklist.id],
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.details).toEqual({ ids: [draft.checklist.id] });
    const viaEntry = await bulk({
      approvalStatus: 'approved',
      entryIds: [heron.id, entryNamed(draft, 'Grey Heron').id],
    });
    expect(viaEntry.status).toBe(409);

    expect(await entryRow(heron.id)).toMatchObject({ approval: 'pending', reviewedBy: null });
    expect(await logLines(s.checklist.name)).toEqual([]);
    expect(await noticesOf(s.birder.id)).toEqual([]);
  });

  it('validates the body (400) and is for admins only', async () => {
    const cases: [unknown, string][] = [
      [{}, "Approval status must be 'approved' or 'rejected'"],
      [{ approvalStatus: 'approved' }, 'Name at least one entry or checklist'],
      [{ approvalStatus: 'approved', entryIds: ['x'] }, 'entryIds.0: entryIds must be entry ids'],
      [
        { approvalStatus: 'approved', checklistIds: Array.from({ length: 101 }, () => randomUUID()) },
        'At most 100 checklists at once',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await bulk(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const birder = await buildUser(t);
    expect((await t.http().post('/api/v1/checklists/review').send({})).status).toBe(401);
    expect((await bulk({ approvalStatus: 'approved', entryIds: [randomUUID()] }, birder)).status).toBe(403);
  });
});

describe('GET /api/v1/checklists/{name} with a shared name', () => {
  it('picks a submitted checklist before a draft, then the newest', async () => {
    const name = `Shared ${randomBytes(3).toString('hex')}`;
    await seedChecklist(t, { name, selectedDate: '2025-01-01' }, [{ birdName: 'Grey Heron', total: 1 }]);
    const newest = await seedChecklist(t, { name, selectedDate: '2025-06-01', selectedTime: '06:00:00' }, [
      { birdName: 'Grey Heron', total: 1 },
    ]);
    await seedChecklist(t, { name, selectedDate: '2025-06-01', selectedTime: '05:00:00' });
    await seedChecklist(t, { name, selectedDate: '2026-01-01', status: 'draft' });
    const res = await t
      .http()
      .get(`/api/v1/checklists/${encodeURIComponent(name.toUpperCase())}`)
      .set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body.checklistId).toBe(newest.checklist.id);
  });
});

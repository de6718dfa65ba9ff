import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { birderNotices } from '../src/db/schema';
import { addBirderNotices, type NoticeKind } from '../src/modules/mobile/notices';
import { type BuiltUser, bearer, buildAdmin, buildRoot, buildUser } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Writes `n` notices for `u`, one millisecond apart so their order is known (oldest first). */
async function noticesFor(u: BuiltUser, n: number, kind: NoticeKind = 'approved') {
  for (let i = 0; i < n; i++) {
    await t.ctx.database.db.transaction((tx) =>
      addBirderNotices(tx, [{ userId: u.id, entryId: null, kind, message: `Notice ${i + 1} for ${u.name}` }]),
    );
    await new Promise((r) => setTimeout(r, 2));
  }
}
/** The installed app's list: identification notices, an array, oldest first. */
const list = (u: BuiltUser, userId = u.id) => t.http().get(`/api/v1/notifications/${userId}`).set(bearer(u));
/** Every notice, paged, newest first. */
const all = (u: BuiltUser, query = '') => t.http().get(`/api/v1/notices${query}`).set(bearer(u));
const remove = (u: BuiltUser, id: string) => t.http().delete(`/api/v1/notifications/${id}`).set(bearer(u));

describe('GET /api/v1/notifications/{userId} and GET /api/v1/notices', () => {
  it("401 → 400 → 404 for another's → the birder's own identifications, oldest first, as an array", async () => {
    const birder = await buildUser(t);
    const other = await buildUser(t);
    await noticesFor(birder, 3, 'renamed');
    await noticesFor(birder, 2, 'approved');
    await noticesFor(other, 2, 'renamed');

    expect((await t.http().get(`/api/v1/notifications/${birder.id}`)).status).toBe(401);
    const badId = await list(birder, 'not-a-uuid');
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({
      status: 'fail',
      message: 'User id is not valid',
      error: 'User id is not valid',
    });

    const theirs = await list(birder, other.id);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ status: 'fail', code: 'NOT_FOUND' });

    const mine = await list(birder);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ status: 'success', results: 3 });
    expect(mine.body.data.map((n: { message: string }) => n.message)).toEqual(
      [1, 2, 3].map((i) => `Notice ${i} for ${birder.name}`),
    );
    expect(mine.body.data[0]).toEqual({
      _id: expect.any(String),
      userId: birder.id,
      BirdName: null,
      photoUrl: null,
      message: `Notice 1 for ${birder.name}`,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('lists every kind of notice on /api/v1/notices, newest first, paginated', async () => {
    const birder = await buildUser(t);
    await noticesFor(birder, 4, 'approved');
    await noticesFor(birder, 3, 'rejected');
    expect((await t.http().get('/api/v1/notices')).status).toBe(401);
    expect((await all(birder, '?page=0')).status).toBe(400);
    const first = await all(birder, '?limit=5');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'success',
      results: 5,
      data: { total: 7, page: 1, limit: 5 },
    });
    expect(first.body.data.notifications.map((n: { kind: string }) => n.kind)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'approved',
      'approved',
    ]);
    expect(first.body.data.notifications[0]).toEqual({
      _id: expect.any(String),
      userId: birder.id,
      entryId: null,
      kind: 'rejected',
      BirdName: null,
      photoUrl: null,
      message: `Notice 3 for ${birder.name}`,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const second = await all(birder, '?limit=5&page=2');
    expect(second.body.data.notifications.map((n: { message: string }) => n.message)).toEqual(
      [2, 1].map((i) => `Notice ${i} for ${birder.name}`),
    );
    expect((await all(birder)).body.data.limit).toBe(20);
    expect((await all(birder, '?limit=1000')).body.data.limit).toBe(100);
    // The app's list holds identifications only.
    expect((await list(birder)).body.data).toEqual([]);
  });

  it("answers 404 to admins and root-users for a birder's notices: they are the birder's own", async () => {
    const birder = await buildUser(t);
    await noticesFor(birder, 1);
    for (const staff of [await buildAdmin(t), await buildRoot(t)]) {
      expect((await list(staff, birder.id)).status).toBe(404);
      // Their own (empty) list works like anyone's.
      expect((await list(staff)).body).toEqual({ status: 'success', results: 0, data: [] });
      expect((await all(staff)).body).toMatchObject({ status: 'success', results: 0, data: { total: 0 } });
    }
  });

  it("drops a birder's notices with the account", async () => {
    const birder = await buildUser(t);
    await noticesFor(birder, 2, 'renamed');
    expect((await all(birder)).body.data.notifications[0]).toMatchObject({ kind: 'renamed', entryId: null });
    const root = await buildRoot(t);
    expect((await t.http().delete(`/users/${birder.id}`).set(bearer(root))).status).toBe(200);
    const left = await t.ctx.database.db
      .select()
      .from(birderNotices)
      .where(eq(birderNotices.userId, birder.id));
    expect(left).toHaveLength(0);
  });
});

describe('DELETE /api/v1/notifications/{id}', () => {
  it("deletes the birder's own notice; another's or an unknown one is 404 and stays", async () => {
    const birder = await buildUser(t);
    const other = await buildUser(t);
    await noticesFor(birder, 2);
    await noticesFor(other, 1);
    const mine = (await all(birder)).body.data.notifications[0]._id as string;
    const theirs = (await all(other)).body.data.notifications[0]._id as string;

    expect((await t.http().delete(`/api/v1/notifications/${mine}`)).status).toBe(401);
    expect((await remove(birder, 'nope')).status).toBe(400);
    const refused = await remove(birder, theirs);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Notification not found');
    expect(
      await t.ctx.database.db.select().from(birderNotices).where(eq(birderNotices.id, theirs)),
    ).toHaveLength(1);
    // Not even a root-user deletes a birder's notice through this call.
    expect((await remove(await buildRoot(t), theirs)).status).toBe(404);

    const deleted = await remove(birder, mine);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ status: 'success', data: null });
    expect((await all(birder)).body.data.total).toBe(1);
    expect((await remove(birder, mine)).status).toBe(404);
    expect((await remove(birder, randomUUID())).status).toBe(404);
  });
});

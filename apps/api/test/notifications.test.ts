import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema';
import { bearer, buildAdmin, buildRoot, buildUser } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Listed {
  _id: string;
  message: string;
  actorEmail: string | null;
  createdAt: string;
}

describe('GET /notifications', () => {
  it('401 → 400 → 403 → 200 with the documented shape', async () => {
    expect((await t.http().get('/notifications')).status).toBe(401);
    const admin = await buildAdmin(t);
    const bad = await t.http().get('/notifications?page=-1').set(bearer(admin));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('page: must be 1 or more');
    const plain = await buildUser(t);
    const refused = await t.http().get('/notifications').set(bearer(plain));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_ADMIN');
    const off = await buildAdmin(t, { isDeactivated: true });
    expect((await t.http().get('/notifications').set(bearer(off))).body.code).toBe('ACCOUNT_DEACTIVATED');

    const res = await t.http().get('/notifications').set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ limit: 10, page: 1, notificationsTotal: expect.any(Number) });
    // The first start recorded the configured root user.
    expect(res.body.notifications).toContainEqual(
      expect.objectContaining({ message: 'Root user root@test.bt created at first start', actorEmail: null }),
    );
    const root = await buildRoot(t);
    expect((await t.http().get('/notifications').set(bearer(root))).status).toBe(200);
  });

  it('pages 10 at a time, newest first, with the right total', async () => {
    const admin = await buildAdmin(t);
    const before = (await t.http().get('/notifications').set(bearer(admin))).body
      .notificationsTotal as number;
    // Dated in the future, so these twelve are the newest entries whatever else this file wrote.
    const tag = randomBytes(3).toString('hex');
    const rows = Array.from({ length: 12 }, (_, i) => ({
      message: `${tag} entry ${i + 1}`,
      createdAt: new Date(Date.UTC(2100, 0, 1, 0, 0, i + 1)),
    }));
    await t.ctx.database.db.insert(notifications).values(rows);

    const page1 = await t.http().get('/notifications').set(bearer(admin));
    expect(page1.body).toMatchObject({ limit: 10, page: 1, notificationsTotal: before + 12 });
    expect(page1.body.notifications.map((n: Listed) => n.message)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `${tag} entry ${i}`),
    );
    expect(page1.body.notifications[0].createdAt).toBe('2100-01-01T00:00:12.000Z');
    const page2 = await t.http().get('/notifications?page=2').set(bearer(admin));
    expect(page2.body.page).toBe(2);
    expect(page2.body.notifications.slice(0, 2).map((n: Listed) => n.message)).toEqual([
      `${tag} entry 2`,
      `${tag} entry 1`,
    ]);
    const small = await t.http().get('/notifications?limit=3&page=2').set(bearer(admin));
    expect(small.body.limit).toBe(3);
    expect(small.body.notifications.map((n: Listed) => n.message)).toEqual(
      [9, 8, 7].map((i) => `${tag} entry ${i}`),
    );
  });
});

describe('POST /notifications', () => {
  it('401 → 400 → 403 → 201, recording the caller as the actor', async () => {
    const message = `A new Species Test Bird ${randomBytes(3).toString('hex')} has been added`;
    expect((await t.http().post('/notifications').send({ message })).status).toBe(401);
    const admin = await buildAdmin(t);
    const empty = await t.http().post('/notifications').set(bearer(admin)).send({ message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Message is required');
    const missing = await t.http().post('/notifications').set(bearer(admin)).send({});
    expect(missing.body.message).toBe('Message is required');
    const long = await t
      .http()
      .post('/notifications')
      .set(bearer(admin))
      .send({ message: 'x'.repeat(1001) });
    expect(long.body.message).toBe('Message must be at most 1000 characters');
    const plain = await buildUser(t);
    expect((await t.http().post('/notifications').set(bearer(plain)).send({ message })).status).toBe(403);

    const before = (await t.http().get('/notifications').set(bearer(admin))).body
      .notificationsTotal as number;
    const res = await t
      .http()
      .post('/notifications')
      .set(bearer(admin))
      .send({ message: `  ${message}  ` });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Notification recorded' });

    const list = await t.http().get('/notifications?limit=100').set(bearer(admin));
    expect(list.body.notificationsTotal).toBe(before + 1);
    const mine = list.body.notifications.filter((n: Listed) => n.message === message);
    expect(mine).toEqual([
      { _id: expect.any(String), message, actorEmail: admin.email, createdAt: expect.any(String) },
    ]);
    expect(Math.abs(Date.parse(mine[0].createdAt) - Date.now())).toBeLessThan(60_000);
    // Nothing was recorded for the refused attempts.
    expect(list.body.notifications.filter((n: Listed) => n.actorEmail === plain.email)).toEqual([]);
  });
});

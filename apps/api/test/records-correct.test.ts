import { ChecklistDetailSchema, DistrictLeadersResponseSchema } from '@jarog/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklists, entries, notifications } from '../src/db/schema';
import { type BuiltUser, bearer, buildAdmin, buildUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { seedChecklist } from './records-fixtures';

/** An administrator corrects a checklist's date, time and place, or deletes it (issue 12). */
let t: TestApp;
let admin: BuiltUser;
let birder: BuiltUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  birder = await buildUser(t, { name: 'Pema Birder' });
});
afterAll(() => t.close());

const seed = (name: string) =>
  seedChecklist(
    t,
    {
      name,
      selectedDate: '2026-03-10',
      selectedTime: '07:30:00',
      dzongkhag: 'Paro',
      gewog: 'Tsento',
      village: 'Drukgyel',
    },
    [
      { birdName: 'Common Raven', approval: 'approved', total: 2 },
      { birdName: 'Large-billed Crow', approval: 'pending', total: 1 },
    ],
  );
const patch = (id: string, body: unknown, as: BuiltUser = admin) =>
  t
    .http()
    .patch(`/api/v1/checklists/${id}/details`)
    .set(bearer(as))
    .send(body as object);
const lastLog = async () =>
  (await t.ctx.database.db.select().from(notifications).orderBy(desc(notifications.createdAt)).limit(1))[0]
    ?.message;
/** Checklists with approved entries per dzongkhag in March 2026, as the dashboard reads them. */
async function marchByDzongkhag(): Promise<Record<string, number>> {
  const res = await t
    .http()
    .get('/api/v1/checklists/analyze/district-checklists?year=2026&month=3')
    .set(bearer(admin));
  expect(res.status).toBe(200);
  const series = DistrictLeadersResponseSchema.parse(res.body).result[0];
  return Object.fromEntries((series?.labels ?? []).map((l, i) => [l, series?.data[i] ?? 0]));
}

describe('correcting a checklist', () => {
  it('moves date, time and place (official spellings), logs it, and the statistics follow', async () => {
    const { checklist } = await seed('Correct me');
    expect((await marchByDzongkhag()).Paro).toBe(1);
    const res = await patch(checklist.id, {
      selectedDate: '2026-03-12',
      selectedTime: '16:45',
      dzongkhag: 'chukha',
      gewog: 'Bjachho',
      village: 'Tsimasham',
    });
    expect(res.status).toBe(200);
    const data = ChecklistDetailSchema.parse(res.body.data);
    expect(data._id).toMatchObject({
      selectedDate: '2026-03-12',
      dzongkhag: 'Chhukha',
      gewog: 'Bjachho',
      village: 'Tsimasham',
    });
    expect(data._id.selectedTime).toMatch(/^16:45/);
    const byDz = await marchByDzongkhag();
    expect(byDz.Paro ?? 0).toBe(0);
    expect(byDz.Chhukha).toBe(1);
    expect(await lastLog()).toMatch(/^Checklist Correct me corrected \(.*dzongkhag Chhukha.*\) by /);
  });

  it('a new gewog without a village drops the old village; the time alone changes nothing else', async () => {
    const { checklist } = await seed('Village follows');
    expect((await patch(checklist.id, { gewog: 'Lamgong' })).status).toBe(200);
    const [row] = await t.ctx.database.db.select().from(checklists).where(eq(checklists.id, checklist.id));
    expect(row).toMatchObject({ dzongkhag: 'Paro', gewog: 'Lamgong', village: null });
    expect((await patch(checklist.id, { selectedTime: '05:05' })).status).toBe(200);
    const [after] = await t.ctx.database.db.select().from(checklists).where(eq(checklists.id, checklist.id));
    expect(after).toMatchObject({ gewog: 'Lamgong', selectedDate: '2026-03-10', selectedTime: '05:05:00' });
  });

  it('refuses a gewog of another dzongkhag, a future date, bad times, unknown fields and an empty body; nothing changes', async () => {
    const { checklist } = await seed('Stay put');
    const cases: [unknown, RegExp][] = [
      [{ gewog: 'Bjachho' }, /'Bjachho' is not a gewog of Paro/],
      [{ dzongkhag: 'Thimphu' }, /'Tsento' is not a gewog of Thimphu/],
      [{ dzongkhag: 'Atlantis', gewog: 'Tsento' }, /'Atlantis' is not a dzongkhag of Bhutan/],
      [{ selectedDate: '2999-01-01' }, /in the future/],
      [{ selectedTime: '25:00' }, /HH:MM/],
      [{ status: 'draft' }, /Unknown field: status/],
      [{}, /at least one field/],
    ];
    for (const [body, message] of cases) {
      const res = await patch(checklist.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const [row] = await t.ctx.database.db.select().from(checklists).where(eq(checklists.id, checklist.id));
    expect(row).toMatchObject({
      dzongkhag: 'Paro',
      gewog: 'Tsento',
      village: 'Drukgyel',
      selectedDate: '2026-03-10',
    });
  });

  it('404 for an unknown checklist, 400 for a bad id, 403 for a birder', async () => {
    expect((await patch('00000000-0000-4000-8000-000000000000', { selectedTime: '05:00' })).status).toBe(404);
    expect((await patch('not-an-id', { selectedTime: '05:00' })).status).toBe(400);
    const { checklist } = await seed('Not yours');
    expect((await patch(checklist.id, { selectedTime: '05:00' }, birder)).status).toBe(403);
  });
});

describe('deleting a checklist', () => {
  it('removes it with its entries, logs it, and the dashboard numbers drop', async () => {
    const { checklist } = await seed('Delete me');
    const before = (await marchByDzongkhag()).Paro ?? 0;
    const res = await t.http().delete(`/api/v1/checklists/${checklist.id}`).set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Checklist 'Delete me' deleted with its 2 entries");
    expect((await marchByDzongkhag()).Paro ?? 0).toBe(before - 1);
    const left = await t.ctx.database.db.select().from(entries).where(eq(entries.checklistId, checklist.id));
    expect(left).toEqual([]);
    expect(await lastLog()).toMatch(
      /^Checklist Delete me \(Console Birder, 2026-03-10, 2 entries\) deleted by /,
    );
    expect((await t.http().get(`/api/v1/checklists/${checklist.id}`).set(bearer(admin))).status).toBe(404);
    expect((await t.http().delete(`/api/v1/checklists/${checklist.id}`).set(bearer(admin))).status).toBe(404);
  });
});

import { ChecklistGroupSchema, EntrySchema } from '@jarog/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklists, entries } from '../src/db/schema';
import { toChecklistGroup, toEntry } from '../src/modules/records/records.mapper';
import { buildUser } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function checklist(overrides: Partial<typeof checklists.$inferInsert> = {}) {
  const birder = await buildUser(t);
  const [row] = await t.ctx.database.db
    .insert(checklists)
    .values({
      name: 'Phobjikha morning',
      observerId: birder.id,
      observerName: birder.name,
      selectedDate: '2026-01-15',
      selectedTime: '07:30:00',
      latitude: 27.46,
      longitude: 90.18,
      dzongkhag: 'Wangdue Phodrang',
      gewog: 'Phobji',
      village: 'Gangtey',
      source: 'mobile',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no checklist');
  return row;
}

describe('records model', () => {
  it('marks unknown and new-bird entries as new species in the database itself', async () => {
    const c = await checklist();
    const rows = await t.ctx.database.db
      .insert(entries)
      .values([
        { checklistId: c.id, birdName: 'Black-necked Crane', adult: 40, juvenile: 6, total: 46 },
        { checklistId: c.id, birdName: 'Unknown Birds', total: 1 },
        { checklistId: c.id, birdName: 'New bird - small brown warbler', total: 2 },
      ])
      .returning();
    expect(rows.map((r) => [r.birdName, r.isNewSpecies, r.approval])).toEqual([
      ['Black-necked Crane', false, 'pending'],
      ['Unknown Birds', true, 'pending'],
      ['New bird - small brown warbler', true, 'pending'],
    ]);
  });

  it('builds the documented wire shape, which the contract accepts', async () => {
    const c = await checklist();
    const [e] = await t.ctx.database.db
      .insert(entries)
      .values({
        checklistId: c.id,
        birdName: 'Black-necked Crane',
        adult: 40,
        juvenile: 6,
        total: 46,
        remarks: 'Feeding',
      })
      .returning();
    if (!e) throw new Error('no entry');
    const wire = toEntry(e, c);
    expect(EntrySchema.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({
      _id: e.id,
      CheckListName: 'Phobjikha morning',
      BirdName: 'Black-necked Crane',
      Totalcount: 46,
      Approvedstatus: 'pending',
    });
    expect(wire.StartbirdingData[0]).toMatchObject({
      selectedDate: '2026-01-15',
      selectedTime: '07:30:00',
      status: 'submittedchecklist',
      JAcount: { Adult: 40, Juvenile: 6 },
      currentLocation: { latitude: 27.46, longitude: 90.18 },
      EndpointLocation: [{ dzongkhag: 'Wangdue Phodrang', gewog: 'Phobji', village: 'Gangtey' }],
    });
    const group = toChecklistGroup(c, [e]);
    expect(ChecklistGroupSchema.parse(group)._id).toEqual({
      checklistName: 'Phobjikha morning',
      observer: c.observerName,
      selectedDate: '2026-01-15',
      selectedTime: '07:30:00',
      dzongkhag: 'Wangdue Phodrang',
      gewog: 'Phobji',
      village: 'Gangtey',
    });
  });

  it('refuses a second checklist with the same client id for one observer, and negative counts', async () => {
    const c = await checklist({ clientId: 'phone-abc-1' });
    await expect(
      checklist({ clientId: 'phone-abc-1', observerId: c.observerId, observerName: c.observerName }),
    ).rejects.toThrow();
    await expect(
      t.ctx.database.db.insert(entries).values({ checklistId: c.id, birdName: 'Bad', total: -1 }),
    ).rejects.toThrow();
  });

  it('deletes entries with their checklist', async () => {
    const c = await checklist();
    await t.ctx.database.db.insert(entries).values({ checklistId: c.id, birdName: 'Grey Heron', total: 1 });
    await t.ctx.database.db.delete(checklists).where(eq(checklists.id, c.id));
    expect(await t.ctx.database.db.select().from(entries).where(eq(entries.checklistId, c.id))).toEqual([]);
  });
});

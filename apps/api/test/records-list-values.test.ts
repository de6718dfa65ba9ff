import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';
import { seedChecklist } from './records-fixtures';

/*
 * The values a list's filters offer (distinct*) are read once per data version (records.values.ts). Every
 * request here sends `Cache-Control: no-cache`, so the answer itself is computed each time and only the values
 * may come from what was kept: after each kind of write they must be the list's values as they now stand.
 */
let t: TestApp;
let admin: BuiltUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  await seedChecklist(t, { village: 'Alpha', observerName: 'Birder One' }, [
    { birdName: 'Common Raven', total: 1, approval: 'approved' },
  ]);
});
afterAll(() => t?.close());

const PATHS = {
  entries: '/api/v1/entries?limit=5',
  checklists: '/api/v1/checklists?limit=5',
  newspecies: '/api/v1/newspecies?limit=5',
} as const;

async function values(list: keyof typeof PATHS): Promise<{ villages: string[]; observers: string[] }> {
  const res = await t
    .http()
    .get(PATHS[list])
    .set({ ...bearer(admin), 'Cache-Control': 'no-cache' });
  expect(res.status).toBe(200);
  return { villages: res.body.distinctVillages, observers: res.body.distinctObservers };
}

describe("the lists' filter values", () => {
  it('follow every write: a new checklist, a withdrawn one, a review, in each list', async () => {
    expect(await values('entries')).toEqual({ villages: ['Alpha'], observers: ['Birder One'] });
    expect(await values('checklists')).toEqual({ villages: ['Alpha'], observers: ['Birder One'] });
    expect(await values('newspecies')).toEqual({ villages: [], observers: [] });

    const beta = await seedChecklist(t, { village: 'Beta', observerName: 'Birder Two' }, [
      { birdName: 'Unknown Birds', total: 1, approval: 'pending' },
      { birdName: 'Ibisbill', total: 1, approval: 'pending' },
    ]);
    // Beta's entries are pending: on the checklists and new-species lists, not yet on the entries list.
    expect(await values('checklists')).toEqual({
      villages: ['Alpha', 'Beta'],
      observers: ['Birder One', 'Birder Two'],
    });
    expect(await values('newspecies')).toEqual({ villages: ['Beta'], observers: ['Birder Two'] });
    expect(await values('entries')).toEqual({ villages: ['Alpha'], observers: ['Birder One'] });

    // Approved: Beta joins the entries list.
    await t.ctx.database.db.execute(
      sql`update entries set approval = 'approved' where checklist_id = ${beta.checklist.id} and bird_name = 'Ibisbill'`,
    );
    expect(await values('entries')).toEqual({
      villages: ['Alpha', 'Beta'],
      observers: ['Birder One', 'Birder Two'],
    });

    // Withdrawn: Beta leaves every list, and many requests at once all see it gone.
    await t.ctx.database.db.execute(
      sql`update checklists set status = 'draft' where id = ${beta.checklist.id}`,
    );
    const together = await Promise.all(Array.from({ length: 6 }, () => values('checklists')));
    for (const v of together) expect(v).toEqual({ villages: ['Alpha'], observers: ['Birder One'] });
    expect(await values('newspecies')).toEqual({ villages: [], observers: [] });
  });
});

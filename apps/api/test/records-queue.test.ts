import { ChecklistsListResponseSchema, EntriesListResponseSchema } from '@jarog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';
import { seedChecklist } from './records-fixtures';

/**
 * The reviewer's queue (issue 12) on a small data set:
 *
 * | checklist | birder | date       | dzongkhag        | entries (approval)                          |
 * | Q1        | Zangmo | 2026-03-01 | Paro             | Crane (P), Raven (A)                        |
 * | Q2        | Amrit  | 2026-02-01 | Thimphu          | Raven (P), Crow (P), Unknown Birds (P)      |
 * | Q3        | Karma  | 2026-01-01 | Paro             | Crow (A)                                    |
 * | Q4        | Bina   | 2025-12-01 | Bumthang         | Heron (R), New bird - finch (P)             |
 * | Q5 draft  | Amrit  | 2025-11-01 | Paro             | Crane (P) — a draft: never counted          |
 */
let t: TestApp;
let admin: BuiltUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  const seed = (
    name: string,
    observerName: string,
    selectedDate: string,
    dzongkhag: string,
    birds: [string, 'pending' | 'approved' | 'rejected'][],
    status: 'submitted' | 'draft' = 'submitted',
  ) =>
    seedChecklist(
      t,
      { name, observerName, selectedDate, dzongkhag, status },
      birds.map(([birdName, approval]) => ({ birdName, approval, total: 1 })),
    );
  await seed('Q1', 'Zangmo', '2026-03-01', 'Paro', [
    ['Black-necked Crane', 'pending'],
    ['Common Raven', 'approved'],
  ]);
  await seed('Q2', 'Amrit', '2026-02-01', 'Thimphu', [
    ['Common Raven', 'pending'],
    ['Large-billed Crow', 'pending'],
    ['Unknown Birds', 'pending'],
  ]);
  await seed('Q3', 'Karma', '2026-01-01', 'Paro', [['Large-billed Crow', 'approved']]);
  await seed('Q4', 'Bina', '2025-12-01', 'Bumthang', [
    ['Grey Heron', 'rejected'],
    ['New bird - finch', 'pending'],
  ]);
  await seed('Q5', 'Amrit', '2025-11-01', 'Paro', [['Black-necked Crane', 'pending']], 'draft');
});
afterAll(() => t.close());

const get = (url: string) => t.http().get(url).set(bearer(admin));
const names = (body: { checklists: { _id: { checklistName: string } }[] }) =>
  body.checklists.map((c) => c._id.checklistName);

describe('checklists: pending only, sorting, pending per dzongkhag', () => {
  it('lists every checklist newest first by default, and oldest first with sort=date', async () => {
    const all = ChecklistsListResponseSchema.parse((await get('/api/v1/checklists?limit=10')).body);
    expect(names(all)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    const oldest = ChecklistsListResponseSchema.parse(
      (await get('/api/v1/checklists?limit=10&sort=date')).body,
    );
    expect(names(oldest)).toEqual(['Q4', 'Q3', 'Q2', 'Q1']);
  });

  it('pending only keeps checklists with a named entry waiting, each with its pending entries', async () => {
    const res = await get('/api/v1/checklists?limit=10&pending=true&sort=date');
    expect(res.status).toBe(200);
    const body = ChecklistsListResponseSchema.parse(res.body);
    // Q4 waits only for a new-species report (the New Species list's business); Q5 is a draft.
    expect(names(body)).toEqual(['Q2', 'Q1']);
    expect(body.foundTotal).toBe(2);
    expect(body.entriesTotal).toBe(3);
    const q1 = body.checklists.find((c) => c._id.checklistName === 'Q1');
    expect(q1?.entries.map((e) => e.BirdName)).toEqual(['Black-necked Crane']);
  });

  it('sorts by birder and by dzongkhag, both ways', async () => {
    const by = async (sort: string) =>
      names(ChecklistsListResponseSchema.parse((await get(`/api/v1/checklists?limit=10&sort=${sort}`)).body));
    expect(await by('birder')).toEqual(['Q2', 'Q4', 'Q3', 'Q1']);
    expect(await by('-birder')).toEqual(['Q1', 'Q3', 'Q4', 'Q2']);
    // Paro's two checklists oldest first within the dzongkhag; descending puts them newest first.
    expect(await by('dzongkhag')).toEqual(['Q4', 'Q3', 'Q1', 'Q2']);
    expect(await by('-dzongkhag')).toEqual(['Q2', 'Q1', 'Q3', 'Q4']);
  });

  it('counts pending per dzongkhag whatever the filters (drafts and new-species reports apart)', async () => {
    const body = ChecklistsListResponseSchema.parse(
      (await get('/api/v1/checklists?limit=1&dzongkhag=Bumthang')).body,
    );
    expect(body.pendingPerDzongkhag).toEqual([
      { dzongkhag: 'Thimphu', checklists: 1, entries: 2 },
      { dzongkhag: 'Paro', checklists: 1, entries: 1 },
    ]);
    const reports = ChecklistsListResponseSchema.parse((await get('/api/v1/newspecies?limit=10')).body);
    expect(reports.pendingPerDzongkhag).toEqual([
      { dzongkhag: 'Bumthang', checklists: 1, entries: 1 },
      { dzongkhag: 'Thimphu', checklists: 1, entries: 1 },
    ]);
  });

  it('refuses an unknown sort key or pending value with a 400 naming the choices', async () => {
    for (const query of ['sort=name;drop', 'sort=created_at', 'pending=maybe']) {
      const res = await get(`/api/v1/checklists?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBeTypeOf('string');
      expect(res.body.message).toMatch(/sort must be one of -date, date|pending must be/);
    }
  });

  it('caps the page size at 100 whatever limit asks for', async () => {
    const body = ChecklistsListResponseSchema.parse((await get('/api/v1/checklists?limit=100000')).body);
    expect(body.limit).toBe(100);
  });
});

describe('entries: pending only and sorting', () => {
  it('shows approved entries by default and waiting ones with pending=true, oldest first', async () => {
    const approved = EntriesListResponseSchema.parse((await get('/api/v1/entries?limit=10')).body);
    expect(approved.checklists.map((e) => e.BirdName)).toEqual(['Common Raven', 'Large-billed Crow']);
    const pending = EntriesListResponseSchema.parse(
      (await get('/api/v1/entries?limit=10&pending=true&sort=date')).body,
    );
    expect(pending.checklists.map((e) => [e.CheckListName, e.BirdName])).toEqual([
      ['Q2', 'Common Raven'],
      ['Q2', 'Large-billed Crow'],
      ['Q1', 'Black-necked Crane'],
    ]);
    expect(pending.foundTotal).toBe(3);
  });
});

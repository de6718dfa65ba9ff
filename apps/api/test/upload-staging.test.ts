import type { AddressInfo } from 'node:net';
import { type ChecklistUploadProgress, ChecklistUploadProgressSchema } from '@jarog/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../src/bootstrap';
import { createLogger } from '../src/lib/logger';
import { computeFlags } from '../src/modules/review/flags';
import { type BuiltUser, bearer, buildAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';
import { expectSummariesMatchRecords } from './summaries';

/*
 * Large checklist uploads (issues 9 and 10). New checklists are staged in temporary tables and judged
 * (review flags) there before they are stored: on the embedded database then copied in hidden and
 * revealed by one short transaction, so that other requests are not kept waiting; on PostgreSQL copied in
 * (COPY) and stored in one transaction, each entry written once. Either way: all or nothing, nothing
 * left behind by a failure, the same file twice gives one copy, and the flags a direct write would give.
 * Files generated here.
 */
let t: TestApp;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const HEADER = ['ChecklistName', 'SelectedDate', 'SelectedTime', 'Birder', 'Dzongkhag', 'BirdName', 'Total'];
const BIRDS = ['Common Raven', 'Grey Heron', 'Ruddy Shelduck', 'Oriental Turtle Dove'];
let files = 0;
/** A file of new checklists named `<label> <file>-<n>`, four birds each, that all pass validation. */
async function sheet(rows: number, label: string): Promise<{ file: Buffer; prefix: string }> {
  const prefix = `${label} ${++files}-${Date.now()}`;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('checklists');
  ws.addRow(HEADER);
  for (let i = 0; i < rows; i++) {
    ws.addRow([
      `${prefix}-${Math.floor(i / 4)}`,
      '2025-04-12',
      '07:30',
      'Pema',
      'Paro',
      BIRDS[i % 4],
      1 + (i % 3),
    ]);
  }
  return { file: Buffer.from(await wb.xlsx.writeBuffer()), prefix };
}

const upload = (file: Buffer) =>
  t.http().post('/api/v1/checklists/fileupload').set(bearer(admin)).attach('file', file, 'staging.xlsx');

const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => {
  const result = (await t.ctx.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0] as T;
};
/** Everything an upload changes, whichever part of it. */
const state = () =>
  one<{ checklists: number; entries: number; listed: number; activity: number }>(sql`
    select (select count(*)::int from checklists) as checklists, (select count(*)::int from entries) as entries,
           (select coalesce(sum(checklists + entries), 0)::int from stats_list_totals) as listed,
           (select count(*)::int from notifications) as activity`);
/** What a staged upload could leave behind: hidden checklists, temporary staging tables. */
const leftovers = () =>
  one<{ hidden: number; staging: number }>(sql`
    select (select count(*)::int from checklists where status = 'importing') as hidden,
           (select count(*)::int from pg_class where relname like 'import\\_%' and relpersistence = 't') as staging`);
const named = (prefix: string) =>
  one<{ checklists: number; entries: number }>(sql`
    select count(distinct c.id)::int as checklists, count(e.id)::int as entries
    from checklists c left join entries e on e.checklist_id = c.id where c.name like ${`${prefix}%`}`);

describe('large checklist uploads', () => {
  it('an upload that fails while writing leaves nothing: no rows, no statistics, no hidden rows, no staging tables', async () => {
    const { file, prefix } = await sheet(3_000, 'Boom');
    const before = await state();
    // A fault injected into the database: the moment these checklists would become submitted, it refuses.
    const db = t.ctx.database.db;
    await db.execute(sql`
      create function upload_fault() returns trigger language plpgsql as $$
      begin
        if new.status = 'submitted' and new.name like 'Boom %' then raise exception 'injected fault'; end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger upload_fault before insert or update on checklists for each row execute function upload_fault()`,
    );
    try {
      const res = await upload(file);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        message: 'Something went wrong on our side. Please try again later.',
        code: 'INTERNAL',
      });
    } finally {
      await db.execute(sql`drop trigger upload_fault on checklists`);
      await db.execute(sql`drop function upload_fault()`);
    }
    expect(await state()).toEqual(before);
    expect(await leftovers()).toEqual({ hidden: 0, staging: 0 });
    // Nothing in the way of the same file afterwards.
    const again = await upload(file);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ inserted: 3_000, checklists: 750 });
    expect(await named(prefix)).toEqual({ checklists: 750, entries: 3_000 });
    expect(await leftovers()).toEqual({ hidden: 0, staging: 0 });
  }, 120_000);

  it('a refused file (a bad row) changes nothing and leaves nothing behind', async () => {
    const { file } = await sheet(40, 'Refused');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const row = wb.worksheets[0]?.getRow(9);
    if (row) row.getCell(2).value = 'not a date';
    const bad = Buffer.from(await wb.xlsx.writeBuffer());
    const before = await state();
    const res = await upload(bad);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(await state()).toEqual(before);
    expect(await leftovers()).toEqual({ hidden: 0, staging: 0 });
  });

  it('hidden rows a crash left behind are seen by no one, and the next start removes them', async () => {
    const before = await state();
    const { id } = await one<{ id: string }>(sql`
      insert into checklists (name, observer_name, selected_date, status, source, dzongkhag)
      values ('Crash leftover', 'Pema', '2025-04-12', 'importing', 'upload', 'Paro') returning id`);
    await t.ctx.database.db.execute(
      sql`insert into entries (checklist_id, bird_name, total, approval) values (${id}, 'Common Raven', 2, 'approved')`,
    );
    const http = t.http().set(bearer(admin));
    expect((await http.get(`/api/v1/checklists/${id}`)).status).toBe(404);
    expect((await http.get(`/api/v1/checklists/${encodeURIComponent('Crash leftover')}`)).status).toBe(404);
    const list = await http.get('/api/v1/checklists?search=Crash%20leftover');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('Crash leftover');
    const after = await state();
    expect(after.listed).toBe(before.listed);

    // The API starts again on the same database.
    await bootstrap(t.ctx.env, createLogger('silent'), { database: t.ctx.database });
    expect(await leftovers()).toEqual({ hidden: 0, staging: 0 });
    expect(await state()).toMatchObject({ checklists: before.checklists, entries: before.entries });
  });

  it('a public read completes while a large upload is in progress', async () => {
    const { file, prefix } = await sheet(4_000, 'Meanwhile');
    const server = t.app.listen(0);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const count = async () => {
      const r = await fetch(`${base}/api/v1/checklists/get-count`, { headers: bearer(admin) });
      return ((await r.json()) as { count: number }).count;
    };
    try {
      const before = await count();
      const form = new FormData();
      form.append('file', new Blob([file]), 'meanwhile.xlsx');
      const res = await fetch(`${base}/api/v1/checklists/fileupload`, {
        method: 'POST',
        headers: { ...bearer(admin), Accept: 'application/x-ndjson' },
        body: form,
      });
      expect(res.status).toBe(200);
      const events: ChecklistUploadProgress[] = [];
      let reads: Promise<{ status: number; count: number }> | undefined;
      const decoder = new TextDecoder();
      let pending = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        pending += decoder.decode(chunk, { stream: true });
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines.filter(Boolean)) {
          const event = ChecklistUploadProgressSchema.parse(JSON.parse(line));
          events.push(event);
          // Once the file is read and checked (the upload goes on to write it), a signed-out reader asks
          // for the species list; when that is answered, an admin asks how many checklists there are.
          if (event.phase === 'checking' && !reads) {
            reads = fetch(`${base}/api/v1/species?limit=5`).then(async (r) => {
              await r.arrayBuffer();
              return { status: r.status, count: await count() };
            });
          }
        }
      }
      const answer = await reads;
      expect(answer?.status).toBe(200);
      // The count was read before the upload committed: the public read ended while it was in progress.
      expect(answer?.count).toBe(before);
      expect(events.map((e) => e.phase)).toContain('writing');
      expect(events.at(-1)).toMatchObject({ phase: 'done', result: { inserted: 4_000 } });
      expect(await count()).toBe(before + 1_000);
      expect(await named(prefix)).toEqual({ checklists: 1_000, entries: 4_000 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 120_000);

  it('stores the flags that recomputing them from the stored records gives', async () => {
    const prefix = `Judged ${Date.now()}`;
    /** Rows: checklist, date, birder, dzongkhag, bird, total, latitude, longitude. */
    type Row = [string, string, string, string, string, number, number | null, number | null];
    const file = async (rows: Row[]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('checklists');
      ws.addRow([
        'ChecklistName',
        'SelectedDate',
        'Birder',
        'Dzongkhag',
        'BirdName',
        'Total',
        'Latitude',
        'Longitude',
      ]);
      for (const r of rows) ws.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const rows = (part: string, n: number): Row[] =>
      Array.from(
        { length: n },
        (_, i): Row => [
          `${prefix} ${part}-${Math.floor(i / 3)}`,
          // One implausibly old date (a future one is refused by the file's checks).
          i === 7 ? '1900-05-05' : `2024-0${1 + (i % 9)}-1${i % 10}`,
          // Two birders, so that the same bird on the same day and place is on several of their checklists.
          i % 2 ? 'Pema' : 'Karma',
          i % 5 === 0 ? 'Thimphu' : 'Paro',
          i % 11 === 3 ? `Not a bird ${i}` : (BIRDS[i % 4] ?? 'Common Raven'),
          i % 13 === 0 ? 5_000 : 1 + (i % 4),
          // Coordinates in Thimphu whatever dzongkhag the row names.
          i % 7 === 0 ? 27.47 : null,
          i % 7 === 0 ? 89.64 : null,
        ],
      );
    const stored = async (part: string) => {
      const result = (await t.ctx.database.db.execute(sql`
        select e.id, e.flags, c.id as checklist_id from entries e join checklists c on c.id = e.checklist_id
        where c.name like ${`${prefix} ${part}-%`}`)) as unknown as {
        rows: { id: string; flags: { code: string; reason: string }[]; checklist_id: string }[];
      };
      return result.rows;
    };
    const codes = new Set<string>();
    for (const part of ['a', 'b']) {
      const res = await upload(await file(rows(part, 300)));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.inserted).toBe(300);
      const entries = await stored(part);
      expect(entries).toHaveLength(300);
      const again = await computeFlags(t.ctx.database.db, [...new Set(entries.map((e) => e.checklist_id))]);
      for (const e of entries) {
        expect(e.flags, e.id).toEqual(again.get(e.id));
        for (const f of e.flags) codes.add(f.code);
      }
    }
    // The file exercises the rules that need no stored history (every bird in it is in its own history).
    expect([...codes].sort()).toEqual(['BAD_DATE', 'DUPLICATE', 'OUTSIDE_DZONGKHAG', 'UNKNOWN_SPECIES']);
  }, 120_000);

  it('counts what it stores as a direct write would: every summary equals a recomputation from the records', async () => {
    const prefix = `Counted ${Date.now()}`;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('checklists');
    ws.addRow(HEADER);
    const birds = [...BIRDS, 'Unknown Birds', 'New bird - grey finch', 'Not a bird at all'];
    for (let i = 0; i < 400; i++) {
      ws.addRow([
        `${prefix}-${Math.floor(i / 5)}`,
        `2025-0${1 + (Math.floor(i / 5) % 6)}-1${Math.floor(i / 5) % 10}`,
        '07:30',
        Math.floor(i / 5) % 3 ? 'Pema' : 'Karma',
        Math.floor(i / 5) % 4 ? 'Paro' : 'Thimphu',
        birds[i % birds.length],
        1 + (i % 5),
      ]);
    }
    const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ inserted: 400, checklists: 80 });
    // The new checklists hold named and new-species entries (so both lists' counters were written).
    const counted = await one<{ named: number; reports: number }>(sql`
      select sum(named_entries)::int as named, sum(entry_count - named_entries)::int as reports
      from checklists where name like ${`${prefix}-%`}`);
    expect(counted).toEqual({ named: 286, reports: 114 });
    await expectSummariesMatchRecords(t.ctx.database.db, 'after an upload');
  }, 120_000);

  it('finds a checklist again whatever its name holds (quotes, backslashes, commas, braces)', async () => {
    const name = `Odd "name" \\ {a,b} NULL ${Date.now()}`;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('checklists');
    ws.addRow(HEADER);
    ws.addRow([name, '2025-04-12', '07:30', 'Pema', 'Paro', 'Common Raven', 2]);
    ws.addRow([name.toUpperCase(), '2025-04-13', '', 'Pema', 'Paro', 'Grey Heron', 1]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const first = await upload(file);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ inserted: 2, checklists: 2 });
    const again = await upload(file);
    expect(again.body).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    const stored = await one<{ n: number }>(
      sql`select count(*)::int as n from checklists where lower(name) = lower(${name})`,
    );
    expect(stored.n).toBe(2);
  });

  it('the same new file sent twice at once is stored once', async () => {
    const { file, prefix } = await sheet(1_200, 'Twice');
    const [a, b] = await Promise.all([upload(file), upload(file)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.inserted + b.body.inserted).toBe(1_200);
    expect(a.body.unchanged + b.body.unchanged).toBe(1_200);
    expect(await named(prefix)).toEqual({ checklists: 300, entries: 1_200 });
    expect(await leftovers()).toEqual({ hidden: 0, staging: 0 });
  }, 120_000);
});

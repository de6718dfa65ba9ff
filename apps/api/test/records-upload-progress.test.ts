import { type ChecklistUploadProgress, ChecklistUploadProgressSchema } from '@jarog/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';

/*
 * The checklist upload reports its progress to a client that asks for NDJSON: rows read, rows
 * checked, entries written, then the same answer (or error) the JSON call gives. Rows generated here.
 */
let t: TestApp;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const HEADER = ['ChecklistName', 'SelectedDate', 'SelectedTime', 'Birder', 'Dzongkhag', 'BirdName', 'Total'];
async function sheet(rows: number, bad?: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('checklists');
  ws.addRow(HEADER);
  for (let i = 0; i < rows; i++) {
    ws.addRow([
      `Progress ${Math.floor(i / 4)}`,
      i === bad ? 'not a date' : '2025-04-12',
      '07:30',
      'Pema',
      'Paro',
      `New bird - kind ${i % 4}`,
      1 + (i % 3),
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = async (file: Buffer): Promise<ChecklistUploadProgress[]> => {
  const res = await t
    .http()
    .post('/api/v1/checklists/fileupload')
    .set(bearer(admin))
    .set('Accept', 'application/x-ndjson')
    // Accepted, but progress lines go uncompressed: compressed, they would reach the console only in blocks.
    .set('Accept-Encoding', 'gzip, deflate, br')
    .attach('file', file, 'progress.xlsx')
    .buffer(true)
    .parse((r, done) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (c: string) => (text += c));
      r.on('end', () => done(null, text));
    });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
  expect(res.headers['content-encoding']).toBeUndefined();
  return (res.body as string)
    .trim()
    .split('\n')
    .map((line) => ChecklistUploadProgressSchema.parse(JSON.parse(line)));
};
const entriesNamed = async (prefix: string) => {
  const r = (await t.ctx.database.db.execute(
    `select count(*)::int as n from checklists where name like '${prefix}%'`,
  )) as unknown as { rows?: { n: number }[] };
  return Number((r.rows ?? (r as unknown as { n: number }[]))[0]?.n ?? 0);
};

describe('checklist upload progress (NDJSON)', () => {
  it('reports reading, checking and writing in order, then the JSON answer', async () => {
    const events = await upload(await sheet(6_000));
    const phases = events.map((e) => e.phase);
    expect(phases[0]).toBe('parsing');
    expect(phases.at(-1)).toBe('done');
    const order = ['parsing', 'checking', 'writing', 'done'];
    expect([...phases].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(phases);
    const read = events.flatMap((e) => (e.phase === 'parsing' ? [e.rows] : []));
    expect(read).toEqual([5_000, 6_000]);
    expect(events.find((e) => e.phase === 'checking')).toEqual({ phase: 'checking', rows: 6_000 });
    const written = events.flatMap((e) => (e.phase === 'writing' ? [e] : []));
    expect(written.at(-1)).toEqual({ phase: 'writing', done: 6_000, of: 6_000 });
    // In steps: none yet as the write begins, then per 10,000 stored (PostgreSQL); per thousand staged (PGlite).
    expect(written.length).toBeGreaterThanOrEqual(2);
    expect(written.map((w) => w.done)).toEqual([...written.map((w) => w.done)].sort((a, b) => a - b));
    const done = events.at(-1);
    expect(done?.phase === 'done' && done.result).toMatchObject({ checklists: 1_500, inserted: 6_000 });
    expect(await entriesNamed('Progress ')).toBe(1_500);
  }, 180_000);

  it('ends with the error the JSON call would give, and writes nothing', async () => {
    const events = await upload(await sheet(40, 7));
    const last = events.at(-1);
    expect(last).toMatchObject({ phase: 'error', status: 400, error: { code: 'VALIDATION' } });
    expect(last?.phase === 'error' && last.error.message).toMatch(
      /1 row has problems, so nothing was imported/,
    );
    expect(events.some((e) => e.phase === 'writing')).toBe(false);
  });
});

import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { AppError } from '../src/lib/errors';
import { IMPORT_RETRY_AFTER_SECONDS, MAX_CONCURRENT_IMPORTS, withImportSlot } from '../src/lib/import-slots';
import { XLSX_CAPS } from '../src/lib/xlsx-guard';
import { MAX_UPLOAD_ROWS } from '../src/modules/records/ingest.upload';
import { type BuiltUser, bearer, buildAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const ROUTES = ['/api/v1/species/fileupload', '/api/v1/checklists/fileupload', '/api/v1/checklists/analyze'];

const upload = (route: string, file: Buffer, name = 'upload.xlsx') =>
  t.http().post(route).set(bearer(admin)).attach('file', file, name);

/** `size` bytes of one repeated string, produced in chunks (never held whole). */
function repeated(size: number, unit: string): Readable {
  const chunk = Buffer.from(unit.repeat(Math.ceil((1024 * 1024) / unit.length)).slice(0, 1024 * 1024));
  let left = size;
  return new Readable({
    read() {
      if (left <= 0) {
        this.push(null);
        return;
      }
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

/** The parts of a minimal workbook around a given sheet and shared-strings part. */
const WORKBOOK_PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
  'xl/workbook.xml':
    '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="S" sheetId="1"/></sheets></workbook>',
};

/** A zip written by a streaming writer (yazl): big parts are deflated as they are produced. */
async function zipOf(parts: Array<[string, Buffer | (() => Readable)]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of parts) {
    if (Buffer.isBuffer(data)) zip.addBuffer(data, name, { compressionLevel: 9 });
    else zip.addReadStream(data(), name, { compressionLevel: 1 }); // fast; still ~190:1 on repeats
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const baseParts = (): Array<[string, Buffer]> =>
  Object.entries(WORKBOOK_PARTS).map(([n, x]) => [n, Buffer.from(x)]);

async function realWorkbook(rows: number, cell: (i: number) => string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  // One header row every upload route accepts: species, checklist and analysis columns side by side.
  ws.addRow(['englishName', 'ChecklistName', 'BirdName', 'SelectedDate', 'Birder', 'Location', 'Total']);
  for (let i = 0; i < rows; i++) ws.addRow([cell(i)]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('zip bombs and broken files are refused before parsing', () => {
  let bomb: Buffer;
  beforeAll(async () => {
    // ~1 GB of shared strings deflated into a few MB: what ran the API out of memory.
    bomb = await zipOf([
      ...baseParts(),
      ['xl/sharedStrings.xml', () => repeated(1024 * 1024 * 1024, '<si><t>aaaaaaaa</t></si>')],
    ]);
  }, 120_000);

  it('a few-MB file whose shared strings inflate to ~1 GB: 400 UNSAFE_SPREADSHEET on every upload route', async () => {
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    for (const route of ROUTES) {
      const res = await upload(route, bomb);
      expect(res.status, route).toBe(400);
      expect(res.body.code).toBe('UNSAFE_SPREADSHEET');
      expect(res.body.message).toMatch(/inflates to|text table/);
    }
  });

  it('a part whose header lies about its size is caught while inflating', async () => {
    const honest = await zipOf([
      ...baseParts(),
      ['xl/worksheets/sheet1.xml', () => repeated(60 * 1024 * 1024, '<x/>')],
    ]);
    // Rewrite the sheet's declared size in the central directory to 1 kB.
    const lying = Buffer.from(honest);
    let at = lying.lastIndexOf(Buffer.from('xl/worksheets/sheet1.xml'));
    while (at > 0 && lying.readUInt32LE(at - 46) !== 0x02014b50)
      at = lying.lastIndexOf(Buffer.from('xl/worksheets/sheet1.xml'), at - 1);
    expect(at).toBeGreaterThan(0);
    lying.writeUInt32LE(1024, at - 46 + 24);
    const res = await upload(ROUTES[0] ?? '', lying);
    expect(res.status).toBe(400);
    expect(['UNSAFE_SPREADSHEET', 'BAD_SPREADSHEET']).toContain(res.body.code);
  });

  it('a part compressed more than 200 times is refused', async () => {
    const file = await zipOf([
      ...baseParts(),
      ['xl/worksheets/sheet1.xml', () => repeated(20 * 1024 * 1024, ' ')],
    ]);
    const res = await upload(ROUTES[1] ?? '', file);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'UNSAFE_SPREADSHEET',
      message: expect.stringMatching(/compressed \d+ times/),
    });
  });

  it('too many parts are refused', async () => {
    const parts: Array<[string, Buffer]> = baseParts();
    for (let i = 0; i <= XLSX_CAPS.maxEntries; i++) parts.push([`xl/media/p${i}.xml`, Buffer.from('<a/>')]);
    const res = await upload(ROUTES[2] ?? '', await zipOf(parts));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'UNSAFE_SPREADSHEET', message: expect.stringMatching(/parts/) });
  });

  it('a 0-byte file and a truncated file get 400 BAD_SPREADSHEET at once', async () => {
    const good = await realWorkbook(3, (i) => `Bird ${i}`);
    for (const route of ROUTES) {
      const empty = await upload(route, Buffer.alloc(0));
      expect(empty.status, route).toBe(400);
      expect(empty.body).toMatchObject({ code: 'BAD_SPREADSHEET', message: expect.stringMatching(/empty/) });
      const cut = await upload(route, good.subarray(0, Math.floor(good.length / 2)));
      expect(cut.status, route).toBe(400);
      expect(cut.body.code).toBe('BAD_SPREADSHEET');
      const notZip = await upload(route, Buffer.from('just some text, not a spreadsheet'));
      expect(notZip.status, route).toBe(400);
      expect(notZip.body.code).toBe('BAD_SPREADSHEET');
    }
  });

  it('blank rows count toward the row cap on every upload route', async () => {
    // One more than the largest cap (the checklist upload's 100,000 rows).
    const blank = await realWorkbook(MAX_UPLOAD_ROWS + 1, () => ' ');
    for (const route of ROUTES) {
      const res = await upload(route, blank);
      expect(res.status, route).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION',
        message: expect.stringMatching(/at most \d+ rows/),
      });
    }
  }, 120_000);

  it('a real workbook still passes the guard', async () => {
    const res = await upload(ROUTES[2] ?? '', await realWorkbook(2, () => 'x'));
    expect(res.status).not.toBe(500);
    expect(res.body.code).not.toBe('UNSAFE_SPREADSHEET');
    expect(res.body.code).not.toBe('BAD_SPREADSHEET');
  });
});

describe('at most two imports at once', () => {
  it('a third import while two run gets 503 IMPORT_BUSY with Retry-After; a slot frees when one ends', async () => {
    const releases: Array<() => void> = [];
    const running = Array.from({ length: MAX_CONCURRENT_IMPORTS }, () =>
      withImportSlot(() => new Promise<void>((resolve) => releases.push(resolve))),
    );
    const refused = await withImportSlot(async () => 'ran').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'IMPORT_BUSY',
      status: 503,
      headers: { 'Retry-After': String(IMPORT_RETRY_AFTER_SECONDS) },
    });
    // Over HTTP too: the upload is refused before its body is read.
    const res = await upload(ROUTES[0] ?? '', Buffer.alloc(0));
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('IMPORT_BUSY');
    expect(res.headers['retry-after']).toBe(String(IMPORT_RETRY_AFTER_SECONDS));
    releases[0]?.();
    await running[0];
    expect(await withImportSlot(async () => 'ran')).toBe('ran');
    for (const r of releases) r();
    await Promise.all(running);
  });
});

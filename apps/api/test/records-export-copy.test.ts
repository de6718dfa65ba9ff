import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRecordsCsv } from '../src/modules/records/records.copy';
import { type BuiltUser, bearer, buildAdmin } from './factories';
import { binaryBody } from './files';
import { createTestApp, type TestApp } from './harness';
import { parseCsv, seedChecklist } from './records-fixtures';

/*
 * The whole-list CSV exports (export_limit=all) are written by the database's COPY; the page export
 * (format=csv alone) still goes through csv-stringify and safeCell. On a data set small enough to be
 * one page, both must be the same bytes: same columns, quoting, formula neutralisation and order.
 */
let t: TestApp;
let admin: BuiltUser;

/** Cells that test quoting and neutralisation: formulas, separators, quotes, line breaks, unicode. */
const HOSTILE = [
  '=HYPERLINK("http://x.invalid","click")',
  '+44 1234',
  '-12',
  '@SUM(A1:A2)',
  '\tindented',
  '\rcarriage',
  'a, b and c',
  'say "hi"',
  'two\nlines',
  'lone\rreturn',
  'crlf\r\nend',
  'ཇོ་རོག་ jarog ✓',
  '',
  ' padded ',
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  let n = 0;
  for (const [i, text] of HOSTILE.entries()) {
    await seedChecklist(
      t,
      {
        name: i % 3 === 0 ? text || 'blank' : `Checklist ${i}`,
        observerName: i % 4 === 0 ? `Pema ${text}` : i % 4 === 1 ? text : 'Sonam Wangmo',
        selectedDate: `2025-0${1 + (i % 9)}-1${i % 10}`,
        // Every third without a time: an empty cell both ways.
        selectedTime: i % 3 === 2 ? null : i % 2 ? '06:05:07' : '18:30:00.25',
        latitude: i % 2 ? -27.123456789 : 27.5,
        longitude: i % 5 ? (i % 2 ? 90.4 : -0.5) : null,
        // Every column the export writes as text meets the hostile values somewhere.
        dzongkhag: i % 3 ? 'Paro' : i % 2 ? text || null : 'Haa',
        gewog: i % 4 ? (i % 2 ? text : `Gewog ${text}`) : null,
        village: i % 2 ? text : null,
      },
      [
        {
          birdName: 'Black-necked Crane',
          approval: 'approved',
          adult: 3,
          juvenile: 1,
          total: 4,
          remarks: text,
          photoUrl: i % 2 ? 'https://res.cloudinary.com/x/a.jpg' : i % 4 === 0 ? text : null,
          reviewedAt: new Date(Date.UTC(2025, 5, 1, 8, 9, 10, 123 + i)),
        },
        { birdName: i % 2 ? 'Unknown Birds' : `New bird - ${text}`, remarks: text || null, total: i },
        { birdName: `${text}Raven ${n++}`, approval: i % 3 ? 'pending' : 'rejected', remarks: null },
        { birdName: `${text}Ibis`, approval: 'approved', adult: 0, juvenile: 0, total: 0, remarks: null },
      ],
    );
  }
  // Two checklists at the same date and time: a batch boundary between them (PGlite) is ordered by id.
  for (const name of ['Tie A', 'Tie B']) {
    await seedChecklist(t, { name, selectedDate: '2025-03-13', selectedTime: '06:05:07' }, [
      { birdName: 'Black-necked Crane', approval: 'approved', total: 2 },
      { birdName: 'Unknown Birds', approval: 'pending', total: 1 },
    ]);
  }
  // The one date PostgreSQL prints with a formula start (pending: the summaries hold no infinite month).
  await seedChecklist(t, { name: 'Undated', selectedDate: '-infinity', selectedTime: '23:59:59.999999' }, [
    { birdName: 'Black-necked Crane', approval: 'pending', total: 1 },
  ]);
});
afterAll(() => t.close());

const csv = async (path: string) => {
  const res = await t.http().get(path).set(bearer(admin)).buffer(true).parse(binaryBody);
  expect(res.status, path).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  return res.body as Buffer;
};

describe('CSV exports written by COPY', () => {
  for (const list of ['entries', 'checklists', 'newspecies'] as const) {
    for (const filter of [
      '',
      '&search=crane',
      // The search's birder half (observer 'Pema …'), with the queue filter, a place and nothing found.
      '&search=pema',
      '&pending=true',
      '&search=raven&pending=true',
      '&birding_site=paro',
      '&dzongkhag=Paro',
      '&birder=pema',
      '&search=zzz-nothing',
    ]) {
      it(`${list}${filter || ' (no filter)'}: the same bytes as the page export`, async () => {
        const page = await csv(`/api/v1/${list}?format=csv&limit=100${filter}`);
        const all = await csv(`/api/v1/${list}?format=csv&export_limit=all${filter}`);
        expect(all.toString('utf8')).toBe(page.toString('utf8'));
        expect(Buffer.compare(all, page)).toBe(0);
        const rows = parseCsv(all.toString('utf8'));
        expect(rows[0]?.[0]).toBe('ChecklistName');
        if (filter === '' || filter.includes('Paro')) expect(rows.length).toBeGreaterThan(1);
      });
    }
  }

  it('copies PGlite batch by batch without losing or repeating a row (every boundary, ties, no time)', async () => {
    for (const list of ['entries', 'checklists', 'newspecies'] as const) {
      for (const q of [{}, { search: 'crane' }, { pending: true }, { dzongkhag: 'Paro' }]) {
        const whole = await csv(
          `/api/v1/${list}?format=csv&export_limit=all&${new URLSearchParams(q as Record<string, string>)}`,
        );
        for (const size of [1, 2, 7]) {
          const chunks: Buffer[] = [];
          for await (const chunk of copyRecordsCsv(t.ctx.database, list, q, size)) chunks.push(chunk);
          expect(Buffer.concat(chunks).toString('utf8'), `${list} ${JSON.stringify(q)} by ${size}`).toBe(
            whole.toString('utf8'),
          );
        }
      }
    }
  });

  it('neutralises every formula start in the COPY output', async () => {
    const rows = parseCsv((await csv('/api/v1/checklists?format=csv&export_limit=all')).toString('utf8'));
    const cells = rows.slice(1).flat();
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    expect(cells).toContain(`'=HYPERLINK("http://x.invalid","click")`);
    expect(cells).toContain("'-27.123456789");
    expect(cells).toContain("'-0.5");
    expect(cells).toContain("'@SUM(A1:A2)Raven 3");
    expect(cells).toContain("'+44 1234Ibis");
    expect(cells).toContain("'-infinity");
  });
});

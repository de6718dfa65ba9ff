import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { clean, jsNumber, literal } from '../src/modules/exports/dwca.columns';
import { openTestDatabase } from './db';

/*
 * The archive's cells are written by the database (dwca.columns.ts). These are the rules they must
 * keep, written the way the archive's JavaScript writer applied them before the rows moved into
 * SQL: a text cell has runs of tabs and line breaks made one space and is trimmed as String.trim()
 * trims; a coordinate reads as String(number) prints it.
 */
const textCell = (v: string) => v.replace(/[\t\r\n]+/g, ' ').trim();

const SPECIAL = [
  '\t',
  '\n',
  '\r',
  ' ',
  '\u000b',
  '\u000c',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u200a',
  '\u200b',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
  '\u0085',
  '\u180e',
  '\u0001',
  '\\',
  '"',
  "'",
  'a',
  'é',
  'ཕོ',
  '𝔅',
];

/** Strings PostgreSQL can hold (no NUL, no lone surrogate), dense in the characters that matter. */
const texts = fc
  .string({
    unit: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...SPECIAL) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    ),
    maxLength: 12,
  })
  .filter((s) => !/\0|\p{Surrogate}/u.test(s));

/** A double as a float8 literal, -0 included. */
const float8 = (x: number): SQL =>
  Object.is(x, -0) ? sql`'-0'::float8` : sql`${sql.raw(String(x))}::float8`;

describe('DwC-A cells written by the database', () => {
  let database: Database;
  const column = async (values: SQL[], cell: (v: SQL) => SQL): Promise<(string | null)[]> => {
    const rows = (await database.db.execute(
      sql`select ${cell(sql`v`)} as cell from (values ${sql.join(
        values.map((v, i) => sql`(${sql.raw(String(i))}, ${v})`),
        sql`, `,
      )}) t(i, v) order by i`,
    )) as unknown as { rows: { cell: string | null }[] };
    return rows.rows.map((r) => r.cell);
  };

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('cleans text as the JavaScript writer did: breaks to one space, trimmed, empty as no value', async () => {
    const cases = [
      ...[
        '',
        ' ',
        '\t\n',
        'a\tb',
        'a\r\n\tb',
        '  lead',
        'trail \u3000',
        '\ufeffbom',
        'in\u0085nel',
        'x\u180e',
      ],
      ...['mid\u2028line', 'a \t b', 'back\\slash', 'quo"te', "apo'st", '\u000bvt\u000c', 'é ཕོ་བྱ', '𝔅 '],
      ...fc.sample(texts, { numRuns: 400, seed: 13 }),
    ];
    const cells = await column(
      cases.map((s) => sql`${literal(s)}::text`),
      clean,
    );
    cells.forEach((cell, i) => {
      const input = cases[i] ?? '';
      expect({ input, cell: cell ?? '' }).toEqual({ input, cell: textCell(input) });
      // Empty is NULL, so COPY writes nothing at all (not a quoted empty string).
      if (cell !== null) expect(cell).not.toBe('');
    });
    expect(await column([sql`null::text`], clean)).toEqual([null]);
  });

  it('prints coordinates as JavaScript does, in every range PostgreSQL formats differently', async () => {
    const cases = [
      ...[0, -0, 1e-4, -1e-4, 9.999999999999999e-5, 1.2345e-5, 1e-6, 9.99e-7, -1e-7, 1e-9, 5e-324],
      ...[27.4612, 90.1797, -89.99999999999999, 179.99999999999997, 0.1 + 0.2, 180, -180, 90, 100, 1.5],
      ...fc.sample(fc.double({ min: -180, max: 180, noNaN: true }), { numRuns: 300, seed: 7 }),
      ...fc.sample(fc.double({ min: -1e-3, max: 1e-3, noNaN: true }), { numRuns: 200, seed: 8 }),
    ];
    const cells = await column(cases.map(float8), jsNumber);
    cells.forEach((cell, i) => {
      const x = cases[i] ?? Number.NaN;
      expect({ x, cell }).toEqual({ x, cell: String(x) });
    });
  });
});

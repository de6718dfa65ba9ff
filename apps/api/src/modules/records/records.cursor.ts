import { DATE_PATTERN, type RecordsSort } from '@jarog/contracts';
import { and, eq, isNotNull, isNull, lt, lte, not, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { checklists, entries } from '../../db/schema';
import { AppError } from '../../lib/errors';

/*
 * Keyset pagination of the console lists (issue 10). A page answers `nextCursor`: where it ended in the
 * list's order. Sent back as `cursor` (with the next page number, which the answer echoes), it starts the
 * next page there, so page 500 costs what page 1 does; without one, `page` still works by offset. Only the
 * date orders ('-date', 'date') have cursors: the others sort on a name, where deep paging is not the use.
 */

/** The orders a cursor can continue: the date orders, as checklistOrder() spells them. */
export type CursorSort = Extract<RecordsSort, '-date' | 'date'>;
export const hasCursors = (sort: RecordsSort = '-date'): sort is CursorSort =>
  sort === '-date' || sort === 'date';

/** A checklist's place in a date order: its date, time (null when missing) and id. */
export interface ChecklistPosition {
  date: string;
  time: string | null;
  id: string;
}

/** Where a page ended. On the entries list also the last entry's place inside its checklist. */
export interface PageCursor extends ChecklistPosition {
  sort: CursorSort;
  entry?: { createdAt: string; birdName: string; id: string };
}

const TIME = /^\d{2}:\d{2}:\d{2}(\.\d{1,6})?$/;
/** A timestamptz as PostgreSQL prints it (microseconds kept: the order compares them). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/;
const WireCursor = z.object({
  s: z.enum(['-date', 'date']),
  d: z.string().regex(DATE_PATTERN),
  t: z.string().regex(TIME).nullable(),
  c: z.uuid(),
  e: z.object({ a: z.string().regex(TIMESTAMP), b: z.string().max(500), i: z.uuid() }).optional(),
});

/** The cursor as the API hands it out: opaque, URL-safe. */
export function encodeCursor(c: PageCursor): string {
  const wire: z.input<typeof WireCursor> = { s: c.sort, d: c.date, t: c.time, c: c.id };
  if (c.entry) wire.e = { a: c.entry.createdAt, b: c.entry.birdName, i: c.entry.id };
  return Buffer.from(JSON.stringify(wire)).toString('base64url');
}

const refuse = (message: string) => new AppError('VALIDATION', message, [{ path: 'cursor', message }]);

/**
 * Reads a cursor sent back for a list and order. Anything but a cursor this API handed out for the same
 * kind of list and the same order is a 400 that says so.
 */
export function decodeCursor(raw: string, sort: RecordsSort, forEntries: boolean): PageCursor {
  if (!hasCursors(sort)) {
    throw refuse(`cursor continues only the date orders (sort=-date or sort=date), not sort=${sort}`);
  }
  let parsed: z.output<typeof WireCursor>;
  try {
    parsed = WireCursor.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
  } catch {
    throw refuse('cursor is not valid: send back the nextCursor of a page, unchanged (or page alone)');
  }
  if (parsed.s !== sort) throw refuse(`cursor belongs to sort=${parsed.s}, not sort=${sort}`);
  if (Boolean(parsed.e) !== forEntries) {
    throw refuse(`cursor belongs to ${parsed.e ? 'the entries list' : 'a checklists list'}`);
  }
  return {
    sort: parsed.s,
    date: parsed.d,
    time: parsed.t,
    id: parsed.c,
    ...(parsed.e ? { entry: { createdAt: parsed.e.a, birdName: parsed.e.b, id: parsed.e.i } } : {}),
  };
}

/**
 * Checklists after a position in a date order (with `inclusive`, at it or after). Written as "on the far
 * side of its date, and not before it within that date", so PostgreSQL starts an ordered walk of the date
 * index at the position instead of filtering every checklist. Missing times sort last newest first and
 * first oldest first, as the indexes keep them (NULLS LAST / NULLS FIRST).
 */
export function checklistsAfter(sort: CursorSort, at: ChecklistPosition, inclusive = false): SQL {
  const c = checklists;
  const idBefore = inclusive ? lt(c.id, at.id) : lte(c.id, at.id);
  let before: SQL | undefined;
  if (sort === '-date') {
    before =
      at.time === null
        ? or(isNotNull(c.selectedTime), idBefore)
        : and(
            isNotNull(c.selectedTime),
            or(sql`${c.selectedTime} > ${at.time}`, and(eq(c.selectedTime, at.time), idBefore)),
          );
    return and(lte(c.selectedDate, at.date), not(and(eq(c.selectedDate, at.date), before) as SQL)) as SQL;
  }
  before =
    at.time === null
      ? and(isNull(c.selectedTime), idBefore)
      : or(isNull(c.selectedTime), lt(c.selectedTime, at.time), and(eq(c.selectedTime, at.time), idBefore));
  return and(
    sql`${c.selectedDate} >= ${at.date}`,
    not(and(eq(c.selectedDate, at.date), before) as SQL),
  ) as SQL;
}

/**
 * Entries after a page's last one, in the entries list's order (its checklist's place, then created_at,
 * bird name and id inside the checklist, as ENTRY_ORDER).
 */
export function entriesAfter(cursor: PageCursor): SQL {
  const e = cursor.entry;
  const inChecklist = e
    ? sql`(${entries.createdAt}, ${entries.birdName}, ${entries.id}) <= (${e.createdAt}::timestamptz, ${e.birdName}, ${e.id}::uuid)`
    : sql`true`;
  return and(
    checklistsAfter(cursor.sort, cursor, true),
    not(and(eq(entries.checklistId, cursor.id), inChecklist) as SQL),
  ) as SQL;
}

import type { RecordsListKind } from './records-list-state';

/*
 * The cursors the API hands out with each page of a record list (`nextCursor`, issue 10), kept in memory.
 * The call for page n + 1 of the same list, filters, order and page size carries the cursor page n ended
 * with, so the API starts there instead of skipping n × limit rows: paging forward through a deep list
 * stays as fast as the first page. A jump to another page, or a reload, sends the page number alone,
 * which the API still answers by offset; the pager and the URL never see a cursor.
 */

/** Cursors kept at most (the oldest go first): a few lists paged a few dozen pages deep. */
export const MAX_CURSORS = 50;
const cursors = new Map<string, string>();

/** The list call without its page and cursor, as a stable key, plus the page the cursor leads to. */
function keyOf(kind: RecordsListKind, params: Record<string, string>, page: number): string {
  const rest = Object.entries(params)
    .filter(([k]) => k !== 'page' && k !== 'cursor')
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([kind, rest, page]);
}

/** Keeps the cursor a page answered, for the call of the page after it. */
export function rememberNextCursor(
  kind: RecordsListKind,
  params: Record<string, string>,
  answer: { page: number; nextCursor?: string | null },
): void {
  if (!answer.nextCursor) return;
  const key = keyOf(kind, params, answer.page + 1);
  cursors.delete(key);
  cursors.set(key, answer.nextCursor);
  for (const oldest of cursors.keys()) {
    if (cursors.size <= MAX_CURSORS) break;
    cursors.delete(oldest);
  }
}

/** The list call's parameters with the cursor that leads to its page, when one is known. */
export function withCursor(kind: RecordsListKind, params: Record<string, string>): Record<string, string> {
  const cursor = cursors.get(keyOf(kind, params, Number(params.page ?? 1)));
  return cursor ? { ...params, cursor } : params;
}

/** For tests: forget every cursor. */
export function forgetCursors(): void {
  cursors.clear();
}

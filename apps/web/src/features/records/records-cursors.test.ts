import { beforeEach, describe, expect, it } from 'vitest';
import { forgetCursors, MAX_CURSORS, rememberNextCursor, withCursor } from './records-cursors';

const page = (n: number, more: Record<string, string> = {}) => ({ page: String(n), limit: '20', ...more });

describe('cursors of the record lists', () => {
  beforeEach(forgetCursors);

  it("sends the cursor a page ended with on the next page's call, and nowhere else", () => {
    rememberNextCursor('entries', page(1, { dzongkhag: 'Paro' }), { page: 1, nextCursor: 'c2' });
    expect(withCursor('entries', page(2, { dzongkhag: 'Paro' }))).toEqual({
      ...page(2, { dzongkhag: 'Paro' }),
      cursor: 'c2',
    });
    // Another page, other filters, another page size, another list: the page number alone.
    expect(withCursor('entries', page(3, { dzongkhag: 'Paro' }))).toEqual(page(3, { dzongkhag: 'Paro' }));
    expect(withCursor('entries', page(2, { dzongkhag: 'Haa' }))).toEqual(page(2, { dzongkhag: 'Haa' }));
    expect(withCursor('entries', { ...page(2, { dzongkhag: 'Paro' }), limit: '50' }).cursor).toBeUndefined();
    expect(withCursor('checklists', page(2, { dzongkhag: 'Paro' })).cursor).toBeUndefined();
  });

  it('keys on the call whatever the order of its parameters, and whatever cursor it carried', () => {
    rememberNextCursor(
      'checklists',
      { sort: 'date', ...page(4), cursor: 'c4' },
      { page: 4, nextCursor: 'c5' },
    );
    expect(withCursor('checklists', { ...page(5), sort: 'date' }).cursor).toBe('c5');
  });

  it('keeps nothing for the last page (no nextCursor) and forgets the oldest beyond its bound', () => {
    rememberNextCursor('entries', page(7), { page: 7, nextCursor: null });
    expect(withCursor('entries', page(8)).cursor).toBeUndefined();
    for (let n = 1; n <= MAX_CURSORS + 1; n++)
      rememberNextCursor('entries', page(n), { page: n, nextCursor: `c${n + 1}` });
    expect(withCursor('entries', page(2)).cursor).toBeUndefined();
    expect(withCursor('entries', page(3)).cursor).toBe('c3');
    expect(withCursor('entries', page(MAX_CURSORS + 2)).cursor).toBe(`c${MAX_CURSORS + 2}`);
  });
});

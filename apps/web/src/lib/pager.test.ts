import { describe, expect, it } from 'vitest';
import { pagerModel, shownRange } from './pager';

describe('pagerModel', () => {
  it('hides Prev on page 1 and Next on the last page', () => {
    expect(pagerModel(1, 42, 5)).toEqual({
      pages: [1, 2, 3, 4, 5],
      current: 1,
      totalPages: 9,
      showPrev: false,
      showNext: true,
    });
    expect(pagerModel(9, 42, 5)).toMatchObject({ pages: [5, 6, 7, 8, 9], showPrev: true, showNext: false });
  });

  it('centres up to 5 page buttons on the current page', () => {
    expect(pagerModel(5, 42, 5)).toMatchObject({ pages: [3, 4, 5, 6, 7], showPrev: true, showNext: true });
    expect(pagerModel(2, 42, 5).pages).toEqual([1, 2, 3, 4, 5]);
    expect(pagerModel(8, 42, 5).pages).toEqual([5, 6, 7, 8, 9]);
  });

  it('shows every page when there are fewer than 5, and neither button for one page', () => {
    expect(pagerModel(2, 12, 5)).toMatchObject({ pages: [1, 2, 3], showPrev: true, showNext: true });
    expect(pagerModel(1, 5, 5)).toMatchObject({
      pages: [1],
      totalPages: 1,
      showPrev: false,
      showNext: false,
    });
  });

  it('has nothing to show for an empty list', () => {
    expect(pagerModel(1, 0, 5)).toEqual({
      pages: [],
      current: 1,
      totalPages: 0,
      showPrev: false,
      showNext: false,
    });
  });

  it('clamps a page past the end', () => {
    expect(pagerModel(50, 12, 5)).toMatchObject({ current: 3, pages: [1, 2, 3], showNext: false });
  });
});

describe('shownRange', () => {
  it('says which items the page shows', () => {
    expect(shownRange(1, 5, 5, 42)).toBe('1–5 of 42');
    expect(shownRange(9, 5, 2, 42)).toBe('41–42 of 42');
    expect(shownRange(1, 5, 0, 0)).toBe('0 of 0');
  });
});

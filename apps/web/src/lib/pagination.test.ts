import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageWindow, parsePage, rowNumber } from './pagination';

describe('parsePage', () => {
  it.each([
    [null, 1],
    [undefined, 1],
    ['', 1],
    ['0', 1],
    ['-2', 1],
    ['abc', 1],
    ['1.5', 1],
    ['1', 1],
    ['7', 7],
    ['99999999999999999999', 1],
  ])('reads %j as page %i', (raw, page) => {
    expect(parsePage(raw)).toBe(page);
  });
});

describe('pageCount and clampPage', () => {
  it('counts pages, with at least one', () => {
    expect(pageCount(0, 5)).toBe(1);
    expect(pageCount(5, 5)).toBe(1);
    expect(pageCount(6, 5)).toBe(2);
    expect(pageCount(10, 0)).toBe(1);
  });

  it('steps back from past the end', () => {
    expect(clampPage(3, 10, 5)).toBe(2);
    expect(clampPage(2, 10, 5)).toBe(2);
    expect(clampPage(0, 10, 5)).toBe(1);
    expect(clampPage(4, 0, 5)).toBe(1);
  });
});

describe('rowNumber', () => {
  it('numbers rows on across pages', () => {
    expect(rowNumber(1, 5, 0)).toBe(1);
    expect(rowNumber(2, 5, 0)).toBe(6);
    expect(rowNumber(3, 10, 9)).toBe(30);
  });
});

describe('pageWindow', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });

  it('centres up to 5 buttons on the current page', () => {
    expect(pageWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
  });

  it('shifts inwards near the ends', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('clamps an out-of-range current page and handles empty lists', () => {
    expect(pageWindow(50, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { legendClasses, NO_RECORDS_SHADE, placeKey, SHADES, shadeOf, valuesByPlace } from './map-scale';

describe('map shading', () => {
  it('splits 1..max into up to 5 classes that cover every whole number once', () => {
    expect(legendClasses(0)).toEqual([]);
    expect(legendClasses(1)).toEqual([{ from: 1, to: 1, color: SHADES[4] }]);
    expect(legendClasses(3).map((c) => [c.from, c.to])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(legendClasses(50).map((c) => [c.from, c.to])).toEqual([
      [1, 10],
      [11, 20],
      [21, 30],
      [31, 40],
      [41, 50],
    ]);
    expect(legendClasses(7).map((c) => [c.from, c.to])).toEqual([
      [1, 1],
      [2, 3],
      [4, 4],
      [5, 6],
      [7, 7],
    ]);
  });

  it('shades 0 grey and the largest count darkest', () => {
    const classes = legendClasses(50);
    expect(shadeOf(0, classes)).toBe(NO_RECORDS_SHADE);
    expect(shadeOf(1, classes)).toBe(SHADES[0]);
    expect(shadeOf(10, classes)).toBe(SHADES[0]);
    expect(shadeOf(11, classes)).toBe(SHADES[1]);
    expect(shadeOf(50, classes)).toBe(SHADES[4]);
    expect(shadeOf(1, legendClasses(1))).toBe(SHADES[4]);
  });

  it('reads counts per place whatever the case and spacing', () => {
    const values = valuesByPlace(['Thimphu', 'Wangdue Phodrang'], [12, 3]);
    expect(values.get(placeKey('thimphu'))).toBe(12);
    expect(values.get(placeKey('WangduePhodrang'))).toBe(3);
    expect(values.get(placeKey('Paro'))).toBeUndefined();
  });
});

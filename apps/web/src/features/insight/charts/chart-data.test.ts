import { describe, expect, it } from 'vitest';
import { detailCount, hasData, horizontalHeight, largestFirst, namesText, seriesRows } from './chart-data';

describe('chart rows', () => {
  it('pairs labels with numbers and names, in the server order', () => {
    const rows = seriesRows({
      labels: ['Thimphu', 'Paro', 'Haa'],
      data: [3, 2],
      birdNames: [['Common Raven', 'Large-billed Crow', 'Red-billed Chough'], ['Common Raven'], []],
    });
    expect(rows).toEqual([
      {
        label: 'Thimphu',
        value: 3,
        details: [{ name: 'Seen', value: 'Common Raven, Large-billed Crow, Red-billed Chough' }],
      },
      { label: 'Paro', value: 2, details: [{ name: 'Seen', value: 'Common Raven' }] },
      { label: 'Haa', value: 0 },
    ]);
    expect(seriesRows(undefined)).toEqual([]);
    expect(seriesRows({ labels: ['a', 'b', 'c'], data: [1, 2, 3], birdNames: [] }, { max: 2 })).toHaveLength(
      2,
    );
  });

  it('cuts the names in a tooltip at 100 characters', () => {
    const names = Array.from({ length: 30 }, (_, i) => `Bird number ${i}`);
    const text = namesText(names) ?? '';
    expect(Array.from(text)).toHaveLength(100);
    expect(text.endsWith('…')).toBe(true);
    expect(namesText([])).toBeUndefined();
  });

  it("says there is nothing to draw when every number is 0 ('No data available')", () => {
    expect(hasData([])).toBe(false);
    expect(hasData([{ label: 'Jan', value: 0 }])).toBe(false);
    expect(
      hasData([
        { label: 'Jan', value: 0 },
        { label: 'Feb', value: 1 },
      ]),
    ).toBe(true);
  });

  it('sorts, counts tooltip lines and sizes horizontal charts', () => {
    expect(
      largestFirst([
        { label: 'b', value: 1 },
        { label: 'c', value: 5 },
        { label: 'a', value: 1 },
      ]).map((r) => r.label),
    ).toEqual(['c', 'a', 'b']);
    expect(
      detailCount([
        { label: 'a', value: 1, details: [{ name: 'x', value: 'y' }] },
        { label: 'b', value: 2 },
      ]),
    ).toBe(1);
    expect(horizontalHeight(1)).toBe(220);
    expect(horizontalHeight(20)).toBe(580);
    expect(horizontalHeight(1000)).toBe(1400);
  });
});

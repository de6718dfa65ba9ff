import { DZONGKHAG_NAMES } from '@jarog/contracts';
import { describe, expect, it } from 'vitest';
import { BORDER_MARGIN_DEG, dzongkhagAt, isInDzongkhag } from './geo';

/** The dzongkhag shapes the flag reads are the console map's TopoJSON (packages/contracts), decoded here. */
describe('dzongkhag shapes for OUTSIDE_DZONGKHAG', () => {
  it('has a shape for each of the 20 names, and none for other text', () => {
    for (const name of DZONGKHAG_NAMES) expect(isInDzongkhag(27.5, 90.4, name), name).toBeTypeOf('boolean');
    expect(isInDzongkhag(27.5, 90.4, 'Wangdi Phodrang')).toBeUndefined();
  });

  it('puts well-known places in their dzongkhag, and a place abroad in none', () => {
    expect(dzongkhagAt(27.4728, 89.639)).toBe('Thimphu'); // Thimphu town
    expect(dzongkhagAt(27.4305, 89.4133)).toBe('Paro'); // Paro town
    expect(dzongkhagAt(27.4583, 90.1783)).toBe('Wangdue Phodrang'); // Phobjikha
    expect(dzongkhagAt(27.3333, 91.55)).toBe('Trashigang'); // Trashigang town
    expect(dzongkhagAt(26.85, 90.5)).toBe('Sarpang'); // Gelephu
    expect(dzongkhagAt(22.5726, 88.3639)).toBeUndefined(); // Kolkata
  });

  it('allows the border margin for a point just over the line, not for another dzongkhag', () => {
    expect(isInDzongkhag(27.4728, 89.639, 'Thimphu')).toBe(true);
    expect(isInDzongkhag(27.4728, 89.639, 'Trashigang')).toBe(false);
    // Just over Thimphu's southern edge at this longitude: outside exactly, inside with the margin.
    let lat = 27.4728;
    while (dzongkhagAt(lat, 89.639) === 'Thimphu') lat -= 0.001;
    const over = lat - BORDER_MARGIN_DEG / 4;
    expect(dzongkhagAt(over, 89.639)).not.toBe('Thimphu');
    expect(isInDzongkhag(over, 89.639, 'Thimphu')).toBe(true);
  });
});

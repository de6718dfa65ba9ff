import { describe, expect, it } from 'vitest';
import { dzongkhagOfGewog, dzongkhagOptions, gewogOptions, placeText } from './places';

const LOCATIONS = [
  { name: 'Paro', gewogs: ['Tsento', 'Dopshari', 'Naja'] },
  { name: 'Haa', gewogs: ['Bji', 'Katsho'] },
  { name: 'Dagana', gewogs: ['Tsento', 'Karmaling'] },
];

describe('place pickers', () => {
  it('lists dzongkhags alphabetically', () => {
    expect(dzongkhagOptions(LOCATIONS).map((o) => o.value)).toEqual(['Dagana', 'Haa', 'Paro']);
    expect(dzongkhagOptions(undefined)).toEqual([]);
  });

  it("lists the chosen dzongkhag's gewogs, or all of them labelled with their dzongkhags", () => {
    expect(gewogOptions(LOCATIONS, 'Paro').map((o) => o.value)).toEqual(['Dopshari', 'Naja', 'Tsento']);
    expect(gewogOptions(LOCATIONS, 'Nowhere')).toEqual([]);
    const all = gewogOptions(LOCATIONS, undefined);
    expect(all.map((o) => o.value)).toEqual(['Bji', 'Dopshari', 'Karmaling', 'Katsho', 'Naja', 'Tsento']);
    expect(all.find((o) => o.value === 'Tsento')?.label).toBe('Tsento (Paro, Dagana)');
  });

  it("finds a gewog's dzongkhag only when the name is unambiguous", () => {
    expect(dzongkhagOfGewog(LOCATIONS, 'Bji')).toBe('Haa');
    expect(dzongkhagOfGewog(LOCATIONS, 'Tsento')).toBeUndefined();
    expect(dzongkhagOfGewog(LOCATIONS, 'Nowhere')).toBeUndefined();
  });

  it('writes a place from the village outwards, leaving out what is missing', () => {
    expect(placeText({ dzongkhag: 'Paro', gewog: 'Tsento', village: 'Drukgyel' })).toBe(
      'Drukgyel, Tsento, Paro',
    );
    expect(placeText({ dzongkhag: 'Paro', gewog: null, village: ' ' })).toBe('Paro');
    expect(placeText({})).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { parseGraphsState, toGraphsParams } from './graphs-state';

const NOW = new Date(2026, 10, 21);

describe('graphs state in the URL', () => {
  it('opens on this year, dzongkhags, the whole year and 20 birds', () => {
    const state = parseGraphsState(new URLSearchParams(), NOW);
    expect(state).toEqual({ year: 2026, place: 'dzongkhag', month: undefined, birds: 20 });
    expect(toGraphsParams(state, NOW).toString()).toBe('');
  });

  it('reads and writes each selection; unreadable values take defaults', () => {
    const state = parseGraphsState(new URLSearchParams('year=2024&place=village&month=1&birds=50'), NOW);
    expect(state).toEqual({ year: 2024, place: 'village', month: 1, birds: 50 });
    expect(toGraphsParams(state, NOW).toString()).toBe('year=2024&place=village&month=1&birds=50');
    expect(parseGraphsState(new URLSearchParams('year=24&place=town&month=13&birds=7'), NOW)).toEqual({
      year: 2026,
      place: 'dzongkhag',
      month: undefined,
      birds: 20,
    });
  });
});

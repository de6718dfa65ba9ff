import { describe, expect, it } from 'vitest';
import {
  birdersQuery,
  nextBirdersState,
  parseBirdersState,
  parsePaging,
  toBirdersParams,
} from './birders-list-state';

describe('birders list state in the URL', () => {
  it('reads defaults from an empty URL and keeps them out of it', () => {
    const state = parseBirdersState(new URLSearchParams());
    expect(state).toEqual({ birder: '', country: '', page: 1, limit: 5 });
    expect(toBirdersParams(state).toString()).toBe('');
    expect(birdersQuery(state)).toEqual({ page: '1', limit: '5' });
  });

  it('reads and writes search, country, page and size; unreadable values take defaults', () => {
    const state = parseBirdersState(new URLSearchParams('birder=%20Karma%20&country=Bhutan&page=3&limit=20'));
    expect(state).toEqual({ birder: 'Karma', country: 'Bhutan', page: 3, limit: 20 });
    expect(toBirdersParams(state).toString()).toBe('birder=Karma&country=Bhutan&page=3&limit=20');
    expect(parseBirdersState(new URLSearchParams('page=-1&limit=7')).page).toBe(1);
    expect(parseBirdersState(new URLSearchParams('limit=7')).limit).toBe(5);
  });

  it('goes back to page 1 when a filter changes, not when the page does', () => {
    const state = { birder: 'Karma', country: '', page: 4, limit: 5 };
    expect(nextBirdersState(state, { country: 'Bhutan' }).page).toBe(1);
    expect(nextBirdersState(state, { birder: 'Karma' }).page).toBe(4);
    expect(nextBirdersState(state, { page: 2 }).page).toBe(2);
    expect(nextBirdersState(state, { limit: 10 }).page).toBe(1);
  });

  it('reads the page of the other lists', () => {
    expect(parsePaging(new URLSearchParams('page=2'))).toEqual({ page: 2, limit: 5 });
  });
});

import { describe, expect, it } from 'vitest';
import {
  activeRecordFilters,
  NO_RECORD_FILTERS,
  nextRecordsState,
  parseRecordsState,
  placeChange,
  recordsExportQuery,
  recordsListQuery,
  toRecordsSearchParams,
} from './records-list-state';

const read = (kind: 'checklists' | 'entries' | 'newspecies', query: string) =>
  parseRecordsState(kind, new URLSearchParams(query));

describe('record list state in the URL', () => {
  it('starts with no filters, page 1, 5 per page', () => {
    expect(read('checklists', '')).toEqual({
      filters: NO_RECORD_FILTERS,
      page: 1,
      limit: 5,
      pending: false,
      sort: '-date',
    });
  });

  it('reads the filters each list offers, and only those', () => {
    const q =
      'birder=Sonam&birding_site=Phobjikha&date=2026-03-07&dzongkhag=Paro&gewog=Tsento&village=Drukgyel&search=crane';
    expect(read('checklists', q).filters).toEqual({
      ...NO_RECORD_FILTERS,
      birder: 'Sonam',
      birding_site: 'Phobjikha',
      date: '2026-03-07',
      dzongkhag: 'Paro',
      gewog: 'Tsento',
      village: 'Drukgyel',
    });
    // The entries list has a search box but no birding-site filter (spec section 2).
    const entries = read('entries', q).filters;
    expect(entries.search).toBe('crane');
    expect(entries.birding_site).toBe('');
  });

  it('drops what it cannot read: a date that is not YYYY-MM-DD, blank text, odd page sizes', () => {
    const state = read(
      'entries',
      'date=7/3/2026&birder=%20%20&page=-1&limit=7&village=%20Drukgyel%20%20Dzong',
    );
    expect(state.filters.date).toBe('');
    expect(state.filters.birder).toBe('');
    expect(state.filters.village).toBe('Drukgyel Dzong');
    expect(state.page).toBe(1);
    expect(state.limit).toBe(5);
  });

  it('round-trips, leaving defaults out of the URL', () => {
    expect(toRecordsSearchParams('checklists', read('checklists', '')).toString()).toBe('');
    const state = read('checklists', 'dzongkhag=Paro&date=2026-03-07&page=3&limit=20');
    expect(read('checklists', toRecordsSearchParams('checklists', state).toString())).toEqual(state);
  });

  it('gives the list call and the export the same filters', () => {
    const state = read('newspecies', 'dzongkhag=Paro&birder=Sonam&page=2');
    expect(recordsListQuery('newspecies', state)).toEqual({
      dzongkhag: 'Paro',
      birder: 'Sonam',
      page: '2',
      limit: '5',
    });
    expect(Object.fromEntries(recordsExportQuery('newspecies', state.filters))).toEqual({
      format: 'csv',
      export_limit: 'all',
      dzongkhag: 'Paro',
      birder: 'Sonam',
    });
  });
});

describe('changes', () => {
  const state = read('checklists', 'dzongkhag=Paro&gewog=Tsento&village=Drukgyel&page=4&limit=20');

  it('new filters start again at page 1; a page change keeps the filters; a new size goes to page 1', () => {
    expect(nextRecordsState(state, { filters: { birder: 'Sonam' } })).toEqual({
      ...state,
      filters: { ...state.filters, birder: 'Sonam' },
      page: 1,
    });
    expect(nextRecordsState(state, { page: 5 })).toEqual({ ...state, page: 5 });
    expect(nextRecordsState(state, { limit: 50 })).toEqual({ ...state, limit: 50, page: 1 });
  });

  it('another dzongkhag clears the gewog and village chosen in the old one; another gewog the village', () => {
    expect(placeChange(state.filters, { dzongkhag: 'Thimphu' })).toEqual({
      dzongkhag: 'Thimphu',
      gewog: '',
      village: '',
    });
    expect(placeChange(state.filters, { gewog: 'Dopshari' })).toEqual({ gewog: 'Dopshari', village: '' });
    expect(placeChange(state.filters, { dzongkhag: 'Paro' })).toEqual({ dzongkhag: 'Paro' });
    expect(placeChange(state.filters, { dzongkhag: 'Haa', gewog: 'Bji' })).toEqual({
      dzongkhag: 'Haa',
      gewog: 'Bji',
      village: '',
    });
  });

  it('lists the active filters as chips', () => {
    expect(activeRecordFilters('checklists', state.filters).map((c) => `${c.label}: ${c.value}`)).toEqual([
      'Dzongkhag: Paro',
      'Gewog: Tsento',
      'Village: Drukgyel',
    ]);
    expect(activeRecordFilters('checklists', NO_RECORD_FILTERS)).toEqual([]);
  });
});

describe("the reviewer's queue in the URL (issue 12)", () => {
  it('reads pending=true and a known sort; anything else falls back to all, newest first', () => {
    expect(read('checklists', 'pending=true&sort=date')).toMatchObject({ pending: true, sort: 'date' });
    expect(read('entries', 'pending=yes&sort=price')).toMatchObject({ pending: false, sort: '-date' });
  });

  it('writes only what differs from the defaults, and a queue change starts at page 1', () => {
    const start = read('checklists', 'page=3&dzongkhag=Paro');
    const next = nextRecordsState(start, { queue: { pending: true, sort: 'date' } });
    expect(next).toMatchObject({ page: 1, pending: true, sort: 'date' });
    expect(toRecordsSearchParams('checklists', next).toString()).toBe(
      'dzongkhag=Paro&pending=true&sort=date',
    );
    expect(recordsListQuery('checklists', next)).toMatchObject({ pending: 'true', sort: 'date' });
    const back = nextRecordsState(next, { queue: { pending: false, sort: '-date' } });
    expect(toRecordsSearchParams('checklists', back).toString()).toBe('dzongkhag=Paro');
    expect(recordsListQuery('checklists', back)).not.toHaveProperty('sort');
  });

  it('a dzongkhag picked from the pending counts narrows the filters and turns pending on together', () => {
    const start = read('checklists', 'gewog=Tsento&village=Drukgyel');
    const next = nextRecordsState(start, {
      filters: { dzongkhag: 'Thimphu', gewog: '', village: '' },
      queue: { pending: true },
    });
    expect(toRecordsSearchParams('checklists', next).toString()).toBe('dzongkhag=Thimphu&pending=true');
  });

  it('the export keeps "pending only" (its order stays the default)', () => {
    const q = recordsExportQuery('checklists', NO_RECORD_FILTERS, { pending: true });
    expect(q.get('pending')).toBe('true');
    expect(q.has('sort')).toBe(false);
  });
});

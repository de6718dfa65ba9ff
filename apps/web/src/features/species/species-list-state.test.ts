import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  exportQuery,
  filterParams,
  hasFilters,
  listQuery,
  NO_FILTERS,
  nextListState,
  parseListState,
  type SpeciesListState,
  splitList,
  toSearchParams,
  withoutFilter,
} from './species-list-state';

const read = (query: string) => parseListState(new URLSearchParams(query));

describe('URL → list state', () => {
  it('starts with no filters, page 1, 5 per page, list view', () => {
    expect(read('')).toEqual({ filters: NO_FILTERS, page: 1, limit: 5, view: 'list' });
  });

  it('reads every filter, comma lists and text alike', () => {
    const state = read(
      'search=crane&bird_name=Black&scientific_name=Grus&species=nigricollis&order=Gruiformes' +
        '&family=Gruidae,Corvidae&genus=Grus&iucn_status=VU,NT&group=Crane&residency=Winter%20visitor' +
        '&page=3&limit=20&view=cards',
    );
    expect(state).toEqual({
      filters: {
        search: 'crane',
        bird_name: 'Black',
        scientific_name: 'Grus',
        species: 'nigricollis',
        order: ['Gruiformes'],
        family: ['Gruidae', 'Corvidae'],
        genus: ['Grus'],
        iucn_status: ['VU', 'NT'],
        group: ['Crane'],
        residency: ['Winter visitor'],
      },
      page: 3,
      limit: 20,
      view: 'cards',
    });
  });

  it('ignores what it cannot read', () => {
    const state = read('page=-2&limit=7&view=grid&family=,%20,&bird_name=%20%20');
    expect(state.page).toBe(1);
    expect(state.limit).toBe(5);
    expect(state.view).toBe('list');
    expect(state.filters.family).toEqual([]);
    expect(state.filters.bird_name).toBe('');
  });

  it('splits comma lists without blanks or repeats', () => {
    expect(splitList(' a, b ,,a ')).toEqual(['a', 'b']);
    expect(splitList(null)).toEqual([]);
  });
});

describe('list state → URL', () => {
  it('leaves defaults out', () => {
    expect(toSearchParams(read('')).toString()).toBe('');
  });

  it('round-trips every field', () => {
    const query =
      'search=crane&bird_name=Black&family=Gruidae%2CCorvidae&iucn_status=VU&page=2&limit=10&view=cards';
    const state = read(query);
    expect(read(toSearchParams(state).toString())).toEqual(state);
    expect(toSearchParams(state).get('family')).toBe('Gruidae,Corvidae');
  });

  it('gives the API the filters, page and limit, and the export the same filters', () => {
    const state = read('family=Gruidae&bird_name=crane&page=2&view=cards');
    expect(listQuery(state)).toEqual({ family: 'Gruidae', bird_name: 'crane', page: '2', limit: '5' });
    expect(Object.fromEntries(exportQuery(state.filters))).toEqual({
      export_limit: 'all',
      format: 'csv',
      family: 'Gruidae',
      bird_name: 'crane',
    });
    expect(filterParams(NO_FILTERS)).toEqual({});
  });
});

describe('changes', () => {
  const state: SpeciesListState = read('family=Gruidae&page=4&view=cards');

  it('a new filter starts again at page 1 and keeps the view', () => {
    const next = nextListState(state, { filters: { iucn_status: ['VU'] } });
    expect(next.page).toBe(1);
    expect(next.view).toBe('cards');
    expect(next.filters.family).toEqual(['Gruidae']);
    expect(next.filters.iucn_status).toEqual(['VU']);
  });

  it('a page change or a view switch keeps the filters', () => {
    expect(nextListState(state, { page: 5 })).toEqual({ ...state, page: 5 });
    expect(nextListState(state, { view: 'list' })).toEqual({ ...state, view: 'list' });
    expect(nextListState(state, { limit: 20 })).toEqual({ ...state, limit: 20, page: 1 });
  });

  it('lists the active filters one chip per value, and removes one chip alone', () => {
    const s = read('search=crane&family=Gruidae,Corvidae');
    const chips = activeFilters(s.filters);
    expect(chips.map((c) => `${c.label}: ${c.value}`)).toEqual([
      'Search: crane',
      'Family: Gruidae',
      'Family: Corvidae',
    ]);
    const [search, gruidae] = chips;
    if (!search || !gruidae) throw new Error('chips missing');
    expect(withoutFilter(s.filters, search).search).toBe('');
    expect(withoutFilter(s.filters, gruidae).family).toEqual(['Corvidae']);
    expect(hasFilters(s.filters)).toBe(true);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });
});

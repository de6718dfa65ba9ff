import { DEFAULT_PAGE_SIZE } from '@jarog/contracts';
import { parsePage } from '../../lib/pagination';

/** The list filters the API takes as comma lists (OR inside a list, AND between fields). */
export const LIST_FILTERS = ['order', 'family', 'genus', 'iucn_status', 'group', 'residency'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

/** The text filters: the top-bar search, bird name, scientific name and species. */
export const TEXT_FILTERS = ['search', 'bird_name', 'scientific_name', 'species'] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];

export const FILTER_LABELS: Record<ListFilter | TextFilter, string> = {
  search: 'Search',
  bird_name: 'Bird name',
  scientific_name: 'Scientific name',
  species: 'Species',
  order: 'Order',
  family: 'Family',
  genus: 'Genus',
  iucn_status: 'IUCN Status',
  group: 'Group',
  residency: 'Residency',
};

export const VIEW_MODES = ['list', 'cards'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/** Page sizes offered; the spec's default is 5 and the API serves at most 100. */
import { PAGE_SIZES } from '../../lib/pagination';

export { PAGE_SIZES };

export type SpeciesFilters = Record<TextFilter, string> & Record<ListFilter, string[]>;

/** Everything the species list shows, as the URL holds it. */
export interface SpeciesListState {
  filters: SpeciesFilters;
  page: number;
  limit: number;
  view: ViewMode;
}

export const NO_FILTERS: SpeciesFilters = {
  search: '',
  bird_name: '',
  scientific_name: '',
  species: '',
  order: [],
  family: [],
  genus: [],
  iucn_status: [],
  group: [],
  residency: [],
};

/** `a,b, ,a` → ['a', 'b']: trimmed, no blanks, no repeats, in first-seen order. */
export function splitList(raw: string | null | undefined): string[] {
  if (!raw) return [];
  return [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

function parseLimit(raw: string | null): number {
  const n = Number(raw);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

/** Reads the list state from the URL; anything missing or unreadable takes its default. */
export function parseListState(params: URLSearchParams): SpeciesListState {
  const filters = { ...NO_FILTERS };
  for (const key of TEXT_FILTERS) filters[key] = params.get(key)?.trim() ?? '';
  for (const key of LIST_FILTERS) filters[key] = splitList(params.get(key));
  const view = params.get('view');
  return {
    filters,
    page: parsePage(params.get('page')),
    limit: parseLimit(params.get('limit')),
    view: view === 'cards' ? 'cards' : 'list',
  };
}

/** The filters as query parameters, empty ones left out (shared by the URL, the list call and the export). */
export function filterParams(filters: SpeciesFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of TEXT_FILTERS) {
    const value = filters[key].trim();
    if (value) out[key] = value;
  }
  for (const key of LIST_FILTERS) {
    const list = filters[key].map((v) => v.trim()).filter(Boolean);
    if (list.length) out[key] = list.join(',');
  }
  return out;
}

/** Writes the state back: defaults (page 1, 5 per page, list view) stay out of the URL. */
export function toSearchParams(state: SpeciesListState): URLSearchParams {
  const params = new URLSearchParams(filterParams(state.filters));
  if (state.page > 1) params.set('page', String(state.page));
  if (state.limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(state.limit));
  if (state.view !== 'list') params.set('view', state.view);
  return params;
}

/** The GET /species/get parameters for this state. */
export function listQuery(state: SpeciesListState): Record<string, string> {
  return { ...filterParams(state.filters), page: String(state.page), limit: String(state.limit) };
}

/** The CSV export URL's query: the same filters, the whole list. */
export function exportQuery(filters: SpeciesFilters): URLSearchParams {
  return new URLSearchParams({ export_limit: 'all', format: 'csv', ...filterParams(filters) });
}

export interface ActiveFilter {
  key: ListFilter | TextFilter;
  label: string;
  value: string;
}

/** One chip per active filter (each value of a list filter separately), so each can be removed alone. */
export function activeFilters(filters: SpeciesFilters): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  for (const key of TEXT_FILTERS) {
    const value = filters[key].trim();
    if (value) out.push({ key, label: FILTER_LABELS[key], value });
  }
  for (const key of LIST_FILTERS) {
    for (const value of filters[key]) out.push({ key, label: FILTER_LABELS[key], value });
  }
  return out;
}

export function hasFilters(filters: SpeciesFilters): boolean {
  return activeFilters(filters).length > 0;
}

/** The filters without one chip's value. */
export function withoutFilter(filters: SpeciesFilters, chip: ActiveFilter): SpeciesFilters {
  const next = { ...filters };
  if ((TEXT_FILTERS as readonly string[]).includes(chip.key)) next[chip.key as TextFilter] = '';
  else next[chip.key as ListFilter] = filters[chip.key as ListFilter].filter((v) => v !== chip.value);
  return next;
}

export type ListChange =
  | { filters: Partial<SpeciesFilters> }
  | { page: number }
  | { view: ViewMode }
  | { limit: number };

/**
 * The state after a change: new filters or a new page size start again at page 1; a page change or a
 * view switch keeps everything else.
 */
export function nextListState(state: SpeciesListState, change: ListChange): SpeciesListState {
  if ('filters' in change) return { ...state, filters: { ...state.filters, ...change.filters }, page: 1 };
  if ('page' in change) return { ...state, page: change.page };
  if ('view' in change) return { ...state, view: change.view };
  return { ...state, limit: change.limit, page: 1 };
}

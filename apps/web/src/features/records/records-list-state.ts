import { DATE_PATTERN, DEFAULT_PAGE_SIZE, RECORDS_SORTS, type RecordsSort } from '@jarog/contracts';
import { PAGE_SIZES, parsePage } from '../../lib/pagination';

/** The three record lists of the console and the API list each one reads. */
export type RecordsListKind = 'checklists' | 'entries' | 'newspecies';

/** Every filter the record lists take, named as the API's query parameters (spec section 7). */
export const RECORD_FILTERS = [
  'search',
  'birder',
  'birding_site',
  'date',
  'dzongkhag',
  'gewog',
  'village',
] as const;
export type RecordFilter = (typeof RECORD_FILTERS)[number];
export type RecordFilters = Record<RecordFilter, string>;

/** Which filters each list offers (spec section 2), in the order the filter bar shows them. */
export const FILTERS_OF: Record<RecordsListKind, readonly RecordFilter[]> = {
  checklists: ['birder', 'birding_site', 'date', 'dzongkhag', 'gewog', 'village'],
  newspecies: ['birder', 'birding_site', 'date', 'dzongkhag', 'gewog', 'village'],
  entries: ['search', 'birder', 'date', 'dzongkhag', 'gewog', 'village'],
};

export const RECORD_FILTER_LABELS: Record<RecordFilter, string> = {
  search: 'Search',
  birder: 'Birder',
  birding_site: 'Birding site',
  date: 'Date',
  dzongkhag: 'Dzongkhag',
  gewog: 'Gewog',
  village: 'Village',
};

export const NO_RECORD_FILTERS: RecordFilters = {
  search: '',
  birder: '',
  birding_site: '',
  date: '',
  dzongkhag: '',
  gewog: '',
  village: '',
};

export { PAGE_SIZES };

/** Everything a record list shows, as the URL holds it. */
export interface RecordsListState {
  filters: RecordFilters;
  page: number;
  limit: number;
  /** The reviewer's queue (issue 12): entries waiting for review only, and the order. */
  pending: boolean;
  sort: RecordsSort;
}

export const DEFAULT_SORT: RecordsSort = '-date';
function parseSort(raw: string | null): RecordsSort {
  return (RECORDS_SORTS as readonly string[]).includes(raw ?? '') ? (raw as RecordsSort) : DEFAULT_SORT;
}

function parseLimit(raw: string | null): number {
  const n = Number(raw);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

/** A filter value as the URL or the API takes it: trimmed; a date that is not YYYY-MM-DD is no filter. */
function cleanValue(key: RecordFilter, raw: string | null | undefined): string {
  const value = raw?.trim().replace(/\s+/g, ' ') ?? '';
  if (key === 'date' && !DATE_PATTERN.test(value)) return '';
  return value;
}

/** Reads a list's state from the URL; filters the list does not offer, and unreadable values, are dropped. */
export function parseRecordsState(kind: RecordsListKind, params: URLSearchParams): RecordsListState {
  const filters = { ...NO_RECORD_FILTERS };
  for (const key of FILTERS_OF[kind]) filters[key] = cleanValue(key, params.get(key));
  return {
    filters,
    page: parsePage(params.get('page')),
    limit: parseLimit(params.get('limit')),
    pending: params.get('pending') === 'true',
    sort: parseSort(params.get('sort')),
  };
}

/** The list's active filters as query parameters (shared by the URL, the list call and the export). */
export function recordFilterParams(kind: RecordsListKind, filters: RecordFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of FILTERS_OF[kind]) {
    const value = cleanValue(key, filters[key]);
    if (value) out[key] = value;
  }
  return out;
}

/** Writes the state back; page 1 and 5 per page stay out of the URL. */
export function toRecordsSearchParams(kind: RecordsListKind, state: RecordsListState): URLSearchParams {
  const params = new URLSearchParams(recordFilterParams(kind, state.filters));
  if (state.page > 1) params.set('page', String(state.page));
  if (state.limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(state.limit));
  if (state.pending) params.set('pending', 'true');
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  return params;
}

/** The list call's parameters for this state. */
export function recordsListQuery(kind: RecordsListKind, state: RecordsListState): Record<string, string> {
  return {
    ...recordFilterParams(kind, state.filters),
    page: String(state.page),
    limit: String(state.limit),
    ...(state.pending ? { pending: 'true' } : {}),
    ...(state.sort !== DEFAULT_SORT ? { sort: state.sort } : {}),
  };
}

/** The CSV export's parameters: the same filters, the whole list. */
export function recordsExportQuery(
  kind: RecordsListKind,
  filters: RecordFilters,
  queue?: { pending: boolean },
): URLSearchParams {
  return new URLSearchParams({
    format: 'csv',
    export_limit: 'all',
    ...recordFilterParams(kind, filters),
    ...(queue?.pending ? { pending: 'true' } : {}),
  });
}

export interface ActiveRecordFilter {
  key: RecordFilter;
  label: string;
  value: string;
}

/** One removable chip per active filter. */
export function activeRecordFilters(kind: RecordsListKind, filters: RecordFilters): ActiveRecordFilter[] {
  return Object.entries(recordFilterParams(kind, filters)).map(([key, value]) => ({
    key: key as RecordFilter,
    label: RECORD_FILTER_LABELS[key as RecordFilter],
    value,
  }));
}

/**
 * The change a place select makes. A place narrows from dzongkhag to gewog to village, so choosing another
 * dzongkhag also clears the gewog and village chosen inside the old one, and another gewog the village.
 */
export function placeChange(filters: RecordFilters, patch: Partial<RecordFilters>): Partial<RecordFilters> {
  const out = { ...patch };
  if (patch.dzongkhag !== undefined && patch.dzongkhag !== filters.dzongkhag) {
    out.gewog ??= '';
    out.village ??= '';
  } else if (patch.gewog !== undefined && patch.gewog !== filters.gewog) {
    out.village ??= '';
  }
  return out;
}

export type RecordsListChange =
  | { filters: Partial<RecordFilters> }
  | { page: number }
  | { limit: number }
  | { queue: { pending?: boolean; sort?: RecordsSort }; filters?: Partial<RecordFilters> };

/** New filters or a new page size start again at page 1; a page change keeps everything else. */
export function nextRecordsState(state: RecordsListState, change: RecordsListChange): RecordsListState {
  if ('queue' in change)
    return { ...state, ...change.queue, filters: { ...state.filters, ...change.filters }, page: 1 };
  if ('filters' in change) return { ...state, filters: { ...state.filters, ...change.filters }, page: 1 };
  if ('page' in change) return { ...state, page: change.page };
  return { ...state, limit: change.limit, page: 1 };
}

import { DEFAULT_PAGE_SIZE } from '@jarog/contracts';
import { parsePage } from '../../../lib/pagination';

/** Page sizes offered for birder cards; the spec's default is 5 (section 9). */
export const BIRDER_PAGE_SIZES = [DEFAULT_PAGE_SIZE, 10, 20, 50] as const;

/** The birders list as the URL holds it: name search, country, page, page size. */
export interface BirdersListState {
  birder: string;
  country: string;
  page: number;
  limit: number;
}

const clean = (raw: string | null | undefined) => raw?.trim().replace(/\s+/g, ' ') ?? '';

export function parseLimit(raw: string | null): number {
  const n = Number(raw);
  return (BIRDER_PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

/** Reads the state from the URL; anything missing or unreadable takes its default. */
export function parseBirdersState(params: URLSearchParams): BirdersListState {
  return {
    birder: clean(params.get('birder')),
    country: clean(params.get('country')),
    page: parsePage(params.get('page')),
    limit: parseLimit(params.get('limit')),
  };
}

/** The filters as query parameters, empty ones left out (the URL, the list call and the export share it). */
export function birdersFilterParams(
  state: Pick<BirdersListState, 'birder' | 'country'>,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (clean(state.birder)) out.birder = clean(state.birder);
  if (clean(state.country)) out.country = clean(state.country);
  return out;
}

/** Writes the state back: defaults (page 1, 5 per page) stay out of the URL. */
export function toBirdersParams(state: BirdersListState): URLSearchParams {
  const params = new URLSearchParams(birdersFilterParams(state));
  if (state.page > 1) params.set('page', String(state.page));
  if (state.limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(state.limit));
  return params;
}

/** A change of filter starts again at page 1; a change of page keeps the filters. */
export function nextBirdersState(
  state: BirdersListState,
  change: Partial<BirdersListState>,
): BirdersListState {
  const filterChanged =
    (change.birder !== undefined && change.birder !== state.birder) ||
    (change.country !== undefined && change.country !== state.country) ||
    (change.limit !== undefined && change.limit !== state.limit);
  return { ...state, ...change, page: change.page ?? (filterChanged ? 1 : state.page) };
}

/** GET /api/v1/birders parameters. */
export function birdersQuery(state: BirdersListState): Record<string, string> {
  return { ...birdersFilterParams(state), page: String(state.page), limit: String(state.limit) };
}

/** A page number from the URL with the page size: the top birders list and the birder's entries. */
export function parsePaging(params: URLSearchParams): { page: number; limit: number } {
  return { page: parsePage(params.get('page')), limit: parseLimit(params.get('limit')) };
}

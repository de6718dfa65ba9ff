import type { DistrictSpeciesCountResponse } from '@jarog/contracts';
import { parseMonth, parseYear } from '../shared/period';

/** The place chart's type select (spec section 2): Dzongkhag, Gewog, Village. */
export const PLACE_TYPES = ['dzongkhag', 'gewog', 'village'] as const;
export type PlaceType = (typeof PLACE_TYPES)[number];
export const PLACE_LABELS: Record<PlaceType, string> = {
  dzongkhag: 'Dzongkhag',
  gewog: 'Gewog',
  village: 'Village',
};
export const RESULT_OF: Record<PlaceType, keyof DistrictSpeciesCountResponse> = {
  dzongkhag: 'dzongkhagResult',
  gewog: 'gewogResult',
  village: 'villageResult',
};

/** How many birds the horizontal chart shows. */
export const BIRD_LIMITS = [10, 20, 30, 50] as const;
export const DEFAULT_BIRD_LIMIT = 20;
/** At most this many gewogs or villages in the place chart (villages run to thousands): the ones with the most. */
export const MAX_PLACES = 30;

export interface GraphsState {
  year: number;
  place: PlaceType;
  /** 1–12, or undefined for the whole year. */
  month: number | undefined;
  birds: number;
}

/** Reads the graphs' selections from the URL; anything missing or unreadable takes its default. */
export function parseGraphsState(params: URLSearchParams, now: Date = new Date()): GraphsState {
  const place = params.get('place');
  const birds = Number(params.get('birds'));
  return {
    year: parseYear(params.get('year'), now.getFullYear()),
    place: (PLACE_TYPES as readonly string[]).includes(place ?? '') ? (place as PlaceType) : 'dzongkhag',
    month: parseMonth(params.get('month'), undefined),
    birds: (BIRD_LIMITS as readonly number[]).includes(birds) ? birds : DEFAULT_BIRD_LIMIT,
  };
}

/** Writes the selections back; defaults stay out of the URL. */
export function toGraphsParams(state: GraphsState, now: Date = new Date()): URLSearchParams {
  const params = new URLSearchParams();
  if (state.year !== now.getFullYear()) params.set('year', String(state.year));
  if (state.place !== 'dzongkhag') params.set('place', state.place);
  if (state.month) params.set('month', String(state.month));
  if (state.birds !== DEFAULT_BIRD_LIMIT) params.set('birds', String(state.birds));
  return params;
}

import {
  LocationsResponseSchema,
  VillageSuggestionsQuerySchema,
  VillageSuggestionsResponseSchema,
} from '@jarog/contracts';
import type { RouteDoc } from '../route-doc';

/** Dzongkhags, gewogs and village suggestions. */
export const LOCATIONS_DOCS: Record<string, RouteDoc> = {
  'GET /api/v1/locations': {
    tag: 'Places',
    summary: 'The 20 dzongkhags and their gewogs, official spellings',
    response: LocationsResponseSchema,
  },
  'GET /api/v1/locations/villages': {
    tag: 'Places',
    summary: 'Village names already used in records, most used first',
    description: 'The dzongkhag is required; a gewog and a search text narrow the suggestions.',
    query: VillageSuggestionsQuerySchema,
    response: VillageSuggestionsResponseSchema,
  },
};

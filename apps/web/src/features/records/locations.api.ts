import type { Dzongkhag, LocationsResponse, VillageSuggestionsResponse } from '@jarog/contracts';
import { api } from '../../app/api';

export type DzongkhagOption = Dzongkhag;

export const locationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The reference list: 20 dzongkhags and their gewogs (it changes only with a release, so it is kept). */
    listLocations: build.query<Dzongkhag[], void>({
      query: () => '/api/v1/locations',
      transformResponse: (body: LocationsResponse) => body.dzongkhags,
      keepUnusedDataFor: 3600,
    }),
    /** Village names already used in a dzongkhag (and gewog), most used first, narrowed by what is typed. */
    suggestVillages: build.query<string[], { dzongkhag: string; gewog?: string; q?: string }>({
      query: (params) => ({ url: '/api/v1/locations/villages', params }),
      transformResponse: (body: VillageSuggestionsResponse) => body.villages.map((v) => v.name),
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useListLocationsQuery, useSuggestVillagesQuery } = locationsApi;

import type {
  MessageResponse,
  Species,
  SpeciesInput,
  SpeciesListResponse,
  SpeciesPatch,
  SpeciesStats,
} from '@jarog/contracts';
import { api, LIST } from '../../app/api';

/** The species calls live under the versioned prefix (spec section 7); the account calls do not. */
const BASE = '/api/v1/species';

const speciesTag = (id: string) => ({ type: 'Species' as const, id });
const speciesList = { type: 'Species' as const, id: LIST };
// The API writes an activity-log line for every species change, so those refresh the log too.
const notificationsList = { type: 'Notification' as const, id: LIST };

/** What add and edit answer: the server's message and the species as stored. */
export interface SpeciesSaved {
  message: string;
  data: Species;
}

/** The tags a finished bulk upload refreshes (it goes through XMLHttpRequest for its progress bar). */
export const SPECIES_UPLOAD_TAGS = [speciesList, notificationsList];

export const speciesApi = api.enhanceEndpoints({ addTagTypes: ['Species'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The console list: a page of species plus the option lists built from the whole catalogue. */
    listSpecies: build.query<SpeciesListResponse, Record<string, string>>({
      query: (params) => ({ url: `${BASE}/get`, params }),
      providesTags: (result) => [speciesList, ...(result?.species.map((s) => speciesTag(s._id)) ?? [])],
    }),
    getSpecies: build.query<Species, string>({
      query: (id) => `${BASE}/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [speciesTag(id)],
    }),
    /** Species details' Stats: approved records and the dzongkhags where seen (refreshes with the species). */
    getSpeciesStats: build.query<SpeciesStats, string>({
      query: (id) => `${BASE}/${encodeURIComponent(id)}/stats`,
      providesTags: (_result, _error, id) => [speciesTag(id)],
    }),
    createSpecies: build.mutation<SpeciesSaved, SpeciesInput>({
      query: (body) => ({ url: BASE, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [speciesList, notificationsList]),
    }),
    updateSpecies: build.mutation<SpeciesSaved, { id: string; body: SpeciesPatch }>({
      query: ({ id, body }) => ({ url: `${BASE}/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [speciesList, speciesTag(id), notificationsList],
    }),
    deleteSpecies: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `${BASE}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) =>
        error ? [] : [speciesList, speciesTag(id), notificationsList],
    }),
    deleteSpeciesPhoto: build.mutation<MessageResponse, { id: string; photoId: string }>({
      query: ({ id, photoId }) => ({
        url: `${BASE}/${encodeURIComponent(id)}/photos/${encodeURIComponent(photoId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [speciesList, speciesTag(id), notificationsList],
    }),
  }),
});

export const {
  useListSpeciesQuery,
  useGetSpeciesQuery,
  useGetSpeciesStatsQuery,
  useCreateSpeciesMutation,
  useUpdateSpeciesMutation,
  useDeleteSpeciesMutation,
  useDeleteSpeciesPhotoMutation,
} = speciesApi;

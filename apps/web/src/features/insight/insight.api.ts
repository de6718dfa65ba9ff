import type {
  BirderDetailResponse,
  BirdersListResponse,
  BirdsCountYearResponse,
  ChecklistAnalysis,
  CountResponse,
  DeleteBirderResponse,
  DistrictLeadersResponse,
  DistrictSpeciesCountResponse,
  EntriesListResponse,
  SpeciesCountMonthsResponse,
  SpeciesListResponse,
  TopBirdersResponse,
} from '@jarog/contracts';
import { api, LIST } from '../../app/api';

const ANALYZE = '/api/v1/checklists/analyze';

/** Where each dashboard count comes from (spec section 7). */
export const COUNT_PATHS = {
  species: '/api/v1/species/get-count',
  birders: '/api/v1/birders-count',
  checklists: '/api/v1/checklists/get-count',
  sites: `${ANALYZE}/birdingsites-count`,
} as const;
export type CountKind = keyof typeof COUNT_PATHS;

/** The two leader charts of the dashboard and the map: distinct species or checklists per dzongkhag. */
export type LeadersMetric = 'species' | 'checklists';
export const LEADERS_PATHS: Record<LeadersMetric, string> = {
  species: `${ANALYZE}/district-species`,
  checklists: `${ANALYZE}/district-checklists`,
};

export interface Period {
  year: number;
  month: number;
}

// Every number here is computed from the records, so any review, rename, add or birder delete refreshes it.
const recordsList = { type: 'Records' as const, id: LIST };
const speciesList = { type: 'Species' as const, id: LIST };
const birdersList = { type: 'Birder' as const, id: LIST };
const birderTag = (id: string) => ({ type: 'Birder' as const, id });
const notificationsList = { type: 'Notification' as const, id: LIST };

export interface AnalyzeArgs {
  file: File;
  year: number;
  month: number;
}

export const insightApi = api
  .enhanceEndpoints({ addTagTypes: ['Records', 'Species', 'Birder'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** One of the dashboard counts (species, birders, checklists, birding sites). */
      getCount: build.query<number, CountKind>({
        query: (kind) => COUNT_PATHS[kind],
        transformResponse: (body: CountResponse) => body.count,
        providesTags: (_r, _e, kind) =>
          kind === 'species' ? [speciesList] : kind === 'birders' ? [birdersList] : [recordsList],
      }),
      /** The newest approved entries; `entriesTotal` is the dashboard's Entries count. */
      latestEntries: build.query<EntriesListResponse, number>({
        query: (limit) => ({ url: '/api/v1/entries', params: { limit, page: 1 } }),
        providesTags: [recordsList],
      }),
      /** A few species for the Explore Birds card. */
      exploreSpecies: build.query<SpeciesListResponse, number>({
        query: (limit) => ({ url: '/api/v1/species/get', params: { limit, page: 1 } }),
        providesTags: [speciesList],
      }),
      districtLeaders: build.query<DistrictLeadersResponse, { metric: LeadersMetric } & Period>({
        query: ({ metric, year, month }) => ({ url: LEADERS_PATHS[metric], params: { year, month } }),
        providesTags: [recordsList],
      }),
      speciesCountMonths: build.query<SpeciesCountMonthsResponse, number>({
        query: (year) => ({ url: `${ANALYZE}/species-count-months`, params: { year } }),
        providesTags: [recordsList],
      }),
      /** Species per dzongkhag, and per gewog and village (the `limit` with the most), in a year or month. */
      districtSpeciesCount: build.query<
        DistrictSpeciesCountResponse,
        { year: number; month?: number; limit: number }
      >({
        query: ({ year, month, limit }) => ({
          url: `${ANALYZE}/district-species-count`,
          params: month ? { year, month, limit } : { year, limit },
        }),
        providesTags: [recordsList],
      }),
      birdsCountYear: build.query<BirdsCountYearResponse, { year: number; limit: number }>({
        query: (params) => ({ url: `${ANALYZE}/birds-count-year`, params }),
        providesTags: [recordsList],
      }),
      /** Summarises an uploaded .xlsx; nothing is stored, so nothing is refreshed. */
      analyzeChecklists: build.mutation<ChecklistAnalysis, AnalyzeArgs>({
        query: ({ file, year, month }) => {
          const body = new FormData();
          body.append('file', file);
          return { url: ANALYZE, method: 'POST', params: { year, month }, body };
        },
      }),
      listBirders: build.query<BirdersListResponse, Record<string, string>>({
        query: (params) => ({ url: '/api/v1/birders', params }),
        providesTags: (result) => [birdersList, ...(result?.users.map((u) => birderTag(u.birder._id)) ?? [])],
      }),
      topBirders: build.query<TopBirdersResponse, { page: number; limit: number }>({
        query: (params) => ({ url: '/api/v1/birders/top', params }),
        providesTags: [birdersList, recordsList],
      }),
      getBirder: build.query<BirderDetailResponse, { id: string; page: number; limit: number }>({
        query: ({ id, page, limit }) => ({
          url: `/api/v1/birders/${encodeURIComponent(id)}`,
          params: { page, limit },
        }),
        providesTags: (_r, _e, { id }) => [birderTag(id), recordsList],
      }),
      /** The account goes; its records stay, their observer shown as 'Deleted birder'. */
      deleteBirder: build.mutation<DeleteBirderResponse, string>({
        query: (id) => ({ url: `/api/v1/birders/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: (_r, error, id) =>
          error ? [] : [birdersList, birderTag(id), recordsList, notificationsList],
      }),
    }),
  });

export const {
  useGetCountQuery,
  useLatestEntriesQuery,
  useExploreSpeciesQuery,
  useDistrictLeadersQuery,
  useSpeciesCountMonthsQuery,
  useDistrictSpeciesCountQuery,
  useBirdsCountYearQuery,
  useAnalyzeChecklistsMutation,
  useListBirdersQuery,
  useTopBirdersQuery,
  useGetBirderQuery,
  useDeleteBirderMutation,
} = insightApi;

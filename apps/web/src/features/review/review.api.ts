import type {
  ApproveUnflaggedResponse,
  AutoApprovedResponse,
  RejectionTemplate,
  ReviewLimitPut,
  ReviewLimitsResponse,
  ReviewQueueResponse,
  ReviewQueueSummary,
  ReviewSettings,
  ReviewSettingsPatch,
  UndoAutoApprovalResponse,
} from '@jarog/contracts';
import { api, LIST } from '../../app/api';

const REVIEW = '/api/v1/review';
/** Any review anywhere changes the queue, the summary and the record lists. */
const queueTag = { type: 'Review' as const, id: LIST };
const rulesTag = { type: 'Review' as const, id: 'RULES' };
const recordsList = { type: 'Records' as const, id: LIST };
const notificationsList = { type: 'Notification' as const, id: LIST };

export const reviewApi = api.enhanceEndpoints({ addTagTypes: ['Review', 'Records'] }).injectEndpoints({
  endpoints: (build) => ({
    reviewQueue: build.query<ReviewQueueResponse, Record<string, string>>({
      query: (params) => ({ url: `${REVIEW}/queue`, params }),
      providesTags: [queueTag, recordsList],
    }),
    reviewSummary: build.query<ReviewQueueSummary, void>({
      query: () => `${REVIEW}/summary`,
      providesTags: [queueTag, recordsList],
    }),
    approveUnflagged: build.mutation<ApproveUnflaggedResponse, string[]>({
      query: (entryIds) => ({ url: `${REVIEW}/approve-unflagged`, method: 'POST', body: { entryIds } }),
      invalidatesTags: (_r, error) => (error ? [] : [queueTag, recordsList, notificationsList]),
    }),
    rejectionTemplates: build.query<{ items: RejectionTemplate[] }, void>({
      query: () => `${REVIEW}/rejection-templates`,
      providesTags: [rulesTag],
    }),
    addRejectionTemplate: build.mutation<unknown, { text: string }>({
      query: (body) => ({ url: `${REVIEW}/rejection-templates`, method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [rulesTag, notificationsList]),
    }),
    updateRejectionTemplate: build.mutation<unknown, { id: string; text: string }>({
      query: ({ id, text }) => ({
        url: `${REVIEW}/rejection-templates/${id}`,
        method: 'PATCH',
        body: { text },
      }),
      invalidatesTags: (_r, error) => (error ? [] : [rulesTag, notificationsList]),
    }),
    deleteRejectionTemplate: build.mutation<unknown, string>({
      query: (id) => ({ url: `${REVIEW}/rejection-templates/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [rulesTag, notificationsList]),
    }),
    reviewSettings: build.query<ReviewSettings, void>({
      query: () => `${REVIEW}/settings`,
      providesTags: [rulesTag],
    }),
    updateReviewSettings: build.mutation<ReviewSettings, ReviewSettingsPatch>({
      query: (body) => ({ url: `${REVIEW}/settings`, method: 'PATCH', body }),
      invalidatesTags: (_r, error) => (error ? [] : [rulesTag, notificationsList]),
    }),
    reviewLimits: build.query<ReviewLimitsResponse, Record<string, string>>({
      query: (params) => ({ url: `${REVIEW}/limits`, params }),
      providesTags: [rulesTag],
    }),
    putReviewLimit: build.mutation<unknown, ReviewLimitPut>({
      query: (body) => ({ url: `${REVIEW}/limits`, method: 'PUT', body }),
      invalidatesTags: (_r, error) => (error ? [] : [rulesTag, notificationsList]),
    }),
    deleteReviewLimit: build.mutation<unknown, { speciesId: string; dzongkhag: string; month: number }>({
      query: (key) => ({ url: `${REVIEW}/limits`, method: 'DELETE', params: key }),
      invalidatesTags: (_r, error) => (error ? [] : [rulesTag, notificationsList]),
    }),
    seedReviewLimits: build.mutation<{ message: string; created: number }, void>({
      query: () => ({ url: `${REVIEW}/limits/seed`, method: 'POST', body: {} }),
      invalidatesTags: (_r, error) => (error ? [] : [rulesTag, notificationsList]),
    }),
    autoApproved: build.query<AutoApprovedResponse, Record<string, string>>({
      query: (params) => ({ url: `${REVIEW}/auto-approved`, params }),
      providesTags: [queueTag, recordsList],
    }),
    undoAutoApproval: build.mutation<UndoAutoApprovalResponse, string[]>({
      query: (entryIds) => ({ url: `${REVIEW}/auto-approved/undo`, method: 'POST', body: { entryIds } }),
      invalidatesTags: (_r, error) => (error ? [] : [queueTag, recordsList, notificationsList]),
    }),
  }),
});

export const {
  useReviewQueueQuery,
  useReviewSummaryQuery,
  useApproveUnflaggedMutation,
  useRejectionTemplatesQuery,
  useAddRejectionTemplateMutation,
  useUpdateRejectionTemplateMutation,
  useDeleteRejectionTemplateMutation,
  useReviewSettingsQuery,
  useUpdateReviewSettingsMutation,
  useReviewLimitsQuery,
  usePutReviewLimitMutation,
  useDeleteReviewLimitMutation,
  useSeedReviewLimitsMutation,
  useAutoApprovedQuery,
  useUndoAutoApprovalMutation,
} = reviewApi;

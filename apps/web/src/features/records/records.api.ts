import type {
  BulkReview,
  BulkReviewResponse,
  ChecklistAddResponse,
  ChecklistDetail,
  ChecklistFormInput,
  ChecklistsListResponse,
  EntriesListResponse,
  EntryPatchResponse,
} from '@jarog/contracts';
import { api, LIST } from '../../app/api';
import { rememberNextCursor, withCursor } from './records-cursors';
import { RECORDS_LIST_PATH } from './records-export';
import type { RecordsListKind } from './records-list-state';

const CHECKLISTS = '/api/v1/checklists';

/** Every record list (checklists, entries, new species) is refreshed by any review, rename or add. */
const recordsList = { type: 'Records' as const, id: LIST };
/** Every checklist details page (cached by the id or name in its URL, so one tag covers them all). */
const checklistDetails = { type: 'Records' as const, id: 'DETAILS' };
// The API writes an activity-log line for every review, rename and add, so those refresh the log too.
const notificationsList = { type: 'Notification' as const, id: LIST };

/** The tags a finished spreadsheet upload refreshes (it goes through XMLHttpRequest for its progress bar). */
export const RECORDS_UPLOAD_TAGS = [recordsList, notificationsList];

export interface ReviewArgs {
  entryId: string;
  approvalStatus: 'approved' | 'rejected';
  /** With a rejection: the reason the birder reads (issue 14). */
  rejectionReason?: string;
  /** The details page's cache key (the id or name in its URL), updated at once so review feels instant. */
  checklistKey?: string;
}

export interface RenameArgs {
  entryId: string;
  BirdName: string;
}

/** Keeps the cursor each list page answers, so the call for the page after it starts there (records-cursors.ts). */
const keepCursorOf =
  (kind: RecordsListKind) =>
  async (
    params: Record<string, string>,
    { queryFulfilled }: { queryFulfilled: Promise<{ data: { page: number; nextCursor?: string | null } }> },
  ) => {
    try {
      rememberNextCursor(kind, params, (await queryFulfilled).data);
    } catch {
      // A failed page hands out no cursor; the list shows its own error.
    }
  };

export const recordsApi = api.enhanceEndpoints({ addTagTypes: ['Records'] }).injectEndpoints({
  endpoints: (build) => ({
    listChecklists: build.query<ChecklistsListResponse, Record<string, string>>({
      query: (params) => ({ url: RECORDS_LIST_PATH.checklists, params: withCursor('checklists', params) }),
      onQueryStarted: keepCursorOf('checklists'),
      providesTags: [recordsList],
    }),
    listNewSpecies: build.query<ChecklistsListResponse, Record<string, string>>({
      query: (params) => ({ url: RECORDS_LIST_PATH.newspecies, params: withCursor('newspecies', params) }),
      onQueryStarted: keepCursorOf('newspecies'),
      providesTags: [recordsList],
    }),
    listEntries: build.query<EntriesListResponse, Record<string, string>>({
      query: (params) => ({ url: RECORDS_LIST_PATH.entries, params: withCursor('entries', params) }),
      onQueryStarted: keepCursorOf('entries'),
      providesTags: [recordsList],
    }),
    /** One checklist by id or by name (so a reload or a shared link works). */
    getChecklist: build.query<ChecklistDetail, string>({
      query: (key) => `${CHECKLISTS}/${encodeURIComponent(key)}`,
      providesTags: [checklistDetails],
    }),
    /** Approve or reject one entry. The details page shows the new state before the answer arrives. */
    reviewEntry: build.mutation<EntryPatchResponse, ReviewArgs>({
      query: ({ entryId, approvalStatus, rejectionReason }) => ({
        url: `${CHECKLISTS}/${encodeURIComponent(entryId)}`,
        method: 'PATCH',
        body: rejectionReason ? { approvalStatus, rejectionReason } : { approvalStatus },
      }),
      async onQueryStarted({ entryId, approvalStatus, checklistKey }, { dispatch, queryFulfilled }) {
        if (checklistKey === undefined) return;
        const patch = dispatch(
          recordsApi.util.updateQueryData('getChecklist', checklistKey, (draft) => {
            const entry = draft.entries.find((e) => e._id === entryId);
            if (entry) entry.Approvedstatus = approvalStatus;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          // The server's copy carries the reviewer and the time.
          dispatch(
            recordsApi.util.updateQueryData('getChecklist', checklistKey, (draft) => {
              const i = draft.entries.findIndex((e) => e._id === entryId);
              if (i >= 0) draft.entries[i] = data.data;
            }),
          );
        } catch {
          patch.undo();
        }
      },
      // The lists change (the entries list shows approved entries only); the details were patched above.
      invalidatesTags: (_result, error, { checklistKey }) =>
        error ? [] : [recordsList, notificationsList, ...(checklistKey ? [] : [checklistDetails])],
    }),
    /** Give a new-species report a name; a catalogue name takes it off the new-species list. */
    renameEntry: build.mutation<EntryPatchResponse, RenameArgs>({
      query: ({ entryId, BirdName }) => ({
        url: `${CHECKLISTS}/${encodeURIComponent(entryId)}`,
        method: 'PATCH',
        body: { BirdName },
      }),
      invalidatesTags: (_result, error) => (error ? [] : [recordsList, notificationsList, checklistDetails]),
    }),
    /** Approve or reject many entries, or whole checklists, in one call. */
    bulkReview: build.mutation<BulkReviewResponse, BulkReview>({
      query: (body) => ({ url: `${CHECKLISTS}/review`, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [recordsList, notificationsList, checklistDetails]),
    }),
    /** The console's Add Checklist form. */
    createChecklist: build.mutation<ChecklistAddResponse, ChecklistFormInput>({
      query: (body) => ({ url: CHECKLISTS, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [recordsList, notificationsList, checklistDetails]),
    }),
  }),
});

export const {
  useListChecklistsQuery,
  useListNewSpeciesQuery,
  useListEntriesQuery,
  useGetChecklistQuery,
  useReviewEntryMutation,
  useRenameEntryMutation,
  useBulkReviewMutation,
  useCreateChecklistMutation,
} = recordsApi;

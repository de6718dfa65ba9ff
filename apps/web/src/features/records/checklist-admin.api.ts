import type { ChecklistCorrection, ChecklistDetail, MessageResponse } from '@jarog/contracts';
import { api, LIST } from '../../app/api';

// The same tags records.api.ts declares: every record list, every details page, the activity log.
const recordsList = { type: 'Records' as const, id: LIST };
const checklistDetails = { type: 'Records' as const, id: 'DETAILS' };
const notificationsList = { type: 'Notification' as const, id: LIST };

/** An administrator's corrections to a checklist (issue 12): date, time and place; delete. */
export const checklistAdminApi = api.enhanceEndpoints({ addTagTypes: ['Records'] }).injectEndpoints({
  endpoints: (build) => ({
    correctChecklist: build.mutation<
      { message: string; data: ChecklistDetail },
      { id: string; body: ChecklistCorrection }
    >({
      query: ({ id, body }) => ({
        url: `/api/v1/checklists/${encodeURIComponent(id)}/details`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_r, error) => (error ? [] : [recordsList, checklistDetails, notificationsList]),
    }),
    deleteChecklist: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/api/v1/checklists/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [recordsList, notificationsList]),
    }),
  }),
});

export const { useCorrectChecklistMutation, useDeleteChecklistMutation } = checklistAdminApi;

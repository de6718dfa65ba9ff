import {
  BulkReviewResponseSchema,
  BulkReviewSchema,
  ChecklistCorrectionSchema,
  ChecklistDetailSchema,
  ChecklistsListResponseSchema,
  EntriesListResponseSchema,
  EntryPatchResponseSchema,
  EntryPatchSchema,
  MessageResponseSchema,
  RecordsQuerySchema,
} from '@jarog/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../route-doc';

const TAG = 'Records: review';
const FILTERS =
  'Filters: birder, birding_site (any of dzongkhag, gewog, village), dzongkhag, gewog, village, search (bird name or birder), date (YYYY-MM-DD). Newest first (date, then time).';
const EXPORTS = (file: string) =>
  `\`format=csv\` streams the page shown as ${file}, or with \`export_limit=all\` the whole filtered list; \`export_limit=all\` alone streams it as JSON \`{checklists, foundTotal}\`. CSV cells starting with = + - @ are neutralised.`;

/** Checklists and entries as the console reads and reviews them (spec section 7). */
export const RECORDS_DOCS: Record<string, RouteDoc> = {
  'GET /api/v1/entries': {
    tag: TAG,
    summary: "Submitted, approved entries (not 'Unknown Birds')",
    description: `${FILTERS} ${EXPORTS('entries.csv')}`,
    query: RecordsQuerySchema,
    response: EntriesListResponseSchema,
  },
  'GET /api/v1/checklists': {
    tag: TAG,
    summary: 'Submitted checklists with their entries (without new-species reports)',
    description: `${FILTERS} ${EXPORTS('checklists.csv')}`,
    query: RecordsQuerySchema,
    response: ChecklistsListResponseSchema,
  },
  'GET /api/v1/newspecies': {
    tag: TAG,
    summary: "Entries named 'Unknown Birds' or starting 'New bird - ', grouped by checklist",
    description: `${FILTERS} ${EXPORTS('new_species.csv')}`,
    query: RecordsQuerySchema,
    response: ChecklistsListResponseSchema,
  },
  'POST /api/v1/checklists/review': {
    tag: TAG,
    summary: 'Approves or rejects many entries, or whole checklists, in one transaction',
    description:
      'A checklist id covers the entries the checklists list shows (not its new-species reports: name those by entry id). Each birder gets a notice.',
    body: BulkReviewSchema,
    response: BulkReviewResponseSchema,
  },
  'GET /api/v1/checklists/:id': {
    tag: TAG,
    summary: 'One checklist with every entry, its reviewers and a species summary, by id or by name',
    params: { id: 'The checklist id, or its name' },
    response: ChecklistDetailSchema,
    errors: { 404: 'No such checklist' },
  },
  'PATCH /api/v1/checklists/:id/details': {
    tag: TAG,
    summary: "Corrects a checklist's date, time and place (administrators)",
    description:
      "Send only what changes: selectedDate (YYYY-MM-DD, not in the future), selectedTime (HH:MM, or null to clear a time that was never given), dzongkhag, gewog, village. The gewog must be one of the dzongkhag's (official names; usual spellings are read); a new gewog without a village drops the old village. Statistics follow at once; the activity log records the change.",
    params: { id: 'The checklist id' },
    body: ChecklistCorrectionSchema,
    response: z.object({ message: z.string(), data: ChecklistDetailSchema }),
    errors: { 404: 'No such checklist' },
  },
  'DELETE /api/v1/checklists/:id': {
    tag: TAG,
    summary: 'Deletes a checklist with its entries and their photos (administrators)',
    description: 'Statistics follow at once; the activity log records who deleted what.',
    params: { id: 'The checklist id' },
    response: MessageResponseSchema,
    errors: { 404: 'No such checklist' },
  },
  'PATCH /api/v1/checklists/:entryId': {
    tag: TAG,
    summary: 'Approves, rejects or renames one entry',
    description:
      'Send `{approvalStatus}` or `{BirdName}`. Either approval can be applied from the other state. Renaming to a catalogue species links the entry to it and takes it off the new-species list. The reviewer and time are kept; the birder gets a notice.',
    params: { entryId: 'The entry id' },
    body: EntryPatchSchema,
    response: EntryPatchResponseSchema,
    errors: { 404: 'No such entry' },
  },
};

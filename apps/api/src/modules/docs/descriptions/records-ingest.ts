import {
  CHECKLIST_UPLOAD_COLUMNS,
  ChecklistAddResponseSchema,
  ChecklistFormSchema,
  ChecklistUploadResponseSchema,
  EntryDocumentSchema,
  MobileChecklistPatchSchema,
  MobileChecklistQuerySchema,
  MobileChecklistResponseSchema,
  MobileEntriesResponseSchema,
  MobileUploadResponseSchema,
  UploadQuerySchema,
} from '@jarog/contracts';
import { z } from 'zod';
import { MAX_UPLOAD_ROWS } from '../../records/ingest.upload';
import type { RouteDoc } from '../route-doc';

const DOCUMENTS = z.union([EntryDocumentSchema, z.array(EntryDocumentSchema)]);
const MOBILE = 'Mobile: records';
const OWN_ID = 'The id of one of the caller’s checklists, or of one entry on it';

/** Adding records: the console form, the original document shape, .xlsx upload and the mobile checkList calls. */
export const RECORDS_INGEST_DOCS: Record<string, RouteDoc> = {
  'POST /api/v1/checklists': {
    tag: 'Records: add',
    summary: 'Adds checklists: the console form, or the original document shape (one or a list)',
    description:
      "Dzongkhag and gewog are matched to the official names (common spellings accepted); villages are free text. The time is optional: a missing one stays missing (answered as selectedTime '') rather than becoming 00:00. 201 when something was created, 200 when everything was already there.",
    headers: {
      'Idempotency-Key':
        'Optional, any printable text up to 200 characters: a retry with the same key gets the first answer (`Idempotent-Replayed: true`) and creates nothing; the same key with another body is a 422',
    },
    body: z.union([ChecklistFormSchema, DOCUMENTS]),
    response: ChecklistAddResponseSchema,
    status: 201,
    errors: { 422: 'The Idempotency-Key was already used with a different body' },
  },
  'POST /api/v1/checklists/fileupload': {
    tag: 'Records: add',
    summary: 'Imports an .xlsx of checklists (one row per bird) in one transaction',
    description: `Columns: ${CHECKLIST_UPLOAD_COLUMNS.join(', ')} (Dzongkhag/Gewog/Village or EndpointLocation). Every row is validated; with a bad row nothing is written (400 listing every rejected row) unless \`?partial=1\`. Up to ${MAX_UPLOAD_ROWS.toLocaleString('en')} rows. With \`?dryRun=1\` the whole import runs in a transaction that is rolled back: the answer says what would be inserted, what would change field by field (\`preview\`) and the warnings, and nothing is saved. With \`Accept: application/x-ndjson\` the answer is 200 with one ChecklistUploadProgress object per line as the upload runs (\`parsing\` rows read, \`checking\`, \`writing\` entries written of all), ending with \`done\` (the JSON answer below as \`result\`) or \`error\` (the status and body the JSON call would answer).`,
    headers: { Accept: 'application/x-ndjson for progress lines; anything else for one JSON answer' },
    query: UploadQuerySchema,
    upload: { field: 'file', description: 'The .xlsx file (10 MB at most)' },
    response: ChecklistUploadResponseSchema,
    errors: { 413: 'The file is larger than 10 MB' },
  },
  'POST /api/v1/checkList': {
    tag: MOBILE,
    summary: 'Uploads the caller’s entries: one document or a list',
    description:
      "Drafts have no status or 'draftchecklist'; submitted ones 'submittedchecklist'. Every entry belongs to the caller (a `userId` in the body is ignored). An 'Unknown Birds' entry's number may come as `count` (kept as the total); JAcount numbers may be text. A photo given as an address must be https on a configured host (PHOTO_URL_HOSTS, default res.cloudinary.com), else 400. A `clientId` per checklist, or an Idempotency-Key header, makes a retried upload create nothing twice (a replay carries `Idempotent-Replayed: true`).",
    headers: {
      'Idempotency-Key': 'Any printable text up to 200 characters; the same key with another body is a 422',
    },
    body: DOCUMENTS,
    response: MobileUploadResponseSchema,
    status: 201,
    errors: { 422: 'The Idempotency-Key was already used with a different body' },
  },
  'GET /api/v1/checkList': {
    tag: MOBILE,
    summary: 'The caller’s own entries, newest change first, with `since` for incremental sync',
    description:
      'Never another birder’s. With no query (how the installed app polls, every 5 seconds): all of the caller’s entries on one page (at most 1,000), with an ETag; send it back as If-None-Match to get 304 while nothing changed. With `page`/`limit` a page at a time. Send the `serverTime` of the previous answer as `since` to get only what changed.',
    query: MobileChecklistQuerySchema,
    response: MobileEntriesResponseSchema,
  },
  'PATCH /api/v1/checkList/:id': {
    tag: MOBILE,
    summary: 'Submits one of the caller’s draft checklists',
    params: { id: OWN_ID },
    body: MobileChecklistPatchSchema,
    response: MobileChecklistResponseSchema,
    errors: {
      404: 'No such checklist of the caller’s',
      409: 'A submitted checklist cannot go back to draft',
    },
  },
  'DELETE /api/v1/checkList/:id': {
    tag: MOBILE,
    summary: 'Deletes one of the caller’s drafts (a checklist, or one entry of it)',
    params: { id: OWN_ID },
    response: z.object({ status: z.literal('success'), data: z.null() }),
    errors: {
      404: 'No such checklist of the caller’s',
      409: 'Submitted records cannot be deleted from the app',
    },
  },
};

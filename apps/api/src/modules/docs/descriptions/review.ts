import {
  ApproveUnflaggedResponseSchema,
  ApproveUnflaggedSchema,
  AutoApprovedResponseSchema,
  MessageResponseSchema,
  pageQuery,
  RejectionTemplateInputSchema,
  RejectionTemplateResponseSchema,
  RejectionTemplatesResponseSchema,
  ReviewLimitKeySchema,
  ReviewLimitPutSchema,
  ReviewLimitResponseSchema,
  ReviewLimitsQuerySchema,
  ReviewLimitsResponseSchema,
  ReviewLimitsSeedResponseSchema,
  ReviewLimitsSeedSchema,
  ReviewQueueQuerySchema,
  ReviewQueueResponseSchema,
  ReviewQueueSummarySchema,
  ReviewSettingsPatchSchema,
  ReviewSettingsSchema,
  UndoAutoApprovalResponseSchema,
  UndoAutoApprovalSchema,
} from '@jarog/contracts';
import type { RouteDoc } from '../route-doc';

const TAG = 'Review';
const FLAGS =
  'Flags (FIRST_IN_PLACE, OUT_OF_SEASON, HIGH_COUNT, DUPLICATE, OUTSIDE_DZONGKHAG, UNKNOWN_SPECIES, BAD_DATE) are computed when a checklist is submitted, edited, or an entry renamed; every entry carries them as `flags: [{code, reason}]`.';

/** The reviewers' tools (issue 14). */
export const REVIEW_DOCS: Record<string, RouteDoc> = {
  'GET /api/v1/review/queue': {
    tag: TAG,
    summary: 'Triage queue: pending entries, flagged first, then oldest first',
    description: `${FLAGS} Filters: dzongkhag (official name or a usual spelling), flag (a code, \`any\` or \`none\`). 20 per page by default, 100 at most.`,
    query: ReviewQueueQuerySchema,
    response: ReviewQueueResponseSchema,
  },
  'GET /api/v1/review/summary': {
    tag: TAG,
    summary: 'Per dzongkhag: pending and flagged entries, median days to a decision (last 90 days)',
    description:
      "Days from an app entry's arrival to its approval or rejection, median over the decisions of the last 90 days; '' is checklists without a dzongkhag.",
    response: ReviewQueueSummarySchema,
  },
  'POST /api/v1/review/approve-unflagged': {
    tag: TAG,
    summary: 'Approve the named entries that are pending and unflagged',
    description:
      'Flagged entries, entries already decided and entries of drafts are left and listed in `skipped` with the reason. Unknown ids (404) change nothing. Birders get a notice.',
    body: ApproveUnflaggedSchema,
    response: ApproveUnflaggedResponseSchema,
    errors: { 404: 'An entry id does not exist; nothing was changed' },
  },
  'GET /api/v1/review/auto-approved': {
    tag: TAG,
    summary: 'Entries approved automatically (trusted birders, no flags), newest first',
    query: pageQuery(20),
    response: AutoApprovedResponseSchema,
  },
  'POST /api/v1/review/auto-approved/undo': {
    tag: TAG,
    summary: 'Put automatically approved entries back in the queue',
    description:
      'Only entries still automatically approved change (back to pending); logged in the activity log.',
    body: UndoAutoApprovalSchema,
    response: UndoAutoApprovalResponseSchema,
  },
  'GET /api/v1/review/settings': {
    tag: TAG,
    summary: 'Review settings (automatic approval, off by default)',
    response: ReviewSettingsSchema,
  },
  'PATCH /api/v1/review/settings': {
    tag: TAG,
    summary: 'Turn automatic approval on or off, or change who is trusted',
    description:
      'A birder is trusted with at least `trustedMinApproved` approved entries and none ever rejected. Logged in the activity log.',
    body: ReviewSettingsPatchSchema,
    response: ReviewSettingsSchema,
  },
  'GET /api/v1/review/limits': {
    tag: TAG,
    summary: 'Count limits per species, dzongkhag and month',
    description: 'Filters: species (name contains), dzongkhag, month (1-12). 50 per page by default.',
    query: ReviewLimitsQuerySchema,
    response: ReviewLimitsResponseSchema,
  },
  'PUT /api/v1/review/limits': {
    tag: TAG,
    summary: 'Set a count limit by hand (replaces a seeded one)',
    description: 'HIGH_COUNT flags a count above it, naming the limit and that an admin set it. Logged.',
    body: ReviewLimitPutSchema,
    response: ReviewLimitResponseSchema,
    errors: { 404: 'No such species' },
  },
  'DELETE /api/v1/review/limits': {
    tag: TAG,
    summary: 'Remove a count limit (the derived one applies again)',
    query: ReviewLimitKeySchema,
    response: MessageResponseSchema,
    errors: { 404: 'No such limit' },
  },
  'POST /api/v1/review/limits/seed': {
    tag: TAG,
    summary: 'Seed count limits from approved history where none is set',
    description:
      'For every species x dzongkhag x month with at least 5 approved records within a month either side: 5 x their mean count, at least 10. Limits already set are kept. Optional dzongkhag / speciesId narrow it.',
    body: ReviewLimitsSeedSchema,
    response: ReviewLimitsSeedResponseSchema,
  },
  'GET /api/v1/review/rejection-templates': {
    tag: TAG,
    summary: 'The rejection reasons a reviewer picks from',
    response: RejectionTemplatesResponseSchema,
  },
  'POST /api/v1/review/rejection-templates': {
    tag: TAG,
    summary: 'Add a rejection reason',
    body: RejectionTemplateInputSchema,
    response: RejectionTemplateResponseSchema,
    status: 201,
    errors: { 409: 'The same reason (any case) exists' },
  },
  'PATCH /api/v1/review/rejection-templates/:id': {
    tag: TAG,
    summary: 'Change a rejection reason (entries already rejected keep the words they were given)',
    params: { id: 'Rejection reason id' },
    body: RejectionTemplateInputSchema,
    response: RejectionTemplateResponseSchema,
    errors: { 404: 'No such reason', 409: 'The same reason (any case) exists' },
  },
  'DELETE /api/v1/review/rejection-templates/:id': {
    tag: TAG,
    summary: 'Remove a rejection reason',
    params: { id: 'Rejection reason id' },
    response: MessageResponseSchema,
    errors: { 404: 'No such reason' },
  },
};

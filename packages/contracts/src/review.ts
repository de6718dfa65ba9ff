import { z } from 'zod';
import { pageQuery, SearchTermSchema } from './common';
import { EntrySchema } from './records';
import { FLAG_CODES } from './review-flags';

const month = z.coerce
  .number({ error: 'month must be a number from 1 to 12' })
  .int('month must be a whole number from 1 to 12')
  .min(1, 'month must be from 1 to 12')
  .max(12, 'month must be from 1 to 12');
const dzongkhag = z
  .string({ error: 'dzongkhag must be text' })
  .trim()
  .min(1, 'dzongkhag is required')
  .max(100, 'dzongkhag is too long');

// Triage queue ------------------------------------------------------------------------------------

/** `flag`: one flag code, `any` (some flag) or `none` (unflagged only). */
export const QUEUE_FLAG_FILTERS = [...FLAG_CODES, 'any', 'none'] as const;
export const ReviewQueueQuerySchema = z.object({
  ...pageQuery(20).shape,
  dzongkhag: SearchTermSchema,
  flag: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(QUEUE_FLAG_FILTERS, { error: `flag must be one of ${QUEUE_FLAG_FILTERS.join(', ')}` }).optional(),
  ),
});
export type ReviewQueueQuery = z.output<typeof ReviewQueueQuerySchema>;

/** Pending entries of submitted checklists: flagged first, then oldest first. */
export const ReviewQueueResponseSchema = z.object({
  items: z.array(EntrySchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type ReviewQueueResponse = z.infer<typeof ReviewQueueResponseSchema>;

export const ReviewQueueSummarySchema = z.object({
  dzongkhags: z.array(
    z.object({
      /** '' for checklists without a dzongkhag. */
      dzongkhag: z.string(),
      pending: z.number(),
      flagged: z.number(),
      /** Median days from submission to approval or rejection over the last 90 days; null when none. */
      medianDaysToDecision: z.number().nullable(),
    }),
  ),
});
export type ReviewQueueSummary = z.infer<typeof ReviewQueueSummarySchema>;

/** Approves the named entries that are pending and carry no flag; flagged ones are left and listed. */
export const ApproveUnflaggedSchema = z.object({
  entryIds: z
    .array(z.uuid({ error: 'entryIds must be entry ids' }))
    .min(1, 'Name at least one entry')
    .max(1000, 'At most 1000 entries at once'),
});
export const ApproveUnflaggedResponseSchema = z.object({
  message: z.string(),
  approved: z.number(),
  /** Entries not approved: flagged, no longer pending, or on a draft. */
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type ApproveUnflaggedResponse = z.infer<typeof ApproveUnflaggedResponseSchema>;

// Automatic approvals ------------------------------------------------------------------------------

export const AutoApprovedResponseSchema = z.object({
  items: z.array(EntrySchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type AutoApprovedResponse = z.infer<typeof AutoApprovedResponseSchema>;

/** Puts automatically approved entries back in the queue (pending). */
export const UndoAutoApprovalSchema = ApproveUnflaggedSchema;
export const UndoAutoApprovalResponseSchema = z.object({ message: z.string(), reverted: z.number() });
export type UndoAutoApprovalResponse = z.infer<typeof UndoAutoApprovalResponseSchema>;

export const ReviewSettingsSchema = z.object({
  /** Approve unflagged entries of trusted birders automatically (off by default). */
  autoApprove: z.boolean(),
  /** A birder is trusted with at least this many approved entries and none rejected. */
  trustedMinApproved: z.number(),
  updatedAt: z.string(),
});
export type ReviewSettings = z.infer<typeof ReviewSettingsSchema>;
export const ReviewSettingsPatchSchema = z
  .object({
    autoApprove: z.boolean({ error: 'autoApprove must be true or false' }).optional(),
    trustedMinApproved: z
      .number({ error: 'trustedMinApproved must be a number' })
      .int('trustedMinApproved must be a whole number')
      .min(1, 'trustedMinApproved must be 1 or more')
      .max(100000, 'trustedMinApproved must be 100000 or less')
      .optional(),
  })
  .strict()
  .refine((b) => b.autoApprove !== undefined || b.trustedMinApproved !== undefined, 'Nothing to change');
export type ReviewSettingsPatch = z.input<typeof ReviewSettingsPatchSchema>;

// Limits --------------------------------------------------------------------------------------------

export const ReviewLimitsQuerySchema = z.object({
  ...pageQuery(50).shape,
  dzongkhag: SearchTermSchema,
  species: SearchTermSchema,
  month: z.preprocess((v) => (v === '' ? undefined : v), month.optional()),
});
export type ReviewLimitsQuery = z.output<typeof ReviewLimitsQuerySchema>;

export const ReviewLimitSchema = z.object({
  speciesId: z.string(),
  birdName: z.string(),
  dzongkhag: z.string(),
  month: z.number(),
  maxCount: z.number(),
  source: z.enum(['admin', 'history']),
  basis: z.string().nullable(),
  updatedAt: z.string(),
});
export type ReviewLimit = z.infer<typeof ReviewLimitSchema>;
export const ReviewLimitsResponseSchema = z.object({
  items: z.array(ReviewLimitSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type ReviewLimitsResponse = z.infer<typeof ReviewLimitsResponseSchema>;

export const ReviewLimitKeySchema = z.object({
  speciesId: z.uuid({ error: 'speciesId must be a species id' }),
  dzongkhag,
  month,
});
export const ReviewLimitPutSchema = ReviewLimitKeySchema.extend({
  maxCount: z
    .number({ error: 'maxCount must be a number' })
    .int('maxCount must be a whole number')
    .min(1, 'maxCount must be 1 or more')
    .max(1_000_000, 'maxCount must be 1000000 or less'),
}).strict();
export type ReviewLimitPut = z.output<typeof ReviewLimitPutSchema>;
export const ReviewLimitResponseSchema = z.object({ message: z.string(), data: ReviewLimitSchema });

/** Seeds limits from approved history where none is set (admin-set limits are never overwritten). */
export const ReviewLimitsSeedSchema = z
  .object({
    dzongkhag: dzongkhag.optional(),
    speciesId: z.uuid({ error: 'speciesId must be a species id' }).optional(),
  })
  .strict();
export const ReviewLimitsSeedResponseSchema = z.object({ message: z.string(), created: z.number() });

// Rejection templates ----------------------------------------------------------------------------------

export const REJECTION_TEMPLATE_MAX = 500;
export const RejectionTemplateSchema = z.object({ _id: z.string(), text: z.string(), position: z.number() });
export type RejectionTemplate = z.infer<typeof RejectionTemplateSchema>;
export const RejectionTemplatesResponseSchema = z.object({ items: z.array(RejectionTemplateSchema) });
export const RejectionTemplateInputSchema = z
  .object({
    text: z
      .string({ error: 'text must be text' })
      .trim()
      .min(3, 'The reason must be at least 3 characters')
      .max(REJECTION_TEMPLATE_MAX, `The reason is too long (${REJECTION_TEMPLATE_MAX} characters at most)`),
    position: z
      .number({ error: 'position must be a number' })
      .int('position must be a whole number')
      .min(0)
      .max(1000)
      .optional(),
  })
  .strict();
export type RejectionTemplateInput = z.input<typeof RejectionTemplateInputSchema>;
export const RejectionTemplateResponseSchema = z.object({
  message: z.string(),
  data: RejectionTemplateSchema,
});

import { z } from 'zod';
import { PageQuerySchema, SearchTermSchema } from './common';
import { EntryFlagSchema } from './review-flags';

/** Entry approval states; new entries start pending (the spec does not show the initial state). */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
/** Checklist states as the mobile app names them. */
export const CHECKLIST_STATUSES = ['draftchecklist', 'submittedchecklist'] as const;
export type ChecklistStatus = (typeof CHECKLIST_STATUSES)[number];

/** Entries with these names are new-species reports awaiting a name (spec section 4). */
export const UNKNOWN_BIRD_NAME = 'Unknown Birds';
export const NEW_BIRD_PREFIX = 'New bird - ';
export const isNewSpeciesName = (name: string): boolean =>
  name === UNKNOWN_BIRD_NAME || name.startsWith(NEW_BIRD_PREFIX);

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^\d{2}:\d{2}(:\d{2})?$/;

export const EndpointLocationSchema = z.object({
  dzongkhag: z.string().nullable(),
  gewog: z.string().nullable(),
  village: z.string().nullable(),
});

/** `StartbirdingData[0]`: where the original documents kept everything, and mobile clients still read it. */
export const StartbirdingDataSchema = z.object({
  selectedDate: z.string(),
  /** 'HH:mm:ss', or '' when the birder gave no time (text, as the installed app reads it). */
  selectedTime: z.string(),
  observer: z.string(),
  photo: z.string().nullable(),
  status: z.enum(CHECKLIST_STATUSES),
  Approvedstatus: z.enum(APPROVAL_STATUSES),
  Totalcount: z.number(),
  /** The same number as Totalcount, where the installed app reads it for 'Unknown Birds'. */
  count: z.number(),
  Remarks: z.string().nullable(),
  JAcount: z.object({ Adult: z.number(), Juvenile: z.number() }),
  currentLocation: z.object({ latitude: z.number().nullable(), longitude: z.number().nullable() }),
  EndpointLocation: z.array(EndpointLocationSchema),
});

/** An entry (one bird on a checklist) as every list and detail returns it. */
export const EntrySchema = z.object({
  _id: z.string(),
  checklistId: z.string(),
  CheckListName: z.string(),
  /** The birder account the checklist belongs to (null for a name typed in the console). */
  userId: z.string().nullable(),
  BirdName: z.string(),
  speciesId: z.string().nullable(),
  Remarks: z.string().nullable(),
  Totalcount: z.number(),
  Approvedstatus: z.enum(APPROVAL_STATUSES),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  StartbirdingData: z.array(StartbirdingDataSchema),
  createdAt: z.string(),
  /** Review flags (issue 14): empty when nothing looks unusual, or before the checklist is submitted. */
  flags: z.array(EntryFlagSchema),
  /** Why a reviewer rejected it (one of the rejection templates); null unless rejected. */
  rejectionReason: z.string().nullable(),
  /** Approved automatically (trusted birder, no flags) rather than by a reviewer. */
  autoApproved: z.boolean(),
});
export type Entry = z.infer<typeof EntrySchema>;

/** A checklist with its entries, grouped as the console lists them. */
export const ChecklistGroupSchema = z.object({
  _id: z.object({
    checklistName: z.string(),
    observer: z.string(),
    selectedDate: z.string(),
    /** 'HH:mm:ss', or '' when no time was given. */
    selectedTime: z.string(),
    dzongkhag: z.string().nullable(),
    gewog: z.string().nullable(),
    village: z.string().nullable(),
  }),
  checklistId: z.string(),
  entries: z.array(EntrySchema),
});
export type ChecklistGroup = z.infer<typeof ChecklistGroupSchema>;

const term = SearchTermSchema;

/** Filters shared by the entries, checklists and new-species lists. */
/**
 * The reviewer's queue (issue 12): sort keys a records list accepts (a leading '-' is descending; each has
 * an index), and the default, newest first. Oldest pending first is `pending=true&sort=date`.
 */
export const RECORDS_SORTS = ['-date', 'date', 'birder', '-birder', 'dzongkhag', '-dzongkhag'] as const;
export type RecordsSort = (typeof RECORDS_SORTS)[number];
export const RecordsQueueQuerySchema = z.object({
  pending: z
    .enum(['true', 'false', '1', '0', ''], { error: "pending must be 'true' or 'false'" })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  sort: z
    .enum([...RECORDS_SORTS, ''], { error: `sort must be one of ${RECORDS_SORTS.join(', ')}` })
    .optional()
    .transform((v): RecordsSort => (v ? v : '-date')),
});

export const RecordsQuerySchema = z.object({
  ...PageQuerySchema.shape,
  ...RecordsQueueQuerySchema.shape,
  birder: term,
  birding_site: term,
  dzongkhag: term,
  gewog: term,
  village: term,
  search: term,
  date: z
    .string()
    .regex(DATE_PATTERN, 'date must be YYYY-MM-DD')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  format: z.enum(['json', 'csv']).optional(),
  export_limit: z.literal('all', { error: "export_limit must be 'all'" }).optional(),
  /**
   * A page's `nextCursor`, sent back with the next page number: that page starts where the previous one
   * ended (keyset), so deep pages cost what the first does. The date orders only; without it, `page` is an offset.
   */
  cursor: z
    .string()
    .max(2000, 'cursor is too long')
    .optional()
    .transform((v) => v || undefined),
});
export type RecordsQuery = z.output<typeof RecordsQuerySchema>;

/** Where this page ended, to send back as `cursor` for the next one; null on the last page, and for the name orders. */
const NextCursorShape = { nextCursor: z.string().nullable() };

/**
 * The distinct values the list's filters offer (spec section 3, as the original API: lists, not
 * counts), each sorted: over the whole list, whatever the filters of this request.
 */
const DistinctValuesShape = {
  distinctDzongkhags: z.array(z.string()),
  distinctGewogs: z.array(z.string()),
  distinctVillages: z.array(z.string()),
  /** Observer names as recorded on the checklists. */
  distinctObservers: z.array(z.string()),
};

export const EntriesListResponseSchema = z.object({
  entriesTotal: z.number(),
  foundTotal: z.number(),
  limit: z.number(),
  page: z.number(),
  ...NextCursorShape,
  checklists: z.array(EntrySchema),
  ...DistinctValuesShape,
});
export type EntriesListResponse = z.infer<typeof EntriesListResponseSchema>;

export const ChecklistsListResponseSchema = z.object({
  checklists: z.array(ChecklistGroupSchema),
  limit: z.number(),
  page: z.number(),
  ...NextCursorShape,
  foundTotal: z.number(),
  totalChecklists: z.number(),
  entriesTotal: z.number(),
  ...DistinctValuesShape,
  /** Entries waiting for review (named, on submitted checklists) per dzongkhag, most first; all filters ignored. */
  pendingPerDzongkhag: z.array(
    z.object({ dzongkhag: z.string(), checklists: z.number(), entries: z.number() }),
  ),
});
export type ChecklistsListResponse = z.infer<typeof ChecklistsListResponseSchema>;

/** A rejection's reason: trimmed, blank means none, 500 characters at most. */
export const REJECTION_REASON_MAX = 500;
export const RejectionReasonField = z
  .string({ error: 'rejectionReason must be text' })
  .max(REJECTION_REASON_MAX, `rejectionReason is too long (${REJECTION_REASON_MAX} characters at most)`)
  .optional()
  .transform((v) => v?.trim() || undefined);

/** PATCH /api/v1/checklists/{entryId} `{approvalStatus}`: approve or reject one entry. */
export const EntryApprovalPatchSchema = z
  .object({
    approvalStatus: z.enum(['approved', 'rejected'], {
      error: "Approval status must be 'approved' or 'rejected'",
    }),
    /** With a rejection: the reason the birder will read (a rejection template's text, or the reviewer's own). */
    rejectionReason: RejectionReasonField,
  })
  .strict();

/** PATCH /api/v1/checklists/{entryId} `{BirdName}`: rename one entry. */
export const EntryRenamePatchSchema = z
  .object({
    BirdName: z
      .string({ error: 'BirdName must be text' })
      .transform((s) => s.trim().replace(/\s+/g, ' '))
      .refine((s) => s.length >= 2, 'Bird name must be at least 2 characters')
      .refine((s) => s.length <= 200, 'Bird name must be at most 200 characters'),
  })
  .strict();

/** PATCH /api/v1/checklists/{entryId}: review or rename one entry. */
export const EntryPatchSchema = z.union([EntryApprovalPatchSchema, EntryRenamePatchSchema], {
  error: "Send either approvalStatus ('approved' or 'rejected') or BirdName",
});
export type EntryPatch = z.input<typeof EntryPatchSchema>;

/**
 * Bulk review: many entries, or whole checklists, in one call and one transaction. A checklist id
 * covers the entries the checklists list shows (not its new-species reports: name those by entry id).
 */
export const BulkReviewSchema = z
  .object({
    approvalStatus: z.enum(['approved', 'rejected'], {
      error: "Approval status must be 'approved' or 'rejected'",
    }),
    entryIds: z
      .array(z.uuid({ error: 'entryIds must be entry ids' }))
      .max(1000, 'At most 1000 entries at once')
      .default([]),
    checklistIds: z
      .array(z.uuid({ error: 'checklistIds must be checklist ids' }))
      .max(100, 'At most 100 checklists at once')
      .default([]),
    rejectionReason: RejectionReasonField,
  })
  .refine((b) => b.entryIds.length + b.checklistIds.length > 0, 'Name at least one entry or checklist');
export type BulkReview = z.input<typeof BulkReviewSchema>;

/** Who reviewed an entry, for the console to show beside the approval (null when never reviewed). */
export const ReviewerSchema = z.object({ name: z.string(), email: z.string() });
export type Reviewer = z.infer<typeof ReviewerSchema>;

/** An entry as the console's review routes return it: the wire shape plus the reviewer's name and email. */
export const ReviewedEntrySchema = EntrySchema.extend({ reviewer: ReviewerSchema.nullable() });
export type ReviewedEntry = z.infer<typeof ReviewedEntrySchema>;

/** One distinct bird on a checklist, for the details page's species summary. */
export const SpeciesSummaryItemSchema = z.object({
  birdName: z.string(),
  speciesId: z.string().nullable(),
  /** Entries with this name on the checklist. */
  entries: z.number(),
  /** Individuals reported (sum of the entries' totals). */
  total: z.number(),
});

/**
 * GET /api/v1/checklists/{id | name}: the checklist with every entry (new-species reports too), its
 * state and coordinates, and the distinct birds reported.
 */
export const ChecklistDetailSchema = ChecklistGroupSchema.extend({
  entries: z.array(ReviewedEntrySchema),
  status: z.enum(CHECKLIST_STATUSES),
  currentLocation: z.object({ latitude: z.number().nullable(), longitude: z.number().nullable() }),
  createdAt: z.string(),
  speciesSummary: z.array(SpeciesSummaryItemSchema),
});
export type ChecklistDetail = z.infer<typeof ChecklistDetailSchema>;

/** PATCH /api/v1/checklists/{entryId} answer. */
export const EntryPatchResponseSchema = z.object({ message: z.string(), data: ReviewedEntrySchema });
export type EntryPatchResponse = z.infer<typeof EntryPatchResponseSchema>;

/** POST /api/v1/checklists/review answer: entries changed, and entries already in that state. */
export const BulkReviewResponseSchema = z.object({
  message: z.string(),
  approvalStatus: z.enum(['approved', 'rejected']),
  updated: z.number(),
  unchanged: z.number(),
});
export type BulkReviewResponse = z.infer<typeof BulkReviewResponseSchema>;

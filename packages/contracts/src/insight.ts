import { z } from 'zod';
import { pageQuery, SearchTermSchema } from './common';
import { EntrySchema } from './records';

/* Issue 5: dashboard counts, birders, analytics. Field names follow spec sections 3 and 7. */

export const CountResponseSchema = z.object({ count: z.number() });
export type CountResponse = z.infer<typeof CountResponseSchema>;

const year = z.coerce
  .number({ error: 'year must be a number' })
  .int('year must be a whole number')
  .min(1900, 'year must be 1900 or later')
  .max(2200, 'year must be 2200 or earlier');
const month = z.coerce
  .number({ error: 'month must be a number' })
  .int('month must be a whole number')
  .min(1, 'month must be 1 to 12')
  .max(12, 'month must be 1 to 12');
const blankIsNone = (v: unknown) => (v === '' ? undefined : v);

/** `?year&month` of the analytics; the server fills in the current year and month when absent. */
export const PeriodQuerySchema = z.object({
  year: z.preprocess(blankIsNone, year.optional()),
  month: z.preprocess(blankIsNone, month.optional()),
  format: z.enum(['json', 'csv']).optional(),
});
export type PeriodQuery = z.output<typeof PeriodQuerySchema>;

/** district-species-count: a year (or a month of it); gewogs and villages capped at `limit`, largest first. */
export const DistrictSpeciesCountQuerySchema = PeriodQuerySchema.extend({
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? 20 : v),
    z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .max(500, 'limit must be 500 or less'),
  ),
});

/** One chart: labels (places, months or birds) with their numbers, largest first where it says so. */
export const ChartSeriesSchema = z.object({
  year: z.number(),
  /** 1–12, or null when the series covers the whole year. */
  month: z.number().nullable(),
  labels: z.array(z.string()),
  data: z.array(z.number()),
  /** For each label, the species names behind its number (tooltips). */
  birdNames: z.array(z.array(z.string())),
});
export type ChartSeries = z.infer<typeof ChartSeriesSchema>;

export const ChangeResultSchema = z.object({
  currentMonthCount: z.number(),
  previousMonthCount: z.number(),
  /** 0 when both months are 0, 100 when only the previous one is 0; rounded to 2 decimals. */
  percentageChange: z.number(),
});
export type ChangeResult = z.infer<typeof ChangeResultSchema>;

/** district-species and district-checklists. */
export const DistrictLeadersResponseSchema = z.object({
  result: z.array(ChartSeriesSchema),
  changeResult: ChangeResultSchema,
  /** Distinct species (or checklists with approved entries) nationally over all time. */
  overallTotalCount: z.number(),
});
export type DistrictLeadersResponse = z.infer<typeof DistrictLeadersResponseSchema>;

/** species-count-months: per year, per month, distinct species and birds counted. */
export const SpeciesCountMonthsResponseSchema = z.object({
  result: z.array(
    z.object({
      year: z.number(),
      /** 'Jan' … 'Dec'. */
      labels: z.array(z.string()),
      /** Distinct species per month. */
      data: z.array(z.number()),
      /** Birds counted per month. */
      totalBirdCount: z.array(z.number()),
      birdNames: z.array(z.array(z.string())),
    }),
  ),
});
export type SpeciesCountMonthsResponse = z.infer<typeof SpeciesCountMonthsResponseSchema>;

export const DistrictSpeciesCountResponseSchema = z.object({
  dzongkhagResult: z.array(ChartSeriesSchema),
  gewogResult: z.array(ChartSeriesSchema),
  villageResult: z.array(ChartSeriesSchema),
});
export type DistrictSpeciesCountResponse = z.infer<typeof DistrictSpeciesCountResponseSchema>;

export const BirdsCountYearQuerySchema = z.object({
  year: z.preprocess(blankIsNone, year.optional()),
  /** Birds per year, most counted first. */
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? 30 : v),
    z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(1000),
  ),
});
/** birds-count-year: keyed by year ('2025'), bird names with their total counts, descending. */
export const BirdsCountYearResponseSchema = z.record(
  z.string(),
  z.object({ birdNames: z.array(z.string()), totalCounts: z.array(z.number()) }),
);
export type BirdsCountYearResponse = z.infer<typeof BirdsCountYearResponseSchema>;

/** POST /api/v1/checklists/analyze: an uploaded .xlsx summarised, nothing stored. */
export const ChecklistAnalysisSchema = z.object({
  topBirders: z.array(z.object({ name: z.string(), checklistCount: z.number() })),
  /** The place with the most birds counted, by name (as the spec's analysis results show); null for none. */
  highestBirdsLocation: z.string().nullable(),
  /** Birds counted at highestBirdsLocation; null for none. */
  highestBirdsLocationTotal: z.number().nullable(),
  totalChecklists: z.number(),
  changeResult: ChangeResultSchema,
  year: z.number(),
  month: z.number(),
  /** Checklists per month of `year`, for the chart (12 numbers). */
  monthly: z.array(z.object({ month: z.number(), checklists: z.number() })),
  /** Rows that could not be read, with the reason; the rest were analysed. */
  skipped: z.array(z.object({ row: z.number(), message: z.string() })),
  rowsRead: z.number(),
});
export type ChecklistAnalysis = z.infer<typeof ChecklistAnalysisSchema>;

/** Birders (accounts of type user). */
export const BirdersQuerySchema = z.object({
  ...pageQuery(12).shape,
  birder: SearchTermSchema,
  country: SearchTermSchema,
  format: z.enum(['json', 'csv']).optional(),
});
export type BirdersQuery = z.output<typeof BirdersQuerySchema>;

export const BirderSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  photo: z.string().nullable(),
  dob: z.string().nullable(),
  country: z.string().nullable(),
  profession: z.string().nullable(),
});
export type Birder = z.infer<typeof BirderSchema>;

/**
 * A birder's counts, the same numbers on every screen (dashboard, list, page), each labelled by what
 * it counts: `entriesCount` = submitted entries (every review state), `approvedCount` = approved
 * entries (what the top-birders ranking counts).
 */
export const BirderListItemSchema = z.object({
  birder: BirderSchema,
  /** Submitted entries (on submitted checklists, whatever their review state): label "submitted". */
  entriesCount: z.number(),
  /** Approved entries on submitted checklists: label "approved". */
  approvedCount: z.number(),
});
export type BirderListItem = z.infer<typeof BirderListItemSchema>;

export const BirdersListResponseSchema = z.object({
  limit: z.number(),
  page: z.number(),
  foundTotal: z.number(),
  birderTotal: z.number(),
  /** The birders' distinct countries, sorted: what the country filter offers (as the original API). */
  distinctCountries: z.array(z.string()),
  /** Country names present, for the filter (the same list as distinctCountries). */
  countries: z.array(z.string()),
  users: z.array(BirderListItemSchema),
});
export type BirdersListResponse = z.infer<typeof BirdersListResponseSchema>;

export const TopBirdersResponseSchema = z.object({
  limit: z.number(),
  page: z.number(),
  birderTotal: z.number(),
  foundTotal: z.number(),
  /** Rank of each birder on the whole platform, by approved entries (1 = most); birders with none approved are left out. */
  users: z.array(BirderListItemSchema.extend({ rank: z.number() })),
});
export type TopBirdersResponse = z.infer<typeof TopBirdersResponseSchema>;

export const BirderDetailResponseSchema = z.object({
  birder: BirderSchema,
  /** The birder's email at the top level too (the original console reads it before a delete). */
  email: z.string(),
  /** Submitted entries, as in the list. */
  entriesCount: z.number(),
  /** Approved entries, as in the list and the ranking. */
  approvedCount: z.number(),
  /** Total entries of every state, drafts included. */
  totalEntries: z.number(),
  /** The birder's latest submitted entries (page of them). */
  entries: z.array(EntrySchema),
  entriesPage: z.number(),
  entriesLimit: z.number(),
});
export type BirderDetailResponse = z.infer<typeof BirderDetailResponseSchema>;

export const BirderDetailQuerySchema = pageQuery(20);

export const DeleteBirderResponseSchema = z.object({
  message: z.string(),
  /** Checklists kept, their observer now 'Deleted birder'. */
  checklistsKept: z.number(),
  entriesKept: z.number(),
});
export type DeleteBirderResponse = z.infer<typeof DeleteBirderResponseSchema>;

/** The observer name records keep once their birder's account is deleted. */
export const DELETED_BIRDER_NAME = 'Deleted birder';

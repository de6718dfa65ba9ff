import { z } from 'zod';
import { PageQuerySchema, SearchTermSchema } from './common';
import { IUCN_STATUSES } from './iucn';
import { UploadPreviewFieldsSchema } from './upload';

export const CITES_APPENDICES = ['I', 'II', 'III'] as const;
/** The spec's residency list; 'vagrant' is the same value as 'Vagrant' once matched case-insensitively. */
export const RESIDENCIES = [
  'Altitudinal migrant',
  'Introduced',
  'No recent records',
  'Passage migrant',
  'Rare visitor',
  'Resident',
  'Resident-update',
  'Summer visitor',
  'Vagrant',
  'Visitor',
  'Winter visitor',
] as const;

export const MIN_NAME_LETTERS = 2;
export const NAME_RULE = 'Please provide a name with at least 2 letters!';

export const SpeciesPhotoSchema = z.object({
  _id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export type SpeciesPhoto = z.infer<typeof SpeciesPhotoSchema>;

/** The text fields of a species, as the wire and the spreadsheet name them. */
export const SPECIES_TEXT_FIELDS = [
  'englishName',
  'scientificName',
  'order',
  'familyName',
  'genus',
  'species',
  'authority',
  'group',
  'dzongkhaName',
  'lhoName',
  'sharName',
  'khengName',
  'iucnStatus',
  'citesAppendix',
  'bhutanSchedule',
  'residency',
  'habitat',
  'description',
] as const;
export type SpeciesTextField = (typeof SPECIES_TEXT_FIELDS)[number];

export const SpeciesSchema = z.object({
  _id: z.string(),
  englishName: z.string(),
  scientificName: z.string().nullable(),
  order: z.string().nullable(),
  familyName: z.string().nullable(),
  /** The same as familyName: the spec calls it `family` in the list and the export. */
  family: z.string().nullable(),
  genus: z.string().nullable(),
  species: z.string().nullable(),
  authority: z.string().nullable(),
  group: z.string().nullable(),
  dzongkhaName: z.string().nullable(),
  lhoName: z.string().nullable(),
  sharName: z.string().nullable(),
  khengName: z.string().nullable(),
  iucnStatus: z.string().nullable(),
  citesAppendix: z.string().nullable(),
  bhutanSchedule: z.string().nullable(),
  residency: z.string().nullable(),
  habitat: z.string().nullable(),
  description: z.string().nullable(),
  observations: z.number(),
  photos: z.array(SpeciesPhotoSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Species = z.infer<typeof SpeciesSchema>;

/** Fields that may hold paragraphs: their line breaks are kept. */
export const MULTILINE_SPECIES_FIELDS: readonly SpeciesTextField[] = ['habitat', 'description'];

/**
 * Text as it is stored: trimmed, runs of spaces collapsed; in multi-line fields line breaks are kept
 * (at most one blank line in a row), elsewhere every whitespace run becomes one space. Blank is null.
 */
export function normaliseSpeciesText(
  field: SpeciesTextField,
  value: string | null | undefined,
): string | null {
  const raw = value ?? '';
  const text = MULTILINE_SPECIES_FIELDS.includes(field)
    ? raw
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim()
    : raw.replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

const text = (max: number, field: SpeciesTextField) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .transform((s) => normaliseSpeciesText(field, s))
    .nullable()
    .optional();

const letters = (s: string) => (s.match(/\p{L}/gu) ?? []).length;

/** Canonical spelling of a value from a fixed list, matched after trimming and ignoring case. */
export function canonical<T extends string>(list: readonly T[], value: string): T | undefined {
  const v = value.trim().toLowerCase();
  return list.find((x) => x.toLowerCase() === v);
}

const fromList = <T extends string>(list: readonly T[], label: string) =>
  z
    .string()
    .nullable()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || v.trim() === '') return null;
      const c = canonical(list, v);
      if (!c) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be one of ${list.join(', ')} (got '${v.trim()}')`,
        });
        return z.NEVER;
      }
      return c;
    });

/** The fields an administrator types in; photos are data URLs to add. */
export const SpeciesInputSchema = z.object({
  englishName: z
    .string({ error: 'English name is required!' })
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .refine((s) => s.length > 0, 'English name is required!')
    .refine((s) => letters(s) >= MIN_NAME_LETTERS, NAME_RULE)
    .refine((s) => s.length <= 200, 'English name must be at most 200 characters'),
  scientificName: text(200, 'scientificName'),
  order: text(100, 'order'),
  familyName: text(100, 'familyName'),
  genus: text(100, 'genus'),
  species: text(100, 'species'),
  authority: text(200, 'authority'),
  group: text(100, 'group'),
  dzongkhaName: text(200, 'dzongkhaName'),
  lhoName: text(200, 'lhoName'),
  sharName: text(200, 'sharName'),
  khengName: text(200, 'khengName'),
  iucnStatus: fromList(IUCN_STATUSES, 'IUCN status'),
  citesAppendix: fromList(CITES_APPENDICES, 'CITES appendix'),
  bhutanSchedule: text(100, 'bhutanSchedule'),
  residency: fromList(RESIDENCIES, 'Residency'),
  habitat: text(2000, 'habitat'),
  description: text(10000, 'description'),
  observations: z.coerce
    .number({ error: 'Observations must be a number' })
    .int('Observations must be a whole number')
    .min(0, 'Observations must be 0 or more')
    .max(1_000_000_000, 'Observations is too large')
    .optional(),
  /** Photos to add. Blank items (`[""]`, what the original console sends with no photo picked) are "no new photo". */
  photos: z.preprocess(
    (v) => (Array.isArray(v) ? v.filter((p) => !(typeof p === 'string' && p.trim() === '')) : v),
    z
      .array(z.string().max(14_000_000, 'Photo is too large (10 MB at most)'))
      .max(10, 'At most 10 photos at once')
      .optional(),
  ),
});
export type SpeciesInput = z.input<typeof SpeciesInputSchema>;
/** PATCH: every field optional; only the fields sent change. */
export const SpeciesPatchSchema = SpeciesInputSchema.partial();
export type SpeciesPatch = z.input<typeof SpeciesPatchSchema>;

const list = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .slice(0, 50)
      : [],
  );
const term = SearchTermSchema;

export const SpeciesListQuerySchema = z.object({
  ...PageQuerySchema.shape,
  order: list,
  family: list,
  genus: list,
  iucn_status: list,
  group: list,
  residency: list,
  search: term,
  bird_name: term,
  species: term,
  scientific_name: term,
  export_limit: z.literal('all', { error: "export_limit must be 'all'" }).optional(),
});
export type SpeciesListQuery = z.output<typeof SpeciesListQuerySchema>;

export const SpeciesListResponseSchema = z.object({
  species: z.array(SpeciesSchema),
  speciesTotal: z.number(),
  foundTotal: z.number(),
  limit: z.number(),
  page: z.number(),
  orders: z.array(z.string()),
  families: z.array(z.string()),
  genuses: z.array(z.string()),
  groups: z.array(z.string()),
  iucnstatuses: z.array(z.string()),
  residencies: z.array(z.string()),
});
export type SpeciesListResponse = z.infer<typeof SpeciesListResponseSchema>;

export const SpeciesUploadRowErrorSchema = z.object({ row: z.number(), message: z.string() });
export const SpeciesUploadResponseSchema = z.object({
  message: z.string(),
  inserted: z.number(),
  updated: z.number(),
  rejected: z.array(SpeciesUploadRowErrorSchema),
  warnings: z.array(SpeciesUploadRowErrorSchema),
  data: z.array(SpeciesSchema.pick({ _id: true, englishName: true, scientificName: true })),
  ...UploadPreviewFieldsSchema.shape,
});
export type SpeciesUploadResponse = z.infer<typeof SpeciesUploadResponseSchema>;

/** GET /api/v1/species/:id/stats: the species' approved records and the dzongkhags they were seen in. */
export const SpeciesStatsSchema = z.object({
  /** Approved entries of submitted checklists linked to this species. */
  approvedRecords: z.number(),
  /** The dzongkhags of those records, A-Z (records without a dzongkhag are counted, not listed). */
  dzongkhags: z.array(z.string()),
});
export type SpeciesStats = z.infer<typeof SpeciesStatsSchema>;

import { z } from 'zod';

/** One dzongkhag and its gewogs, official spellings, both in alphabetical order. */
export const DzongkhagSchema = z.object({
  name: z.string(),
  gewogs: z.array(z.string()),
});
export type Dzongkhag = z.infer<typeof DzongkhagSchema>;

/** `GET /api/v1/locations`: the reference list the pickers of the console and the app offer. */
export const LocationsResponseSchema = z.object({
  dzongkhags: z.array(DzongkhagSchema),
});
export type LocationsResponse = z.infer<typeof LocationsResponseSchema>;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} is too long (${max} characters at most)`)
    .optional()
    .transform((v) => v?.trim().replace(/\s+/g, ' ') || undefined);

/** Most suggestions one call returns. */
export const MAX_VILLAGE_SUGGESTIONS = 20;

/** `GET /api/v1/locations/villages?dzongkhag&gewog&q`: the dzongkhag is required, the rest narrows. */
export const VillageSuggestionsQuerySchema = z.object({
  dzongkhag: z
    .string({ error: 'Dzongkhag is required' })
    .trim()
    .min(1, 'Dzongkhag is required')
    .max(100, 'Dzongkhag is too long (100 characters at most)'),
  gewog: optionalText(100, 'Gewog'),
  q: optionalText(100, 'Search'),
});
export type VillageSuggestionsQuery = z.infer<typeof VillageSuggestionsQuerySchema>;

/** A village name already used in records, with how many checklists use it. */
export const VillageSuggestionSchema = z.object({
  name: z.string(),
  count: z.number().int(),
});
export type VillageSuggestion = z.infer<typeof VillageSuggestionSchema>;

/** The places the suggestions are for (canonical names) and the suggestions, most used first. */
export const VillageSuggestionsResponseSchema = z.object({
  dzongkhag: z.string(),
  gewog: z.string().nullable(),
  villages: z.array(VillageSuggestionSchema),
});
export type VillageSuggestionsResponse = z.infer<typeof VillageSuggestionsResponseSchema>;

import { z } from 'zod';
import { DATE_PATTERN } from './records';

const day = (name: string) =>
  z
    .string()
    .regex(DATE_PATTERN, `${name} must be YYYY-MM-DD`)
    .optional()
    .or(z.literal('').transform(() => undefined));

/** `GET /api/v1/exports/dwca`: which submitted checklists go into the Darwin Core Archive. */
export const DwcaQuerySchema = z
  .object({
    /** First checklist date included (YYYY-MM-DD). */
    from: day('from'),
    /** Last checklist date included (YYYY-MM-DD). */
    to: day('to'),
    /** Only checklists of this dzongkhag (any usual spelling). */
    dzongkhag: z
      .string()
      .trim()
      .max(100, 'dzongkhag is too long')
      .optional()
      .transform((v) => v || undefined),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type DwcaQuery = z.output<typeof DwcaQuerySchema>;

/**
 * `summary.json` inside the archive: what was exported and what was left out (and why). Approved
 * entries of the exported checklists that carry no catalogue species are counted, never listed.
 */
export const DwcaSummarySchema = z.object({
  generatedAt: z.string(),
  filters: z.object({
    from: z.string().nullable(),
    to: z.string().nullable(),
    dzongkhag: z.string().nullable(),
  }),
  /** Checklists written to event.txt. */
  events: z.number(),
  /** Entries written to occurrence.txt. */
  occurrences: z.number(),
  leftOut: z.object({
    /** 'Unknown Birds' and 'New bird - …' reports, not yet named. */
    unknownOrNewSpecies: z.number(),
    /** Named birds that match no catalogue species. */
    notInCatalogue: z.number(),
    /** Catalogue species with neither a scientific name nor a genus and epithet. */
    noScientificName: z.number(),
  }),
  /** The checklist dates covered (null when nothing was exported). */
  temporalCoverage: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  license: z.string(),
});
export type DwcaSummary = z.infer<typeof DwcaSummarySchema>;

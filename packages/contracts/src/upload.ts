import { z } from 'zod';

/**
 * The query of both spreadsheet imports. `partial=1` imports the good rows when some are rejected;
 * `dryRun=1` runs the whole import in a transaction that is rolled back and answers what it would do.
 */
export const UploadQuerySchema = z.object({
  partial: z.enum(['0', '1', 'true', 'false']).optional(),
  dryRun: z.enum(['0', '1', 'true', 'false']).optional(),
});
export const isOn = (flag: string | undefined) => flag === '1' || flag === 'true';

/** One field an import would change: its value now and after (as text; null when empty). */
export const UploadFieldChangeSchema = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type UploadFieldChange = z.infer<typeof UploadFieldChangeSchema>;

/** What an import would do to one record (a species, or a checklist's bird), field by field. */
export const UploadPreviewItemSchema = z.object({
  row: z.number(),
  action: z.enum(['insert', 'update', 'unchanged']),
  /** What the record is called: a species' English name, or 'Checklist name: bird'. */
  name: z.string(),
  changes: z.array(UploadFieldChangeSchema),
});
export type UploadPreviewItem = z.infer<typeof UploadPreviewItemSchema>;

/** Added to an import's answer on a dry run (`dryRun=1`): nothing was written. */
export const UploadPreviewFieldsSchema = z.object({
  dryRun: z.boolean().optional(),
  preview: z.array(UploadPreviewItemSchema).optional(),
});

/** A value as the preview shows it. */
export function previewText(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'string' ? v : JSON.stringify(v);
}

import { z } from 'zod';
import { recordDateField } from './records-ingest';

/**
 * PATCH /api/v1/checklists/{id}/details (issue 12): an administrator corrects a checklist's date, time and
 * place. Send only what changes; the gewog must be one of the dzongkhag's (a new dzongkhag needs its gewog).
 */
export const ChecklistCorrectionSchema = z
  .strictObject(
    {
      selectedDate: recordDateField('selectedDate'),
      /** null clears a time that was never given (older checklists stored a missing time as 00:00). */
      selectedTime: z
        .string({ error: 'selectedTime must be text or null' })
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'selectedTime must be HH:MM (24-hour)')
        .nullable(),
      dzongkhag: z
        .string({ error: 'dzongkhag must be text' })
        .trim()
        .min(1, 'dzongkhag is required')
        .max(100),
      gewog: z.string({ error: 'gewog must be text' }).trim().min(1, 'gewog is required').max(100),
      village: z
        .string({ error: 'village must be text' })
        .trim()
        .max(200, 'village is too long (200 characters at most)')
        .nullable()
        .transform((v) => v || null),
    },
    { error: 'Only selectedDate, selectedTime, dzongkhag, gewog and village can be corrected' },
  )
  .partial()
  .refine((v) => Object.keys(v).length > 0, { error: 'Send at least one field to correct' });
export type ChecklistCorrection = z.infer<typeof ChecklistCorrectionSchema>;

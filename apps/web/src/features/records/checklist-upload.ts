import {
  type ChecklistUploadResponse,
  ChecklistUploadResponseSchema,
  UploadRowNoteSchema,
} from '@jarog/contracts';
import { z } from 'zod';
import { UPLOAD_FAILED } from '../species/species-upload';

export type RowNote = z.infer<typeof UploadRowNoteSchema>;

export type ChecklistUploadOutcome =
  | { kind: 'done'; result: ChecklistUploadResponse }
  /** Some rows are bad and nothing was imported: the good rows can be imported on their own. */
  | { kind: 'refused'; message: string; rejected: RowNote[]; warnings: RowNote[] }
  | { kind: 'failed'; message: string; status: number };

const RefusalDetails = z.object({
  rejected: z.array(UploadRowNoteSchema).min(1),
  warnings: z.array(UploadRowNoteSchema).optional(),
});

/** Reads the answer of POST /checklists/fileupload (status 0 is a network failure). */
export function checklistUploadOutcome(status: number, body: unknown): ChecklistUploadOutcome {
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : '';
  if (status >= 200 && status < 300) {
    const parsed = ChecklistUploadResponseSchema.safeParse(body);
    if (parsed.success) return { kind: 'done', result: parsed.data };
    return { kind: 'failed', message: message || UPLOAD_FAILED, status };
  }
  if (status === 400) {
    const details = RefusalDetails.safeParse((body as { details?: unknown } | null)?.details);
    if (details.success)
      return {
        kind: 'refused',
        message:
          message ||
          `${details.data.rejected.length} ${details.data.rejected.length === 1 ? 'row has' : 'rows have'} problems, so nothing was imported.`,
        rejected: details.data.rejected,
        warnings: details.data.warnings ?? [],
      };
  }
  if (status === 0)
    return {
      kind: 'failed',
      message: message || 'Cannot reach the server. Please check your connection and try again.',
      status,
    };
  return { kind: 'failed', message: message || UPLOAD_FAILED, status };
}

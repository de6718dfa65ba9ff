import { type UploadRowNote, UploadRowNoteSchema } from '@jarog/contracts';
import { z } from 'zod';

/** The spreadsheet the uploads take (the API's limits: .xlsx only, at most 10 MB). */
export const MAX_SPREADSHEET_BYTES = 10 * 1024 * 1024;
export const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const UPLOAD_FAILED = 'Upload failed. Please try again.';

export type RowNote = UploadRowNote;

/** Why a picked file cannot be uploaded, or null when it can. */
export function spreadsheetProblem(file: { name: string; size: number }): string | null {
  if (!/\.xlsx$/i.test(file.name)) return 'Only .xlsx spreadsheets are accepted';
  if (file.size > MAX_SPREADSHEET_BYTES) return 'The spreadsheet is too large (10 MB at most)';
  if (file.size === 0) return 'The spreadsheet is empty';
  return null;
}

export type UploadOutcome<T> =
  | { kind: 'done'; result: T }
  /** Some rows are bad and nothing was imported: the good rows can be imported on their own. */
  | { kind: 'refused'; message: string; rejected: RowNote[]; warnings: RowNote[] }
  | { kind: 'failed'; message: string; status: number };

const RefusalDetails = z.object({
  rejected: z.array(UploadRowNoteSchema).min(1),
  warnings: z.array(UploadRowNoteSchema).optional(),
});

/** Reads the answer of an .xlsx import (status 0 is a network failure) against its contracts schema. */
export function uploadOutcome<T>(schema: z.ZodType<T>, status: number, body: unknown): UploadOutcome<T> {
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : '';
  if (status >= 200 && status < 300) {
    const parsed = schema.safeParse(body);
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

export type UploadPhase = 'uploading' | 'processing';

export interface UploadOptions {
  url: string;
  token: string | null;
  onProgress: (phase: UploadPhase, percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends the file as multipart field `file` with XMLHttpRequest (fetch cannot report upload progress):
 * "uploading" with a percentage while bytes go out, then "processing" while the server checks the rows.
 */
export function sendSpreadsheet(file: File, { url, token, onProgress, signal }: UploadOptions) {
  return new Promise<{ status: number; body: unknown }>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress('uploading', Math.round((e.loaded / e.total) * 100));
    };
    xhr.upload.onload = () => onProgress('processing', 100);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.onabort = () => resolve({ status: 0, body: { message: 'Upload cancelled' } });
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    onProgress('uploading', 0);
    xhr.send(form);
  });
}

/** The query of an import: `dryRun=1` previews (nothing saved), `partial=1` leaves the bad rows out. */
export function uploadQuery({ dryRun, partial }: { dryRun: boolean; partial: boolean }): string {
  const params = new URLSearchParams();
  if (dryRun) params.set('dryRun', '1');
  if (partial) params.set('partial', '1');
  const text = params.toString();
  return text ? `?${text}` : '';
}

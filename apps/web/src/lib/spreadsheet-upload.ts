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

/**
 * Where an upload is: the file's bytes going out, then the server's work. An import that reports its own
 * progress (the checklist upload, `Accept: application/x-ndjson`) says how many rows it has read and
 * checked and how many it has written; another one is just "processing" until it answers.
 */
export type UploadProgress =
  | { phase: 'uploading'; percent: number }
  | { phase: 'processing' }
  | { phase: 'parsing'; rows: number }
  | { phase: 'checking'; rows: number }
  | { phase: 'writing'; done: number; of: number };

const count = (n: number) => n.toLocaleString('en');

/** What the progress bar's label says (a preview writes nothing: its "writing" compares with the records). */
export function progressLabel(p: UploadProgress, preview: boolean): string {
  switch (p.phase) {
    case 'uploading':
      return `Uploading the file… ${p.percent}%`;
    case 'processing':
      return 'Processing…';
    case 'parsing':
      return `Reading the spreadsheet… ${count(p.rows)} rows`;
    case 'checking':
      return `Checking ${count(p.rows)} rows…`;
    case 'writing':
      return preview
        ? `Comparing with the records… ${count(p.done)} of ${count(p.of)} rows`
        : `Writing… ${count(p.done)} of ${count(p.of)} rows`;
  }
}

/** What an upload has done so far: where it is now, and the rows read, checked and written on the way. */
export interface UploadSteps {
  now: UploadProgress;
  read?: number;
  checked?: number;
}

/** The steps after one more progress event (events come in order; a later phase closes the earlier ones). */
export function advance(steps: UploadSteps | null, now: UploadProgress): UploadSteps {
  const next: UploadSteps = { ...steps, now };
  if (now.phase === 'parsing') next.read = now.rows;
  if (now.phase === 'checking') {
    next.read ??= now.rows;
    next.checked = now.rows;
  }
  return next;
}

/**
 * The lines of the step list: each step reached, finished ones in the past tense ("Read 12,000 rows"), the
 * current one as the bar's label.
 */
export function stepLines(steps: UploadSteps, preview: boolean): { text: string; done: boolean }[] {
  const { now } = steps;
  const current = { text: progressLabel(now, preview), done: false };
  if (now.phase === 'uploading') return [current];
  const lines = [{ text: 'File uploaded', done: true }];
  if (now.phase === 'processing') return [...lines, current];
  if (now.phase === 'parsing') return [...lines, current];
  lines.push({ text: `Read ${count(steps.read ?? 0)} rows`, done: true });
  if (now.phase === 'checking') return [...lines, current];
  lines.push({ text: `Checked ${count(steps.checked ?? 0)} rows`, done: true });
  return [...lines, current];
}

/**
 * One bar for the whole upload, never going back: the bytes are the first fifth, reading and checking the
 * next two (their totals are unknown until done), writing the last two fifths.
 */
export function overallPercent(p: UploadProgress): number {
  switch (p.phase) {
    case 'uploading':
      return Math.round(p.percent * 0.2);
    case 'processing':
      return 20;
    case 'parsing':
      return 30;
    case 'checking':
      return 50;
    case 'writing':
      return 60 + Math.round((p.of > 0 ? p.done / p.of : 1) * 40);
  }
}

type ServerEvent =
  | { phase: 'parsing' | 'checking'; rows: number }
  | { phase: 'writing'; done: number; of: number }
  | { phase: 'done'; result: unknown }
  | { phase: 'error'; status: number; error: unknown };

/**
 * The complete lines of a progress stream (ChecklistUploadProgress, one JSON object a line) from `from` on,
 * and where the next read starts; a line still arriving stays for the next read.
 */
export function readProgressLines(text: string, from: number): { events: ServerEvent[]; next: number } {
  const events: ServerEvent[] = [];
  let start = from;
  for (let end = text.indexOf('\n', start); end >= 0; end = text.indexOf('\n', start)) {
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (!line) continue;
    try {
      const event = JSON.parse(line) as ServerEvent;
      if (event && typeof event === 'object' && typeof event.phase === 'string') events.push(event);
    } catch {
      // Not a progress line: the answer is read whole at the end.
    }
  }
  return { events, next: start };
}

/** The answer a progress stream ended with, as the status and body the plain JSON call would have had. */
function streamAnswer(events: ServerEvent[]): { status: number; body: unknown } {
  const last = events.at(-1);
  if (last?.phase === 'done') return { status: 200, body: last.result };
  if (last?.phase === 'error') return { status: last.status, body: last.error };
  return { status: 0, body: { message: 'The upload stopped before the server finished. Please try again.' } };
}

export interface UploadOptions {
  url: string;
  token: string | null;
  onProgress: (progress: UploadProgress) => void;
  /** Ask the server for its progress (NDJSON lines); only imports that send it (the checklist upload). */
  serverProgress?: boolean;
  signal?: AbortSignal;
}

/**
 * Sends the file as multipart field `file` with XMLHttpRequest (fetch cannot report upload progress):
 * "uploading" with a percentage while bytes go out, then the server's phases as its lines arrive (or
 * "processing" when it does not report them).
 */
export function sendSpreadsheet(
  file: File,
  { url, token, onProgress, serverProgress, signal }: UploadOptions,
) {
  return new Promise<{ status: number; body: unknown }>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (serverProgress) xhr.setRequestHeader('Accept', 'application/x-ndjson, application/json;q=0.5');
    const streamed = () => /application\/x-ndjson/.test(xhr.getResponseHeader('Content-Type') ?? '');
    let read = 0;
    const events: ServerEvent[] = [];
    const readLines = () => {
      if (!streamed()) return;
      const got = readProgressLines(xhr.responseText, read);
      read = got.next;
      events.push(...got.events);
      for (const e of got.events) if (e.phase !== 'done' && e.phase !== 'error') onProgress(e);
    };
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable)
        onProgress({ phase: 'uploading', percent: Math.round((e.loaded / e.total) * 100) });
    };
    xhr.upload.onload = () => onProgress({ phase: 'processing' });
    xhr.onprogress = readLines;
    xhr.onload = () => {
      if (streamed()) {
        readLines();
        resolve(streamAnswer(events));
        return;
      }
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
    onProgress({ phase: 'uploading', percent: 0 });
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

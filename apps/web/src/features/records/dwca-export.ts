import { apiUrl } from '../../app/runtime-config';
import { dateText } from './records-format';
import type { RecordFilters } from './records-list-state';

/**
 * "Export for GBIF": the Darwin Core Archive of the approved records (GET /api/v1/exports/dwca).
 * The list's dzongkhag and date filters carry over (a date becomes a one-day range); the other
 * filters are the reviewer's view of the list and do not shape a GBIF dataset.
 */
export function dwcaExportUrl(
  filters: Pick<RecordFilters, 'dzongkhag' | 'date'>,
  base: string = apiUrl,
): string {
  const q = new URLSearchParams();
  if (filters.dzongkhag) q.set('dzongkhag', filters.dzongkhag);
  if (filters.date) {
    q.set('from', filters.date);
    q.set('to', filters.date);
  }
  const query = q.toString();
  return `${base}/api/v1/exports/dwca${query ? `?${query}` : ''}`;
}

/** '12.3 MB received', as the archive streams in (its final size is not known in advance). */
export function formatReceived(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(0, Math.round(bytes / 1000))} kB received`;
  return `${(bytes / 1_000_000).toFixed(1)} MB received`;
}

/**
 * The API's count of the archive's events (checklists), sent before the archive itself: 0 means nothing
 * matches the filters.
 */
export const EVENTS_HEADER = 'X-Dwca-Events';

/** Said when nothing matches: not an error, and it names the filters that matched nothing. */
export function nothingToExportText(filters: Pick<RecordFilters, 'dzongkhag' | 'date'>): string {
  const where = filters.dzongkhag ? ` in ${filters.dzongkhag}` : '';
  const when = filters.date ? ` on ${dateText(filters.date)}` : '';
  return `Nothing to export for GBIF: no approved entries of catalogue species${where}${when}.`;
}

export class DwcaExportError extends Error {
  constructor(
    readonly status: number | undefined,
    message = 'The GBIF export failed. Please try again later.',
  ) {
    super(message);
  }
}

/** Reads a response body to the end, reporting the bytes received so far after every chunk. */
export async function readWithProgress(
  body: ReadableStream<Uint8Array>,
  onProgress: (bytes: number) => void,
): Promise<Blob> {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return new Blob(parts as BlobPart[], { type: 'application/zip' });
}

/**
 * Downloads the archive with the admin's token and hands it to the browser as a .zip file; 'empty' (and no
 * file) when the API says the archive holds no event.
 */
export async function downloadDwca(
  filters: Pick<RecordFilters, 'dzongkhag' | 'date'>,
  token: string | null,
  onProgress: (bytes: number) => void,
): Promise<'saved' | 'empty'> {
  let response: Response;
  try {
    response = await fetch(dwcaExportUrl(filters), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
    });
  } catch {
    throw new DwcaExportError(undefined);
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new DwcaExportError(
      response.status,
      body?.message ? `The GBIF export failed: ${body.message}` : undefined,
    );
  }
  if (response.headers.get(EVENTS_HEADER) === '0') {
    await response.body.cancel().catch(() => undefined);
    return 'empty';
  }
  let blob: Blob;
  try {
    blob = await readWithProgress(response.body, onProgress);
  } catch {
    throw new DwcaExportError(undefined, 'The GBIF export was interrupted. Please try again.');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name ?? 'jarog-dwca.zip';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return 'saved';
}

import { apiUrl } from '../app/runtime-config';

/** Spec section 8: a failed export. */
export const EXPORT_ERROR = 'Error! retry after some time';
/** An export that worked but found no rows (issue 12): not an error, so not EXPORT_ERROR. */
export const NOTHING_TO_EXPORT = 'Nothing to export: no records match these filters.';

/** Whether a CSV holds any row beyond its header (the API starts it with a BOM and always sends the header). */
export function csvHasRows(text: string): boolean {
  const body = text.replace(/^\uFEFF/, '');
  const end = body.indexOf('\n');
  return end >= 0 && body.slice(end + 1).trim().length > 0;
}

/** Download the file, or show EXPORT_ERROR: on any failed response, a body that is not CSV, or no rows. */
export function exportOutcome(
  response: { ok: boolean; contentType: string | null } | null,
  text: string | null,
): 'download' | 'error' {
  if (!response?.ok || text === null) return 'error';
  if (!response.contentType?.toLowerCase().includes('text/csv')) return 'error';
  return csvHasRows(text) ? 'download' : 'error';
}

/** A failed export; `status` tells a refused session (401) from a list with nothing in it. */
export class CsvExportError extends Error {
  constructor(
    readonly status: number | undefined,
    /** The export answered with its header only: nothing matches the filters. */
    readonly empty = false,
  ) {
    super(empty ? NOTHING_TO_EXPORT : EXPORT_ERROR);
  }
}

/** `path?query&format=csv` on the API: the same address as the list or chart, asked for as CSV. */
export function csvUrl(
  path: string,
  params: Record<string, string | number | undefined>,
  base = apiUrl,
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  query.set('format', 'csv');
  return `${base}${path}?${query.toString()}`;
}

/**
 * The one CSV download of the console (species, records and insight exports): fetches a CSV with the
 * admin's token when there is one (record and insight exports are not public) and hands it to
 * the browser under `filename`. Throws CsvExportError when there is nothing to download (spec section 8).
 */
export async function downloadCsv(url: string, filename: string, token: string | null): Promise<void> {
  let response: Response | null = null;
  let blob: Blob | null = null;
  let text: string | null = null;
  try {
    response = await fetch(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
    });
    blob = response.ok ? await response.blob() : null;
    text = blob ? await blob.text() : null;
  } catch {
    response = null;
  }
  const outcome = exportOutcome(
    response && { ok: response.ok, contentType: response.headers.get('Content-Type') },
    text,
  );
  const isCsv = /text\/csv/i.test(response?.headers.get('Content-Type') ?? '');
  if (response?.ok && isCsv && text !== null && !csvHasRows(text))
    throw new CsvExportError(response.status, true);
  if (outcome === 'error' || !blob) throw new CsvExportError(response?.status);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

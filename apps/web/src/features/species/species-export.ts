import { apiUrl } from '../../app/runtime-config';
import { exportQuery, type SpeciesFilters } from './species-list-state';

/** Spec section 8: a failed export, or one without data. */
export const EXPORT_ERROR = 'Error! retry after some time';
export const EXPORT_FILENAME = 'species.csv';

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

/** The export address for these filters: the public list endpoint, whole filtered list, as CSV. */
export function exportUrl(filters: SpeciesFilters, base: string = apiUrl): string {
  return `${base}/api/v1/species?${exportQuery(filters).toString()}`;
}

/**
 * Fetches the filtered list as CSV and hands it to the browser as species.csv. Throws an Error whose
 * message is EXPORT_ERROR when there is nothing to download.
 */
export async function downloadSpeciesCsv(filters: SpeciesFilters): Promise<void> {
  let response: Response | null = null;
  let blob: Blob | null = null;
  let text: string | null = null;
  try {
    response = await fetch(exportUrl(filters));
    // The bytes go to the file unchanged (with the BOM spreadsheets need); the text is only looked at.
    blob = response.ok ? await response.blob() : null;
    text = blob ? await blob.text() : null;
  } catch {
    response = null;
  }
  const outcome = exportOutcome(
    response && { ok: response.ok, contentType: response.headers.get('Content-Type') },
    text,
  );
  if (outcome === 'error' || !blob) throw new Error(EXPORT_ERROR);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = EXPORT_FILENAME;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

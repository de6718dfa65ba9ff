import { apiUrl } from '../../../app/runtime-config';
import { EXPORT_ERROR, exportOutcome } from '../../species/species-export';

export { EXPORT_ERROR };

/** A failed export; `status` tells a refused session (401) from a list with nothing in it. */
export class CsvExportError extends Error {
  constructor(readonly status: number | undefined) {
    super(EXPORT_ERROR);
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
 * Fetches a CSV with the admin's token (these exports are not public, so not a plain link) and hands it to
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

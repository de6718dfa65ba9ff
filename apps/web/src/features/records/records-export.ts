import { apiUrl } from '../../app/runtime-config';
import { EXPORT_ERROR, exportOutcome } from '../species/species-export';
import { type RecordFilters, type RecordsListKind, recordsExportQuery } from './records-list-state';

export { EXPORT_ERROR };

/** Where each list lives and the file its export makes (spec sections 7 and 9). */
export const RECORDS_LIST_PATH: Record<RecordsListKind, string> = {
  checklists: '/api/v1/checklists',
  entries: '/api/v1/entries',
  newspecies: '/api/v1/newspecies',
};
export const EXPORT_FILENAME: Record<RecordsListKind, string> = {
  checklists: 'checklists.csv',
  entries: 'entries.csv',
  newspecies: 'new_species.csv',
};

/** The export address: the list's own endpoint with the same filters, the whole list, as CSV. */
export function recordsExportUrl(
  kind: RecordsListKind,
  filters: RecordFilters,
  base: string = apiUrl,
): string {
  return `${base}${RECORDS_LIST_PATH[kind]}?${recordsExportQuery(kind, filters).toString()}`;
}

/**
 * Fetches the filtered list as CSV (the record lists need the admin's token, so this is a fetch and not a
 * plain link) and hands it to the browser under its file name. Throws an Error whose message is
 * EXPORT_ERROR when there is nothing to download; `status` is set when the server answered.
 */
export async function downloadRecordsCsv(
  kind: RecordsListKind,
  filters: RecordFilters,
  token: string | null,
): Promise<void> {
  let response: Response | null = null;
  let blob: Blob | null = null;
  let text: string | null = null;
  try {
    response = await fetch(recordsExportUrl(kind, filters), {
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
  if (outcome === 'error' || !blob) throw new ExportError(response?.status);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = EXPORT_FILENAME[kind];
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** A failed export; `status` tells a refused session (401) from an empty list. */
export class ExportError extends Error {
  constructor(readonly status: number | undefined) {
    super(EXPORT_ERROR);
  }
}

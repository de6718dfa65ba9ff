import { apiUrl } from '../../app/runtime-config';
import { EXPORT_ERROR, NOTHING_TO_EXPORT } from '../../lib/csv-download';
import { type RecordFilters, type RecordsListKind, recordsExportQuery } from './records-list-state';

export { EXPORT_ERROR, NOTHING_TO_EXPORT };

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
  queue?: { pending: boolean },
): string {
  return `${base}${RECORDS_LIST_PATH[kind]}?${recordsExportQuery(kind, filters, queue).toString()}`;
}

import { apiUrl } from '../../app/runtime-config';
import { downloadCsv } from '../../lib/csv-download';
import { exportQuery, type SpeciesFilters } from './species-list-state';

export const EXPORT_FILENAME = 'species.csv';

/** The export address for these filters: the public list endpoint, whole filtered list, as CSV. */
export function exportUrl(filters: SpeciesFilters, base: string = apiUrl): string {
  return `${base}/api/v1/species?${exportQuery(filters).toString()}`;
}

/** Fetches the filtered list as CSV and hands it to the browser as species.csv (throws EXPORT_ERROR when empty). */
export const downloadSpeciesCsv = (filters: SpeciesFilters): Promise<void> =>
  downloadCsv(exportUrl(filters), EXPORT_FILENAME, null);

import { useCsvDownload } from '../../lib/use-csv-download';
import { EXPORT_FILENAME, recordsExportUrl } from './records-export';
import type { RecordFilters, RecordsListKind } from './records-list-state';

/**
 * Export to CSV: exactly the filtered list (the queue's "pending only" included); NOTHING_TO_EXPORT when no
 * record matches, 'Error! retry after some time' (spec section 8) when the export failed.
 */
export function useExportCsv(kind: RecordsListKind, filters: RecordFilters, queue?: { pending: boolean }) {
  const download = useCsvDownload('exportRecords');
  return {
    run: () => download.run(recordsExportUrl(kind, filters, undefined, queue), EXPORT_FILENAME[kind]),
    busy: download.busy,
  };
}

import { App } from 'antd';
import { useState } from 'react';
import { sessionEndFor } from '../../app/api';
import { selectToken, sessionEnded } from '../../app/session.slice';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { downloadRecordsCsv, EXPORT_ERROR, ExportError } from './records-export';
import type { RecordFilters, RecordsListKind } from './records-list-state';

/** Export to CSV: exactly the filtered list, or 'Error! retry after some time' (spec section 8). */
export function useExportCsv(kind: RecordsListKind, filters: RecordFilters) {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadRecordsCsv(kind, filters, token);
    } catch (err) {
      const status = err instanceof ExportError ? err.status : undefined;
      const redirect = status ? sessionEndFor('exportRecords', { status, data: null }) : null;
      if (redirect) dispatch(sessionEnded(redirect));
      else void message.error(EXPORT_ERROR);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

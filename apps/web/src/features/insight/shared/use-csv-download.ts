import { App } from 'antd';
import { useState } from 'react';
import { sessionEndFor } from '../../../app/api';
import { selectToken, sessionEnded } from '../../../app/session.slice';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { CsvExportError, downloadCsv, EXPORT_ERROR } from './csv-download';

/** An Export CSV action: downloads the file, or says 'Error! retry after some time' (spec section 8). */
export function useCsvDownload() {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const [busy, setBusy] = useState(false);
  const run = async (url: string, filename: string) => {
    setBusy(true);
    try {
      await downloadCsv(url, filename, token);
    } catch (err) {
      const status = err instanceof CsvExportError ? err.status : undefined;
      const redirect = status ? sessionEndFor('exportInsight', { status, data: null }) : null;
      if (redirect) dispatch(sessionEnded(redirect));
      else void message.error(EXPORT_ERROR);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

import { App } from 'antd';
import { useState } from 'react';
import { sessionEndFor } from '../app/api';
import { selectToken, sessionEnded } from '../app/session.slice';
import { useAppDispatch, useAppSelector } from '../app/store';
import { CsvExportError, downloadCsv, EXPORT_ERROR, NOTHING_TO_EXPORT } from './csv-download';

/**
 * An Export CSV action (records and insight alike): downloads the file with the session's token; says
 * NOTHING_TO_EXPORT when no row matches, or 'Error! retry after some time' (spec section 8) when it failed; a refused session ends as for any call (`endpoint`).
 */
export function useCsvDownload(endpoint = 'exportInsight') {
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
      const redirect = status ? sessionEndFor(endpoint, { status, data: null }) : null;
      if (redirect) dispatch(sessionEnded(redirect));
      else if (err instanceof CsvExportError && err.empty) void message.info(NOTHING_TO_EXPORT);
      else void message.error(EXPORT_ERROR);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

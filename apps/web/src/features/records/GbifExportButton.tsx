import { GlobalOutlined, LoadingOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { sessionEndFor } from '../../app/api';
import { selectToken, sessionEnded } from '../../app/session.slice';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { DwcaExportError, downloadDwca, formatReceived, nothingToExportText } from './dwca-export';
import type { RecordFilters } from './records-list-state';

/**
 * "Export for GBIF": streams the Darwin Core Archive, showing the bytes received as they arrive; says so
 * when nothing matches the filters, and when the export failed.
 */
export function GbifExportButton({ filters }: { filters: RecordFilters }) {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const [received, setReceived] = useState<number | null>(null);
  const run = async () => {
    setReceived(0);
    try {
      const outcome = await downloadDwca(filters, token, setReceived);
      if (outcome === 'empty') void message.info(nothingToExportText(filters));
    } catch (err) {
      const status = err instanceof DwcaExportError ? err.status : undefined;
      const redirect = status ? sessionEndFor('exportDwca', { status, data: null }) : null;
      if (redirect) dispatch(sessionEnded(redirect));
      else void message.error(err instanceof Error ? err.message : 'The GBIF export failed.');
    } finally {
      setReceived(null);
    }
  };
  const busy = received !== null;
  return (
    <Button
      // The icons are decoration: the button is named by its words alone ("Export for GBIF", then the progress).
      icon={<GlobalOutlined aria-hidden />}
      loading={busy ? { icon: <LoadingOutlined aria-hidden /> } : false}
      aria-busy={busy}
      onClick={() => void run()}
      aria-live="polite"
      title="Darwin Core Archive of the approved records, for GBIF"
    >
      {busy ? `Exporting for GBIF… ${formatReceived(received)}` : 'Export for GBIF'}
    </Button>
  );
}

import { GlobalOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { sessionEndFor } from '../../app/api';
import { selectToken, sessionEnded } from '../../app/session.slice';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { DwcaExportError, downloadDwca, formatReceived } from './dwca-export';
import type { RecordFilters } from './records-list-state';

/** "Export for GBIF": streams the Darwin Core Archive, showing the bytes received as they arrive. */
export function GbifExportButton({ filters }: { filters: RecordFilters }) {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const [received, setReceived] = useState<number | null>(null);
  const run = async () => {
    setReceived(0);
    try {
      await downloadDwca(filters, token, setReceived);
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
      icon={<GlobalOutlined />}
      loading={busy}
      onClick={() => void run()}
      aria-live="polite"
      title="Darwin Core Archive of the approved records, for GBIF"
    >
      {busy ? `Exporting for GBIF… ${formatReceived(received)}` : 'Export for GBIF'}
    </Button>
  );
}

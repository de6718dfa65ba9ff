import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { SPECIES_TEXT_FIELDS } from '@jarog/contracts';
import { App, Button, Card, Progress, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { sessionEndFor } from '../../app/api';
import { apiUrl } from '../../app/runtime-config';
import { selectToken, sessionEnded } from '../../app/session.slice';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { UploadReport } from './SpeciesUploadReport';
import { SPECIES_UPLOAD_TAGS, speciesApi } from './species.api';
import {
  sendSpreadsheet,
  spreadsheetProblem,
  type UploadOutcome,
  type UploadPhase,
  uploadOutcome,
  XLSX_ACCEPT,
} from './species-upload';

const COLUMNS = [...SPECIES_TEXT_FIELDS, 'observations', 'photos'];

interface Progressing {
  phase: UploadPhase;
  percent: number;
}

/**
 * The .xlsx bulk upload: pick a file (submit is enabled only then), watch it upload and be processed, then
 * read the per-row report. A refused file (bad rows, nothing imported) can be imported without its bad rows.
 */
export function SpeciesBulkUpload() {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<Progressing | null>(null);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const upload = async (partial: boolean) => {
    if (!file) return;
    abort.current = new AbortController();
    setOutcome(null);
    setProgress({ phase: 'uploading', percent: 0 });
    const { status, body } = await sendSpreadsheet(file, {
      url: `${apiUrl}/api/v1/species/fileupload${partial ? '?partial=1' : ''}`,
      token,
      signal: abort.current.signal,
      onProgress: (phase, percent) => setProgress({ phase, percent }),
    });
    setProgress(null);
    const redirect = status ? sessionEndFor('uploadSpecies', { status, data: body }) : null;
    if (redirect) {
      dispatch(sessionEnded(redirect));
      return;
    }
    const result = uploadOutcome(status, body);
    setOutcome(result);
    if (result.kind === 'done') dispatch(speciesApi.util.invalidateTags(SPECIES_UPLOAD_TAGS));
  };

  const busy = progress !== null;
  return (
    <Card title="Bulk upload (.xlsx)" className="species-bulk">
      <Typography.Paragraph type="secondary" className="species-bulk__help">
        The first row names the columns (any order): {COLUMNS.join(', ')}. Every row is checked first; when
        any row has a problem nothing is imported unless you choose to import only the good rows. Rows are
        matched on scientific name, so uploading the same file again updates those species instead of adding
        them twice.
      </Typography.Paragraph>
      <div data-testid="xlsx-picker">
        <Upload.Dragger
          accept={XLSX_ACCEPT}
          maxCount={1}
          disabled={busy}
          fileList={
            file ? [{ uid: 'spreadsheet', name: file.name, size: file.size, status: 'done' as const }] : []
          }
          beforeUpload={(picked) => {
            const problem = spreadsheetProblem(picked);
            if (problem) {
              void message.error(problem);
              return Upload.LIST_IGNORE;
            }
            setFile(picked);
            setOutcome(null);
            return false;
          }}
          onRemove={() => {
            setFile(null);
            setOutcome(null);
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">Click or drag an .xlsx file here</p>
          <p className="ant-upload-hint">Only .xlsx spreadsheets, 10 MB at most.</p>
        </Upload.Dragger>
      </div>
      <div className="species-bulk__actions">
        <Button
          type="primary"
          icon={<UploadOutlined />}
          disabled={!file || busy}
          loading={busy}
          onClick={() => void upload(false)}
        >
          Upload
        </Button>
      </div>
      {progress && (
        <div className="species-bulk__progress" role="status" aria-live="polite">
          <Progress
            percent={progress.percent}
            status="active"
            showInfo={progress.phase === 'uploading'}
            aria-label="Upload progress"
          />
          <span>{progress.phase === 'uploading' ? `Uploading… ${progress.percent}%` : 'Processing…'}</span>
        </div>
      )}
      {outcome && <UploadReport outcome={outcome} busy={busy} onImportGoodRows={() => void upload(true)} />}
    </Card>
  );
}

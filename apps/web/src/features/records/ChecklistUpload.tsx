import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { CHECKLIST_UPLOAD_COLUMNS } from '@jarog/contracts';
import { App, Button, Card, Progress, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { sessionEndFor } from '../../app/api';
import { apiUrl } from '../../app/runtime-config';
import { selectToken, sessionEnded } from '../../app/session.slice';
import { useAppDispatch, useAppSelector } from '../../app/store';
import {
  sendSpreadsheet,
  spreadsheetProblem,
  type UploadPhase,
  XLSX_ACCEPT,
} from '../species/species-upload';
import { ChecklistUploadReport } from './ChecklistUploadReport';
import { type ChecklistUploadOutcome, checklistUploadOutcome } from './checklist-upload';
import { RECORDS_UPLOAD_TAGS, recordsApi } from './records.api';

interface Progressing {
  phase: UploadPhase;
  percent: number;
}

/**
 * Checklists from an .xlsx file, one row per bird: pick a file (Upload is enabled only then), watch it
 * upload and be checked, then read the per-row report. A file with bad rows imports nothing, unless one
 * chooses to import only the good rows.
 */
export function ChecklistUpload() {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<Progressing | null>(null);
  const [outcome, setOutcome] = useState<ChecklistUploadOutcome | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const upload = async (partial: boolean) => {
    if (!file) return;
    abort.current = new AbortController();
    setOutcome(null);
    setProgress({ phase: 'uploading', percent: 0 });
    const { status, body } = await sendSpreadsheet(file, {
      url: `${apiUrl}/api/v1/checklists/fileupload${partial ? '?partial=1' : ''}`,
      token,
      signal: abort.current.signal,
      onProgress: (phase, percent) => setProgress({ phase, percent }),
    });
    setProgress(null);
    const redirect = status ? sessionEndFor('uploadChecklists', { status, data: body }) : null;
    if (redirect) {
      dispatch(sessionEnded(redirect));
      return;
    }
    const result = checklistUploadOutcome(status, body);
    setOutcome(result);
    if (result.kind === 'done') dispatch(recordsApi.util.invalidateTags(RECORDS_UPLOAD_TAGS));
  };

  const busy = progress !== null;
  return (
    <Card title="Upload checklists (.xlsx)" className="records-upload">
      <Typography.Paragraph type="secondary" className="records-upload__help">
        One row per bird; rows with the same checklist name, birder and date make one checklist. The first row
        names the columns (any order): {CHECKLIST_UPLOAD_COLUMNS.join(', ')}. The place is either Dzongkhag,
        Gewog and Village, or one EndpointLocation cell such as “Paro, Tsento, Drukgyel”. Every row is checked
        first; when any row has a problem nothing is imported unless you choose to import only the good rows.
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
      <div className="records-upload__actions">
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
        <div className="records-upload__progress" role="status" aria-live="polite">
          <Progress
            percent={progress.percent}
            status="active"
            showInfo={progress.phase === 'uploading'}
            aria-label="Upload progress"
          />
          <span>{progress.phase === 'uploading' ? `Uploading… ${progress.percent}%` : 'Processing…'}</span>
        </div>
      )}
      {outcome && (
        <ChecklistUploadReport outcome={outcome} busy={busy} onImportGoodRows={() => void upload(true)} />
      )}
    </Card>
  );
}

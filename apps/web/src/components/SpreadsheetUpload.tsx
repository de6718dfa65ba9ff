import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Progress, Typography, Upload } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { sessionEndFor } from '../app/api';
import { apiUrl } from '../app/runtime-config';
import { selectToken, sessionEnded } from '../app/session.slice';
import { useAppDispatch, useAppSelector } from '../app/store';
import {
  sendSpreadsheet,
  spreadsheetProblem,
  type UploadOutcome,
  type UploadPhase,
  uploadOutcome,
  uploadQuery,
  XLSX_ACCEPT,
} from '../lib/spreadsheet-upload';
import { type ImportReport, UploadReport } from './UploadReport';
import './upload.css';

interface Progressing {
  phase: UploadPhase;
  percent: number;
}

export interface SpreadsheetUploadProps<T extends ImportReport> {
  title: string;
  help: ReactNode;
  /** The import's path, e.g. '/api/v1/species/fileupload'. */
  path: string;
  /** The endpoint name the session rules know it by (a 401 ends the session as for any call). */
  endpoint: string;
  schema: z.ZodType<T>;
  counts: (result: T) => { key: string; label: string; value: number }[];
  /** What a finished import adds under its message (a link, the imported rows). */
  details?: (result: T) => ReactNode;
  /** After a real import: refresh what it changed (RTK Query tags). */
  onImported: () => void;
  className?: string;
}

/**
 * An .xlsx import with a preview (issue 12): pick a file, Upload runs the import as a dry run (nothing is
 * saved) and shows what would be inserted, what would change field by field and the warnings; Confirm
 * then imports it. A file with bad rows imports nothing unless one chooses to import only the good rows
 * (previewed the same way). The file goes through XMLHttpRequest for its progress bar.
 */
export function SpreadsheetUpload<T extends ImportReport>({
  title,
  help,
  path,
  endpoint,
  schema,
  counts,
  details,
  onImported,
  className,
}: SpreadsheetUploadProps<T>) {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<Progressing | null>(null);
  const [outcome, setOutcome] = useState<UploadOutcome<T> | null>(null);
  const [partial, setPartial] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const send = async (opts: { dryRun: boolean; partial: boolean }) => {
    if (!file) return;
    abort.current = new AbortController();
    setPartial(opts.partial);
    setProgress({ phase: 'uploading', percent: 0 });
    const { status, body } = await sendSpreadsheet(file, {
      url: `${apiUrl}${path}${uploadQuery(opts)}`,
      token,
      signal: abort.current.signal,
      onProgress: (phase, percent) => setProgress({ phase, percent }),
    });
    setProgress(null);
    const redirect = status ? sessionEndFor(endpoint, { status, data: body }) : null;
    if (redirect) {
      dispatch(sessionEnded(redirect));
      return;
    }
    const result = uploadOutcome(schema, status, body);
    setOutcome(result);
    if (result.kind === 'done' && !result.result.dryRun) onImported();
  };

  const busy = progress !== null;
  return (
    <Card title={title} className={className}>
      <Typography.Paragraph type="secondary" className="xlsx-upload__help">
        {help} Upload shows a preview first: nothing is saved until you confirm.
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
      <div className="xlsx-upload__actions">
        <Button
          type="primary"
          icon={<UploadOutlined />}
          disabled={!file || busy}
          loading={busy}
          onClick={() => {
            setOutcome(null);
            void send({ dryRun: true, partial: false });
          }}
        >
          Upload
        </Button>
      </div>
      {progress && (
        <div className="xlsx-upload__progress" role="status" aria-live="polite">
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
        <UploadReport
          outcome={outcome}
          busy={busy}
          counts={counts}
          details={details}
          onImportGoodRows={() => void send({ dryRun: true, partial: true })}
          onConfirm={() => void send({ dryRun: false, partial })}
          onCancel={() => setOutcome(null)}
        />
      )}
    </Card>
  );
}

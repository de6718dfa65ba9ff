import { CheckOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Progress, Typography, Upload } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { sessionEndFor } from '../app/api';
import { apiUrl } from '../app/runtime-config';
import { selectToken, sessionEnded } from '../app/session.slice';
import { useAppDispatch, useAppSelector } from '../app/store';
import {
  advance,
  overallPercent,
  progressLabel,
  sendSpreadsheet,
  spreadsheetProblem,
  stepLines,
  type UploadOutcome,
  type UploadSteps,
  uploadOutcome,
  uploadQuery,
  XLSX_ACCEPT,
} from '../lib/spreadsheet-upload';
import { type ImportReport, UploadReport } from './UploadReport';
import './upload.css';

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
  /** The import reports its reading, checking and writing as it goes (NDJSON): show them. */
  serverProgress?: boolean;
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
  serverProgress = false,
  className,
}: SpreadsheetUploadProps<T>) {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<{ steps: UploadSteps; preview: boolean } | null>(null);
  const [outcome, setOutcome] = useState<UploadOutcome<T> | null>(null);
  const [partial, setPartial] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const send = async (opts: { dryRun: boolean; partial: boolean }) => {
    if (!file) return;
    abort.current = new AbortController();
    setPartial(opts.partial);
    const preview = opts.dryRun;
    setProgress({ steps: advance(null, { phase: 'uploading', percent: 0 }), preview });
    const { status, body } = await sendSpreadsheet(file, {
      url: `${apiUrl}${path}${uploadQuery(opts)}`,
      token,
      serverProgress,
      signal: abort.current.signal,
      onProgress: (now) => setProgress((p) => ({ steps: advance(p?.steps ?? null, now), preview })),
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
      {progress && <UploadProgressBar steps={progress.steps} preview={progress.preview} />}
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

/**
 * The upload's progress: one bar for the whole job, labelled with the step it is at ("Checking 6,000
 * rows…"), that label in a polite live region so a screen reader hears each step, and the steps done so far.
 */
function UploadProgressBar({ steps, preview }: { steps: UploadSteps; preview: boolean }) {
  const label = progressLabel(steps.now, preview);
  return (
    <div className="xlsx-upload__progress">
      <Progress percent={overallPercent(steps.now)} status="active" aria-label={label} />
      <span role="status" aria-live="polite" data-testid="upload-progress-label">
        {label}
      </span>
      <ol className="xlsx-upload__steps" aria-label="Upload steps" data-testid="upload-steps">
        {stepLines(steps, preview).map((line) => (
          <li key={line.text} className={line.done ? 'xlsx-upload__step--done' : undefined}>
            {line.done && <CheckOutlined aria-hidden="true" />} {line.text}
          </li>
        ))}
      </ol>
    </div>
  );
}

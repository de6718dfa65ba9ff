import { SearchOutlined } from '@ant-design/icons';
import type { UploadPreviewItem } from '@jarog/contracts';
import { Alert, Button, Descriptions, Input, Space, Table, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import type { RowNote, UploadOutcome } from '../lib/spreadsheet-upload';
import './upload.css';

const ROWS_PER_PAGE = 10;

/** What every import answers: counts, the rows it refused or warned about, and on a dry run the preview. */
export interface ImportReport {
  message: string;
  rejected: RowNote[];
  warnings: RowNote[];
  dryRun?: boolean;
  preview?: UploadPreviewItem[];
}

/**
 * What an upload came to: the error; the refusal with its rejected rows and 'Import only the good rows';
 * the preview (what would be inserted, what would change field by field, the warnings) with Confirm; or
 * the finished import with its counts and whatever the feature adds (`details`).
 */
export function UploadReport<T extends ImportReport>({
  outcome,
  busy,
  counts,
  details,
  onImportGoodRows,
  onConfirm,
  onCancel,
}: {
  outcome: UploadOutcome<T>;
  busy: boolean;
  counts: (result: T) => { key: string; label: string; value: number }[];
  details?: (result: T) => ReactNode;
  onImportGoodRows: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  if (outcome.kind === 'failed')
    return (
      <Alert type="error" showIcon title={outcome.message} role="alert" className="xlsx-upload__result" />
    );
  if (outcome.kind === 'refused')
    return (
      <div className="xlsx-upload__result" data-testid="upload-report">
        <Alert
          type="error"
          showIcon
          role="alert"
          title={outcome.message}
          description={
            <Button danger onClick={onImportGoodRows} disabled={busy} className="xlsx-upload__retry">
              Import only the good rows
            </Button>
          }
        />
        <RowTable title="Rejected rows" rows={outcome.rejected} testId="rejected-rows" />
        <RowTable title="Warnings" rows={outcome.warnings} testId="warning-rows" />
      </div>
    );
  const { result } = outcome;
  const preview = result.dryRun === true;
  return (
    <div className="xlsx-upload__result" data-testid={preview ? 'upload-preview' : 'upload-report'}>
      <Alert
        type={preview ? 'info' : 'success'}
        showIcon
        role="status"
        title={preview ? 'Preview: nothing has been saved yet' : result.message}
        description={
          preview ? (
            <>
              <p className="xlsx-upload__preview-text">
                {result.message}. Check the changes below, then confirm.
              </p>
              <Space wrap>
                <Button type="primary" onClick={onConfirm} disabled={busy} loading={busy}>
                  Confirm upload
                </Button>
                <Button onClick={onCancel} disabled={busy}>
                  Cancel
                </Button>
              </Space>
            </>
          ) : (
            details?.(result)
          )
        }
      />
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 3, lg: 6 }}
        className="xlsx-upload__counts"
        items={[
          ...counts(result).map((c) => ({ key: c.key, label: c.label, children: c.value })),
          { key: 'rejected', label: 'Rejected', children: result.rejected.length },
          { key: 'warnings', label: 'Warnings', children: result.warnings.length },
        ]}
      />
      {preview && <PreviewTable items={result.preview ?? []} />}
      <RowTable title="Rejected rows (not imported)" rows={result.rejected} testId="rejected-rows" />
      <RowTable title="Warnings" rows={result.warnings} testId="warning-rows" />
    </div>
  );
}

const ACTION_TAG: Record<UploadPreviewItem['action'], { color: string; text: string }> = {
  insert: { color: 'green', text: 'New' },
  update: { color: 'gold', text: 'Changes' },
  unchanged: { color: 'default', text: 'Unchanged' },
};

/** Each record the import would touch; an update lists its fields as 'from → to'. Unchanged rows stay folded away. */
function PreviewTable({ items }: { items: UploadPreviewItem[] }) {
  const [showUnchanged, setShowUnchanged] = useState(false);
  const unchanged = items.filter((i) => i.action === 'unchanged').length;
  const shown = showUnchanged ? items : items.filter((i) => i.action !== 'unchanged');
  return (
    <section className="xlsx-upload__rows" data-testid="preview-rows">
      <div className="xlsx-upload__rows-head">
        <Typography.Title level={5}>What will be saved ({items.length - unchanged})</Typography.Title>
        {unchanged > 0 && (
          <Button size="small" type="link" onClick={() => setShowUnchanged((v) => !v)}>
            {showUnchanged ? 'Hide' : 'Show'} {unchanged} unchanged
          </Button>
        )}
      </div>
      <Table<UploadPreviewItem & { key: number }>
        size="small"
        dataSource={shown.map((r, i) => ({ ...r, key: i }))}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'Row', dataIndex: 'row', key: 'row', width: 64 },
          {
            title: 'Result',
            key: 'action',
            width: 104,
            render: (_v, r) => <Tag color={ACTION_TAG[r.action].color}>{ACTION_TAG[r.action].text}</Tag>,
          },
          { title: 'Record', dataIndex: 'name', key: 'name' },
          {
            title: 'Changes',
            key: 'changes',
            render: (_v, r) =>
              r.changes.length === 0 ? (
                <span className="xlsx-upload__muted">
                  {r.action === 'insert' ? 'Added as new' : 'No change'}
                </span>
              ) : (
                <ul className="xlsx-upload__changes">
                  {r.changes.map((c) => (
                    <li key={c.field}>
                      <b>{c.field}</b>: <del>{c.from ?? 'empty'}</del> → <ins>{c.to ?? 'empty'}</ins>
                    </li>
                  ))}
                </ul>
              ),
          },
        ]}
        pagination={{
          pageSize: ROWS_PER_PAGE,
          showSizeChanger: false,
          hideOnSinglePage: true,
          size: 'small',
        }}
      />
    </section>
  );
}

/** Row number + message, 10 per page; a long list can be narrowed by text (e.g. 'residency'). */
function RowTable({ title, rows, testId }: { title: string; rows: RowNote[]; testId: string }) {
  const [query, setQuery] = useState('');
  if (rows.length === 0) return null;
  const q = query.trim().toLowerCase();
  const shown = q ? rows.filter((r) => `${r.row} ${r.message}`.toLowerCase().includes(q)) : rows;
  return (
    <section className="xlsx-upload__rows" data-testid={testId}>
      <div className="xlsx-upload__rows-head">
        <Typography.Title level={5}>
          {title} ({rows.length})
        </Typography.Title>
        {rows.length > ROWS_PER_PAGE && (
          <Input
            allowClear
            size="small"
            prefix={<SearchOutlined />}
            placeholder="Filter these rows"
            aria-label={`Filter ${title.toLowerCase()}`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="xlsx-upload__rows-filter"
          />
        )}
      </div>
      <Table<RowNote & { key: number }>
        size="small"
        dataSource={shown.map((r, i) => ({ ...r, key: i }))}
        columns={[
          { title: 'Row', dataIndex: 'row', key: 'row', width: 72 },
          { title: 'Message', dataIndex: 'message', key: 'message' },
        ]}
        pagination={{
          pageSize: ROWS_PER_PAGE,
          showSizeChanger: false,
          hideOnSinglePage: true,
          size: 'small',
        }}
      />
    </section>
  );
}

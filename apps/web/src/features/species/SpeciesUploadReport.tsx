import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { RowNote, UploadOutcome } from './species-upload';

/**
 * What an upload came to: the error; or the refusal with its rejected rows and 'Import only the good rows';
 * or 'Uploaded N species' with the counts and the rows rejected or warned about.
 */
export function UploadReport({
  outcome,
  busy,
  onImportGoodRows,
}: {
  outcome: UploadOutcome;
  busy: boolean;
  onImportGoodRows: () => void;
}) {
  if (outcome.kind === 'failed')
    return (
      <Alert type="error" showIcon title={outcome.message} role="alert" className="species-bulk__result" />
    );
  if (outcome.kind === 'refused')
    return (
      <div className="species-bulk__result" data-testid="upload-report">
        <Alert
          type="error"
          showIcon
          role="alert"
          title={outcome.message}
          description={
            <Button danger onClick={onImportGoodRows} disabled={busy} className="species-bulk__retry">
              Import only the good rows
            </Button>
          }
        />
        <RowTable title="Rejected rows" rows={outcome.rejected} testId="rejected-rows" />
        <RowTable title="Warnings" rows={outcome.warnings} testId="warning-rows" />
      </div>
    );
  const { result } = outcome;
  return (
    <div className="species-bulk__result" data-testid="upload-report">
      <Alert
        type="success"
        showIcon
        role="status"
        title={result.message}
        description={<Link to="/species">Go to the species list</Link>}
      />
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, md: 4 }}
        className="species-bulk__counts"
        items={[
          { key: 'inserted', label: 'Inserted', children: result.inserted },
          { key: 'updated', label: 'Updated', children: result.updated },
          { key: 'rejected', label: 'Rejected', children: result.rejected.length },
          { key: 'warnings', label: 'Warnings', children: result.warnings.length },
        ]}
      />
      <RowTable title="Rejected rows (not imported)" rows={result.rejected} testId="rejected-rows" />
      <RowTable title="Warnings" rows={result.warnings} testId="warning-rows" />
    </div>
  );
}

const ROWS_PER_PAGE = 10;

/** Row number + message, 10 per page; a long list can be narrowed by text (e.g. 'residency'). */
function RowTable({ title, rows, testId }: { title: string; rows: RowNote[]; testId: string }) {
  const [query, setQuery] = useState('');
  if (rows.length === 0) return null;
  const q = query.trim().toLowerCase();
  const shown = q ? rows.filter((r) => `${r.row} ${r.message}`.toLowerCase().includes(q)) : rows;
  return (
    <section className="species-bulk__rows" data-testid={testId}>
      <div className="species-bulk__rows-head">
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
            className="species-bulk__rows-filter"
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

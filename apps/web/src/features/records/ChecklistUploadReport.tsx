import { Alert, Button, Descriptions, Table, Typography } from 'antd';
import { Link } from 'react-router';
import type { ChecklistUploadOutcome, RowNote } from './checklist-upload';

const ROWS_PER_PAGE = 10;

/**
 * What an upload came to: the error; or the refusal with its rejected rows and 'Import only the good rows';
 * or the server's message with the counts and a line for every row (added, updated or unchanged).
 */
export function ChecklistUploadReport({
  outcome,
  busy,
  onImportGoodRows,
}: {
  outcome: ChecklistUploadOutcome;
  busy: boolean;
  onImportGoodRows: () => void;
}) {
  if (outcome.kind === 'failed')
    return (
      <Alert type="error" showIcon title={outcome.message} role="alert" className="records-upload__result" />
    );
  if (outcome.kind === 'refused')
    return (
      <div className="records-upload__result" data-testid="upload-report">
        <Alert
          type="error"
          showIcon
          role="alert"
          title={outcome.message}
          description={
            <Button danger onClick={onImportGoodRows} disabled={busy} className="records-upload__retry">
              Import only the good rows
            </Button>
          }
        />
        <NotesTable title="Rejected rows" rows={outcome.rejected} testId="rejected-rows" />
        <NotesTable title="Warnings" rows={outcome.warnings} testId="warning-rows" />
      </div>
    );
  const { result } = outcome;
  return (
    <div className="records-upload__result" data-testid="upload-report">
      <Alert
        type="success"
        showIcon
        role="status"
        title={result.message}
        description={<Link to="/checklists">Go to the checklists list</Link>}
      />
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 3, lg: 6 }}
        className="records-upload__counts"
        items={[
          { key: 'checklists', label: 'Checklists', children: result.checklists },
          { key: 'inserted', label: 'Added', children: result.inserted },
          { key: 'updated', label: 'Updated', children: result.updated },
          { key: 'unchanged', label: 'Unchanged', children: result.unchanged },
          { key: 'rejected', label: 'Rejected', children: result.rejected.length },
          { key: 'warnings', label: 'Warnings', children: result.warnings.length },
        ]}
      />
      <NotesTable title="Rejected rows (not imported)" rows={result.rejected} testId="rejected-rows" />
      <NotesTable title="Warnings" rows={result.warnings} testId="warning-rows" />
      {result.data.length > 0 && (
        <section className="records-upload__rows" data-testid="imported-rows">
          <Typography.Title level={5}>Imported rows ({result.data.length})</Typography.Title>
          <Table
            size="small"
            rowKey="entryId"
            dataSource={result.data}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'Row', dataIndex: 'row', key: 'row', width: 64 },
              { title: 'Result', dataIndex: 'action', key: 'action', width: 96 },
              {
                title: 'Checklist',
                key: 'checklist',
                render: (_v, r) => <Link to={`/checklists/${r.checklistId}`}>{r.CheckListName}</Link>,
              },
              { title: 'Bird', dataIndex: 'BirdName', key: 'bird' },
            ]}
            pagination={{
              pageSize: ROWS_PER_PAGE,
              showSizeChanger: false,
              hideOnSinglePage: true,
              size: 'small',
            }}
          />
        </section>
      )}
    </div>
  );
}

/** Row number + message, 10 per page. */
function NotesTable({ title, rows, testId }: { title: string; rows: RowNote[]; testId: string }) {
  if (rows.length === 0) return null;
  return (
    <section className="records-upload__rows" data-testid={testId}>
      <Typography.Title level={5}>
        {title} ({rows.length})
      </Typography.Title>
      <Table<RowNote & { key: number }>
        size="small"
        dataSource={rows.map((r, i) => ({ ...r, key: i }))}
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

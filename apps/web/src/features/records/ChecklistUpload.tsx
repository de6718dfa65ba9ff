import {
  CHECKLIST_UPLOAD_COLUMNS,
  type ChecklistUploadResponse,
  ChecklistUploadResponseSchema,
} from '@jarog/contracts';
import { Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useAppDispatch } from '../../app/store';
import { SpreadsheetUpload } from '../../components/SpreadsheetUpload';
import { RECORDS_UPLOAD_TAGS, recordsApi } from './records.api';

/** Checklists from an .xlsx file, one row per bird: a preview of what it would add and change, then Confirm. */
export function ChecklistUpload() {
  const dispatch = useAppDispatch();
  return (
    <SpreadsheetUpload
      title="Upload checklists (.xlsx)"
      className="records-upload"
      path="/api/v1/checklists/fileupload"
      endpoint="uploadChecklists"
      schema={ChecklistUploadResponseSchema}
      help={`One row per bird; rows with the same checklist name, birder and date make one checklist. The first row names the columns (any order): ${CHECKLIST_UPLOAD_COLUMNS.join(', ')}. The place is either Dzongkhag, Gewog and Village, or one EndpointLocation cell such as “Paro, Tsento, Drukgyel”. Every row is checked first; when any row has a problem nothing is imported unless you choose to import only the good rows.`}
      counts={(r) => [
        { key: 'checklists', label: 'Checklists', value: r.checklists },
        { key: 'inserted', label: r.dryRun ? 'To add' : 'Added', value: r.inserted },
        { key: 'updated', label: r.dryRun ? 'To update' : 'Updated', value: r.updated },
        { key: 'unchanged', label: 'Unchanged', value: r.unchanged },
      ]}
      details={(r) => <ImportedRows result={r} />}
      onImported={() => dispatch(recordsApi.util.invalidateTags(RECORDS_UPLOAD_TAGS))}
      serverProgress
    />
  );
}

/** A link to the list and a line for every imported row (added, updated or unchanged). */
function ImportedRows({ result }: { result: ChecklistUploadResponse }) {
  return (
    <>
      <Link to="/checklists">Go to the checklists list</Link>
      {result.data.length > 0 && (
        <section className="xlsx-upload__rows" data-testid="imported-rows">
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
            pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true, size: 'small' }}
          />
        </section>
      )}
    </>
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import type { EntriesListResponse, Entry } from '@jarog/contracts';
import { Button, Card, Empty, Skeleton, Space, Table, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { clampPage } from '../../lib/pagination';
import { useMediaQuery } from '../../lib/use-media-query';
import { FilterChips } from './FilterChips';
import { GbifExportButton } from './GbifExportButton';
import { RecordsFilterBar } from './RecordsFilterBar';
import { RecordsListFooter } from './RecordsListFooter';
import { ReviewQueueBar } from './ReviewQueueBar';
import { useListEntriesQuery } from './records.api';
import { COMPACT_QUERY, entryColumns } from './records.columns';
import { activeRecordFilters, NO_RECORD_FILTERS, recordsListQuery } from './records-list-state';
import { sortableColumns, sortFromColumn } from './review-queue';
import { useExportCsv } from './use-export-csv';
import { useRecordsListState } from './use-records-list-state';
import './records.css';

export const ENTRIES_LOAD_ERROR = 'Failed to fetch entries. Please try again later.';

/** Approved entries of submitted checklists, newest first (spec: 'Total Enteries (n)', spelled so). */
export function EntriesListPage() {
  const [state, change] = useRecordsListState('entries');
  const { data, currentData, error, isLoading, isFetching, refetch } = useListEntriesQuery(
    recordsListQuery('entries', state),
  );
  const exporter = useExportCsv('entries', state.filters, state);
  const compact = useMediaQuery(COMPACT_QUERY);
  const chips = activeRecordFilters('entries', state.filters);
  const filtered = chips.length > 0 || state.pending;
  const shown: EntriesListResponse | undefined = currentData ?? (error ? undefined : data);

  const lastPage = currentData
    ? clampPage(state.page, currentData.foundTotal, currentData.limit)
    : state.page;
  useEffect(() => {
    if (currentData && currentData.checklists.length === 0 && state.page > lastPage)
      change({ page: lastPage });
  });

  let body: ReactNode;
  if (!shown && error) {
    body = <ErrorState message={ENTRIES_LOAD_ERROR} onRetry={() => void refetch()} />;
  } else if (isLoading || !shown) {
    body = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  } else if (shown.checklists.length === 0 && !isFetching) {
    body = filtered ? (
      <Empty description="No entries match these filters">
        <Button onClick={() => change({ filters: NO_RECORD_FILTERS, queue: { pending: false } })}>
          Clear filters
        </Button>
      </Empty>
    ) : (
      <Empty description="No approved entries yet: approve entries on a checklist to see them here" />
    );
  } else {
    body = (
      <div className="records-table" data-testid="entries-table">
        <Table<Entry>
          rowKey="_id"
          size="middle"
          columns={sortableColumns(
            entryColumns({ page: shown.page, limit: shown.limit, compact }),
            state.sort,
          )}
          onChange={(_pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            change({ queue: { sort: sortFromColumn(one?.columnKey, one?.order) } });
          }}
          dataSource={shown.checklists}
          loading={isFetching && !currentData}
          pagination={false}
          tableLayout="auto"
        />
      </div>
    );
  }

  return (
    <div className="page records-page">
      <PageHeader
        title="Entries"
        extra={
          <Space wrap>
            <GbifExportButton filters={state.filters} />
            <Button icon={<DownloadOutlined />} loading={exporter.busy} onClick={() => void exporter.run()}>
              Export to CSV
            </Button>
          </Space>
        }
      />
      <Card
        className="records-list-card"
        title={
          <Typography.Title level={4} className="records-list-card__title">
            Total Enteries{data ? ` (${data.entriesTotal})` : ''}
          </Typography.Title>
        }
      >
        <RecordsFilterBar
          kind="entries"
          filters={state.filters}
          onChange={(filters) => change({ filters })}
        />
        <ReviewQueueBar pending={state.pending} sort={state.sort} onChange={(queue) => change({ queue })} />
        <FilterChips
          chips={chips}
          onChange={(filters) => change({ filters })}
          onClear={() => change({ filters: NO_RECORD_FILTERS })}
        />
        <div className="records-results">{body}</div>
        {shown && (
          <RecordsListFooter
            page={shown.page}
            limit={shown.limit}
            rows={shown.checklists.length}
            total={shown.foundTotal}
            filtered={filtered}
            unitLabel="Entries"
            onChange={change}
          />
        )}
      </Card>
    </div>
  );
}

import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { ChecklistGroup, ChecklistsListResponse } from '@jarog/contracts';
import { Button, Card, Empty, Skeleton, Table, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { FlashMessage } from '../../components/FlashMessage';
import { PageHeader } from '../../components/PageHeader';
import { clampPage } from '../../lib/pagination';
import { useMediaQuery } from '../../lib/use-media-query';
import { useRejectReason } from '../review/use-reject-reason';
import { BulkReviewBar } from './BulkReviewBar';
import { FilterChips } from './FilterChips';
import { RecordsFilterBar } from './RecordsFilterBar';
import { RecordsListFooter } from './RecordsListFooter';
import { RecordsStats } from './RecordsStats';
import { RefreshStatus } from './RefreshStatus';
import { ReviewQueueBar } from './ReviewQueueBar';
import { useListChecklistsQuery, useListNewSpeciesQuery } from './records.api';
import { COMPACT_QUERY, checklistGroupColumns, checklistHref } from './records.columns';
import { activeRecordFilters, NO_RECORD_FILTERS, recordsListQuery } from './records-list-state';
import { pollingOptions } from './records-refresh';
import { bulkTargets, keepVisible } from './records-review';
import { sortableColumns, sortFromColumn } from './review-queue';
import { useBulkReview } from './use-bulk-review';
import { useExportCsv } from './use-export-csv';
import { usePageVisible, useRefreshOnReturn } from './use-page-visible';
import { useRecordsListState } from './use-records-list-state';
import './records.css';

type Kind = 'checklists' | 'newspecies';

const WORDS: Record<
  Kind,
  { title: string; total: string; loadError: string; none: string; noMatch: string }
> = {
  checklists: {
    title: 'Checklists',
    total: 'Total Checklist',
    loadError: 'Failed to fetch checklists. Please try again later.',
    none: 'No checklists submitted yet',
    noMatch: 'No checklists match these filters',
  },
  newspecies: {
    title: 'New Species',
    total: 'Total New Species',
    loadError: 'Failed to fetch new species. Please try again later.',
    none: 'No new-species reports waiting for a name',
    noMatch: 'No new-species reports match these filters',
  },
};

/** The checklists list refreshes itself every 10 s (spec section 4); the new-species list does not. */
function useChecklistGroups(kind: Kind, params: Record<string, string>, visible: boolean) {
  const checklists = useListChecklistsQuery(params, {
    skip: kind !== 'checklists',
    ...pollingOptions(visible),
  });
  const newSpecies = useListNewSpeciesQuery(params, { skip: kind !== 'newspecies' });
  return kind === 'checklists' ? checklists : newSpecies;
}

/** Checklists (and, with kind 'newspecies', the new-species reports) grouped by checklist. */
export function ChecklistsListPage({ kind }: { kind: Kind }) {
  const navigate = useNavigate();
  const words = WORDS[kind];
  const [state, change] = useRecordsListState(kind);
  const visible = usePageVisible();
  const compact = useMediaQuery(COMPACT_QUERY);
  const query = useChecklistGroups(kind, recordsListQuery(kind, state), visible);
  const { data, currentData, error, isLoading, isFetching, refetch, fulfilledTimeStamp } = query;
  const [selected, setSelected] = useState<string[]>([]);
  const reject = useRejectReason();
  const bulk = useBulkReview(reject.ask);
  const exporter = useExportCsv(kind, state.filters, state);
  const chips = activeRecordFilters(kind, state.filters);
  const filtered = chips.length > 0 || state.pending;

  useRefreshOnReturn(visible && kind === 'checklists', fulfilledTimeStamp, refetch);

  // After the last rows of the last page went away (or a page number past the end), step back.
  const shown: ChecklistsListResponse | undefined = currentData ?? (error ? undefined : data);
  const lastPage = currentData
    ? clampPage(state.page, currentData.foundTotal, currentData.limit)
    : state.page;
  useEffect(() => {
    if (currentData && currentData.checklists.length === 0 && state.page > lastPage)
      change({ page: lastPage });
  });

  // A refresh or another page can take rows away: they leave the selection too.
  useEffect(() => {
    if (currentData)
      setSelected((s) =>
        keepVisible(
          s,
          currentData.checklists.map((g) => g.checklistId),
        ),
      );
  }, [currentData]);

  const review = async (status: 'approved' | 'rejected') => {
    if (!shown) return;
    const targets = bulkTargets(kind, shown.checklists, selected);
    const entries = shown.checklists
      .filter((g) => selected.includes(g.checklistId))
      .reduce((n, g) => n + g.entries.length, 0);
    const done = await bulk.confirm(status, targets, {
      count: selected.length,
      unit: 'checklist',
      detail: `${entries} ${entries === 1 ? 'entry' : 'entries'} on ${selected.length === 1 ? 'this checklist' : 'these checklists'} will be marked ${status}. You can change any of them again later.`,
    });
    if (done) setSelected([]);
  };

  let body: ReactNode;
  if (!shown && error) {
    body = <ErrorState message={words.loadError} onRetry={() => void refetch()} />;
  } else if (isLoading || !shown) {
    body = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  } else if (shown.checklists.length === 0 && !isFetching) {
    body = filtered ? (
      <Empty description={words.noMatch}>
        <Button onClick={() => change({ filters: NO_RECORD_FILTERS, queue: { pending: false } })}>
          Clear filters
        </Button>
      </Empty>
    ) : (
      <Empty description={words.none}>
        {kind === 'checklists' && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/checklists/add')}>
            Add Checklist
          </Button>
        )}
      </Empty>
    );
  } else {
    body = (
      <div className="records-table" data-testid="checklists-table">
        <Table<ChecklistGroup>
          rowKey="checklistId"
          size="middle"
          columns={sortableColumns(
            checklistGroupColumns({ kind, page: shown.page, limit: shown.limit, compact }),
            state.sort,
          )}
          onChange={(_pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            change({ queue: { sort: sortFromColumn(one?.columnKey, one?.order) } });
          }}
          dataSource={shown.checklists}
          // Only a change of filters or page dims the table; the 10-second refresh happens quietly.
          loading={isFetching && !currentData}
          pagination={false}
          tableLayout="auto"
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            columnWidth: 40,
          }}
          onRow={(g) => ({
            onClick: (e) => {
              // Clicks on links, buttons and the selection box do their own thing.
              if ((e.target as HTMLElement).closest('a, button, input, label, .ant-checkbox-wrapper')) return;
              void navigate(checklistHref(kind, g.checklistId));
            },
            className: 'records-row--link',
          })}
        />
      </div>
    );
  }

  return (
    <div className="page records-page">
      <PageHeader
        title={words.title}
        extra={
          <div className="records-page__actions">
            <Button icon={<DownloadOutlined />} loading={exporter.busy} onClick={() => void exporter.run()}>
              Export to CSV
            </Button>
            {kind === 'checklists' ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/checklists/add')}>
                Add Checklist
              </Button>
            ) : (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                title="Add a species to the catalogue"
                onClick={() => void navigate('/species/add')}
              >
                Add
              </Button>
            )}
          </div>
        }
      />
      <FlashMessage />
      <Card
        className="records-list-card"
        title={
          <Typography.Title level={4} className="records-list-card__title">
            {words.total}
            {data ? ` (${kind === 'checklists' ? data.totalChecklists : data.entriesTotal})` : ''}
          </Typography.Title>
        }
        extra={
          kind === 'checklists' && (
            <RefreshStatus visible={visible} at={fulfilledTimeStamp} failed={Boolean(error && shown)} />
          )
        }
      >
        {shown && <RecordsStats kind={kind} data={shown} />}
        <RecordsFilterBar kind={kind} filters={state.filters} onChange={(filters) => change({ filters })} />
        <ReviewQueueBar
          pending={state.pending}
          sort={state.sort}
          onChange={(queue) => change({ queue })}
          pendingPerDzongkhag={shown?.pendingPerDzongkhag}
          onPickDzongkhag={(dzongkhag) =>
            change({ filters: { dzongkhag, gewog: '', village: '' }, queue: { pending: true } })
          }
        />
        <FilterChips
          chips={chips}
          onChange={(filters) => change({ filters })}
          onClear={() => change({ filters: NO_RECORD_FILTERS })}
        />
        <BulkReviewBar
          count={selected.length}
          unit="checklist"
          busy={bulk.busy}
          onReview={(status) => void review(status)}
          onClear={() => setSelected([])}
        />
        <div className="records-results">{body}</div>
        {shown && (
          <RecordsListFooter
            page={shown.page}
            limit={shown.limit}
            rows={shown.checklists.length}
            total={shown.foundTotal}
            filtered={filtered}
            unitLabel="Checklists"
            onChange={change}
          />
        )}
      </Card>
      {reject.modal}
    </div>
  );
}

/** /checklists */
export const ChecklistsPage = () => <ChecklistsListPage kind="checklists" />;
/** /new-species */
export const NewSpeciesPage = () => <ChecklistsListPage kind="newspecies" />;

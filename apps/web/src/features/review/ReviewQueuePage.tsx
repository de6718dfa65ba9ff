import { CheckOutlined } from '@ant-design/icons';
import { DZONGKHAG_NAMES, type Entry, FLAG_CODES, FLAG_LABELS } from '@jarog/contracts';
import { App, Button, Card, Empty, Select, Space, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { parsePage } from '../../lib/pagination';
import { KeyboardHelp } from '../records/KeyboardHelp';
import { placeText } from '../records/places';
import { ReviewButtons } from '../records/ReviewButtons';
import { useReviewEntryMutation } from '../records/records.api';
import { entryDetails, entryPlace } from '../records/records-format';
import { moveHighlight, type ReviewKeyAction } from '../records/review-keys';
import { useReviewKeys } from '../records/use-review-keys';
import { FlagTags } from './FlagTags';
import { useApproveUnflaggedMutation, useReviewQueueQuery, useReviewSummaryQuery } from './review.api';
import { useRejectReason } from './use-reject-reason';

/** Entries per queue page. */
export const QUEUE_PAGE_SIZE = 20;

const ageText = (createdAt: string) => {
  const days = Math.floor((Date.now() - new Date(createdAt).getTime()) / 86_400_000);
  return days <= 0 ? 'today' : days === 1 ? '1 day' : `${days} days`;
};

/**
 * The triage queue (issue 14): pending entries of submitted checklists, flagged first, then oldest
 * first, each with its flags' reasons; filters by dzongkhag and flag (in the URL); bulk approval of
 * the unflagged ones; keyboard review as on the checklist page; and per dzongkhag the backlog and
 * the median days to a decision.
 */
export function ReviewQueuePage() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const dzongkhag = params.get('dzongkhag') ?? '';
  const flag = params.get('flag') ?? '';
  const query = {
    page: String(page),
    limit: String(QUEUE_PAGE_SIZE),
    ...(dzongkhag ? { dzongkhag } : {}),
    ...(flag ? { flag } : {}),
  };
  const { data, error, isLoading, isFetching, refetch } = useReviewQueueQuery(query);
  const summary = useReviewSummaryQuery();
  const [reviewEntry] = useReviewEntryMutation();
  const [approveUnflagged, approving] = useApproveUnflaggedMutation();
  const reject = useRejectReason();
  const [highlighted, setHighlighted] = useState(-1);
  const [selected, setSelected] = useState<string[]>([]);
  const [help, setHelp] = useState(false);
  const rows = data?.items ?? [];
  const active = Math.min(highlighted, rows.length - 1);
  const unflagged = rows.filter((e) => e.flags.length === 0).map((e) => e._id);
  const rowIds = rows.map((e) => e._id).join();

  // A new page or filter starts a new selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the rows shown change
  useEffect(() => {
    setSelected([]);
  }, [rowIds]);

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next);
  };

  const review = async (entry: Entry, status: 'approved' | 'rejected') => {
    const rejectionReason =
      status === 'rejected' ? await reject.ask({ title: `Reject ${entry.BirdName}` }) : undefined;
    if (rejectionReason === null) return;
    try {
      await reviewEntry({ entryId: entry._id, approvalStatus: status, rejectionReason }).unwrap();
      void message.success(`${entry.BirdName} ${status}`);
    } catch (err) {
      void message.error(errorMessage(err as ApiError, 'The review could not be saved. Please try again.'));
    }
  };

  const approveSelected = async (ids: string[]) => {
    try {
      const res = await approveUnflagged(ids).unwrap();
      void message.success(res.message);
      setSelected([]);
    } catch (err) {
      void message.error(
        errorMessage(err as ApiError, 'The entries could not be approved. Please try again.'),
      );
    }
  };

  const onKey = (action: ReviewKeyAction) => {
    if (action.type === 'help') return setHelp((h) => !h);
    if (action.type === 'move') return setHighlighted(moveHighlight(active, action.by, rows.length));
    const entry = rows[active];
    if (!entry) return setHighlighted(moveHighlight(-1, 1, rows.length));
    if (action.type === 'select') {
      if (entry.flags.length > 0) return;
      return setSelected((s) =>
        s.includes(entry._id) ? s.filter((id) => id !== entry._id) : [...s, entry._id],
      );
    }
    void review(entry, action.status);
  };
  useReviewKeys(onKey);

  const columns: ColumnsType<Entry> = [
    {
      title: 'Bird',
      key: 'bird',
      render: (_v, e) => (
        <div className="entry-bird">
          {e.speciesId ? (
            <Link to={`/species/${e.speciesId}`} className="records-name-link">
              {e.BirdName}
            </Link>
          ) : (
            <span className="records-name">{e.BirdName}</span>
          )}
          <FlagTags flags={e.flags} reasons />
        </div>
      ),
    },
    {
      title: 'Checklist',
      key: 'checklist',
      responsive: ['md'],
      render: (_v, e) => (
        <>
          <Link to={`/checklists/${e.checklistId}`}>{e.CheckListName}</Link>
          <div className="records-muted">
            {[entryDetails(e).observer, placeText(entryPlace(e)), entryDetails(e).selectedDate]
              .filter(Boolean)
              .join(' · ')}
          </div>
        </>
      ),
    },
    { title: 'Count', key: 'count', align: 'right', width: 72, render: (_v, e) => e.Totalcount },
    { title: 'Waiting', key: 'age', width: 90, render: (_v, e) => ageText(e.createdAt) },
    {
      title: 'Action',
      key: 'action',
      width: 200,
      render: (_v, e) => (
        <ReviewButtons status={e.Approvedstatus} birdName={e.BirdName} onReview={(s) => void review(e, s)} />
      ),
    },
  ];

  const dzongkhagRows = summary.data?.dzongkhags ?? [];

  return (
    <div className="page">
      <PageHeader
        title="Review Queue"
        backTo="/"
        extra={
          <Space>
            <Link to="/review/rules">Review rules</Link>
            <KeyboardHelp open={help} onOpenChange={setHelp} />
          </Space>
        }
      />
      <Card className="review-summary" title="Backlog per dzongkhag">
        {summary.isLoading ? (
          <Spin />
        ) : (
          <Table
            size="small"
            rowKey="dzongkhag"
            pagination={false}
            data-testid="review-summary"
            dataSource={dzongkhagRows}
            columns={[
              { title: 'Dzongkhag', key: 'dz', render: (_v, r) => r.dzongkhag || '(none)' },
              { title: 'Pending', dataIndex: 'pending', align: 'right' },
              { title: 'Flagged', dataIndex: 'flagged', align: 'right' },
              {
                title: 'Median days to a decision (90 days)',
                key: 'median',
                align: 'right',
                render: (_v, r) => (r.medianDaysToDecision === null ? '—' : r.medianDaysToDecision),
              },
            ]}
          />
        )}
      </Card>
      <Card>
        <Space wrap className="review-filters">
          <Select
            aria-label="Dzongkhag"
            placeholder="All dzongkhags"
            allowClear
            showSearch
            value={dzongkhag || undefined}
            onChange={(v) => set('dzongkhag', v ?? '')}
            style={{ minWidth: 200 }}
            options={DZONGKHAG_NAMES.map((d) => ({ value: d, label: d }))}
          />
          <Select
            aria-label="Flag"
            placeholder="Any flag or none"
            allowClear
            value={flag || undefined}
            onChange={(v) => set('flag', v ?? '')}
            style={{ minWidth: 200 }}
            options={[
              { value: 'any', label: 'Flagged' },
              { value: 'none', label: 'Unflagged' },
              ...FLAG_CODES.map((c) => ({ value: c, label: FLAG_LABELS[c] })),
            ]}
          />
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={unflagged.length === 0}
            loading={approving.isLoading}
            onClick={() => void approveSelected(selected.length ? selected : unflagged)}
          >
            {selected.length
              ? `Approve ${selected.length} selected`
              : `Approve ${unflagged.length} unflagged on this page`}
          </Button>
          <Typography.Text type="secondary">{data ? `${data.total} pending` : ''}</Typography.Text>
        </Space>
        {isLoading ? (
          <div className="list-state" role="status">
            <Spin />
            <span>Loading the queue...</span>
          </div>
        ) : error ? (
          <ErrorState
            message={errorMessage(error, 'Failed to load the review queue.')}
            onRetry={() => void refetch()}
          />
        ) : rows.length === 0 ? (
          <Empty description="Nothing waiting for review" />
        ) : (
          <Table
            data-testid="review-queue"
            rowKey="_id"
            size="small"
            loading={isFetching}
            columns={columns}
            dataSource={rows}
            rowClassName={(_e, i) => (i === active ? 'entry-row entry-row--active' : 'entry-row')}
            onRow={(_e, i) => ({ onClick: () => setHighlighted(i ?? -1) })}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(String)),
              getCheckboxProps: (e) => ({
                disabled: e.flags.length > 0,
                'aria-label': `Select ${e.BirdName}`,
              }),
            }}
            pagination={{
              current: page,
              pageSize: QUEUE_PAGE_SIZE,
              total: data?.total ?? 0,
              showSizeChanger: false,
              onChange: (p) => {
                const next = new URLSearchParams(params);
                if (p <= 1) next.delete('page');
                else next.set('page', String(p));
                setParams(next);
              },
            }}
          />
        )}
        <div className="visually-hidden" role="status" aria-live="polite">
          {rows[active] ? `${rows[active]?.BirdName}, entry ${active + 1} of ${rows.length}` : ''}
        </div>
      </Card>
      {reject.modal}
    </div>
  );
}

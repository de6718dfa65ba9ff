import { PlusOutlined } from '@ant-design/icons';
import type { ChecklistDetail, ReviewedEntry } from '@jarog/contracts';
import { Alert, App, Button, Card, Descriptions, Empty, Result, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { FlashMessage } from '../../components/FlashMessage';
import { PageHeader } from '../../components/PageHeader';
import { type ApiError, errorMessage, errorStatus } from '../../lib/api-error';
import { useRejectReason } from '../review/use-reject-reason';
import { BulkReviewBar } from './BulkReviewBar';
import { ChecklistAdminActions } from './ChecklistAdminActions';
import { EntryReviewTable } from './EntryReviewTable';
import { KeyboardHelp } from './KeyboardHelp';
import { RenameEntryModal } from './RenameEntryModal';
import { useGetChecklistQuery, useReviewEntryMutation } from './records.api';
import { coordinateText, dateText, timeText } from './records-format';
import { approvalCounts, keepVisible, shownEntries } from './records-review';
import { moveHighlight, type ReviewKeyAction } from './review-keys';
import { useBulkReview } from './use-bulk-review';
import { useReviewKeys } from './use-review-keys';
import './records.css';

type Kind = 'checklist' | 'newspecies';

/**
 * One checklist and its entries to review (spec: Checklist details; with kind 'newspecies', the
 * new-species details). Loads from the API by id or checklist name, so a reload or a shared link works.
 */
export function ChecklistDetailsPage({ kind }: { kind: Kind }) {
  const params = useParams();
  const key = (kind === 'newspecies' ? params.checklistName : params.id) ?? '';
  const { data, error, isLoading, refetch } = useGetChecklistQuery(key, { skip: key === '' });
  const backTo = kind === 'newspecies' ? '/new-species' : '/checklists';
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);

  return (
    <div className="page records-page">
      <PageHeader
        title={
          data?._id.checklistName ?? (kind === 'newspecies' ? 'New Species Details' : 'Checklist Details')
        }
        backTo={backTo}
        extra={
          <div className="records-page__actions">
            {data && <KeyboardHelp open={helpOpen} onOpenChange={setHelpOpen} />}
            {data && kind !== 'newspecies' && <ChecklistAdminActions checklist={data} />}
            {kind === 'newspecies' && (
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
      {isLoading && (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      )}
      {!isLoading && error && !data && <LoadError error={error} backTo={backTo} refetch={refetch} />}
      {data && (
        <ChecklistReview
          kind={kind}
          checklistKey={key}
          checklist={data}
          onToggleHelp={() => setHelpOpen((o) => !o)}
        />
      )}
    </div>
  );
}

function LoadError({ error, backTo, refetch }: { error: unknown; backTo: string; refetch: () => unknown }) {
  const status = errorStatus(error as ApiError);
  if (status === 404 || status === 400)
    return (
      <Card>
        <Result
          status="404"
          title="Checklist not found"
          subTitle="This checklist does not exist, or it was deleted."
          extra={<Link to={backTo}>Back to the list</Link>}
        />
      </Card>
    );
  return (
    <ErrorState
      message={errorMessage(error as ApiError, 'Failed to load this checklist.')}
      onRetry={() => void refetch()}
    />
  );
}

function ChecklistReview({
  kind,
  checklistKey,
  checklist,
  onToggleHelp,
}: {
  kind: Kind;
  checklistKey: string;
  checklist: ChecklistDetail;
  onToggleHelp: () => void;
}) {
  const { message } = App.useApp();
  const [reviewEntry] = useReviewEntryMutation();
  const reject = useRejectReason();
  const bulk = useBulkReview(reject.ask);
  const [highlighted, setHighlighted] = useState(-1);
  const [selected, setSelected] = useState<string[]>([]);
  const [renaming, setRenaming] = useState<ReviewedEntry | null>(null);
  const rows = shownEntries(kind, checklist.entries);
  const readOnly = checklist.status === 'draftchecklist';
  const active = Math.min(highlighted, rows.length - 1);
  const activeId = rows[active]?._id;

  // Renamed entries leave the new-species details: they leave the selection too.
  useEffect(() => {
    setSelected((s) =>
      keepVisible(
        s,
        shownEntries(kind, checklist.entries).map((e) => e._id),
      ),
    );
  }, [kind, checklist.entries]);

  // Keep the highlighted row in view as j/k move through a long checklist.
  useEffect(() => {
    if (!activeId) return;
    document
      .querySelector(`[data-testid="entries-review"] tr[data-row-key="${CSS.escape(activeId)}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  // Spec: both buttons are disabled while a review is pending, so two PATCHes never race.
  const [pending, setPending] = useState<Record<string, 'approved' | 'rejected'>>({});
  const review = async (entry: ReviewedEntry, status: 'approved' | 'rejected') => {
    if (entry.Approvedstatus === status || pending[entry._id]) return;
    const rejectionReason =
      status === 'rejected' ? await reject.ask({ title: `Reject ${entry.BirdName}` }) : undefined;
    if (rejectionReason === null) return;
    setPending((p) => ({ ...p, [entry._id]: status }));
    try {
      await reviewEntry({
        entryId: entry._id,
        approvalStatus: status,
        rejectionReason,
        checklistKey,
      }).unwrap();
    } catch (err) {
      void message.error(errorMessage(err as ApiError, 'The review could not be saved. Please try again.'));
    } finally {
      setPending(({ [entry._id]: _done, ...rest }) => rest);
    }
  };

  const onKey = (action: ReviewKeyAction) => {
    if (renaming) return;
    if (action.type === 'help') return onToggleHelp();
    if (action.type === 'move') return setHighlighted(moveHighlight(active, action.by, rows.length));
    const entry = rows[active];
    if (!entry) return setHighlighted(moveHighlight(-1, 1, rows.length));
    if (readOnly) return;
    if (action.type === 'select')
      return setSelected((s) =>
        s.includes(entry._id) ? s.filter((id) => id !== entry._id) : [...s, entry._id],
      );
    void review(entry, action.status);
    setHighlighted(moveHighlight(active, 1, rows.length));
  };
  useReviewKeys(onKey);

  const bulkReview = async (status: 'approved' | 'rejected') => {
    const done = await bulk.confirm(
      status,
      { entryIds: selected },
      { count: selected.length, unit: 'entry' },
    );
    if (done) setSelected([]);
  };

  const counts = approvalCounts(rows);
  const highlightedEntry = rows[active];
  return (
    <>
      <ChecklistFacts checklist={checklist} />
      <Card
        title={kind === 'newspecies' ? `New-species reports (${rows.length})` : `Entries (${rows.length})`}
        extra={
          <span className="records-approval__tags">
            {counts.pending > 0 && <Tag color="gold">{counts.pending} pending</Tag>}
            {counts.approved > 0 && <Tag color="green">{counts.approved} approved</Tag>}
            {counts.rejected > 0 && <Tag color="red">{counts.rejected} rejected</Tag>}
          </span>
        }
        className="records-entries-card"
      >
        {readOnly && (
          <Alert
            type="info"
            showIcon
            className="records-draft-note"
            title="This checklist is a draft: its entries can be reviewed once the birder submits it."
          />
        )}
        <BulkReviewBar
          count={selected.length}
          unit="entry"
          busy={bulk.busy}
          onReview={(s) => void bulkReview(s)}
          onClear={() => setSelected([])}
        />
        {rows.length === 0 ? (
          <Empty
            description={
              kind === 'newspecies'
                ? 'Every new-species report on this checklist has a name now'
                : 'This checklist has no entries'
            }
          >
            {kind === 'newspecies' && <Link to="/new-species">Back to the new-species list</Link>}
          </Empty>
        ) : (
          <EntryReviewTable
            entries={rows}
            highlighted={active}
            onHighlight={setHighlighted}
            selected={selected}
            onSelect={setSelected}
            onReview={(e, s) => void review(e, s)}
            pending={pending}
            onRename={setRenaming}
            readOnly={readOnly}
          />
        )}
        {/* Says where keyboard review is, for people who cannot see the highlight. */}
        <div className="visually-hidden" role="status" aria-live="polite">
          {highlightedEntry
            ? `${highlightedEntry.BirdName}, entry ${active + 1} of ${rows.length}, ${highlightedEntry.Approvedstatus}`
            : ''}
        </div>
      </Card>
      <SpeciesSummary checklist={checklist} />
      <RenameEntryModal entry={renaming} onClose={() => setRenaming(null)} />
      {reject.modal}
    </>
  );
}

/** Place, observer, date, time, coordinates ('Not provided' when missing) and where. */
function ChecklistFacts({ checklist }: { checklist: ChecklistDetail }) {
  const { _id: group, currentLocation } = checklist;
  return (
    <Card title="Checklist" className="records-facts">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        data-testid="checklist-facts"
        items={[
          { key: 'place', label: 'Place', children: group.checklistName },
          { key: 'observer', label: 'Observer', children: group.observer || '—' },
          { key: 'date', label: 'Date', children: dateText(group.selectedDate) },
          { key: 'time', label: 'Time', children: timeText(group.selectedTime) },
          { key: 'latitude', label: 'Latitude', children: coordinateText(currentLocation.latitude) },
          { key: 'longitude', label: 'Longitude', children: coordinateText(currentLocation.longitude) },
          { key: 'dzongkhag', label: 'Dzongkhag', children: group.dzongkhag || '—' },
          { key: 'gewog', label: 'Gewog', children: group.gewog || '—' },
          { key: 'village', label: 'Chiwog / village', children: group.village || '—' },
          {
            key: 'status',
            label: 'Status',
            children: checklist.status === 'draftchecklist' ? 'Draft' : 'Submitted',
          },
        ]}
      />
    </Card>
  );
}

/** The species reported: each distinct bird name once, with how many were counted. */
function SpeciesSummary({ checklist }: { checklist: ChecklistDetail }) {
  const items = checklist.speciesSummary;
  return (
    <Card title={`Species reported (${items.length})`} className="records-summary">
      {items.length === 0 ? (
        <span className="records-muted">None</span>
      ) : (
        <ul className="records-summary__list" data-testid="species-summary">
          {items.map((s) => (
            <li key={s.birdName}>
              {s.speciesId ? <Link to={`/species/${s.speciesId}`}>{s.birdName}</Link> : s.birdName}
              <span className="records-muted"> × {s.total}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /checklists/{id or checklist name} */
export const ChecklistPage = () => <ChecklistDetailsPage kind="checklist" />;
/** /new-species/{checklist id or name} */
export const NewSpeciesDetailsPage = () => <ChecklistDetailsPage kind="newspecies" />;

import { EditOutlined } from '@ant-design/icons';
import { isNewSpeciesName, type ReviewedEntry } from '@jarog/contracts';
import { Button, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format-date';
import { useMediaQuery } from '../../lib/use-media-query';
import { FlagTags } from '../review/FlagTags';
import { EntryPhoto } from './EntryPhoto';
import { ReviewButtons } from './ReviewButtons';
import { COMPACT_QUERY } from './records.columns';
import { countText, entryDetails } from './records-format';

export interface EntryReviewTableProps {
  entries: ReviewedEntry[];
  highlighted: number;
  onHighlight: (index: number) => void;
  selected: string[];
  onSelect: (ids: string[]) => void;
  onReview: (entry: ReviewedEntry, status: 'approved' | 'rejected') => void;
  /** Entries whose review is being saved, and to what: their buttons wait. */
  pending?: Readonly<Record<string, 'approved' | 'rejected'>>;
  onRename: (entry: ReviewedEntry) => void;
  /** A draft checklist: shown, but not reviewed or selected. */
  readOnly: boolean;
}

/** "Approved by Pema Dorji · 21 Nov 2026, 14:05", or that nobody has reviewed it yet. */
export function reviewerText(
  entry: Pick<ReviewedEntry, 'Approvedstatus' | 'reviewer' | 'reviewedAt'>,
): string {
  if (entry.Approvedstatus === 'pending') return 'Waiting for review';
  const verb = entry.Approvedstatus === 'approved' ? 'Approved' : 'Rejected';
  const who = entry.reviewer ? ` by ${entry.reviewer.name}` : '';
  const when = entry.reviewedAt ? ` · ${formatDateTime(entry.reviewedAt)}` : '';
  return `${verb}${who}${when}`;
}

function columns({
  onReview,
  pending,
  onRename,
  readOnly,
  compact,
}: Pick<EntryReviewTableProps, 'onReview' | 'pending' | 'onRename' | 'readOnly'> & { compact: boolean }) {
  const cols: ColumnsType<ReviewedEntry> = [
    {
      title: 'Sl.no',
      key: 'serial',
      width: 56,
      responsive: ['sm'],
      render: (_v, _e, index) => index + 1,
    },
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
          {isNewSpeciesName(e.BirdName) && (
            <Tag color="purple" className="entry-bird__tag">
              New species
            </Tag>
          )}
          <FlagTags flags={e.flags} reasons={!compact} />
          {e.Approvedstatus === 'rejected' && e.rejectionReason && (
            <div className="records-muted">Rejected: {e.rejectionReason}</div>
          )}
          {e.autoApproved && e.Approvedstatus === 'approved' && (
            <div className="records-muted">Approved automatically</div>
          )}
          {/* Narrow screens drop the Description and Count columns; they show here instead. */}
          {compact && (
            <div className="records-table__sub">
              {[`Count ${countText(e)}`, e.Remarks].filter(Boolean).join(' · ')}
            </div>
          )}
        </div>
      ),
    },
    {
      title: 'Description',
      key: 'remarks',
      responsive: ['md'],
      render: (_v, e) => e.Remarks || <span className="records-muted">—</span>,
    },
    {
      title: 'Count',
      key: 'count',
      responsive: ['md'],
      render: (_v, e) => countText(e),
    },
    {
      title: 'Photo',
      key: 'photo',
      width: 80,
      render: (_v, e) => <EntryPhoto url={entryDetails(e).photo} alt={e.BirdName} />,
    },
    {
      title: 'Action',
      key: 'action',
      render: (_v, e) => (
        <div className="entry-action">
          <ReviewButtons
            status={e.Approvedstatus}
            birdName={e.BirdName}
            readOnly={readOnly}
            busy={pending?.[e._id] ?? null}
            onReview={(s) => onReview(e, s)}
          />
          {isNewSpeciesName(e.BirdName) && !readOnly && (
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={(ev) => {
                ev.stopPropagation();
                onRename(e);
              }}
              aria-label={`Rename ${e.BirdName}`}
              className="entry-action__rename"
            >
              Rename
            </Button>
          )}
          <div className={`entry-action__who entry-action__who--${e.Approvedstatus}`}>{reviewerText(e)}</div>
        </div>
      ),
    },
  ];
  return cols;
}

/** A checklist's entries with their review actions, a highlighted row for keyboard review, and selection. */
export function EntryReviewTable({
  entries,
  highlighted,
  onHighlight,
  selected,
  onSelect,
  onReview,
  pending,
  onRename,
  readOnly,
}: EntryReviewTableProps) {
  const compact = useMediaQuery(COMPACT_QUERY);
  return (
    <div className="records-table entry-review" data-testid="entries-review">
      <Table<ReviewedEntry>
        rowKey="_id"
        size="middle"
        columns={columns({ onReview, pending, onRename, readOnly, compact })}
        dataSource={entries}
        pagination={false}
        tableLayout="auto"
        rowSelection={
          readOnly
            ? undefined
            : {
                selectedRowKeys: selected,
                onChange: (keys) => onSelect(keys.map(String)),
                columnWidth: 40,
                getCheckboxProps: (e) => ({ 'aria-label': `Select ${e.BirdName}` }),
              }
        }
        rowClassName={(_e, index) => (index === highlighted ? 'entry-row entry-row--active' : 'entry-row')}
        onRow={(_e, index) => ({
          onClick: () => index !== undefined && onHighlight(index),
          ...(index === highlighted ? { 'data-highlighted': 'true' } : {}),
        })}
      />
    </div>
  );
}

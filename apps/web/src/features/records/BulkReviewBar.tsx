import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** Shown while rows are selected: how many, and Approve / Reject for all of them at once. */
export function BulkReviewBar({
  count,
  unit,
  busy,
  onReview,
  onClear,
}: {
  count: number;
  unit: 'entry' | 'checklist';
  busy: boolean;
  onReview: (status: 'approved' | 'rejected') => void;
  onClear: () => void;
}) {
  if (count === 0) return null;
  const units = unit === 'entry' ? 'entries' : 'checklists';
  return (
    <section className="records-bulk" aria-label="Selected rows" data-testid="bulk-bar">
      <span className="records-bulk__count" role="status">
        {count} {count === 1 ? unit : units} selected
      </span>
      <div className="records-bulk__actions">
        <Button type="primary" icon={<CheckOutlined />} disabled={busy} onClick={() => onReview('approved')}>
          Approve selected
        </Button>
        <Button danger icon={<CloseOutlined />} disabled={busy} onClick={() => onReview('rejected')}>
          Reject selected
        </Button>
        <Button type="link" onClick={onClear} disabled={busy}>
          Clear selection
        </Button>
      </div>
    </section>
  );
}

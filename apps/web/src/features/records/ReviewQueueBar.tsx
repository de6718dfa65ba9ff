import { RECORDS_SORTS, type RecordsSort } from '@jarog/contracts';
import { Button, Select, Switch } from 'antd';
import { useId } from 'react';
import { SORT_LABELS } from './review-queue';

interface PendingPlace {
  dzongkhag: string;
  checklists: number;
  entries: number;
}

interface ReviewQueueBarProps {
  pending: boolean;
  sort: RecordsSort;
  onChange: (queue: { pending?: boolean; sort?: RecordsSort }) => void;
  /** Entries waiting per dzongkhag (checklists list); a click narrows the list to that dzongkhag's queue. */
  pendingPerDzongkhag?: PendingPlace[];
  onPickDzongkhag?: (dzongkhag: string) => void;
}

/** The reviewer's queue (issue 12): "Pending only", the order, and what waits where. */
export function ReviewQueueBar({
  pending,
  sort,
  onChange,
  pendingPerDzongkhag,
  onPickDzongkhag,
}: ReviewQueueBarProps) {
  const switchId = useId();
  const sortId = useId();
  const oldestPending = pending && sort === 'date';
  return (
    <div className="review-queue" data-testid="review-queue">
      <div className="review-queue__controls">
        <span className="review-queue__control">
          <Switch id={switchId} checked={pending} onChange={(checked) => onChange({ pending: checked })} />
          <label htmlFor={switchId}>Pending only</label>
        </span>
        <span className="review-queue__control">
          <label htmlFor={sortId}>Sort</label>
          <Select<RecordsSort>
            id={sortId}
            value={sort}
            onChange={(value) => onChange({ sort: value })}
            options={RECORDS_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
            popupMatchSelectWidth={false}
            className="review-queue__sort"
          />
        </span>
        <Button
          onClick={() => onChange({ pending: true, sort: 'date' })}
          disabled={oldestPending}
          aria-pressed={oldestPending}
        >
          Oldest pending first
        </Button>
      </div>
      {pendingPerDzongkhag && pendingPerDzongkhag.length > 0 && (
        <section className="review-queue__places" aria-label="Waiting for review per dzongkhag">
          <span className="review-queue__places-title">Waiting for review:</span>
          <ul>
            {pendingPerDzongkhag.map((p) => (
              <li key={p.dzongkhag}>
                <Button
                  size="small"
                  type="link"
                  onClick={() => onPickDzongkhag?.(p.dzongkhag)}
                  aria-label={`${p.dzongkhag || 'No dzongkhag'}: ${p.entries} ${p.entries === 1 ? 'entry' : 'entries'} on ${p.checklists} ${p.checklists === 1 ? 'checklist' : 'checklists'}`}
                >
                  {p.dzongkhag || 'No dzongkhag'} <strong>{p.entries}</strong>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

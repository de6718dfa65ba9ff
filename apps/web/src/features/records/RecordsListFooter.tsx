import { Select } from 'antd';
import { Pager } from '../../components/Pager';
import { shownRange } from '../../lib/pager';
import { PAGE_SIZES } from './records-list-state';

/** "6–10 of 42 found", the pager (Prev, up to 5 page buttons, Next) and the page size. */
export function RecordsListFooter({
  page,
  limit,
  rows,
  total,
  filtered,
  unitLabel,
  onChange,
}: {
  page: number;
  limit: number;
  /** Rows on this page. */
  rows: number;
  total: number;
  filtered: boolean;
  /** "Checklists", "Entries": names the page-size select. */
  unitLabel: string;
  onChange: (change: { page: number } | { limit: number }) => void;
}) {
  if (total <= 0) return null;
  return (
    <div className="records-footer">
      <span className="records-footer__range" data-testid="records-range">
        {shownRange(page, limit, rows, total)}
        {filtered ? ' found' : ''}
      </span>
      <Pager page={page} total={total} limit={limit} onPage={(p) => onChange({ page: p })} />
      <div className="records-footer__size-wrap">
        <Select
          className="records-footer__size"
          aria-label={`${unitLabel} per page`}
          value={limit}
          onChange={(l) => onChange({ limit: l })}
          options={PAGE_SIZES.map((n) => ({ value: n, label: `${n} / page` }))}
        />
      </div>
    </div>
  );
}

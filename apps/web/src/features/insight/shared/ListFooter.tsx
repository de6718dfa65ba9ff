import { Select } from 'antd';
import { Pager } from '../../../components/Pager';
import { shownRange } from '../../../lib/pager';
import { BIRDER_PAGE_SIZES } from '../birders/birders-list-state';

interface ListFooterProps {
  page: number;
  limit: number;
  onPage: number;
  total: number;
  noun: string;
  onChange: (change: { page?: number; limit?: number }) => void;
}

/** '6–10 of 42', the pager (Prev, up to 5 pages, Next) and the page size. */
export function ListFooter({ page, limit, onPage, total, noun, onChange }: ListFooterProps) {
  if (total <= 0) return null;
  return (
    <div className="insight-footer">
      <span className="insight-footer__range" data-testid="list-range">
        {shownRange(page, limit, onPage, total)}
      </span>
      <Pager page={page} total={total} limit={limit} onPage={(p) => onChange({ page: p })} />
      <Select
        className="insight-footer__size"
        aria-label={`${noun} per page`}
        value={limit}
        onChange={(l) => onChange({ limit: l, page: 1 })}
        options={BIRDER_PAGE_SIZES.map((n) => ({ value: n, label: `${n} / page` }))}
      />
    </div>
  );
}

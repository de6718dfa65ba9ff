import { Button } from 'antd';
import { pagerModel } from '../lib/pager';
import './pager.css';

/** Prev, up to 5 page buttons centred on the current page, Next (spec section 2). */
export function Pager({
  page,
  total,
  limit,
  onPage,
}: {
  page: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
}) {
  const model = pagerModel(page, total, limit);
  if (model.totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pagination">
      {model.showPrev && <Button onClick={() => onPage(model.current - 1)}>Prev</Button>}
      {model.pages.map((p) => (
        <Button
          key={p}
          type={p === model.current ? 'primary' : 'default'}
          aria-current={p === model.current ? 'page' : undefined}
          aria-label={`Page ${p}`}
          onClick={() => p !== model.current && onPage(p)}
          className="pager__page"
        >
          {p}
        </Button>
      ))}
      {model.showNext && <Button onClick={() => onPage(model.current + 1)}>Next</Button>}
    </nav>
  );
}

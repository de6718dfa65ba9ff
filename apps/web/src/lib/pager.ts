import { pageCount, pageWindow } from './pagination';

/** What the species list pager shows (spec section 2). */
export interface PagerModel {
  /** Up to 5 page buttons centred on the current page. */
  pages: number[];
  current: number;
  totalPages: number;
  /** Prev shows only above page 1. */
  showPrev: boolean;
  /** Next shows only below the last page. */
  showNext: boolean;
}

/** The pager for `total` items at `limit` per page; no buttons at all when there is nothing to page through. */
export function pagerModel(current: number, total: number, limit: number, maxButtons = 5): PagerModel {
  if (total <= 0) return { pages: [], current: 1, totalPages: 0, showPrev: false, showNext: false };
  const totalPages = pageCount(total, limit);
  const page = Math.min(Math.max(1, current), totalPages);
  return {
    pages: pageWindow(page, totalPages, maxButtons),
    current: page,
    totalPages,
    showPrev: page > 1,
    showNext: page < totalPages,
  };
}

/** "6–10 of 42": which items the current page shows. */
export function shownRange(page: number, limit: number, onPage: number, total: number): string {
  if (total <= 0 || onPage <= 0) return `0 of ${total}`;
  const first = (page - 1) * limit + 1;
  return `${first}–${first + onPage - 1} of ${total}`;
}

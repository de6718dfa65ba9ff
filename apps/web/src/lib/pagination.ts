import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@jarog/contracts';

/** The page sizes every list offers (5 stays the default). */
export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 10, 20, 50, MAX_PAGE_SIZE] as const;

/** Page numbers start at 1; anything else in the URL (missing, 0, -2, "abc", 1.5) means page 1. */
export function parsePage(raw: string | null | undefined): number {
  if (!raw || !/^\d+$/.test(raw)) return 1;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** How many pages `total` items fill at `limit` per page (at least 1, so an empty list has page 1). */
export function pageCount(total: number, limit: number): number {
  if (limit <= 0 || total <= 0) return 1;
  return Math.ceil(total / limit);
}

/** The page to show when `page` lies past the end (e.g. after deleting the last row of the last page). */
export function clampPage(page: number, total: number, limit: number): number {
  return Math.min(Math.max(1, page), pageCount(total, limit));
}

/** The serial number (#) of a row: counts on across pages. */
export function rowNumber(page: number, limit: number, index: number): number {
  return (page - 1) * limit + index + 1;
}

/**
 * Up to `max` page buttons centred on the current page (spec section 2: "up to 5 page buttons centred
 * on the current page"), shifted inwards near either end.
 */
export function pageWindow(current: number, totalPages: number, max = 5): number[] {
  if (totalPages <= 0 || max <= 0) return [];
  const size = Math.min(max, totalPages);
  const page = Math.min(Math.max(1, current), totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), totalPages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

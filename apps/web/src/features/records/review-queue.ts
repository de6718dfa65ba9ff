import type { RecordsSort } from '@jarog/contracts';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';

/** The reviewer's queue (issue 12): sort choices as the console names them. */
export const SORT_LABELS: Record<RecordsSort, string> = {
  '-date': 'Newest first',
  date: 'Oldest first',
  birder: 'Birder A-Z',
  '-birder': 'Birder Z-A',
  dzongkhag: 'Dzongkhag A-Z',
  '-dzongkhag': 'Dzongkhag Z-A',
};

type SortField = 'date' | 'birder' | 'dzongkhag';
/** Which table column sorts by which API key (columns of both record tables). */
const FIELD_OF_COLUMN: Record<string, SortField> = {
  date: 'date',
  observer: 'birder',
  birder: 'birder',
  dzongkhag: 'dzongkhag',
};

/** The header arrow a column shows for the list's sort. */
export function columnSortOrder(columnKey: string, sort: RecordsSort): SortOrder {
  const field = FIELD_OF_COLUMN[columnKey];
  if (!field || sort.replace(/^-/, '') !== field) return null;
  return sort.startsWith('-') ? 'descend' : 'ascend';
}

/** The sort a header click asks for; clearing a column's sort goes back to newest first. */
export function sortFromColumn(columnKey: unknown, order: SortOrder | undefined): RecordsSort {
  const field = typeof columnKey === 'string' ? FIELD_OF_COLUMN[columnKey] : undefined;
  if (!field || !order) return '-date';
  return (order === 'descend' ? `-${field}` : field) as RecordsSort;
}

/** Makes the sortable columns clickable (server-side sort) with the current arrow shown. */
export function sortableColumns<T>(columns: ColumnsType<T>, sort: RecordsSort): ColumnsType<T> {
  return columns.map((c) => {
    const key = typeof c.key === 'string' ? c.key : '';
    if (!FIELD_OF_COLUMN[key]) return c;
    return {
      ...c,
      sorter: true,
      sortOrder: columnSortOrder(key, sort),
      sortDirections: ['ascend', 'descend'],
    };
  });
}

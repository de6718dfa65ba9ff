import { describe, expect, it } from 'vitest';
import { columnSortOrder, sortableColumns, sortFromColumn } from './review-queue';

describe('review queue sorting', () => {
  it('maps header clicks to the API sort keys and back', () => {
    expect(sortFromColumn('date', 'ascend')).toBe('date');
    expect(sortFromColumn('date', 'descend')).toBe('-date');
    expect(sortFromColumn('observer', 'ascend')).toBe('birder');
    expect(sortFromColumn('birder', 'descend')).toBe('-birder');
    expect(sortFromColumn('dzongkhag', 'descend')).toBe('-dzongkhag');
    expect(sortFromColumn('dzongkhag', null)).toBe('-date');
    expect(sortFromColumn('photo', 'ascend')).toBe('-date');
    expect(columnSortOrder('date', '-date')).toBe('descend');
    expect(columnSortOrder('observer', 'birder')).toBe('ascend');
    expect(columnSortOrder('date', 'birder')).toBeNull();
  });

  it('marks only the sortable columns', () => {
    const cols = sortableColumns(
      [
        { key: 'date', title: 'Date' },
        { key: 'photo', title: 'Photo' },
      ],
      'date',
    );
    expect(cols[0]).toMatchObject({ sorter: true, sortOrder: 'ascend' });
    expect(cols[1]).not.toHaveProperty('sorter');
  });
});

import { describe, expect, it } from 'vitest';
import { approvalCounts, bulkTargets, keepVisible, shownEntries } from './records-review';
import { testEntry, testGroup } from './test-entries';

describe('review helpers', () => {
  it('counts entries by approval state', () => {
    const entries = [
      testEntry({ Approvedstatus: 'approved' }),
      testEntry(),
      testEntry({ Approvedstatus: 'approved' }),
      testEntry({ Approvedstatus: 'rejected' }),
    ];
    expect(approvalCounts(entries)).toEqual({ pending: 1, approved: 2, rejected: 1 });
  });

  it('reviews whole checklists by id, but new-species reports by entry id', () => {
    const a = testGroup('a', [testEntry(), testEntry()]);
    const b = testGroup('b', [testEntry({ BirdName: 'New bird - striped' })]);
    const c = testGroup('c', [testEntry()]);
    expect(bulkTargets('checklists', [a, b, c], ['a', 'c'])).toEqual({ checklistIds: ['a', 'c'] });
    expect(bulkTargets('newspecies', [a, b, c], ['b'])).toEqual({ entryIds: [b.entries[0]?._id] });
    expect(bulkTargets('newspecies', [a, b], ['a', 'b'])).toEqual({
      entryIds: [...a.entries, ...b.entries].map((e) => e._id),
    });
  });

  it('lists only the new-species reports on the new-species details', () => {
    const entries = [
      testEntry({ BirdName: 'Common Raven' }),
      testEntry({ BirdName: 'Unknown Birds' }),
      testEntry({ BirdName: 'New bird - striped babbler' }),
    ];
    expect(shownEntries('newspecies', entries).map((e) => e.BirdName)).toEqual([
      'Unknown Birds',
      'New bird - striped babbler',
    ]);
    expect(shownEntries('checklist', entries)).toHaveLength(3);
  });

  it('keeps only the selected rows still on screen (and the same array when nothing went)', () => {
    const selected = ['a', 'b'];
    expect(keepVisible(selected, ['a', 'b', 'c'])).toBe(selected);
    expect(keepVisible(selected, ['b', 'c'])).toEqual(['b']);
  });
});

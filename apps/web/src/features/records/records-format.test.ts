import { describe, expect, it } from 'vitest';
import { reviewerText } from './EntryReviewTable';
import {
  bulkConfirmTitle,
  bulkReviewText,
  coordinateText,
  countText,
  dateText,
  entryDetails,
  entryPlace,
  NOT_PROVIDED,
  timeText,
} from './records-format';
import { testEntry } from './test-entries';

describe('how records read', () => {
  it('writes calendar dates and times plainly, untouched by time zones', () => {
    expect(dateText('2026-03-07')).toBe('7 Mar 2026');
    expect(dateText('2026-12-31')).toBe('31 Dec 2026');
    expect(dateText('not a date')).toBe('not a date');
    expect(timeText('06:30:00')).toBe('06:30');
    expect(timeText('00:00:00')).toBe('00:00');
  });

  it("says 'Not provided' for a time the birder did not give (the API's '')", () => {
    expect(timeText('')).toBe('Not provided');
  });

  it("says 'Not provided' for a missing coordinate (spec section 2)", () => {
    expect(NOT_PROVIDED).toBe('Not provided');
    expect(coordinateText(null)).toBe('Not provided');
    expect(coordinateText(undefined)).toBe('Not provided');
    expect(coordinateText(27.4728)).toBe('27.4728');
    expect(coordinateText(0)).toBe('0');
  });

  it('gives the count with its adult/juvenile split when known', () => {
    expect(countText(testEntry({ Totalcount: 3 }))).toBe('3');
    expect(countText(testEntry({ Totalcount: 12 }, { JAcount: { Adult: 8, Juvenile: 4 } }))).toBe(
      '12 (8 adult, 4 juvenile)',
    );
    expect(countText(testEntry({ Totalcount: 5 }, { JAcount: { Adult: 2, Juvenile: 0 } }))).toBe(
      '5 (2 adult)',
    );
  });

  it('reads StartbirdingData[0] and its EndpointLocation[0], with empty stand-ins when missing', () => {
    const e = testEntry();
    expect(entryDetails(e).observer).toBe('Sonam Wangmo');
    expect(entryPlace(e).gewog).toBe('Phangyuel');
    const bare = { ...e, StartbirdingData: [] };
    expect(entryDetails(bare).observer).toBe('');
    expect(entryPlace(bare)).toEqual({ dzongkhag: null, gewog: null, village: null });
  });

  it('tells who reviewed an entry and when', () => {
    expect(reviewerText(testEntry())).toBe('Waiting for review');
    const approved = testEntry({
      Approvedstatus: 'approved',
      reviewer: { name: 'Pema Dorji', email: 'pema@jarog.test' },
      reviewedAt: '2026-03-08T08:05:00.000Z',
    });
    // Issue 12: review times are Bhutan's (08:05 UTC is 14:05 in Thimphu) whatever the machine's zone, and say so.
    expect(reviewerText(approved)).toBe('Approved by Pema Dorji · 8 Mar 2026, 14:05 Bhutan time');
    expect(reviewerText(testEntry({ Approvedstatus: 'rejected' }))).toBe('Rejected');
  });

  it('words the bulk confirmation and its result with the counts', () => {
    expect(bulkConfirmTitle('approved', 3, 'checklist')).toBe('Approve 3 checklists?');
    expect(bulkConfirmTitle('rejected', 1, 'entry')).toBe('Reject 1 entry?');
    expect(bulkReviewText({ message: 'ok', approvalStatus: 'approved', updated: 3, unchanged: 0 })).toBe(
      '3 entries approved',
    );
    expect(bulkReviewText({ message: 'ok', approvalStatus: 'rejected', updated: 1, unchanged: 2 })).toBe(
      '1 entry rejected, 2 were already rejected',
    );
    expect(bulkReviewText({ message: 'ok', approvalStatus: 'approved', updated: 0, unchanged: 1 })).toBe(
      '0 entries approved, 1 was already approved',
    );
  });
});

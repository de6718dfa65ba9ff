import type { ChecklistDetail } from '@jarog/contracts';
import { describe, expect, it } from 'vitest';
import { type CorrectionForm, correctionOf } from './checklist-correction';
import { testEntry, testGroup } from './test-entries';

const checklist = (selectedTime: string): ChecklistDetail => {
  const group = testGroup('c0000000-0000-4000-8000-000000000009', [testEntry()]);
  return {
    ...group,
    _id: { ...group._id, selectedTime },
    entries: [testEntry()],
    status: 'submittedchecklist',
    currentLocation: { latitude: null, longitude: null },
    createdAt: '2026-03-07T02:00:00.000Z',
    speciesSummary: [],
  };
};
const unchanged = (c: ChecklistDetail): CorrectionForm => ({
  selectedDate: c._id.selectedDate,
  selectedTime: c._id.selectedTime.slice(0, 5),
  dzongkhag: c._id.dzongkhag ?? '',
  gewog: c._id.gewog ?? '',
  village: c._id.village ?? '',
});

describe('the checklist correction', () => {
  it('sends nothing when nothing changed, with or without a time', () => {
    for (const time of ['06:30:00', '']) {
      const c = checklist(time);
      expect(correctionOf(c, unchanged(c))).toEqual({});
    }
  });

  it('sends a new time, and null when the time is emptied', () => {
    const c = checklist('00:00:00');
    expect(correctionOf(c, { ...unchanged(c), selectedTime: '05:45' })).toEqual({ selectedTime: '05:45' });
    expect(correctionOf(c, { ...unchanged(c), selectedTime: '' })).toEqual({ selectedTime: null });
  });

  it('gives a checklist without a time one', () => {
    const c = checklist('');
    expect(correctionOf(c, { ...unchanged(c), selectedTime: '07:10' })).toEqual({ selectedTime: '07:10' });
  });
});

import { describe, expect, it } from 'vitest';
import { checklistUploadOutcome } from './checklist-upload';

const DONE = {
  message: 'Uploaded 2 checklists (3 entries)',
  checklists: 2,
  inserted: 3,
  updated: 0,
  unchanged: 0,
  rejected: [{ row: 4, message: 'BirdName is required' }],
  warnings: [],
  data: [
    {
      row: 2,
      action: 'added',
      checklistId: 'c1',
      entryId: 'e1',
      CheckListName: 'Phobjikha',
      BirdName: 'Black-necked Crane',
    },
  ],
};

describe('reading a checklist upload answer', () => {
  it('reports a finished upload with its per-row results', () => {
    const outcome = checklistUploadOutcome(200, DONE);
    expect(outcome.kind).toBe('done');
    if (outcome.kind === 'done') expect(outcome.result.data[0]?.action).toBe('added');
  });

  it('offers the good rows when a bad row refused the file', () => {
    expect(
      checklistUploadOutcome(400, {
        message: '1 row has problems, so nothing was imported',
        code: 'VALIDATION',
        details: { rejected: [{ row: 3, message: 'SelectedDate is required' }] },
      }),
    ).toEqual({
      kind: 'refused',
      message: '1 row has problems, so nothing was imported',
      rejected: [{ row: 3, message: 'SelectedDate is required' }],
      warnings: [],
    });
  });

  it("shows the server's message for other failures, and explains a network failure", () => {
    expect(checklistUploadOutcome(400, { message: 'The file has no ChecklistName column' })).toEqual({
      kind: 'failed',
      message: 'The file has no ChecklistName column',
      status: 400,
    });
    expect(checklistUploadOutcome(0, null)).toMatchObject({ kind: 'failed', status: 0 });
    expect(checklistUploadOutcome(200, { unexpected: true })).toMatchObject({ kind: 'failed' });
  });
});

import { SpeciesUploadResponseSchema } from '@jarog/contracts';
import { describe, expect, it } from 'vitest';
import { spreadsheetProblem, UPLOAD_FAILED, uploadOutcome, uploadQuery } from './spreadsheet-upload';

const done = {
  message: 'Uploaded 2 species',
  inserted: 1,
  updated: 1,
  rejected: [],
  warnings: [{ row: 3, message: "residency 'Passsage migrant' was read as 'Passage migrant'" }],
  data: [{ _id: 'x', englishName: 'Raven', scientificName: 'Corvus corax' }],
};
const read = (status: number, body: unknown) => uploadOutcome(SpeciesUploadResponseSchema, status, body);

describe('an .xlsx import outcome', () => {
  it('reads a finished import and a preview', () => {
    expect(read(200, done)).toEqual({ kind: 'done', result: done });
    const preview = {
      ...done,
      data: [],
      dryRun: true,
      preview: [
        { row: 2, action: 'update', name: 'Raven', changes: [{ field: 'iucnStatus', from: 'VU', to: 'LC' }] },
      ],
    };
    expect(read(200, preview)).toEqual({ kind: 'done', result: preview });
  });

  it('reads a refusal with its rejected rows, so the good rows can be imported alone', () => {
    const body = {
      message: '1 row has problems, so nothing was imported. Fix them, or import only the good rows.',
      code: 'VALIDATION',
      details: { rejected: [{ row: 4, message: 'English name is required!' }], warnings: [] },
    };
    expect(read(400, body)).toEqual({
      kind: 'refused',
      message: body.message,
      rejected: [{ row: 4, message: 'English name is required!' }],
      warnings: [],
    });
  });

  it('shows the message of any other failure, and a network failure in words', () => {
    expect(read(400, { message: 'Only .xlsx spreadsheets are accepted', code: 'VALIDATION' })).toEqual({
      kind: 'failed',
      message: 'Only .xlsx spreadsheets are accepted',
      status: 400,
    });
    expect(read(500, null)).toEqual({ kind: 'failed', message: UPLOAD_FAILED, status: 500 });
    expect(read(0, null)).toMatchObject({ kind: 'failed', status: 0 });
  });

  it('checks a picked file and builds the query', () => {
    expect(spreadsheetProblem({ name: 'a.csv', size: 10 })).toBe('Only .xlsx spreadsheets are accepted');
    expect(spreadsheetProblem({ name: 'a.xlsx', size: 0 })).toBe('The spreadsheet is empty');
    expect(spreadsheetProblem({ name: 'a.XLSX', size: 10 })).toBeNull();
    expect(uploadQuery({ dryRun: true, partial: false })).toBe('?dryRun=1');
    expect(uploadQuery({ dryRun: false, partial: true })).toBe('?partial=1');
    expect(uploadQuery({ dryRun: false, partial: false })).toBe('');
  });
});

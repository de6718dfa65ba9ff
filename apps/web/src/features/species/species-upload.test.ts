import { describe, expect, it } from 'vitest';
import { fitWithin, photoProblem } from './species-photos';
import { spreadsheetProblem, UPLOAD_FAILED, uploadOutcome } from './species-upload';

const done = {
  message: 'Uploaded 2 species',
  inserted: 1,
  updated: 1,
  rejected: [],
  warnings: [{ row: 3, message: "residency 'Passsage migrant' was read as 'Passage migrant'" }],
  data: [{ _id: 'x', englishName: 'Raven', scientificName: 'Corvus corax' }],
};

describe('bulk upload outcome', () => {
  it('reads a finished import', () => {
    expect(uploadOutcome(200, done)).toEqual({ kind: 'done', result: done });
  });

  it('reads a refusal with its rejected rows, so the good rows can be imported alone', () => {
    const body = {
      message: '1 rows have problems, so nothing was imported. Fix them, or import only the good rows.',
      code: 'VALIDATION',
      details: { rejected: [{ row: 4, message: 'English name is required!' }], warnings: [] },
    };
    expect(uploadOutcome(400, body)).toEqual({
      kind: 'refused',
      message: body.message,
      rejected: [{ row: 4, message: 'English name is required!' }],
      warnings: [],
    });
  });

  it('shows the error message of any other failure', () => {
    expect(
      uploadOutcome(400, { message: 'Only .xlsx spreadsheets are accepted', code: 'VALIDATION' }),
    ).toEqual({
      kind: 'failed',
      message: 'Only .xlsx spreadsheets are accepted',
      status: 400,
    });
    expect(uploadOutcome(500, null)).toEqual({ kind: 'failed', message: UPLOAD_FAILED, status: 500 });
    expect(uploadOutcome(0, null).kind).toBe('failed');
    expect(uploadOutcome(200, { message: 'odd' })).toEqual({ kind: 'failed', message: 'odd', status: 200 });
  });
});

describe('picked files', () => {
  it('takes .xlsx files up to 10 MB only', () => {
    expect(spreadsheetProblem({ name: 'birds.xlsx', size: 2048 })).toBeNull();
    expect(spreadsheetProblem({ name: 'BIRDS.XLSX', size: 2048 })).toBeNull();
    expect(spreadsheetProblem({ name: 'birds.xls', size: 2048 })).toBe(
      'Only .xlsx spreadsheets are accepted',
    );
    expect(spreadsheetProblem({ name: 'birds.csv', size: 2048 })).toBe(
      'Only .xlsx spreadsheets are accepted',
    );
    expect(spreadsheetProblem({ name: 'big.xlsx', size: 11 * 1024 * 1024 })).toMatch(/too large/);
  });

  it('takes raster images only as photos', () => {
    expect(photoProblem({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(photoProblem({ name: 'a.pdf', type: 'application/pdf', size: 1000 })).toBe(
      'a.pdf is not an image',
    );
    expect(photoProblem({ name: 'a.svg', type: 'image/svg+xml', size: 1000 })).toMatch(/SVG/);
    expect(photoProblem({ name: 'a.jpg', type: 'image/jpeg', size: 11 * 1024 * 1024 })).toMatch(/too large/);
  });

  it('scales large photos to at most 1600 px, never up', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

import { SpeciesUploadResponseSchema } from '@jarog/contracts';
import { describe, expect, it } from 'vitest';
import {
  advance,
  overallPercent,
  progressLabel,
  readProgressLines,
  spreadsheetProblem,
  stepLines,
  UPLOAD_FAILED,
  type UploadProgress,
  uploadOutcome,
  uploadQuery,
} from './spreadsheet-upload';

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

describe("the server's progress through an import", () => {
  it('reads the complete lines of the stream, leaving a line still arriving for the next read', () => {
    const first = '{"phase":"parsing","rows":5000}\n{"phase":"parsing","rows":6000}\n{"phase":"chec';
    const a = readProgressLines(first, 0);
    expect(a.events).toEqual([
      { phase: 'parsing', rows: 5000 },
      { phase: 'parsing', rows: 6000 },
    ]);
    const text = `${first}king","rows":6000}\n{"phase":"writing","done":6000,"of":6000}\n`;
    const b = readProgressLines(text, a.next);
    expect(b.events).toEqual([
      { phase: 'checking', rows: 6000 },
      { phase: 'writing', done: 6000, of: 6000 },
    ]);
    expect(b.next).toBe(text.length);
    expect(readProgressLines('not json\n\n{"no":"phase"}\n', 0).events).toEqual([]);
  });

  it('labels each step with its rows, and a preview says it only compares', () => {
    const steps: UploadProgress[] = [
      { phase: 'uploading', percent: 40 },
      { phase: 'processing' },
      { phase: 'parsing', rows: 12000 },
      { phase: 'checking', rows: 12000 },
      { phase: 'writing', done: 3000, of: 12000 },
    ];
    expect(steps.map((p) => progressLabel(p, false))).toEqual([
      'Uploading the file… 40%',
      'Processing…',
      'Reading the spreadsheet… 12,000 rows',
      'Checking 12,000 rows…',
      'Writing… 3,000 of 12,000 rows',
    ]);
    expect(progressLabel({ phase: 'writing', done: 3000, of: 12000 }, true)).toBe(
      'Comparing with the records… 3,000 of 12,000 rows',
    );
  });

  it('moves one bar forward through the steps, never back', () => {
    const percents = [
      overallPercent({ phase: 'uploading', percent: 0 }),
      overallPercent({ phase: 'uploading', percent: 100 }),
      overallPercent({ phase: 'parsing', rows: 5000 }),
      overallPercent({ phase: 'checking', rows: 6000 }),
      overallPercent({ phase: 'writing', done: 0, of: 6000 }),
      overallPercent({ phase: 'writing', done: 3000, of: 6000 }),
      overallPercent({ phase: 'writing', done: 6000, of: 6000 }),
    ];
    expect(percents).toEqual([...percents].sort((x, y) => x - y));
    expect(percents.at(-1)).toBe(100);
    expect(overallPercent({ phase: 'writing', done: 0, of: 0 })).toBe(100);
  });
});

describe('the steps of an upload', () => {
  it('lists each step reached, the finished ones with their rows', () => {
    const events: UploadProgress[] = [
      { phase: 'uploading', percent: 0 },
      { phase: 'uploading', percent: 100 },
      { phase: 'processing' },
      { phase: 'parsing', rows: 5000 },
      { phase: 'parsing', rows: 6000 },
      { phase: 'checking', rows: 6000 },
      { phase: 'writing', done: 5000, of: 6000 },
    ];
    const steps = events.reduce(advance, null as unknown as ReturnType<typeof advance>);
    expect(stepLines(steps, false)).toEqual([
      { text: 'File uploaded', done: true },
      { text: 'Read 6,000 rows', done: true },
      { text: 'Checked 6,000 rows', done: true },
      { text: 'Writing… 5,000 of 6,000 rows', done: false },
    ]);
    expect(stepLines(advance(null, { phase: 'uploading', percent: 30 }), true)).toEqual([
      { text: 'Uploading the file… 30%', done: false },
    ]);
    // An import that does not report its phases: uploaded, then processing.
    expect(stepLines(advance(null, { phase: 'processing' }), false)).toEqual([
      { text: 'File uploaded', done: true },
      { text: 'Processing…', done: false },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { csvHasRows, EXPORT_ERROR, exportOutcome } from '../../lib/csv-download';
import { exportUrl } from './species-export';
import { NO_FILTERS } from './species-list-state';

const HEADER = '\uFEFFenglishName,scientificName,order\n';
const csv = { ok: true, contentType: 'text/csv; charset=utf-8' };

describe('CSV export', () => {
  it('downloads a CSV that has rows', () => {
    expect(exportOutcome(csv, `${HEADER}Black-necked Crane,Grus nigricollis,Gruiformes\n`)).toBe('download');
  });

  it('refuses a CSV with only its header (no data)', () => {
    expect(csvHasRows(HEADER)).toBe(false);
    expect(csvHasRows(`${HEADER}\n  \n`)).toBe(false);
    expect(exportOutcome(csv, HEADER)).toBe('error');
    expect(exportOutcome(csv, '')).toBe('error');
  });

  it('refuses failed responses, network failures and bodies that are not CSV', () => {
    expect(exportOutcome({ ok: false, contentType: 'application/json' }, '{"message":"x"}')).toBe('error');
    expect(exportOutcome(null, null)).toBe('error');
    expect(exportOutcome({ ok: true, contentType: 'text/html' }, `${HEADER}a,b,c\n`)).toBe('error');
    expect(exportOutcome({ ok: true, contentType: null }, `${HEADER}a,b,c\n`)).toBe('error');
  });

  it('uses the spec wording for the error', () => {
    expect(EXPORT_ERROR).toBe('Error! retry after some time');
  });

  it('asks for the whole filtered list as CSV', () => {
    const url = new URL(exportUrl({ ...NO_FILTERS, family: ['Gruidae', 'Corvidae'] }, 'http://api.test'));
    expect(url.pathname).toBe('/api/v1/species');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      export_limit: 'all',
      format: 'csv',
      family: 'Gruidae,Corvidae',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { EXPORT_ERROR, EXPORT_FILENAME, recordsExportUrl } from './records-export';
import { NO_RECORD_FILTERS } from './records-list-state';

describe('records CSV export', () => {
  it('asks each list for its whole filtered list as CSV', () => {
    const filters = { ...NO_RECORD_FILTERS, dzongkhag: 'Paro', search: 'crane', birding_site: 'Tsento' };
    const entries = new URL(recordsExportUrl('entries', filters, 'http://api.test'));
    expect(entries.pathname).toBe('/api/v1/entries');
    expect(Object.fromEntries(entries.searchParams)).toEqual({
      format: 'csv',
      export_limit: 'all',
      search: 'crane',
      dzongkhag: 'Paro',
    });
    const checklists = new URL(recordsExportUrl('checklists', filters, 'http://api.test'));
    expect(checklists.pathname).toBe('/api/v1/checklists');
    expect(checklists.searchParams.get('birding_site')).toBe('Tsento');
    expect(checklists.searchParams.has('search')).toBe(false);
    expect(new URL(recordsExportUrl('newspecies', NO_RECORD_FILTERS, 'http://api.test')).pathname).toBe(
      '/api/v1/newspecies',
    );
  });

  it('names the files as the spec does, and uses its error wording', () => {
    expect(EXPORT_FILENAME).toEqual({
      checklists: 'checklists.csv',
      entries: 'entries.csv',
      newspecies: 'new_species.csv',
    });
    expect(EXPORT_ERROR).toBe('Error! retry after some time');
  });
});

import { DwcaQuerySchema } from '@jarog/contracts';
import type { RouteDoc } from '../route-doc';

/** Exports in data standards (issue 13). */
export const EXPORTS_DOCS: Record<string, RouteDoc> = {
  'GET /api/v1/exports/dwca': {
    tag: 'Exports',
    summary: 'Darwin Core Archive of the approved records, for GBIF',
    description:
      'Streams a zip: meta.xml, eml.xml (title, description, publisher, contact, licence, temporal and geographic coverage), ' +
      'event.txt (Event core: one row per submitted checklist holding an approved sighting of a catalogue species) and ' +
      'occurrence.txt (Occurrence extension: one row per such sighting), tab-separated UTF-8 with a header row, and summary.json ' +
      "counting what was left out ('Unknown Birds', unnamed new species, names not in the catalogue). eventID is " +
      'urn:jarog:checklist:<id> and occurrenceID urn:jarog:entry:<id>: the same in every export. Filters: from and to ' +
      '(checklist dates, inclusive) and dzongkhag. The X-Dwca-Events response header gives the number of events ' +
      '(checklists) in the archive before the zip starts: 0 when nothing matches the filters (the archive then holds ' +
      'only the header rows and the metadata).',
    query: DwcaQuerySchema,
    produces: { type: 'application/zip', description: 'The archive (jarog-dwca-<date>.zip), streamed' },
    errors: { 400: 'A date that is not YYYY-MM-DD, from after to, or an unknown dzongkhag' },
  },
};

import { SPECIES_TEXT_FIELDS, type Species } from '@jarog/contracts';

/** species.csv columns: the spreadsheet field names, so an export can be edited and uploaded again. */
export const SPECIES_CSV_HEADER = [...SPECIES_TEXT_FIELDS, 'observations', 'photos'];

export function toCsvRow(s: Species): unknown[] {
  return [
    ...SPECIES_TEXT_FIELDS.map((f) => s[f]),
    s.observations,
    JSON.stringify(s.photos.map((p) => p.url)),
  ];
}

import { SPECIES_TEXT_FIELDS, type Species } from '@jarog/contracts';

/**
 * species.csv columns: the spreadsheet field names, so an export can be edited and uploaded again;
 * familyName is headed `family`, as the spec names it in the export (the upload reads both).
 */
export const SPECIES_CSV_HEADER = [
  ...SPECIES_TEXT_FIELDS.map((f) => (f === 'familyName' ? 'family' : f)),
  'observations',
  'photos',
];

export function toCsvRow(s: Species): unknown[] {
  return [
    ...SPECIES_TEXT_FIELDS.map((f) => s[f]),
    s.observations,
    JSON.stringify(s.photos.map((p) => p.url)),
  ];
}

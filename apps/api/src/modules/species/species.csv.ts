import type { Species } from '@jarog/contracts';

/** species.csv columns: the spreadsheet field names, so an export can be edited and uploaded again. */
export const SPECIES_CSV_HEADER = [
  'englishName',
  'scientificName',
  'order',
  'familyName',
  'genus',
  'species',
  'authority',
  'group',
  'dzongkhaName',
  'lhoName',
  'sharName',
  'khengName',
  'iucnStatus',
  'citesAppendix',
  'bhutanSchedule',
  'residency',
  'habitat',
  'description',
  'observations',
  'photos',
];

export function toCsvRow(s: Species): unknown[] {
  return [
    s.englishName,
    s.scientificName,
    s.order,
    s.familyName,
    s.genus,
    s.species,
    s.authority,
    s.group,
    s.dzongkhaName,
    s.lhoName,
    s.sharName,
    s.khengName,
    s.iucnStatus,
    s.citesAppendix,
    s.bhutanSchedule,
    s.residency,
    s.habitat,
    s.description,
    s.observations,
    JSON.stringify(s.photos.map((p) => p.url)),
  ];
}

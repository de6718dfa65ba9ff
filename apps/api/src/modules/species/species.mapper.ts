import type { Species, SpeciesInput } from '@jarog/contracts';
import type { NewSpeciesRow, SpeciesPhotoRow, SpeciesRow } from '../../db/schema';

/** Wire field → column, for the fields an administrator edits. */
export const FIELD_COLUMNS = {
  englishName: 'englishName',
  scientificName: 'scientificName',
  order: 'orderName',
  familyName: 'familyName',
  genus: 'genus',
  species: 'speciesEpithet',
  authority: 'authority',
  group: 'groupName',
  dzongkhaName: 'dzongkhaName',
  lhoName: 'lhoName',
  sharName: 'sharName',
  khengName: 'khengName',
  iucnStatus: 'iucnStatus',
  citesAppendix: 'citesAppendix',
  bhutanSchedule: 'bhutanSchedule',
  residency: 'residency',
  habitat: 'habitat',
  description: 'description',
  observations: 'observations',
} as const satisfies Record<Exclude<keyof SpeciesInput, 'photos'>, keyof NewSpeciesRow>;

export function toSpecies(row: SpeciesRow, photos: SpeciesPhotoRow[]): Species {
  return {
    _id: row.id,
    englishName: row.englishName,
    scientificName: row.scientificName,
    order: row.orderName,
    familyName: row.familyName,
    family: row.familyName,
    genus: row.genus,
    species: row.speciesEpithet,
    authority: row.authority,
    group: row.groupName,
    dzongkhaName: row.dzongkhaName,
    lhoName: row.lhoName,
    sharName: row.sharName,
    khengName: row.khengName,
    iucnStatus: row.iucnStatus,
    citesAppendix: row.citesAppendix,
    bhutanSchedule: row.bhutanSchedule,
    residency: row.residency,
    habitat: row.habitat,
    description: row.description,
    observations: row.observations,
    photos: photos.map((p) => ({ _id: p.id, url: p.url, thumbnailUrl: p.thumbnailUrl })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns a parsed input sets; fields not sent stay out, so nothing is cleared by omission. */
export function toColumns(input: Record<string, unknown>): Partial<NewSpeciesRow> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(FIELD_COLUMNS)) {
    if (input[field] !== undefined) out[column] = input[field];
  }
  return out as Partial<NewSpeciesRow>;
}

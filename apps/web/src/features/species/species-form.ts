import {
  normaliseSpeciesText,
  SPECIES_TEXT_FIELDS,
  type Species,
  type SpeciesInput,
  type SpeciesPatch,
  type SpeciesTextField,
} from '@jarog/contracts';

/** What the add and edit forms hold: every text field as typed, observations as a number. */
export type SpeciesFormValues = Partial<Record<SpeciesTextField, string | null>> & {
  observations?: number | null;
};

/** An empty observations box counts as 0 (the field always has a number). */
const observationsOf = (value: number | null | undefined): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

/** The edit form's starting values. */
export function formValuesOf(species: Species): SpeciesFormValues {
  const values: SpeciesFormValues = { observations: species.observations };
  // undefined rather than null: antd's selects show their placeholder only for undefined.
  for (const field of SPECIES_TEXT_FIELDS) values[field] = species[field] ?? undefined;
  return values;
}

/** POST body: the fields that have a value, plus the photos as data URLs. */
export function createBody(values: SpeciesFormValues, photos: string[] = []): SpeciesInput {
  const body: SpeciesInput = { englishName: normaliseSpeciesText('englishName', values.englishName) ?? '' };
  for (const field of SPECIES_TEXT_FIELDS) {
    if (field === 'englishName') continue;
    const text = normaliseSpeciesText(field, values[field]);
    if (text !== null) body[field] = text;
  }
  if (values.observations !== undefined && values.observations !== null)
    body.observations = values.observations;
  if (photos.length) body.photos = photos;
  return body;
}

/**
 * PATCH body: only the fields whose value differs from what is stored (a cleared field is sent as null),
 * plus any new photos to append. The values are the whole form: a field missing from them counts as
 * empty. An empty object means there is nothing to save.
 */
export function patchBody(original: Species, values: SpeciesFormValues, photos: string[] = []): SpeciesPatch {
  const body: SpeciesPatch = {};
  for (const field of SPECIES_TEXT_FIELDS) {
    const next = normaliseSpeciesText(field, values[field]);
    if (next === normaliseSpeciesText(field, original[field])) continue;
    // englishName is required: an empty one is left to the form's rule, never sent as null.
    if (field === 'englishName') {
      if (next !== null) body.englishName = next;
    } else body[field] = next;
  }
  const observations = observationsOf(values.observations);
  if (observations !== original.observations) body.observations = observations;
  if (photos.length) body.photos = photos;
  return body;
}

export const isEmptyPatch = (body: SpeciesPatch): boolean => Object.keys(body).length === 0;

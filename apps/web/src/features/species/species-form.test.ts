import { type Species, SpeciesInputSchema, SpeciesPatchSchema } from '@jarog/contracts';
import { describe, expect, it } from 'vitest';
import { createBody, formValuesOf, isEmptyPatch, patchBody } from './species-form';

const crane: Species = {
  _id: 'a5f0f9c4-6a6e-4c1e-9c58-0d0d7c1d2b11',
  englishName: 'Black-necked Crane',
  scientificName: 'Grus nigricollis',
  order: 'Gruiformes',
  familyName: 'Gruidae',
  family: 'Gruidae',
  genus: 'Grus',
  species: 'nigricollis',
  authority: 'Przevalski, 1876',
  group: 'Crane',
  dzongkhaName: null,
  lhoName: null,
  sharName: null,
  khengName: null,
  iucnStatus: 'VU',
  citesAppendix: 'I',
  bhutanSchedule: 'I',
  residency: 'Winter visitor',
  habitat: 'High-altitude wetlands',
  description: null,
  observations: 12,
  photos: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('form → PATCH diff', () => {
  it('sends nothing when nothing changed', () => {
    const body = patchBody(crane, formValuesOf(crane));
    expect(body).toEqual({});
    expect(isEmptyPatch(body)).toBe(true);
  });

  it('sends only the changed fields', () => {
    const values = { ...formValuesOf(crane), habitat: 'Wetlands and fields', observations: 13 };
    expect(patchBody(crane, values)).toEqual({ habitat: 'Wetlands and fields', observations: 13 });
  });

  it('sends null for a cleared field (whether the box is empty or the select was cleared)', () => {
    const values = { ...formValuesOf(crane), group: '', iucnStatus: undefined };
    expect(patchBody(crane, values)).toEqual({ group: null, iucnStatus: null });
  });

  it('ignores whitespace-only differences, as the server stores trimmed text', () => {
    const values = { ...formValuesOf(crane), englishName: '  Black-necked   Crane ', dzongkhaName: '   ' };
    expect(patchBody(crane, values)).toEqual({});
  });

  it('never sends englishName as null, and counts an empty observations box as 0', () => {
    const values = { ...formValuesOf(crane), englishName: '', observations: null };
    expect(patchBody(crane, values)).toEqual({ observations: 0 });
  });

  it('appends new photos', () => {
    expect(patchBody(crane, formValuesOf(crane), ['data:image/png;base64,AAAA'])).toEqual({
      photos: ['data:image/png;base64,AAAA'],
    });
  });

  it('produces bodies the API schema accepts', () => {
    const values = { ...formValuesOf(crane), iucnStatus: 'NT', residency: undefined };
    expect(SpeciesPatchSchema.safeParse(patchBody(crane, values)).success).toBe(true);
  });

  it('fills the edit form with undefined for empty fields (so selects show their placeholder)', () => {
    const values = formValuesOf(crane);
    expect(values.dzongkhaName).toBeUndefined();
    expect(values.englishName).toBe('Black-necked Crane');
    expect(values.observations).toBe(12);
  });
});

describe('form → POST body', () => {
  it('sends only the fields that have a value', () => {
    const body = createBody(
      { englishName: ' Satyr Tragopan ', scientificName: 'Tragopan satyra', order: '' },
      ['data:image/png;base64,AAAA'],
    );
    expect(body).toEqual({
      englishName: 'Satyr Tragopan',
      scientificName: 'Tragopan satyra',
      photos: ['data:image/png;base64,AAAA'],
    });
    expect(SpeciesInputSchema.safeParse(body).success).toBe(true);
  });

  it('keeps observations 0', () => {
    expect(createBody({ englishName: 'Raven', observations: 0 })).toEqual({
      englishName: 'Raven',
      observations: 0,
    });
  });

  it('normalises text like the server, keeping paragraphs in the description', () => {
    const body = createBody({ englishName: '  Grey \n Heron ', habitat: '   ', description: 'One.\n\nTwo.' });
    expect(body).toEqual({ englishName: 'Grey Heron', description: 'One.\n\nTwo.' });
  });
});

import {
  SpeciesInputSchema,
  SpeciesListQuerySchema,
  SpeciesListResponseSchema,
  SpeciesPatchSchema,
  SpeciesSchema,
  SpeciesStatsSchema,
  SpeciesUploadResponseSchema,
  UploadQuerySchema,
} from '@jarog/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../route-doc';

const TAG = 'Species catalogue';
const SpeciesSavedSchema = z.object({ message: z.string(), data: SpeciesSchema });
const MessageSchema = z.object({ message: z.string() });
const SPECIES_ID = 'The species id';

/** The national bird list. */
export const SPECIES_DOCS: Record<string, RouteDoc> = {
  'GET /api/v1/species/get': {
    tag: TAG,
    summary: 'The console’s species list: filters, search and facets',
    query: SpeciesListQuerySchema,
    response: SpeciesListResponseSchema,
  },
  'GET /api/v1/species/get-count': {
    tag: TAG,
    summary: 'How many species the catalogue holds',
    response: z.object({ count: z.number() }),
  },
  'GET /api/v1/species': {
    tag: TAG,
    summary: 'The public species list (the mobile app reads it before sign-in)',
    description:
      'Filters are comma-separated lists; search is case- and accent-insensitive with typo tolerance. `export_limit=all` streams the whole filtered list as JSON, or as species.csv with `&format=csv`.',
    query: SpeciesListQuerySchema.extend({ format: z.enum(['json', 'csv']).optional() }),
    response: SpeciesListResponseSchema,
  },
  'POST /api/v1/species/fileupload': {
    tag: TAG,
    summary: 'Imports an .xlsx of species in one transaction',
    description:
      'Every row is validated; with a bad row nothing is written (400 listing every rejected row) unless `?partial=1`. Re-uploads update by scientific name, else English name. With `?dryRun=1` the whole import runs in a transaction that is rolled back: the answer says what would be inserted, what would change field by field (`preview`) and the warnings, and nothing is saved.',
    query: UploadQuerySchema,
    upload: { field: 'file', description: 'The .xlsx file (10 MB at most)' },
    response: SpeciesUploadResponseSchema,
    errors: { 413: 'The file is larger than 10 MB' },
  },
  'GET /api/v1/species/:id': {
    tag: TAG,
    summary: 'One species',
    params: { id: SPECIES_ID },
    response: SpeciesSchema,
    errors: { 404: 'No such species' },
  },
  'GET /api/v1/species/:id/stats': {
    tag: TAG,
    summary: "A species' approved records and the dzongkhags they were seen in (species details, Stats)",
    description:
      'Counts approved entries of submitted checklists linked to the species (not the editable `observations` field).',
    params: { id: SPECIES_ID },
    response: SpeciesStatsSchema,
    errors: { 404: 'No such species' },
  },
  'POST /api/v1/species': {
    tag: TAG,
    summary: 'Adds a species (photos as data URLs)',
    headers: {
      'Idempotency-Key':
        'Optional, any printable text up to 200 characters: a retry with the same key gets the first answer (`Idempotent-Replayed: true`) and creates nothing; the same key with another body is a 422',
    },
    body: SpeciesInputSchema,
    response: SpeciesSavedSchema,
    status: 201,
    errors: {
      422: 'The Idempotency-Key was already used with a different body',
      409: 'The English or scientific name is taken',
    },
  },
  'PATCH /api/v1/species/:id': {
    tag: TAG,
    summary: 'Edits a species (only the fields sent change)',
    params: { id: SPECIES_ID },
    body: SpeciesPatchSchema,
    response: SpeciesSavedSchema,
    errors: { 404: 'No such species', 409: 'The English or scientific name is taken' },
  },
  'DELETE /api/v1/species/:id': {
    tag: TAG,
    summary: 'Deletes a species and its photo files',
    params: { id: SPECIES_ID },
    response: MessageSchema,
    errors: { 404: 'No such species' },
  },
  'DELETE /api/v1/species/:id/photos/:photoId': {
    tag: TAG,
    summary: 'Deletes one photo of a species',
    params: { id: SPECIES_ID, photoId: 'The photo id' },
    response: MessageSchema,
    errors: { 404: 'No such species or photo' },
  },
};

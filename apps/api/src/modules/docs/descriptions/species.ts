import {
  SpeciesInputSchema,
  SpeciesListQuerySchema,
  SpeciesListResponseSchema,
  SpeciesPatchSchema,
  SpeciesSchema,
  SpeciesUploadResponseSchema,
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
      'Every row is validated; with a bad row nothing is written (400 listing every rejected row) unless `?partial=1`. Re-uploads update by scientific name, else English name.',
    query: z.object({ partial: z.enum(['0', '1', 'true', 'false']).optional() }),
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
  'POST /api/v1/species': {
    tag: TAG,
    summary: 'Adds a species (photos as data URLs)',
    body: SpeciesInputSchema,
    response: SpeciesSavedSchema,
    status: 201,
    errors: { 409: 'The English or scientific name is taken' },
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

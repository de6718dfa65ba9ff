import type { Access } from '../../src/middleware/auth';

/** Reading and reviewing records: lists, details, review, rename, bulk review, exports. */
export const RECORDS_REVIEW_ROUTES: Record<string, Access> = {
  'GET /api/v1/entries': 'admin',
  'GET /api/v1/checklists': 'admin',
  'GET /api/v1/newspecies': 'admin',
  'POST /api/v1/checklists/review': 'admin',
  'GET /api/v1/checklists/:id': 'admin',
  'PATCH /api/v1/checklists/:entryId': 'admin',
  'PATCH /api/v1/checklists/:id/details': 'admin',
  'DELETE /api/v1/checklists/:id': 'admin',
};

import type { Access } from '../../src/middleware/auth';

/** Adding records: console form, original document shape, .xlsx upload, the mobile checkList calls. */
export const RECORDS_INGEST_ROUTES: Record<string, Access> = {
  'POST /api/v1/checklists': 'admin',
  'POST /api/v1/checklists/fileupload': 'admin',
  'POST /api/v1/checkList': 'signed-in',
  'GET /api/v1/checkList': 'signed-in',
  'PATCH /api/v1/checkList/:id': 'signed-in',
  'DELETE /api/v1/checkList/:id': 'signed-in',
};

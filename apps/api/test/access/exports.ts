import type { Access } from '../../src/middleware/auth';

/** Exports in data standards (issue 13). */
export const EXPORT_ROUTES: Record<string, Access> = {
  'GET /api/v1/exports/dwca': 'admin',
};

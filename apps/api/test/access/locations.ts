import type { Access } from '../../src/middleware/auth';

/** Dzongkhags, gewogs and village suggestions. */
export const LOCATION_ROUTES: Record<string, Access> = {
  'GET /api/v1/locations': 'public',
  'GET /api/v1/locations/villages': 'signed-in',
};

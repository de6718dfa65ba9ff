import type { Access } from '../../src/middleware/auth';

/** Dashboard counts, birders and analytics (issue 5): all for administrators. */
export const INSIGHT_ROUTES: Record<string, Access> = {
  'GET /api/v1/birders-count': 'admin',
  'GET /api/v1/checklists/get-count': 'admin',
  'GET /api/v1/checklists/analyze/birdingsites-count': 'admin',
  'GET /api/v1/checklists/analyze/district-species': 'admin',
  'GET /api/v1/checklists/analyze/district-checklists': 'admin',
  'GET /api/v1/checklists/analyze/species-count-months': 'admin',
  'GET /api/v1/checklists/analyze/district-species-count': 'admin',
  'GET /api/v1/checklists/analyze/birds-count-year': 'admin',
  'POST /api/v1/checklists/analyze': 'admin',
  'GET /api/v1/birders': 'admin',
  'GET /api/v1/birders/top': 'admin',
  'GET /api/v1/birders/:id': 'admin',
  'DELETE /api/v1/birders/:id': 'admin',
};

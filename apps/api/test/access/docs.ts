import type { Access } from '../../src/middleware/auth';

/** The OpenAPI document and its page. */
export const DOCS_ROUTES: Record<string, Access> = {
  'GET /api/docs/openapi.json': 'public',
  'GET /api/docs': 'public',
};

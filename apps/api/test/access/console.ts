import type { Access } from '../../src/middleware/auth';

/** Routes the console's species details and upload previews added (issue 12). */
export const CONSOLE_ROUTES: Record<string, Access> = {
  'GET /api/v1/species/:id/stats': 'admin',
};

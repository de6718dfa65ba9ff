import type { Access } from '../../src/middleware/auth';

/** The reviewers' tools (issue 14): queue, automatic approvals, limits, rejection reasons, settings. */
export const REVIEW_ROUTES: Record<string, Access> = {
  'GET /api/v1/review/queue': 'admin',
  'GET /api/v1/review/summary': 'admin',
  'POST /api/v1/review/approve-unflagged': 'admin',
  'GET /api/v1/review/auto-approved': 'admin',
  'POST /api/v1/review/auto-approved/undo': 'admin',
  'GET /api/v1/review/settings': 'admin',
  'PATCH /api/v1/review/settings': 'admin',
  'GET /api/v1/review/limits': 'admin',
  'PUT /api/v1/review/limits': 'admin',
  'DELETE /api/v1/review/limits': 'admin',
  'POST /api/v1/review/limits/seed': 'admin',
  'GET /api/v1/review/rejection-templates': 'admin',
  'POST /api/v1/review/rejection-templates': 'admin',
  'PATCH /api/v1/review/rejection-templates/:id': 'admin',
  'DELETE /api/v1/review/rejection-templates/:id': 'admin',
};

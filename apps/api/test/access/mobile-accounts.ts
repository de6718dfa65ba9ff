import type { Access } from '../../src/middleware/auth';

/** The mobile app: sign-up codes, login, profile, password, birder notices. */
export const MOBILE_ACCOUNT_ROUTES: Record<string, Access> = {
  'POST /api/v1/users/verification': 'public',
  'POST /api/v1/users/OTP': 'public',
  'POST /api/v1/users/signup': 'public',
  'POST /api/v1/users/Login': 'public',
  'PATCH /api/v1/users/updateMe': 'signed-in',
  'PATCH /api/v1/users/updateMyPassword': 'signed-in',
  'POST /api/v1/forgotPassword': 'public',
  'GET /api/v1/notifications/:userId': 'signed-in',
  'GET /api/v1/notices': 'signed-in',
  'DELETE /api/v1/notifications/:id': 'signed-in',
};

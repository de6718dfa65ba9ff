import type { Access } from '../../src/middleware/auth';

/** The mobile app: sign-up codes, login, profile, password, birder notices. */
export const MOBILE_ACCOUNT_ROUTES: Record<string, Access> = {};

import type { Access } from '../../src/middleware/auth';

/** Reading and reviewing records: lists, details, review, rename, bulk review, exports. */
export const RECORDS_REVIEW_ROUTES: Record<string, Access> = {};

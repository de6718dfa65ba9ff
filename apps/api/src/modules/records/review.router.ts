import type { RegisterRoutes } from '../../routes';

/** Reading and reviewing records: lists, details, review, rename, bulk review, CSV exports. */
export const registerRecordsReviewRoutes: RegisterRoutes = (_t, _ctx) => {};

import type { Access } from '../../src/middleware/auth';

/** Adding records: console form, original document shape, .xlsx upload, the mobile checkList calls. */
export const RECORDS_INGEST_ROUTES: Record<string, Access> = {};

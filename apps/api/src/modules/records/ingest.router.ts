import type { RegisterRoutes } from '../../routes';

/** Adding records: console form, original document shape, .xlsx upload, the mobile checkList calls. */
export const registerRecordsIngestRoutes: RegisterRoutes = (_t, _ctx) => {};

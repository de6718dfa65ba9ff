import type { RegisterRoutes } from '../../routes';

/** The OpenAPI 3.1 document and its readable page. */
export const registerDocsRoutes: RegisterRoutes = (_t, _ctx) => {};

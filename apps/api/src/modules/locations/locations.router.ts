import type { RegisterRoutes } from '../../routes';

/** Dzongkhags, gewogs and village suggestions. */
export const registerLocationRoutes: RegisterRoutes = (_t, _ctx) => {};

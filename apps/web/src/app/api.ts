import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { errorCode } from '../lib/api-error';
import { RevalidationCache, withValidator } from './revalidation';
import { apiUrl } from './runtime-config';
import { type SessionRedirect, type SessionState, sessionEnded } from './session.slice';

/**
 * Endpoints that handle a refused session themselves:
 * - login, loginSuccess: a 401 there is "wrong email or password" / "no Google session", and the
 *   login page sends deactivated and non-admin accounts to their pages itself;
 * - checkLoggedIn: the session gate applies the login-check rules (spec section 4).
 */
export const SESSION_EXEMPT_ENDPOINTS: ReadonlySet<string> = new Set([
  'login',
  'loginSuccess',
  'checkLoggedIn',
]);

/**
 * Whether a failed call means the stored token is no longer good, and where to send the person:
 * any 401 → /login; an account deactivated or demoted while signed in → its own page.
 */
export function sessionEndFor(endpoint: string, error: FetchBaseQueryError): SessionRedirect | null {
  if (SESSION_EXEMPT_ENDPOINTS.has(endpoint)) return null;
  if (error.status === 401) return { to: '/login' };
  if (error.status === 403) {
    const code = errorCode(error);
    if (code === 'ACCOUNT_DEACTIVATED') return { to: '/deactivated' };
    if (code === 'NOT_ADMIN') return { to: '/not-admin' };
  }
  return null;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiUrl,
  credentials: 'include',
  prepareHeaders: (headers, { getState }) => {
    const { token } = (getState() as { session: SessionState }).session;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

const revalidation = new RevalidationCache();

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const key = revalidation.keyOf(args, (api.getState() as { session: SessionState }).session.token);
  const etag = key ? revalidation.etagFor(key) : undefined;
  let result = await rawBaseQuery(etag ? withValidator(args, etag) : args, api, extra);
  if (key && result.error?.status === 304) {
    // Nothing changed since the kept answer, which the API did not send again.
    const kept = revalidation.take(key);
    if (kept !== undefined) return { data: kept, meta: result.meta };
    result = await rawBaseQuery(args, api, extra);
  }
  if (key && !result.error) {
    const headers = result.meta?.response?.headers;
    const json = headers?.get('Content-Type')?.includes('application/json') ?? false;
    revalidation.keep(key, json ? (headers?.get('ETag') ?? null) : null, result.data);
  }
  const redirect = result.error ? sessionEndFor(api.endpoint, result.error) : null;
  if (redirect) api.dispatch(sessionEnded(redirect));
  return result;
};

/** The one API slice. Features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Me', 'User', 'Notification'],
  endpoints: () => ({}),
});

/** The tag a list query provides, so any create/update/delete can refresh every page of it. */
export const LIST = 'LIST' as const;

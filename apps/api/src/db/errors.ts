import { AppError } from '../lib/errors';

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_S = 2;

/** Socket-level failures: the server is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs meaning "the server went away or is not accepting work yet": class 08 (connection exception),
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections.
 */
function unavailableSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/** node-postgres reports these without a code. */
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  /Cannot use a pool after calling end on the pool/,
];

/** True when `err` (or any error in its `cause` chain, as Drizzle wraps driver errors) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || unavailableSqlState(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
    e = cause;
  }
  return false;
}

export const databaseUnavailable = () =>
  new AppError(
    'DATABASE_UNAVAILABLE',
    'The database is unavailable at the moment. Please try again shortly.',
    undefined,
    { 'Retry-After': String(DATABASE_RETRY_AFTER_S) },
  );

/** True when a statement was stopped by the statement time limit (SQLSTATE 57014 on both engines). */
export function isStatementTimeout(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (code === '57014') return true;
    e = cause;
  }
  return false;
}

export const statementTimedOut = () =>
  new AppError(
    'QUERY_TIMEOUT',
    'The database took too long to answer this request and it was stopped. Narrow the filters, or try again later.',
    undefined,
    { 'Retry-After': String(DATABASE_RETRY_AFTER_S) },
  );

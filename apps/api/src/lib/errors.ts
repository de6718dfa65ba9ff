/** Stable error codes the API answers with; each maps to one HTTP status. */
export const ERROR_STATUS = {
  /** The body, query or path failed validation. */
  VALIDATION: 400,
  /** A request that is well-formed but cannot be done (e.g. a Google account changing its password). */
  BAD_REQUEST: 400,
  /** No token, or a token that is invalid, expired or revoked. */
  UNAUTHENTICATED: 401,
  /** Email and password do not match an account. */
  INVALID_CREDENTIALS: 401,
  /** The account exists but is deactivated. */
  ACCOUNT_DEACTIVATED: 403,
  /** A plain `user` account tried to use the console. */
  NOT_ADMIN: 403,
  /** Signed in, but the role does not allow this. */
  FORBIDDEN: 403,
  /** Nothing there, or nothing the caller may see. */
  NOT_FOUND: 404,
  /** A unique value (e.g. email) is taken. */
  CONFLICT: 409,
  /** An Idempotency-Key sent again with a different request body. */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** A write signed in by the app's session cookie came without a JSON body (CSRF guard). */
  JSON_REQUIRED: 415,
  /** The body is larger than allowed. */
  PAYLOAD_TOO_LARGE: 413,
  /** Too many attempts; try again later. */
  RATE_LIMITED: 429,
  /** An .xlsx upload that is empty, truncated or not a spreadsheet. */
  BAD_SPREADSHEET: 400,
  /** An .xlsx upload over the inflated-size, ratio or part-count caps (a zip bomb). */
  UNSAFE_SPREADSHEET: 400,
  /** A path whose %-encoding does not decode. */
  BAD_URL: 400,
  /** A known path asked for with a method it does not answer (the Allow header lists those it does). */
  METHOD_NOT_ALLOWED: 405,
  /** A body type (Content-Type) or Content-Encoding the route does not take. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Two imports are already running; try again after Retry-After seconds. */
  IMPORT_BUSY: 503,
  /** Something broke on our side. */
  INTERNAL: 500,
  /** The database is not ready. */
  UNAVAILABLE: 503,
  /** The database cannot be reached (stopped, restarting, unreachable); retry after `Retry-After`. */
  DATABASE_UNAVAILABLE: 503,
  /** A statement ran past the statement time limit (STATEMENT_TIMEOUT_MS) and was stopped. */
  QUERY_TIMEOUT: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error class services throw; the error middleware turns it into `{message, code, details?}`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('FORBIDDEN', message);

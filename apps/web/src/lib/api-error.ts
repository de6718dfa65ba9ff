import type { ErrorResponse } from '@jarog/contracts';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export type ApiError = FetchBaseQueryError | SerializedError;

export const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Please check your connection and try again.';

function isFetchError(error: ApiError): error is FetchBaseQueryError {
  return 'status' in error;
}

/** The HTTP status of a failed call, or undefined for network and client-side failures. */
export function errorStatus(error: ApiError | undefined): number | undefined {
  if (!error || !isFetchError(error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

// A hand-written guard rather than ErrorResponseSchema.parse: this file is on the first-load path and
// would otherwise pull all of zod into it.
function errorBody(data: unknown): Partial<ErrorResponse> {
  if (!data || typeof data !== 'object') return {};
  const { message, code } = data as Record<string, unknown>;
  return {
    ...(typeof message === 'string' ? { message } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** The API's stable error code (`ACCOUNT_DEACTIVATED`, `NOT_ADMIN`, ...), when it sent one. */
export function errorCode(error: ApiError | undefined): string | undefined {
  if (!error || !isFetchError(error)) return undefined;
  return errorBody(error.data).code;
}

/** What to show a person: the server's `message` (spec section 8), else a readable fallback. */
export function errorMessage(
  error: ApiError | undefined,
  fallback = 'Something went wrong. Please try again.',
): string {
  if (!error) return fallback;
  if (!isFetchError(error)) return error.message ?? fallback;
  const { message } = errorBody(error.data);
  if (message) return message;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return NETWORK_ERROR_MESSAGE;
  return fallback;
}

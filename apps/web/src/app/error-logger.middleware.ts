import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';

/**
 * Logs every failed API call. Many failures are only logged by design (spec section 8: approve, reject,
 * rename, list loads, logout, notification fetch); pages that show an error read it from the hook.
 */
export const errorLogger: Middleware = () => (next) => (action) => {
  if (isRejectedWithValue(action)) {
    const meta = action.meta as { arg?: { endpointName?: string } };
    console.error(`[api] ${meta.arg?.endpointName ?? 'request'} failed`, action.payload);
  }
  return next(action);
};

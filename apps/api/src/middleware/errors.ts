import type { ErrorRequestHandler, RequestHandler } from 'express';
import {
  databaseUnavailable,
  isDatabaseUnavailable,
  isStatementTimeout,
  statementTimedOut,
} from '../db/errors';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { mobileErrorFields } from '../modules/mobile/mobile.errors';

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new AppError('NOT_FOUND', `No route for ${req.method} ${req.path}`));
};

const CHECK_LOGGED_IN = /^\/auth\/checkloggedin\/?$/i;

interface HttpishError {
  type?: string;
  status?: number;
  statusCode?: number;
}

const isClientError = (status: number | undefined) =>
  typeof status === 'number' && status >= 400 && status < 500;

/** Turns any error into `{message, code, details?}`; unknown errors are logged and answered generically. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    let appError: AppError;
    if (err instanceof AppError) {
      appError = err;
    } else {
      const e = (err ?? {}) as HttpishError;
      if (e.type === 'entity.too.large')
        appError = new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
      else if (e.type === 'entity.parse.failed')
        appError = new AppError('VALIDATION', 'Request body is not valid JSON');
      else if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported')
        appError = new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported request encoding or charset');
      else if (e.status === 404 || e.statusCode === 404 || e.status === 403)
        appError = new AppError('NOT_FOUND', `Nothing found at ${req.path}`);
      else if (isDatabaseUnavailable(err)) appError = databaseUnavailable();
      else if (isStatementTimeout(err)) {
        logger.warn(
          { reqId: req.id, method: req.method, url: req.originalUrl },
          'statement time limit reached',
        );
        appError = statementTimedOut();
      } else if (err instanceof URIError)
        appError = new AppError('BAD_URL', 'The address is not valid: it holds a broken %-encoding');
      else if (isClientError(e.status ?? e.statusCode))
        // Any other 4xx raised by Express or a parser (aborted or malformed bodies): the caller's fault.
        appError = new AppError('VALIDATION', 'The request is malformed or incomplete');
      else {
        logger.error({ err, reqId: req.id, method: req.method, url: req.originalUrl }, 'unhandled error');
        appError = new AppError('INTERNAL', 'Something went wrong on our side. Please try again later.');
      }
    }
    if (appError.headers) res.set(appError.headers);
    res.status(appError.status).json({
      // The original console reads `valid` from a refused session check.
      ...(CHECK_LOGGED_IN.test(req.path) ? { valid: false } : {}),
      ...mobileErrorFields(req.path, appError.status, appError.message),
      message: appError.message,
      code: appError.code,
      ...(appError.details === undefined ? {} : { details: appError.details }),
    });
  };
}

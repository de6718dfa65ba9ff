import type { RequestHandler } from 'express';
import { AppError } from '../lib/errors';
import type { Method, RouteInfo } from '../routes';

/**
 * Malformed requests get a 4xx `{message, code}` before any route sees them (issue 9): a path
 * that does not %-decode (400 BAD_URL), a Content-Encoding other than the ones the JSON parser
 * inflates (415), a body that is neither JSON nor a multipart upload (415).
 */

/** Body encodings the JSON parser (body-parser) inflates itself. */
const JSON_ENCODINGS = new Set(['identity', 'gzip', 'deflate', 'br']);

const hasBody = (req: Parameters<RequestHandler>[0]) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

export const rejectMalformed: RequestHandler = (req, _res, next) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    next(new AppError('BAD_URL', 'The address is not valid: it holds a broken %-encoding'));
    return;
  }
  if (decoded.includes('\u0000')) {
    next(new AppError('BAD_URL', 'The address holds a NUL character (%00), which no path accepts'));
    return;
  }
  if (!hasBody(req)) {
    next();
    return;
  }
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const isJson = Boolean(req.is(['json', '+json']));
  const isMultipart = Boolean(req.is('multipart/form-data'));
  if (encoding !== 'identity' && !(isJson && JSON_ENCODINGS.has(encoding))) {
    next(
      new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Content-Encoding ${encoding.slice(0, 40)} is not accepted here; send the body uncompressed, or JSON as gzip, deflate or br`,
      ),
    );
    return;
  }
  if (!isJson && !isMultipart && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method)) {
    next(
      new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the body as application/json (or multipart/form-data for a file upload)',
      ),
    );
    return;
  }
  next();
};

/** True when any string (or key) in a parsed JSON body holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 50 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000') || holdsNul(v, depth + 1)) return true;
  }
  return false;
}

/** Text with NUL characters is refused: PostgreSQL cannot store them, and no real input holds them. */
export const rejectNul: RequestHandler = (req, _res, next) => {
  if (holdsNul(req.body) || holdsNul(req.query)) {
    next(new AppError('VALIDATION', 'The request holds a NUL character (\\u0000), which no field accepts'));
    return;
  }
  next();
};

/** A route path like `/api/v1/species/:id` as a case-insensitive pattern (Express's own matching). */
function pattern(path: string): RegExp {
  const body = path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`, 'i');
}

/**
 * After every route: a path some route answers, asked with another method, is 405 with `Allow`
 * listing the methods it takes (OPTIONS answers 204 with the same header); else the caller's 404.
 */
export function methodNotAllowed(routes: RouteInfo[]): RequestHandler {
  const compiled = routes.map((r) => ({ method: r.method, re: pattern(r.path) }));
  return (req, res, next) => {
    const methods = new Set<Method | 'head'>();
    for (const r of compiled) {
      if (!r.re.test(req.path)) continue;
      methods.add(r.method);
      if (r.method === 'get') methods.add('head');
    }
    if (methods.size === 0) {
      next();
      return;
    }
    const allow = [...methods, 'options'].map((m) => m.toUpperCase()).join(', ');
    res.setHeader('Allow', allow);
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next(new AppError('METHOD_NOT_ALLOWED', `${req.method.slice(0, 20)} is not allowed here; use ${allow}`));
  };
}

/** Uploaded media (mounted at /media) are files to read: GET and HEAD. */
const MEDIA_ALLOW = 'GET, HEAD, OPTIONS';

/**
 * In front of the media files: OPTIONS answers 204 with `Allow`, another method than GET or HEAD gets
 * the same 405 `{message, code}` as any route (the file server's own 405 has no body).
 */
export const mediaMethods: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') {
    next();
    return;
  }
  res.setHeader('Allow', MEDIA_ALLOW);
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  next(
    new AppError('METHOD_NOT_ALLOWED', `${req.method.slice(0, 20)} is not allowed here; use ${MEDIA_ALLOW}`),
  );
};

/** Answers from a signed-in caller are private and change: never stored by a browser or proxy. */
export const noStoreWhenSignedIn: RequestHandler = (req, res, next) => {
  if (req.headers.authorization !== undefined || req.headers.cookie !== undefined) {
    res.setHeader('Cache-Control', 'no-store');
  }
  next();
};

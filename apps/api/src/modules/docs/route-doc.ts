import type { z } from 'zod';

/** What the OpenAPI document says about one route, beside what the route table already knows. */
export interface RouteDoc {
  /** One line, shown beside the path. */
  summary: string;
  /** The group the route is listed under. */
  tag: string;
  /** Rules, limits and anything a client must know, in a few sentences. */
  description?: string;
  /** Path parameters by name (as the route declares them), with what each holds. */
  params?: Record<string, string>;
  /** Request headers the route reads, by name, with what each does. */
  headers?: Record<string, string>;
  /** Query string, as a contracts object schema (each key becomes one parameter). */
  query?: z.ZodObject;
  /** JSON request body, as a contracts schema. */
  body?: z.ZodType;
  /** A multipart upload instead of a JSON body: the file field's name and what it holds. */
  upload?: { field: string; description: string };
  /** The success response's JSON body. */
  response?: z.ZodType;
  /** The success status (200 when not given). */
  status?: number;
  /** A success answered with something other than JSON (a CSV file, a redirect, a page). */
  produces?: { type: 'text/csv' | 'text/html' | 'application/zip' | 'redirect'; description: string };
  /** The error body, where a route's differs from the usual `{message, code, details?}`. */
  errorSchema?: z.ZodType;
  /** Other statuses worth naming, with when they happen (the usual 400/401/403 are added for you). */
  errors?: Record<number, string>;
}

/** Route keys are "METHOD /path"; path parameter names do not matter for the match. */
export function docKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/:[A-Za-z0-9_]+/g, ':')}`;
}

/** The Express path as OpenAPI writes it: `/species/:id` → `/species/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Path parameter names in declaration order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
}

import type { z } from 'zod';
import { AppError } from '../lib/errors';

/** Messages that do not name their field: zod's defaults, and fragments such as 'must be 1 or more'. */
const GENERIC = /^(Invalid|Unrecognized|Too (big|small)|Expected|[a-z])/;

/** Formats zod issues into one sentence a person can act on, naming the field when the message does not. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.slice(0, 3).map((i) => {
    const field = i.path.map(String).join('.');
    if (i.code === 'unrecognized_keys')
      return `Unknown field${i.keys.length > 1 ? 's' : ''}: ${i.keys.join(', ')}`;
    return field && GENERIC.test(i.message) ? `${field}: ${i.message}` : i.message;
  });
  return [...new Set(parts)].join('; ');
}

/** Parses request input with a contracts schema; bad input becomes a 400 that says what is wrong. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new AppError(
    'VALIDATION',
    describeIssues(result.error.issues),
    result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  );
}

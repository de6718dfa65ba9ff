import { z } from 'zod';

/** Every error the API sends has this shape; the documented clients read `message`. */
export const ErrorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Largest page any list endpoint serves, whatever `limit` asks for. */
export const MAX_PAGE_SIZE = 100;
/** The spec's default list page size (section 9). */
export const DEFAULT_PAGE_SIZE = 5;

const positiveInt = (fallback: number, max?: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : v),
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .transform((n) => (max === undefined ? n : Math.min(n, max))),
  );

/** `?page&limit` as every list endpoint reads them: page from 1, limit capped at MAX_PAGE_SIZE. */
export const pageQuery = (defaultLimit = DEFAULT_PAGE_SIZE) =>
  z.object({
    page: positiveInt(1),
    limit: positiveInt(defaultLimit, MAX_PAGE_SIZE),
  });
export const PageQuerySchema = pageQuery();
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A free-text search or filter: trimmed, blank means none, at most 200 characters. */
export const SearchTermSchema = z
  .string()
  .max(200, 'Search is too long (200 characters at most)')
  .optional()
  .transform((v) => v?.trim() || undefined);

export const IdSchema = z.uuid({ error: 'is not a valid id' });

/** Emails are trimmed and lower-cased everywhere, so one person has one account. */
export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please provide a valid email address' }));

export const NameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_RULE = `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long`;

export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, PASSWORD_RULE)
  .max(PASSWORD_MAX, PASSWORD_RULE);

/** A password as typed at login: any length is accepted there, so old accounts can still sign in. */
export const LoginPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(1024, 'Password is too long');

import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entries } from './records';
import { users } from './users';

/** One-time sign-up codes for the mobile app: one live code per email, stored hashed. */
export const emailVerifications = pgTable('email_verifications', {
  email: text('email').primaryKey(),
  name: text('name').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Wrong codes tried against the current code; the code dies at the limit. */
  attempts: integer('attempts').notNull().default(0),
  /** Codes sent in the current window, to stop mail floods. */
  sentCount: integer('sent_count').notNull().default(1),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type EmailVerificationRow = typeof emailVerifications.$inferSelect;

/** Notices to a birder about their own records (an entry reviewed or renamed). */
export const birderNotices = pgTable(
  'birder_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id').references(() => entries.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    /** The old server's ObjectId and import batch (migration 0012). */
    legacyId: text('legacy_id'),
    legacyBatch: integer('legacy_batch'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('birder_notices_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('birder_notices_user_kind_idx').on(t.userId, t.kind, t.createdAt, t.id),
  ],
);
export type BirderNoticeRow = typeof birderNotices.$inferSelect;

/** Responses to mobile uploads sent with an Idempotency-Key header, replayed on a retry. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Hash of the request body: the same key with a different body is refused (422). */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Sessions of the birders' app (Login, signup, password change): a token or session cookie naming one
 * is valid while the row exists, has not expired and carries the account's current token version.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenVersion: integer('token_version').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.expiresAt)],
);
export type UserSessionRow = typeof userSessions.$inferSelect;

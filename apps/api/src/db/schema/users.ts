import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const userTypeEnum = pgEnum('user_type', ['user', 'admin-user', 'root-user']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    userType: userTypeEnum('user_type').notNull().default('user'),
    isDeactivated: boolean('is_deactivated').notNull().default(false),
    profileUrl: text('profile_url'),
    googleId: text('google_id'),
    country: text('country'),
    dob: date('dob'),
    profession: text('profession'),
    /** Bumped on logout, password change, deactivation: tokens carrying an older value are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The old Druk eBird server's ObjectId and the import batch that brought the account (migration 0012). */
    legacyId: text('legacy_id'),
    legacyBatch: integer('legacy_batch'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_id_key').on(t.googleId),
    index('users_type_created_idx').on(t.userType, t.createdAt),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
export type PasswordResetRow = typeof passwordResets.$inferSelect;

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { species } from './species';
import { users } from './users';

/*
 * Review (migration 0013): approved history per bird, dzongkhag and calendar month (kept by triggers
 * from stats_species_place_month), count limits, rejection templates and the review settings.
 */

export const reviewHistory = pgTable(
  'review_history',
  {
    birdName: text('bird_name').notNull(),
    dzongkhag: text('dzongkhag').notNull(),
    month: smallint('month').notNull(),
    entries: integer('entries').notNull().default(0),
    birds: bigint('birds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'review_history_pk', columns: [t.birdName, t.dzongkhag, t.month] })],
);

export const reviewLimits = pgTable(
  'review_limits',
  {
    speciesId: uuid('species_id')
      .notNull()
      .references(() => species.id, { onDelete: 'cascade' }),
    dzongkhag: text('dzongkhag').notNull(),
    month: smallint('month').notNull(),
    maxCount: integer('max_count').notNull(),
    /** 'admin' (set by hand) or 'history' (seeded from approved records). */
    source: text('source').$type<'admin' | 'history'>().notNull(),
    /** What a seeded limit was derived from, in words. */
    basis: text('basis'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'review_limits_pk', columns: [t.speciesId, t.dzongkhag, t.month] })],
);
export type ReviewLimitRow = typeof reviewLimits.$inferSelect;

export const rejectionTemplates = pgTable(
  'rejection_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    text: text('text').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rejection_templates_text_key').on(sql`lower(${t.text})`)],
);
export type RejectionTemplateRow = typeof rejectionTemplates.$inferSelect;

export const reviewSettings = pgTable('review_settings', {
  id: boolean('id').primaryKey().default(true),
  autoApprove: boolean('auto_approve').notNull().default(false),
  trustedMinApproved: integer('trusted_min_approved').notNull().default(50),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ReviewSettingsRow = typeof reviewSettings.$inferSelect;

import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The activity log: one row per write, recorded by the server itself. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message: text('message').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    /** The old server's ObjectId and import batch (migration 0012). */
    legacyId: text('legacy_id'),
    legacyBatch: integer('legacy_batch'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_created_idx').on(t.createdAt.desc(), t.id.desc())],
);
export type NotificationRow = typeof notifications.$inferSelect;

import { jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** One run of `npm run import:legacy` (migration 0012): rows it added carry its id, so it can be rolled back. */
export const legacyImportBatches = pgTable('legacy_import_batches', {
  id: serial('id').primaryKey(),
  folder: text('folder').notNull(),
  counts: jsonb('counts').$type<Record<string, Record<string, number>>>().notNull().default({}),
  skipped: jsonb('skipped')
    .$type<{ collection: string; id: string; reason: string }[]>()
    .notNull()
    .default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type LegacyImportBatchRow = typeof legacyImportBatches.$inferSelect;

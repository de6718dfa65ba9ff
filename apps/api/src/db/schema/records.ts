import { ne, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { species } from './species';
import { users } from './users';

/** 'importing': an upload's checklist written ahead of its reveal, seen by no one (migration 0016, ingest.staged.ts). */
export const checklistStatusEnum = pgEnum('checklist_status', ['draft', 'submitted', 'importing']);
export const checklistSourceEnum = pgEnum('checklist_source', ['mobile', 'console', 'upload', 'demo']);
export const approvalEnum = pgEnum('approval_status', ['pending', 'approved', 'rejected']);

export const checklists = pgTable(
  'checklists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A dense number given by the database, the checklist's bit in the search bitmaps (migration 0022). */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    /** The id a mobile client generated, so a retried upload creates nothing twice. */
    clientId: text('client_id'),
    name: text('name').notNull(),
    observerId: uuid('observer_id').references(() => users.id, { onDelete: 'set null' }),
    observerName: text('observer_name').notNull(),
    selectedDate: date('selected_date').notNull(),
    /** Null when the birder gave no time (migration 0015); older rows kept their stored 00:00:00. */
    selectedTime: time('selected_time'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    dzongkhag: text('dzongkhag'),
    gewog: text('gewog'),
    village: text('village'),
    status: checklistStatusEnum('status').notNull().default('submitted'),
    source: checklistSourceEnum('source').notNull(),
    /** Kept by the statistics triggers (migration 0004): all entries, and the approved ones. */
    entryCount: integer('entry_count').notNull().default(0),
    approvedEntries: integer('approved_entries').notNull().default(0),
    /** Entries that are not new-species reports, and the approved ones among them (migration 0005). */
    namedEntries: integer('named_entries').notNull().default(0),
    approvedNamedEntries: integer('approved_named_entries').notNull().default(0),
    /** Entries waiting for review: named ones, and new-species reports (migration 0018). */
    pendingNamedEntries: integer('pending_named_entries').notNull().default(0),
    pendingNewEntries: integer('pending_new_entries').notNull().default(0),
    /** Imported from the old server: the documents' shared key, and the import batch (migration 0012). */
    legacyKey: text('legacy_key'),
    legacyBatch: integer('legacy_batch'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checklists_observer_client_key')
      .on(t.observerId, t.clientId)
      .where(sql`${t.clientId} is not null`),
    index('checklists_status_date_idx').on(t.status, t.selectedDate.desc(), t.selectedTime.desc(), t.id),
    index('checklists_observer_idx').on(t.observerId, t.updatedAt),
    index('checklists_place_idx').on(t.dzongkhag, t.gewog, t.village),
    index('checklists_name_idx').on(sql`lower(${t.name})`),
    index('checklists_observer_name_trgm_idx').using('gin', sql`lower(${t.observerName}) gin_trgm_ops`),
    check('checklists_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('checklists_longitude_range', sql`${t.longitude} between -180 and 180`),
  ],
);
/** Not an upload's checklist still waiting to be revealed ('importing'): for reads that are not about submitted ones only. */
export const revealedChecklist = ne(checklists.status, 'importing');
export type ChecklistRow = typeof checklists.$inferSelect;
export type NewChecklistRow = typeof checklists.$inferInsert;

export const entries = pgTable(
  'entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checklistId: uuid('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    birdName: text('bird_name').notNull(),
    speciesId: uuid('species_id').references(() => species.id, { onDelete: 'set null' }),
    adult: integer('adult').notNull().default(0),
    juvenile: integer('juvenile').notNull().default(0),
    total: integer('total').notNull().default(0),
    remarks: text('remarks'),
    photoUrl: text('photo_url'),
    approval: approvalEnum('approval').notNull().default('pending'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The old server's ObjectId of this entry's document, and the import batch (migration 0012). */
    legacyId: text('legacy_id'),
    legacyBatch: integer('legacy_batch'),
    /** 'Unknown Birds' or 'New bird - …': a report awaiting a name. */
    isNewSpecies: boolean('is_new_species')
      .notNull()
      .generatedAlwaysAs(sql`bird_name = 'Unknown Birds' OR bird_name LIKE 'New bird - %'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Review flags (migration 0013): as the wire carries them, and their codes for filtering. */
    flags: jsonb('flags').$type<{ code: string; reason: string }[]>().notNull().default([]),
    flagCodes: text('flag_codes').array().notNull().default([]),
    /** The reason the reviewer gave when rejecting (a template's text as it was then). */
    rejectionReason: text('rejection_reason'),
    /** Approved by the trusted-birder rule, not a person; reversible. */
    autoApproved: boolean('auto_approved').notNull().default(false),
  },
  (t) => [
    index('entries_checklist_idx').on(t.checklistId),
    index('entries_approval_idx').on(t.approval, t.isNewSpecies),
    index('entries_species_idx').on(t.speciesId),
    check('entries_counts_nonnegative', sql`${t.adult} >= 0 AND ${t.juvenile} >= 0 AND ${t.total} >= 0`),
  ],
);
export type EntryRow = typeof entries.$inferSelect;
export type NewEntryRow = typeof entries.$inferInsert;

-- Four indexes that served only some rows held them all, and every insert paid for each (issue 10: a 100,000-row
-- upload writes 100,000 entries and 20,000 checklists, each into every index of its table). Each now holds only the
-- rows its queries can find:
-- - entries.legacy_id and checklists.legacy_key are set only on rows imported from Druk eBird: the unique indexes
--   keep those unique (NULLs never clashed) and leave out every row written here;
-- - checklists (observer_id, client_id) is unique only for the app's checklists, the ones with a client id;
-- - the review queue's flag filter (`flag_codes @> {code}`) reads only flagged entries, and now says so
--   (`cardinality(flag_codes) > 0`, review.repository.ts), which lets it use an index of those alone.
-- Measured on 2 M entries (10,000 entries inserted, as one upload batch, in a transaction rolled back): the insert
-- itself 175-221 ms -> 151-153 ms, the statement 357-398 ms -> 326-328 ms.
DROP INDEX IF EXISTS "entries_legacy_id_key";--> statement-breakpoint
CREATE UNIQUE INDEX "entries_legacy_id_key" ON "entries" ("legacy_id") WHERE "legacy_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "checklists_legacy_key_key";--> statement-breakpoint
CREATE UNIQUE INDEX "checklists_legacy_key_key" ON "checklists" ("legacy_key") WHERE "legacy_key" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "checklists_observer_client_key";--> statement-breakpoint
CREATE UNIQUE INDEX "checklists_observer_client_key" ON "checklists" ("observer_id", "client_id") WHERE "client_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "entries_flag_codes_idx";--> statement-breakpoint
CREATE INDEX "entries_flag_codes_idx" ON "entries" USING gin ("flag_codes") WHERE cardinality("flag_codes") > 0;

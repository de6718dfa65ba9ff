-- Console lists at 2 M entries (issue 10, session 14).
--
-- The gewog, village and birding-site filters. The filters' text is first looked up in the values the lists'
-- checklists carry (stats_list_values, records.filters.ts) and the lists then test those exact values. These indexes
-- serve that test in the lists' date order, as checklists_status_dzongkhag_idx (0011) serves the dzongkhag: without
-- them a rare village walked every submitted checklist in date order (15-45 ms at 2 M entries, a birding site
-- 60-100 ms). Keyed on columns the summary triggers never change, so their counter updates stay HOT.
CREATE INDEX IF NOT EXISTS "checklists_status_gewog_idx" ON "checklists" ("status", "gewog", "selected_date" DESC NULLS LAST, "selected_time" DESC NULLS LAST, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "checklists_status_village_idx" ON "checklists" ("status", "village", "selected_date" DESC NULLS LAST, "selected_time" DESC NULLS LAST, "id");--> statement-breakpoint
-- The search's bird half: entries by exact name, now carrying what the lists test of an entry (approval, new-species
-- report), so the checklists and new-species lists count their matches from the index alone (records.totals.ts
-- fromSearchHalves) instead of fetching every matching entry's row (19,000 rows for 'son': 16,000 pages read).
CREATE INDEX IF NOT EXISTS "entries_bird_name_cover_idx" ON "entries" USING btree ("bird_name","checklist_id") INCLUDE ("approval","is_new_species");--> statement-breakpoint
DROP INDEX IF EXISTS "entries_bird_name_idx";--> statement-breakpoint
ALTER INDEX "entries_bird_name_cover_idx" RENAME TO "entries_bird_name_idx";--> statement-breakpoint
-- Drafts and uploads still importing (a few thousand rows at most): the same count leaves out their entries by a hash of
-- these ids, read from this index alone.
CREATE INDEX IF NOT EXISTS "checklists_unsubmitted_idx" ON "checklists" ("id") WHERE status <> 'submitted';

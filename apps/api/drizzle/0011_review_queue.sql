-- The reviewer's queue (issue 12): "pending only", column sorting and the pending count per dzongkhag.
-- Pending named entries are a small, changing slice of millions of entries: a partial index holds just
-- them, so the pending filter (EXISTS per checklist) and the per-dzongkhag count read only that slice.
CREATE INDEX IF NOT EXISTS "entries_pending_idx" ON "entries" ("checklist_id")
  WHERE "approval" = 'pending' AND NOT "is_new_species";--> statement-breakpoint
-- Whitelisted sort keys of the checklists list, each with the date order as its tiebreak.
CREATE INDEX IF NOT EXISTS "checklists_status_observer_idx" ON "checklists" ("status", lower("observer_name"), "selected_date", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "checklists_status_dzongkhag_idx" ON "checklists" ("status", "dzongkhag", "selected_date", "id");

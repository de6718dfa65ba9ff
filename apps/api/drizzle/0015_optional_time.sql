-- A checklist's time is optional (issue 12, defect 4): a time the birder did not give stays NULL instead of being
-- stored as midnight. Rows written before this keep their 00:00:00: nothing tells a real midnight from a filled-in
-- one, so they are left as they are (an administrator can clear a time with "Correct" on the checklist).
-- checklists_status_date_idx and checklists_newspecies_date_idx already order the time DESC NULLS LAST.
ALTER TABLE "checklists" ALTER COLUMN "selected_time" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "checklists" ALTER COLUMN "selected_time" DROP DEFAULT;

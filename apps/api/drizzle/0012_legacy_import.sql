-- Issue 13: the old Druk eBird server's data moved in (npm run import:legacy).
-- Each run of the import is one batch; every row it adds carries the batch, so the batch can be
-- rolled back, and the old MongoDB ObjectId, so a re-run finds what is already there and adds nothing.
CREATE TABLE "legacy_import_batches" (
  "id" serial PRIMARY KEY,
  "folder" text NOT NULL,
  "counts" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "skipped" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legacy_id" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legacy_batch" integer REFERENCES "legacy_import_batches"("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "users_legacy_id_key" ON "users" ("legacy_id");
--> statement-breakpoint
CREATE INDEX "users_legacy_batch_idx" ON "users" ("legacy_batch") WHERE "legacy_batch" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "species" ADD COLUMN "legacy_id" text;
--> statement-breakpoint
ALTER TABLE "species" ADD COLUMN "legacy_batch" integer REFERENCES "legacy_import_batches"("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "species_legacy_id_key" ON "species" ("legacy_id");
--> statement-breakpoint
CREATE INDEX "species_legacy_batch_idx" ON "species" ("legacy_batch") WHERE "legacy_batch" IS NOT NULL;
--> statement-breakpoint
-- A checklist of the old system has no id of its own: its key is the documents' shared
-- CheckListName + userId + date + time + place (+ draft or submitted).
ALTER TABLE "checklists" ADD COLUMN "legacy_key" text;
--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "legacy_batch" integer REFERENCES "legacy_import_batches"("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "checklists_legacy_key_key" ON "checklists" ("legacy_key");
--> statement-breakpoint
CREATE INDEX "checklists_legacy_batch_idx" ON "checklists" ("legacy_batch") WHERE "legacy_batch" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "legacy_id" text;
--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "legacy_batch" integer REFERENCES "legacy_import_batches"("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "entries_legacy_id_key" ON "entries" ("legacy_id");
--> statement-breakpoint
CREATE INDEX "entries_legacy_batch_idx" ON "entries" ("legacy_batch") WHERE "legacy_batch" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "legacy_id" text;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "legacy_batch" integer REFERENCES "legacy_import_batches"("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_legacy_id_key" ON "notifications" ("legacy_id");
--> statement-breakpoint
CREATE INDEX "notifications_legacy_batch_idx" ON "notifications" ("legacy_batch") WHERE "legacy_batch" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "birder_notices" ADD COLUMN "legacy_id" text;
--> statement-breakpoint
ALTER TABLE "birder_notices" ADD COLUMN "legacy_batch" integer REFERENCES "legacy_import_batches"("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "birder_notices_legacy_id_key" ON "birder_notices" ("legacy_id");
--> statement-breakpoint
CREATE INDEX "birder_notices_legacy_batch_idx" ON "birder_notices" ("legacy_batch") WHERE "legacy_batch" IS NOT NULL;
--> statement-breakpoint
-- The Darwin Core export walks submitted checklists in id order (keyset), batch by batch.
CREATE INDEX "checklists_submitted_id_idx" ON "checklists" ("id") WHERE "status" = 'submitted';

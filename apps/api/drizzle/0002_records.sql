CREATE TYPE "public"."approval_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."checklist_source" AS ENUM('mobile', 'console', 'upload', 'demo');--> statement-breakpoint
CREATE TYPE "public"."checklist_status" AS ENUM('draft', 'submitted');--> statement-breakpoint
CREATE TABLE "checklists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text,
	"name" text NOT NULL,
	"observer_id" uuid,
	"observer_name" text NOT NULL,
	"selected_date" date NOT NULL,
	"selected_time" time DEFAULT '00:00:00' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"dzongkhag" text,
	"gewog" text,
	"village" text,
	"status" "checklist_status" DEFAULT 'submitted' NOT NULL,
	"source" "checklist_source" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklists_latitude_range" CHECK ("checklists"."latitude" between -90 and 90),
	CONSTRAINT "checklists_longitude_range" CHECK ("checklists"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checklist_id" uuid NOT NULL,
	"bird_name" text NOT NULL,
	"species_id" uuid,
	"adult" integer DEFAULT 0 NOT NULL,
	"juvenile" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"remarks" text,
	"photo_url" text,
	"approval" "approval_status" DEFAULT 'pending' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"is_new_species" boolean GENERATED ALWAYS AS (bird_name = 'Unknown Birds' OR bird_name LIKE 'New bird - %') STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entries_counts_nonnegative" CHECK ("entries"."adult" >= 0 AND "entries"."juvenile" >= 0 AND "entries"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_observer_id_users_id_fk" FOREIGN KEY ("observer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_species_id_species_id_fk" FOREIGN KEY ("species_id") REFERENCES "public"."species"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checklists_observer_client_key" ON "checklists" USING btree ("observer_id","client_id");--> statement-breakpoint
CREATE INDEX "checklists_status_date_idx" ON "checklists" USING btree ("status","selected_date" DESC NULLS LAST,"selected_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "checklists_observer_idx" ON "checklists" USING btree ("observer_id","updated_at");--> statement-breakpoint
CREATE INDEX "checklists_place_idx" ON "checklists" USING btree ("dzongkhag","gewog","village");--> statement-breakpoint
CREATE INDEX "checklists_name_idx" ON "checklists" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "checklists_observer_name_trgm_idx" ON "checklists" USING gin (lower("observer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "entries_checklist_idx" ON "entries" USING btree ("checklist_id");--> statement-breakpoint
CREATE INDEX "entries_approval_idx" ON "entries" USING btree ("approval","is_new_species");--> statement-breakpoint
CREATE INDEX "entries_species_idx" ON "entries" USING btree ("species_id");--> statement-breakpoint
CREATE INDEX "entries_bird_name_trgm_idx" ON "entries" USING gin (lower("bird_name") gin_trgm_ops);
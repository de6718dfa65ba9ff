-- Review (issue 14): automatic flags on entries, per species x dzongkhag x month count limits, the
-- approved-history summary the flags read, rejection-reason templates, the review settings and the
-- automatic approvals of trusted birders.

-- Flags as the wire carries them ([{code, reason}]), and their codes for filtering (GIN).
ALTER TABLE "entries" ADD COLUMN "flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "flag_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The reason a reviewer gave for a rejection (the text of the template picked, kept as it was then).
ALTER TABLE "entries" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
-- Approved by the automatic rule rather than a person (reviewed_by stays empty); reversible.
ALTER TABLE "entries" ADD COLUMN "auto_approved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "entries_flag_codes_idx" ON "entries" USING gin ("flag_codes");--> statement-breakpoint
-- The triage queue: pending entries, flagged before unflagged, oldest first.
CREATE INDEX "entries_queue_idx" ON "entries" USING btree ((cardinality("flag_codes") > 0) DESC, "created_at", "id") WHERE "approval" = 'pending';--> statement-breakpoint
CREATE INDEX "entries_auto_approved_idx" ON "entries" USING btree ("reviewed_at" DESC, "id") WHERE "auto_approved";--> statement-breakpoint
-- DUPLICATE looks up the same bird on the same birder's other checklists of that day and place.
-- Median days to a decision per dzongkhag reads the recent decisions.
CREATE INDEX "entries_reviewed_at_idx" ON "entries" USING btree ("reviewed_at") WHERE "reviewed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "checklists_observer_day_idx" ON "checklists" USING btree ("observer_id", "selected_date", "dzongkhag");--> statement-breakpoint

-- Approved history per bird, dzongkhag and calendar month (any year): what FIRST_IN_PLACE,
-- OUT_OF_SEASON and the derived HIGH_COUNT limits read. At most 12 rows per bird and dzongkhag.
-- Kept from stats_species_place_month (approved entries of submitted checklists, new-species
-- reports left out) by the statement-level triggers below, in the same transaction.
CREATE TABLE "review_history" (
	"bird_name" text NOT NULL,
	"dzongkhag" text NOT NULL,
	"month" smallint NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"birds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "review_history_pk" PRIMARY KEY("bird_name","dzongkhag","month"),
	CONSTRAINT "review_history_month_range" CHECK ("month" BETWEEN 1 AND 12)
);--> statement-breakpoint

CREATE FUNCTION review_history_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_history AS h (bird_name, dzongkhag, month, entries, birds)
  SELECT bird_name, dzongkhag, extract(month FROM month)::smallint, sum(entries), sum(birds)
  FROM new_rows GROUP BY 1, 2, 3 HAVING sum(entries) <> 0 OR sum(birds) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (bird_name, dzongkhag, month) DO UPDATE SET entries = h.entries + excluded.entries, birds = h.birds + excluded.birds;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION review_history_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_history AS h (bird_name, dzongkhag, month, entries, birds)
  SELECT bird_name, dzongkhag, m, sum(n), sum(b)
  FROM (SELECT bird_name, dzongkhag, extract(month FROM month)::smallint AS m, entries AS n, birds AS b FROM new_rows
        UNION ALL
        SELECT bird_name, dzongkhag, extract(month FROM month)::smallint, -entries, -birds FROM old_rows) d
  GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(b) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (bird_name, dzongkhag, month) DO UPDATE SET entries = h.entries + excluded.entries, birds = h.birds + excluded.birds;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION review_history_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_history AS h (bird_name, dzongkhag, month, entries, birds)
  SELECT bird_name, dzongkhag, extract(month FROM month)::smallint, -sum(entries), -sum(birds)
  FROM old_rows GROUP BY 1, 2, 3 HAVING sum(entries) <> 0 OR sum(birds) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (bird_name, dzongkhag, month) DO UPDATE SET entries = h.entries + excluded.entries, birds = h.birds + excluded.birds;
  RETURN NULL;
END $$;--> statement-breakpoint
-- stats_rebuild() truncates and refills the species summary: the refill's inserts rebuild this one.
CREATE FUNCTION review_history_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE review_history;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER review_history_inserted AFTER INSERT ON stats_species_place_month REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION review_history_inserted();--> statement-breakpoint
CREATE TRIGGER review_history_updated AFTER UPDATE ON stats_species_place_month REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION review_history_updated();--> statement-breakpoint
CREATE TRIGGER review_history_deleted AFTER DELETE ON stats_species_place_month REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION review_history_deleted();--> statement-breakpoint
CREATE TRIGGER review_history_truncated AFTER TRUNCATE ON stats_species_place_month FOR EACH STATEMENT EXECUTE FUNCTION review_history_truncated();--> statement-breakpoint
INSERT INTO review_history (bird_name, dzongkhag, month, entries, birds)
SELECT bird_name, dzongkhag, extract(month FROM month)::smallint, sum(entries), sum(birds)
FROM stats_species_place_month GROUP BY 1, 2, 3;--> statement-breakpoint

-- Admin-set (or seeded from history) count limits per species, dzongkhag and calendar month.
CREATE TABLE "review_limits" (
	"species_id" uuid NOT NULL,
	"dzongkhag" text NOT NULL,
	"month" smallint NOT NULL,
	"max_count" integer NOT NULL,
	"source" text NOT NULL,
	"basis" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_limits_pk" PRIMARY KEY("species_id","dzongkhag","month"),
	CONSTRAINT "review_limits_month_range" CHECK ("month" BETWEEN 1 AND 12),
	CONSTRAINT "review_limits_positive" CHECK ("max_count" >= 1),
	CONSTRAINT "review_limits_source" CHECK ("source" IN ('admin', 'history'))
);--> statement-breakpoint
ALTER TABLE "review_limits" ADD CONSTRAINT "review_limits_species_fk" FOREIGN KEY ("species_id") REFERENCES "public"."species"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_limits" ADD CONSTRAINT "review_limits_updated_by_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_limits_place_idx" ON "review_limits" USING btree ("dzongkhag", "month");--> statement-breakpoint

-- The short list of reasons a reviewer picks from when rejecting.
CREATE TABLE "rejection_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "rejection_templates_text_key" ON "rejection_templates" USING btree (lower("text"));--> statement-breakpoint
INSERT INTO rejection_templates (text, position) VALUES
  ('The photo does not show this species; please check the identification', 1),
  ('This species is not known from this place at this time of year; please add a photo or details', 2),
  ('The count is far above what has been recorded here; please check the number', 3),
  ('This record duplicates another checklist of yours', 4),
  ('The date or location looks wrong; please correct the checklist', 5);--> statement-breakpoint

-- One row: the review settings. Automatic approval is off until an admin turns it on.
CREATE TABLE "review_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"auto_approve" boolean DEFAULT false NOT NULL,
	"trusted_min_approved" integer DEFAULT 50 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_settings_one_row" CHECK ("id"),
	CONSTRAINT "review_settings_min_positive" CHECK ("trusted_min_approved" >= 1)
);--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_updated_by_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO review_settings (id) VALUES (true);

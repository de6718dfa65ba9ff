CREATE TABLE "species" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"english_name" text NOT NULL,
	"scientific_name" text,
	"order_name" text,
	"family_name" text,
	"genus" text,
	"species_epithet" text,
	"authority" text,
	"group_name" text,
	"dzongkha_name" text,
	"lho_name" text,
	"shar_name" text,
	"kheng_name" text,
	"iucn_status" text,
	"cites_appendix" text,
	"bhutan_schedule" text,
	"residency" text,
	"habitat" text,
	"description" text,
	"observations" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "species_observations_nonnegative" CHECK ("species"."observations" >= 0)
);
--> statement-breakpoint
CREATE TABLE "species_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"species_id" uuid NOT NULL,
	"url" text NOT NULL,
	"thumbnail_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "species_photos" ADD CONSTRAINT "species_photos_species_id_species_id_fk" FOREIGN KEY ("species_id") REFERENCES "public"."species"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "species_english_name_key" ON "species" USING btree (lower("english_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "species_scientific_name_key" ON "species" USING btree (lower("scientific_name"));--> statement-breakpoint
CREATE INDEX "species_english_name_idx" ON "species" USING btree ("english_name","id");--> statement-breakpoint
CREATE INDEX "species_order_idx" ON "species" USING btree ("order_name");--> statement-breakpoint
CREATE INDEX "species_family_idx" ON "species" USING btree ("family_name");--> statement-breakpoint
CREATE INDEX "species_genus_idx" ON "species" USING btree ("genus");--> statement-breakpoint
CREATE INDEX "species_group_idx" ON "species" USING btree ("group_name");--> statement-breakpoint
CREATE INDEX "species_iucn_idx" ON "species" USING btree ("iucn_status");--> statement-breakpoint
CREATE INDEX "species_residency_idx" ON "species" USING btree ("residency");--> statement-breakpoint
CREATE INDEX "species_search_trgm_idx" ON "species" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "species_photos_species_idx" ON "species_photos" USING btree ("species_id","position");--> statement-breakpoint
CREATE OR REPLACE FUNCTION species_search_text() RETURNS trigger AS $$
BEGIN
  NEW.search_text := lower(unaccent(concat_ws(' ',
    NEW.english_name, NEW.scientific_name, NEW.dzongkha_name, NEW.lho_name, NEW.shar_name, NEW.kheng_name,
    NEW.order_name, NEW.family_name, NEW.genus, NEW.group_name)));
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER species_search_text_trg BEFORE INSERT OR UPDATE ON "species"
  FOR EACH ROW EXECUTE FUNCTION species_search_text();

-- The entries list's search by bird (issue 10). stats_species_month and stats_species_place_month count the approved,
-- named entries of submitted checklists: exactly the entries list's rows. Read by bird name, they give the search's
-- matches per month (its walk in date order then starts at the newest month holding a match and stops once the page's
-- matches have passed) and its total, with or without place filters, instead of a count over every matching entry.
-- Keyed on columns the triggers never change, so their updates of the counts stay HOT.
CREATE INDEX "stats_species_month_bird_idx" ON "stats_species_month" USING btree ("bird_name","month");--> statement-breakpoint
CREATE INDEX "stats_species_place_month_bird_idx" ON "stats_species_place_month" USING btree ("bird_name","dzongkhag","gewog","village");

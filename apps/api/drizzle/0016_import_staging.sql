-- Large uploads on the embedded database (issue 9). PGlite has one connection, so a transaction that
-- writes 20,000 entries keeps every other request waiting. An upload now writes its new checklists
-- beforehand, in short statements, with this status: invisible to every list, count and statistic
-- (they all read 'submitted', and the observer is only set when they are revealed), then one short
-- transaction turns them 'submitted'. Rows left in this state by a crash are removed at start-up.
ALTER TYPE "public"."checklist_status" ADD VALUE IF NOT EXISTS 'importing';--> statement-breakpoint

-- Species deltas are summed per month, place and bird once, before the period tables expand each into
-- twelve rows (three periods x four place levels): revealing 4,000 checklists hands over one delta per
-- entry, 20,000 of them, which expanded to 240,000 rows before being summed. Otherwise as in 0008.
CREATE OR REPLACE FUNCTION stats_apply_species(ds stats_species_delta[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  summed stats_species_delta[];
BEGIN
  IF coalesce(array_length(ds, 1), 0) = 0 THEN RETURN; END IF;
  summed := ARRAY(
    SELECT ROW(month, dzongkhag, gewog, village, bird_name, sum(n)::integer, sum(birds)::bigint)::stats_species_delta
    FROM unnest(ds) GROUP BY month, dzongkhag, gewog, village, bird_name
    HAVING sum(n) <> 0 OR sum(birds) <> 0);
  IF coalesce(array_length(summed, 1), 0) = 0 THEN RETURN; END IF;
  WITH place AS (
    INSERT INTO stats_species_place_month AS s (month, dzongkhag, gewog, village, bird_name, entries, birds)
    SELECT * FROM unnest(summed) ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, dzongkhag, gewog, village, bird_name)
    DO UPDATE SET entries = s.entries + excluded.entries, birds = s.birds + excluded.birds
  )
  INSERT INTO stats_species_month AS s (month, bird_name, entries, birds)
  SELECT month, bird_name, sum(n), sum(birds) FROM unnest(summed) GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (month, bird_name) DO UPDATE SET entries = s.entries + excluded.entries, birds = s.birds + excluded.birds;
  PERFORM stats_apply_species_periods(summed);
END $$;

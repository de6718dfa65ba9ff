-- National scale (issue 10): the console lists and the analytics read small summary tables instead of
-- counting over millions of rows. Kept by statement-level triggers in the writing transaction, like
-- the summaries of 0004/0005; stats_rebuild() recomputes them too (bulk loaders switch every trigger
-- whose name holds 'stats' off, load, and call it once).

-- Per console list ('checklists', 'entries', 'newspecies'): submitted checklists holding at least one
-- entry of the list, and those entries. The unfiltered totals of the lists.
CREATE TABLE "stats_list_totals" (
	"list" text PRIMARY KEY NOT NULL,
	"checklists" bigint DEFAULT 0 NOT NULL,
	"entries" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- Per list, the distinct dzongkhags, gewogs, villages and observer names its checklists carry (what
-- the list's filters offer), each with how many of the list's checklists carry it; rows at 0 go.
CREATE TABLE "stats_list_values" (
	"list" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"checklists" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_list_values_pk" PRIMARY KEY("list","kind","value")
);--> statement-breakpoint
CREATE INDEX "stats_list_values_empty_idx" ON "stats_list_values" USING btree ("list") WHERE checklists = 0;--> statement-breakpoint
-- Approved named entries per period ('YYYY-MM', 'YYYY' and 'all'), place level (0 national,
-- 1 dzongkhag, 2 gewog, 3 village; finer keys '' above the level) and bird.
CREATE TABLE "stats_species_period" (
	"period" text NOT NULL,
	"level" smallint NOT NULL,
	"dzongkhag" text DEFAULT '' NOT NULL,
	"gewog" text DEFAULT '' NOT NULL,
	"village" text DEFAULT '' NOT NULL,
	"bird_name" text NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"birds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_species_period_pk" PRIMARY KEY("period","level","dzongkhag","gewog","village","bird_name")
);--> statement-breakpoint
-- A place's most counted birds in a period, read from the index in order (the chart tooltips).
CREATE INDEX "stats_species_period_top_idx" ON "stats_species_period" USING btree ("period","level","dzongkhag","gewog","village","birds" DESC,"bird_name") INCLUDE ("entries");--> statement-breakpoint
-- Distinct species (birds with entries > 0 above) per period and place: the analytics' bar heights.
CREATE TABLE "stats_place_species" (
	"period" text NOT NULL,
	"level" smallint NOT NULL,
	"dzongkhag" text DEFAULT '' NOT NULL,
	"gewog" text DEFAULT '' NOT NULL,
	"village" text DEFAULT '' NOT NULL,
	"species" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_place_species_pk" PRIMARY KEY("period","level","dzongkhag","gewog","village")
);--> statement-breakpoint
CREATE INDEX "stats_place_species_rank_idx" ON "stats_place_species" USING btree ("period","level","species" DESC,"dzongkhag","gewog","village");--> statement-breakpoint
-- The new-species list walks only the checklists holding new-species reports, newest first.
CREATE INDEX "checklists_newspecies_date_idx" ON "checklists" USING btree ("selected_date" DESC NULLS LAST,"selected_time" DESC NULLS LAST,"id") WHERE status = 'submitted' AND entry_count > named_entries;--> statement-breakpoint

-- Applies species deltas to the period tables; a (period, place, bird) row crossing zero entries
-- adds or removes one species at that place.
CREATE FUNCTION stats_apply_species_periods(ds stats_species_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH x AS (
    SELECT p.period, l.level::smallint AS level,
           CASE WHEN l.level >= 1 THEN d.dzongkhag ELSE '' END AS dzongkhag,
           CASE WHEN l.level >= 2 THEN d.gewog ELSE '' END AS gewog,
           CASE WHEN l.level >= 3 THEN d.village ELSE '' END AS village,
           d.bird_name, sum(d.n)::integer AS n, sum(d.birds)::bigint AS birds
    FROM unnest(ds) d
    CROSS JOIN LATERAL (VALUES (to_char(d.month, 'YYYY-MM')), (to_char(d.month, 'YYYY')), ('all')) p(period)
    CROSS JOIN generate_series(0, 3) l(level)
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d.n) <> 0 OR sum(d.birds) <> 0
  ), up AS (
    INSERT INTO stats_species_period AS s (period, level, dzongkhag, gewog, village, bird_name, entries, birds)
    SELECT * FROM x ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (period, level, dzongkhag, gewog, village, bird_name)
    DO UPDATE SET entries = s.entries + excluded.entries, birds = s.birds + excluded.birds
    RETURNING s.period, s.level, s.dzongkhag, s.gewog, s.village, s.bird_name, s.entries
  ), crossing AS (
    SELECT up.period, up.level, up.dzongkhag, up.gewog, up.village,
           sum(CASE WHEN up.entries > 0 AND up.entries - x.n <= 0 THEN 1
                    WHEN up.entries <= 0 AND up.entries - x.n > 0 THEN -1 ELSE 0 END)::integer AS species
    FROM up JOIN x USING (period, level, dzongkhag, gewog, village, bird_name)
    GROUP BY 1, 2, 3, 4, 5
  )
  INSERT INTO stats_place_species AS s (period, level, dzongkhag, gewog, village, species)
  SELECT * FROM crossing WHERE species <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (period, level, dzongkhag, gewog, village) DO UPDATE SET species = s.species + excluded.species;
END $$;--> statement-breakpoint

-- As in 0004, with the period tables kept beside the month tables.
CREATE OR REPLACE FUNCTION stats_apply_species(ds stats_species_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ds, 1), 0) = 0 THEN RETURN; END IF;
  WITH d AS (
    SELECT month, dzongkhag, gewog, village, bird_name, sum(n)::integer AS n, sum(birds)::bigint AS birds
    FROM unnest(ds) GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(birds) <> 0
  ), place AS (
    INSERT INTO stats_species_place_month AS s (month, dzongkhag, gewog, village, bird_name, entries, birds)
    SELECT * FROM d ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, dzongkhag, gewog, village, bird_name)
    DO UPDATE SET entries = s.entries + excluded.entries, birds = s.birds + excluded.birds
  )
  INSERT INTO stats_species_month AS s (month, bird_name, entries, birds)
  SELECT month, bird_name, sum(n), sum(birds) FROM d GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (month, bird_name) DO UPDATE SET entries = s.entries + excluded.entries, birds = s.birds + excluded.birds;
  PERFORM stats_apply_species_periods(ds);
END $$;--> statement-breakpoint

-- One changed checklist for the list tables, signed: +1 for its new state, -1 for its old one.
CREATE TYPE stats_list_delta AS (submitted boolean, dzongkhag text, gewog text, village text, observer_name text, entry_count integer, named_entries integer, approved_named_entries integer, sign integer);--> statement-breakpoint

CREATE FUNCTION stats_apply_lists(ds stats_list_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ds, 1), 0) = 0 THEN RETURN; END IF;
  WITH d AS (
    SELECT l.list, x.dzongkhag, x.gewog, x.village, x.observer_name, l.n, x.sign
    FROM unnest(ds) x
    CROSS JOIN LATERAL (VALUES ('checklists', x.named_entries), ('entries', x.approved_named_entries),
                               ('newspecies', x.entry_count - x.named_entries)) l(list, n)
    WHERE x.submitted AND l.n > 0
  ), totals AS (
    INSERT INTO stats_list_totals AS s (list, checklists, entries)
    SELECT list, sum(sign), sum(sign * n) FROM d GROUP BY 1
    HAVING sum(sign) <> 0 OR sum(sign * n) <> 0 ORDER BY 1
    ON CONFLICT (list) DO UPDATE SET checklists = s.checklists + excluded.checklists, entries = s.entries + excluded.entries
  )
  INSERT INTO stats_list_values AS s (list, kind, value, checklists)
  SELECT list, kind, value, sum(sign) FROM (
    SELECT list, 'dzongkhag' AS kind, dzongkhag AS value, sign FROM d
    UNION ALL SELECT list, 'gewog', gewog, sign FROM d
    UNION ALL SELECT list, 'village', village, sign FROM d
    UNION ALL SELECT list, 'observer', observer_name, sign FROM d) v
  WHERE value IS NOT NULL AND value <> ''
  GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (list, kind, value) DO UPDATE SET checklists = s.checklists + excluded.checklists;
  -- Served by the partial index below, which holds only the rows just brought to 0.
  DELETE FROM stats_list_values WHERE checklists = 0;
END $$;--> statement-breakpoint

CREATE FUNCTION stats_lists_checklists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_apply_lists(ARRAY(SELECT ROW(status = 'submitted', dzongkhag, gewog, village, observer_name, entry_count, named_entries, approved_named_entries, 1)::stats_list_delta FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stats_apply_lists(ARRAY(SELECT ROW(status = 'submitted', dzongkhag, gewog, village, observer_name, entry_count, named_entries, approved_named_entries, -1)::stats_list_delta FROM old_rows));
  ELSE
    PERFORM stats_apply_lists(ARRAY(
      SELECT ROW(n.status = 'submitted', n.dzongkhag, n.gewog, n.village, n.observer_name, n.entry_count, n.named_entries, n.approved_named_entries, 1)::stats_list_delta
      FROM new_rows n JOIN old_rows o USING (id)
      WHERE (n.status, n.dzongkhag, n.gewog, n.village, n.observer_name, n.entry_count, n.named_entries, n.approved_named_entries)
            IS DISTINCT FROM (o.status, o.dzongkhag, o.gewog, o.village, o.observer_name, o.entry_count, o.named_entries, o.approved_named_entries)
      UNION ALL
      SELECT ROW(o.status = 'submitted', o.dzongkhag, o.gewog, o.village, o.observer_name, o.entry_count, o.named_entries, o.approved_named_entries, -1)::stats_list_delta
      FROM new_rows n JOIN old_rows o USING (id)
      WHERE (n.status, n.dzongkhag, n.gewog, n.village, n.observer_name, n.entry_count, n.named_entries, n.approved_named_entries)
            IS DISTINCT FROM (o.status, o.dzongkhag, o.gewog, o.village, o.observer_name, o.entry_count, o.named_entries, o.approved_named_entries)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER checklists_stats_lists_inserted AFTER INSERT ON checklists REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_lists_checklists_changed();--> statement-breakpoint
CREATE TRIGGER checklists_stats_lists_updated AFTER UPDATE ON checklists REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_lists_checklists_changed();--> statement-breakpoint
CREATE TRIGGER checklists_stats_lists_deleted AFTER DELETE ON checklists REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_lists_checklists_changed();--> statement-breakpoint

CREATE FUNCTION stats_rebuild_national_scale() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE stats_list_totals, stats_list_values, stats_species_period, stats_place_species;
  CREATE TEMP TABLE stats_rebuild_lists ON COMMIT DROP AS
  SELECT l.list, c.dzongkhag, c.gewog, c.village, c.observer_name, l.n
  FROM checklists c
  CROSS JOIN LATERAL (VALUES ('checklists', c.named_entries), ('entries', c.approved_named_entries),
                             ('newspecies', c.entry_count - c.named_entries)) l(list, n)
  WHERE c.status = 'submitted' AND l.n > 0;
  INSERT INTO stats_list_totals (list, checklists, entries) SELECT list, count(*), sum(n) FROM stats_rebuild_lists GROUP BY 1;
  INSERT INTO stats_list_values (list, kind, value, checklists)
  SELECT list, kind, value, count(*) FROM (
    SELECT list, 'dzongkhag' AS kind, dzongkhag AS value FROM stats_rebuild_lists
    UNION ALL SELECT list, 'gewog', gewog FROM stats_rebuild_lists
    UNION ALL SELECT list, 'village', village FROM stats_rebuild_lists
    UNION ALL SELECT list, 'observer', observer_name FROM stats_rebuild_lists) v
  WHERE value IS NOT NULL AND value <> '' GROUP BY 1, 2, 3;
  DROP TABLE stats_rebuild_lists;
  INSERT INTO stats_species_period (period, level, dzongkhag, gewog, village, bird_name, entries, birds)
  SELECT p.period, l.level, CASE WHEN l.level >= 1 THEN s.dzongkhag ELSE '' END,
         CASE WHEN l.level >= 2 THEN s.gewog ELSE '' END, CASE WHEN l.level >= 3 THEN s.village ELSE '' END,
         s.bird_name, sum(s.entries), sum(s.birds)
  FROM stats_species_place_month s
  CROSS JOIN LATERAL (VALUES (to_char(s.month, 'YYYY-MM')), (to_char(s.month, 'YYYY')), ('all')) p(period)
  CROSS JOIN generate_series(0, 3) l(level)
  GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(s.entries) <> 0 OR sum(s.birds) <> 0;
  INSERT INTO stats_place_species (period, level, dzongkhag, gewog, village, species)
  SELECT period, level, dzongkhag, gewog, village, count(*) FROM stats_species_period WHERE entries > 0 GROUP BY 1, 2, 3, 4, 5;
END $$;--> statement-breakpoint

-- As in 0005, then the tables above (read from the rebuilt month summary).
CREATE OR REPLACE FUNCTION stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_rebuild_checklist_counters();
  TRUNCATE stats_species_place_month, stats_species_month, stats_checklist_place_month, stats_site, stats_birder;
  INSERT INTO stats_species_place_month (month, dzongkhag, gewog, village, bird_name, entries, birds)
  SELECT date_trunc('month', c.selected_date)::date, coalesce(c.dzongkhag, ''), coalesce(c.gewog, ''), coalesce(c.village, ''),
         e.bird_name, count(*), sum(e.total)
  FROM entries e JOIN checklists c ON c.id = e.checklist_id
  WHERE c.status = 'submitted' AND e.approval = 'approved' AND NOT e.is_new_species
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO stats_species_month (month, bird_name, entries, birds)
  SELECT month, bird_name, sum(entries), sum(birds) FROM stats_species_place_month GROUP BY 1, 2;
  INSERT INTO stats_checklist_place_month (month, dzongkhag, gewog, village, checklists, approved_entries)
  SELECT date_trunc('month', selected_date)::date, coalesce(dzongkhag, ''), coalesce(gewog, ''), coalesce(village, ''),
         count(*) FILTER (WHERE approved_entries > 0), sum(approved_entries)
  FROM checklists WHERE status = 'submitted' GROUP BY 1, 2, 3, 4;
  INSERT INTO stats_site (dzongkhag, gewog, village, checklists)
  SELECT coalesce(dzongkhag, ''), coalesce(gewog, ''), coalesce(village, ''), count(*)
  FROM checklists WHERE status = 'submitted' GROUP BY 1, 2, 3;
  INSERT INTO stats_birder (observer_id, entries, submitted, approved)
  SELECT observer_id, sum(entry_count), coalesce(sum(entry_count) FILTER (WHERE status = 'submitted'), 0),
         coalesce(sum(approved_entries) FILTER (WHERE status = 'submitted'), 0)
  FROM checklists WHERE observer_id IS NOT NULL GROUP BY 1;
  PERFORM stats_rebuild_national_scale();
END $$;--> statement-breakpoint
SELECT stats_rebuild_national_scale();
--> statement-breakpoint
ANALYZE stats_list_totals, stats_list_values, stats_species_period, stats_place_species;

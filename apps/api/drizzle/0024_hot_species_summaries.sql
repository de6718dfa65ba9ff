-- The species summaries updated in place (issue 10, sessions 19-20). Every approved named entry written, reviewed or
-- removed adds to 12 rows of stats_species_period (three periods × four place levels) and one of
-- stats_species_place_month. At 2 M entries the first holds 5.4 M rows (1.7 GB with its indexes). Its second index,
-- stats_species_period_top_idx (0008), had the counted birds in its key, so no update could be HOT: each one wrote a
-- new tuple on another page and an entry into both indexes (521 + 677 MB). An upload of 5,081 entries over 500 of the
-- seeded checklists' months, places and birds upserted 43,298 of those rows in 7.0 s of its 9.8 s, writing 550 MB of
-- WAL (77,322 full-page images).
--
-- Now the index goes and both tables leave room on each page (fillfactor), so an update that changes only the counts
-- stays on its page and touches no index. The same 44,128 upserts: 1.7 s, 173 MB of WAL (24,109 full-page images),
-- measured right after a checkpoint. The tables are rewritten once in primary-key order (CLUSTER), which makes that room
-- now and puts a place and period's birds on neighbouring pages.
--
-- The reads the index served, a place and period's most counted birds (analytics.repository.ts speciesByPlace and
-- topNational), keep ordered indexes for the national and dzongkhag rows only (`WHERE level = 0` and `level = 1`,
-- 3.5 MB and 42 MB at 2 M entries): their places have hundreds of birds each, and the same upserts took 1.7-2.1 s
-- with both (an index for the gewog rows too, 144 MB, made it 2.0-2.3 s). A gewog's or village's birds are read
-- through the primary key's prefix and top-N sorted: at most one row per bird, on neighbouring pages while the table
-- keeps the order CLUSTER gave it (updates in place keep it; stats_rebuild() below now writes the rows in that order
-- too).

DROP INDEX IF EXISTS "stats_species_period_top_idx";--> statement-breakpoint
CREATE INDEX "stats_species_period_national_top_idx" ON "stats_species_period" USING btree ("period","birds" DESC,"bird_name") INCLUDE ("entries") WHERE "level" = 0;--> statement-breakpoint
CREATE INDEX "stats_species_period_dzongkhag_top_idx" ON "stats_species_period" USING btree ("period","dzongkhag","birds" DESC,"bird_name") INCLUDE ("entries") WHERE "level" = 1;--> statement-breakpoint
ALTER TABLE "stats_species_period" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "stats_species_place_month" SET (fillfactor = 85);--> statement-breakpoint
CLUSTER "stats_species_period" USING "stats_species_period_pk";--> statement-breakpoint
CLUSTER "stats_species_place_month" USING "stats_species_place_month_pk";--> statement-breakpoint
-- stats_rebuild()'s part that recomputes these summaries (0018), restated with the rows written in primary-key order,
-- the order CLUSTER gives: a rebuilt or newly seeded database reads a place's birds from neighbouring pages too (an
-- unordered rebuild left the 741 national rows of a month on 741 pages: 13 ms a month instead of about 0.2).
CREATE OR REPLACE FUNCTION stats_rebuild_national_scale() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE stats_list_totals, stats_list_values, stats_species_period, stats_place_species;
  CREATE TEMP TABLE stats_rebuild_lists ON COMMIT DROP AS
  SELECT l.list, c.dzongkhag, c.gewog, c.village, c.observer_name, l.n
  FROM checklists c
  CROSS JOIN LATERAL (VALUES ('checklists', c.named_entries), ('entries', c.approved_named_entries),
                             ('newspecies', c.entry_count - c.named_entries)) l(list, n)
  WHERE c.status = 'submitted' AND l.n > 0;
  INSERT INTO stats_list_totals (list, checklists, entries) SELECT list, count(*), sum(n) FROM stats_rebuild_lists GROUP BY 1;
  INSERT INTO stats_list_values (list, kind, value, checklists, entries)
  SELECT list, kind, value, count(*), sum(n) FROM (
    SELECT list, 'dzongkhag' AS kind, dzongkhag AS value, n FROM stats_rebuild_lists
    UNION ALL SELECT list, 'gewog', gewog, n FROM stats_rebuild_lists
    UNION ALL SELECT list, 'village', village, n FROM stats_rebuild_lists
    UNION ALL SELECT list, 'observer', observer_name, n FROM stats_rebuild_lists) v
  WHERE value IS NOT NULL AND value <> '' GROUP BY 1, 2, 3;
  DROP TABLE stats_rebuild_lists;
  INSERT INTO stats_species_period (period, level, dzongkhag, gewog, village, bird_name, entries, birds)
  SELECT p.period, l.level, CASE WHEN l.level >= 1 THEN s.dzongkhag ELSE '' END,
         CASE WHEN l.level >= 2 THEN s.gewog ELSE '' END, CASE WHEN l.level >= 3 THEN s.village ELSE '' END,
         s.bird_name, sum(s.entries), sum(s.birds)
  FROM stats_species_place_month s
  CROSS JOIN LATERAL (VALUES (to_char(s.month, 'YYYY-MM')), (to_char(s.month, 'YYYY')), ('all')) p(period)
  CROSS JOIN generate_series(0, 3) l(level)
  GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(s.entries) <> 0 OR sum(s.birds) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6;
  INSERT INTO stats_place_species (period, level, dzongkhag, gewog, village, species, birds)
  SELECT period, level, dzongkhag, gewog, village, count(*) FILTER (WHERE entries > 0), sum(birds)
  FROM stats_species_period GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
END $$;

-- Console calls at 2 M entries (issue 10, second part). More of what the lists and analytics read is kept by the
-- statement-level triggers of 0004/0005/0008, in the writing transaction, and recomputed by stats_rebuild():
--   * per checklist, its pending entries (named and new-species reports), so "pending only" reads the checklist row;
--   * stats_pending_dzongkhag: the reviewer's queue per dzongkhag (was a GROUP BY over every pending entry per call);
--   * stats_bird_names: the distinct bird names of all entries, which the search matches first (a few hundred rows)
--     before looking up entries by exact name (btree) instead of a trigram scan over millions of names;
--   * stats_list_values.entries: a list's entries per place or birder value, so a list filtered by one of them
--     counts from the summary;
--   * stats_place_species.birds: birds counted per period and place, so the monthly chart reads one row a month.

ALTER TABLE "checklists" ADD COLUMN "pending_named_entries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "pending_new_entries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TYPE stats_entry_delta ADD ATTRIBUTE pending boolean;--> statement-breakpoint

CREATE TABLE "stats_bird_names" (
	"bird_name" text PRIMARY KEY NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- Per list ('checklists': named entries, 'newspecies': new-species reports) and dzongkhag ('' for none): submitted
-- checklists holding a pending entry of the list, and those entries. Rows at 0 stay (a few dozen at most).
CREATE TABLE "stats_pending_dzongkhag" (
	"list" text NOT NULL,
	"dzongkhag" text NOT NULL,
	"checklists" integer DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_pending_dzongkhag_pk" PRIMARY KEY("list","dzongkhag")
);--> statement-breakpoint
ALTER TABLE "stats_list_values" ADD COLUMN "entries" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_place_species" ADD COLUMN "birds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint

-- The search looks entries up by exact name; the checklist id lets the checklists list's half stay in the index.
CREATE INDEX IF NOT EXISTS "entries_bird_name_idx" ON "entries" USING btree ("bird_name","checklist_id");--> statement-breakpoint
-- "Pending only", newest first: only the checklists waiting for review, in list order.
CREATE INDEX IF NOT EXISTS "checklists_pending_date_idx" ON "checklists" USING btree ("selected_date" DESC NULLS LAST,"selected_time" DESC NULLS LAST,"id") WHERE status = 'submitted' AND pending_named_entries > 0;--> statement-breakpoint

-- The national rows (one per month, year and 'all'): which years hold records, and the monthly chart.
CREATE INDEX IF NOT EXISTS "stats_place_species_national_idx" ON "stats_place_species" USING btree ("period") INCLUDE ("species","birds") WHERE level = 0;--> statement-breakpoint

-- As in 0005, with the pending counters and the bird names.
CREATE OR REPLACE FUNCTION stats_apply_entries(ds stats_entry_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_species(ARRAY(
    SELECT ROW(date_trunc('month', c.selected_date)::date, coalesce(c.dzongkhag, ''), coalesce(c.gewog, ''),
               coalesce(c.village, ''), x.bird_name, x.sign, x.sign * x.total::bigint)::stats_species_delta
    FROM unnest(ds) x JOIN checklists c ON c.id = x.checklist_id
    WHERE c.status = 'submitted' AND x.approved AND NOT x.is_new));
  -- The checklist's own counters; its triggers turn them into checklist, site, birder, list and queue statistics.
  -- A checklist being deleted is no longer visible here: its statistics left with it.
  UPDATE checklists c
  SET entry_count = c.entry_count + x.n, approved_entries = c.approved_entries + x.a,
      named_entries = c.named_entries + x.nn, approved_named_entries = c.approved_named_entries + x.an,
      pending_named_entries = c.pending_named_entries + x.pn, pending_new_entries = c.pending_new_entries + x.pw
  FROM (SELECT checklist_id, sum(sign)::integer AS n,
               coalesce(sum(sign) FILTER (WHERE approved), 0)::integer AS a,
               coalesce(sum(sign) FILTER (WHERE NOT is_new), 0)::integer AS nn,
               coalesce(sum(sign) FILTER (WHERE approved AND NOT is_new), 0)::integer AS an,
               coalesce(sum(sign) FILTER (WHERE pending AND NOT is_new), 0)::integer AS pn,
               coalesce(sum(sign) FILTER (WHERE pending AND is_new), 0)::integer AS pw
        FROM unnest(ds) GROUP BY 1) x
  WHERE c.id = x.checklist_id AND (x.n <> 0 OR x.a <> 0 OR x.nn <> 0 OR x.an <> 0 OR x.pn <> 0 OR x.pw <> 0);
  -- A review or a flag changes no name: the sums are 0 and nothing is written.
  INSERT INTO stats_bird_names AS s (bird_name, entries)
  SELECT bird_name, sum(sign) FROM unnest(ds) GROUP BY 1 HAVING sum(sign) <> 0 ORDER BY 1
  ON CONFLICT (bird_name) DO UPDATE SET entries = s.entries + excluded.entries;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION stats_entries_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_entries(ARRAY(SELECT ROW(checklist_id, bird_name, approval = 'approved', is_new_species, total, 1, approval = 'pending')::stats_entry_delta FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_entries_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_entries(ARRAY(
    SELECT ROW(checklist_id, bird_name, approval = 'approved', is_new_species, total, 1, approval = 'pending')::stats_entry_delta FROM new_rows
    UNION ALL
    SELECT ROW(checklist_id, bird_name, approval = 'approved', is_new_species, total, -1, approval = 'pending')::stats_entry_delta FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_entries_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_entries(ARRAY(SELECT ROW(checklist_id, bird_name, approval = 'approved', is_new_species, total, -1, approval = 'pending')::stats_entry_delta FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint

-- One changed checklist for the queue table, signed: +1 for its new state, -1 for its old one.
CREATE TYPE stats_pending_delta AS (submitted boolean, dzongkhag text, pending_named integer, pending_new integer, sign integer);--> statement-breakpoint

CREATE FUNCTION stats_apply_pending(ds stats_pending_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ds, 1), 0) = 0 THEN RETURN; END IF;
  INSERT INTO stats_pending_dzongkhag AS s (list, dzongkhag, checklists, entries)
  SELECT l.list, coalesce(x.dzongkhag, ''), sum(x.sign), sum(x.sign * l.n)
  FROM unnest(ds) x
  CROSS JOIN LATERAL (VALUES ('checklists', x.pending_named), ('newspecies', x.pending_new)) l(list, n)
  WHERE x.submitted AND l.n > 0
  GROUP BY 1, 2 HAVING sum(x.sign) <> 0 OR sum(x.sign * l.n) <> 0 ORDER BY 1, 2
  ON CONFLICT (list, dzongkhag) DO UPDATE SET checklists = s.checklists + excluded.checklists, entries = s.entries + excluded.entries;
END $$;--> statement-breakpoint

-- Each side of a change is summed as it is (new rows +1, old rows -1): a checklist whose queue did not change
-- cancels out in stats_apply_pending's sums. No join of the two transition tables, whose row counts the planner
-- does not know: such joins ran as nested loops, quadratic in the rows a statement updates (2,000 checklists:
-- about a second per trigger).
CREATE FUNCTION stats_pending_checklists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_apply_pending(ARRAY(SELECT ROW(status = 'submitted', dzongkhag, pending_named_entries, pending_new_entries, 1)::stats_pending_delta
                                      FROM new_rows WHERE pending_named_entries > 0 OR pending_new_entries > 0));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stats_apply_pending(ARRAY(SELECT ROW(status = 'submitted', dzongkhag, pending_named_entries, pending_new_entries, -1)::stats_pending_delta
                                      FROM old_rows WHERE pending_named_entries > 0 OR pending_new_entries > 0));
  ELSE
    PERFORM stats_apply_pending(ARRAY(
      SELECT ROW(status = 'submitted', dzongkhag, pending_named_entries, pending_new_entries, 1)::stats_pending_delta
      FROM new_rows WHERE pending_named_entries > 0 OR pending_new_entries > 0
      UNION ALL
      SELECT ROW(status = 'submitted', dzongkhag, pending_named_entries, pending_new_entries, -1)::stats_pending_delta
      FROM old_rows WHERE pending_named_entries > 0 OR pending_new_entries > 0));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER checklists_stats_pending_inserted AFTER INSERT ON checklists REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_pending_checklists_changed();--> statement-breakpoint
CREATE TRIGGER checklists_stats_pending_updated AFTER UPDATE ON checklists REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_pending_checklists_changed();--> statement-breakpoint
CREATE TRIGGER checklists_stats_pending_deleted AFTER DELETE ON checklists REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_pending_checklists_changed();--> statement-breakpoint

-- As in 0008, with each value's entries beside its checklists.
CREATE OR REPLACE FUNCTION stats_apply_lists(ds stats_list_delta[]) RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO stats_list_values AS s (list, kind, value, checklists, entries)
  SELECT list, kind, value, sum(sign), sum(sign * n) FROM (
    SELECT list, 'dzongkhag' AS kind, dzongkhag AS value, sign, n FROM d
    UNION ALL SELECT list, 'gewog', gewog, sign, n FROM d
    UNION ALL SELECT list, 'village', village, sign, n FROM d
    UNION ALL SELECT list, 'observer', observer_name, sign, n FROM d) v
  WHERE value IS NOT NULL AND value <> ''
  GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (list, kind, value) DO UPDATE SET checklists = s.checklists + excluded.checklists, entries = s.entries + excluded.entries;
  -- Served by the partial index of 0008, which holds only the rows just brought to 0.
  DELETE FROM stats_list_values WHERE checklists = 0;
END $$;--> statement-breakpoint

-- As in 0008, without joining the transition tables (see stats_pending_checklists_changed): unchanged
-- checklists cancel out in stats_apply_lists' sums.
CREATE OR REPLACE FUNCTION stats_lists_checklists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_apply_lists(ARRAY(SELECT ROW(status = 'submitted', dzongkhag, gewog, village, observer_name, entry_count, named_entries, approved_named_entries, 1)::stats_list_delta FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stats_apply_lists(ARRAY(SELECT ROW(status = 'submitted', dzongkhag, gewog, village, observer_name, entry_count, named_entries, approved_named_entries, -1)::stats_list_delta FROM old_rows));
  ELSE
    -- Only checklists in a list (submitted, holding entries) can change one.
    PERFORM stats_apply_lists(ARRAY(
      SELECT ROW(status = 'submitted', dzongkhag, gewog, village, observer_name, entry_count, named_entries, approved_named_entries, 1)::stats_list_delta
      FROM new_rows WHERE status = 'submitted' AND entry_count > 0
      UNION ALL
      SELECT ROW(status = 'submitted', dzongkhag, gewog, village, observer_name, entry_count, named_entries, approved_named_entries, -1)::stats_list_delta
      FROM old_rows WHERE status = 'submitted' AND entry_count > 0));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

-- As in 0004, finding the checklists that moved (status, month or place) with EXCEPT, a hashed set operation,
-- instead of a join of the transition tables (see stats_pending_checklists_changed).
CREATE OR REPLACE FUNCTION stats_checklists_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_checklists(ARRAY(
    SELECT ROW(id, status = 'submitted', selected_date, dzongkhag, gewog, village, observer_id, entry_count, approved_entries, 1)::stats_checklist_delta FROM new_rows
    UNION ALL
    SELECT ROW(id, status = 'submitted', selected_date, dzongkhag, gewog, village, observer_id, entry_count, approved_entries, -1)::stats_checklist_delta FROM old_rows));
  -- A checklist submitted, withdrawn, re-dated or moved carries its approved entries' species counts along.
  PERFORM stats_apply_species(ARRAY(
    SELECT ROW(c.month, coalesce(c.dzongkhag, ''), coalesce(c.gewog, ''), coalesce(c.village, ''),
               e.bird_name, c.sign, c.sign * e.total::bigint)::stats_species_delta
    FROM (SELECT *, 1 AS sign FROM (
            SELECT id, status, date_trunc('month', selected_date)::date AS month, dzongkhag, gewog, village FROM new_rows
            EXCEPT SELECT id, status, date_trunc('month', selected_date)::date, dzongkhag, gewog, village FROM old_rows) moved_to
          UNION ALL
          SELECT *, -1 FROM (
            SELECT id, status, date_trunc('month', selected_date)::date AS month, dzongkhag, gewog, village FROM old_rows
            EXCEPT SELECT id, status, date_trunc('month', selected_date)::date, dzongkhag, gewog, village FROM new_rows) moved_from) c
    JOIN entries e ON e.checklist_id = c.id
    WHERE c.status = 'submitted' AND e.approval = 'approved' AND NOT e.is_new_species));
  RETURN NULL;
END $$;--> statement-breakpoint

-- As in 0008, with the birds of each period and place beside its species.
CREATE OR REPLACE FUNCTION stats_apply_species_periods(ds stats_species_delta[]) RETURNS void LANGUAGE plpgsql AS $$
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
  ), place AS (
    SELECT up.period, up.level, up.dzongkhag, up.gewog, up.village,
           sum(CASE WHEN up.entries > 0 AND up.entries - x.n <= 0 THEN 1
                    WHEN up.entries <= 0 AND up.entries - x.n > 0 THEN -1 ELSE 0 END)::integer AS species,
           sum(x.birds)::bigint AS birds
    FROM up JOIN x USING (period, level, dzongkhag, gewog, village, bird_name)
    GROUP BY 1, 2, 3, 4, 5
  )
  INSERT INTO stats_place_species AS s (period, level, dzongkhag, gewog, village, species, birds)
  SELECT * FROM place WHERE species <> 0 OR birds <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (period, level, dzongkhag, gewog, village)
  DO UPDATE SET species = s.species + excluded.species, birds = s.birds + excluded.birds;
END $$;--> statement-breakpoint

-- As in 0005, with the pending counters, then the queue and bird-name tables read from them.
CREATE OR REPLACE FUNCTION stats_rebuild_checklist_counters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ALTER TABLE checklists DISABLE TRIGGER checklists_stats_updated;
  UPDATE checklists c
  SET entry_count = coalesce(x.n, 0), approved_entries = coalesce(x.a, 0),
      named_entries = coalesce(x.nn, 0), approved_named_entries = coalesce(x.an, 0),
      pending_named_entries = coalesce(x.pn, 0), pending_new_entries = coalesce(x.pw, 0)
  FROM checklists c2 LEFT JOIN (
    SELECT checklist_id, count(*)::integer AS n,
           (count(*) FILTER (WHERE approval = 'approved'))::integer AS a,
           (count(*) FILTER (WHERE NOT is_new_species))::integer AS nn,
           (count(*) FILTER (WHERE approval = 'approved' AND NOT is_new_species))::integer AS an,
           (count(*) FILTER (WHERE approval = 'pending' AND NOT is_new_species))::integer AS pn,
           (count(*) FILTER (WHERE approval = 'pending' AND is_new_species))::integer AS pw
    FROM entries GROUP BY 1) x ON x.checklist_id = c2.id
  WHERE c.id = c2.id
    AND (c.entry_count, c.approved_entries, c.named_entries, c.approved_named_entries, c.pending_named_entries, c.pending_new_entries)
        IS DISTINCT FROM (coalesce(x.n, 0), coalesce(x.a, 0), coalesce(x.nn, 0), coalesce(x.an, 0), coalesce(x.pn, 0), coalesce(x.pw, 0));
  ALTER TABLE checklists ENABLE TRIGGER checklists_stats_updated;
  TRUNCATE stats_pending_dzongkhag, stats_bird_names;
  INSERT INTO stats_pending_dzongkhag (list, dzongkhag, checklists, entries)
  SELECT l.list, coalesce(c.dzongkhag, ''), count(*), sum(l.n)
  FROM checklists c
  CROSS JOIN LATERAL (VALUES ('checklists', c.pending_named_entries), ('newspecies', c.pending_new_entries)) l(list, n)
  WHERE c.status = 'submitted' AND l.n > 0 GROUP BY 1, 2;
  INSERT INTO stats_bird_names (bird_name, entries) SELECT bird_name, count(*) FROM entries GROUP BY 1;
END $$;--> statement-breakpoint

-- As in 0008, with entries per list value and birds per period and place.
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
  GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(s.entries) <> 0 OR sum(s.birds) <> 0;
  INSERT INTO stats_place_species (period, level, dzongkhag, gewog, village, species, birds)
  SELECT period, level, dzongkhag, gewog, village, count(*) FILTER (WHERE entries > 0), sum(birds)
  FROM stats_species_period GROUP BY 1, 2, 3, 4, 5;
END $$;--> statement-breakpoint

-- Fill what is new from the records and summaries already there (the period table is not recomputed: at 2 M
-- entries it holds millions of rows and is right as it is).
SELECT stats_rebuild_checklist_counters();--> statement-breakpoint
UPDATE stats_list_values v SET entries = x.n
FROM (SELECT l.list, k.kind, k.value, sum(l.n) AS n
      FROM checklists c
      CROSS JOIN LATERAL (VALUES ('checklists', c.named_entries), ('entries', c.approved_named_entries),
                                 ('newspecies', c.entry_count - c.named_entries)) l(list, n)
      CROSS JOIN LATERAL (VALUES ('dzongkhag', c.dzongkhag), ('gewog', c.gewog), ('village', c.village),
                                 ('observer', c.observer_name)) k(kind, value)
      WHERE c.status = 'submitted' AND l.n > 0 AND k.value IS NOT NULL AND k.value <> ''
      GROUP BY 1, 2, 3) x
WHERE v.list = x.list AND v.kind = x.kind AND v.value = x.value;--> statement-breakpoint
INSERT INTO stats_place_species AS s (period, level, dzongkhag, gewog, village, species, birds)
SELECT period, level, dzongkhag, gewog, village, count(*) FILTER (WHERE entries > 0), sum(birds)
FROM stats_species_period GROUP BY 1, 2, 3, 4, 5
ON CONFLICT (period, level, dzongkhag, gewog, village) DO UPDATE SET birds = excluded.birds;--> statement-breakpoint
ANALYZE checklists, stats_bird_names, stats_pending_dzongkhag, stats_list_values, stats_place_species;

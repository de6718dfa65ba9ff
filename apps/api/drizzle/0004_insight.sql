-- Summary tables for the analytics (issue 5), kept current by statement-level triggers in the same
-- transaction as every write, review and delete of checklists and entries. Reads come from here,
-- never from a GROUP BY over the raw records. stats_rebuild() recomputes everything from the raw
-- records (after a bulk load with the triggers off, or to prove the triggers right in tests).

ALTER TABLE "checklists" ADD COLUMN "entry_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "approved_entries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint

CREATE TABLE "stats_species_place_month" (
	"month" date NOT NULL,
	"dzongkhag" text DEFAULT '' NOT NULL,
	"gewog" text DEFAULT '' NOT NULL,
	"village" text DEFAULT '' NOT NULL,
	"bird_name" text NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"birds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_species_place_month_pk" PRIMARY KEY("month","dzongkhag","gewog","village","bird_name")
);--> statement-breakpoint
CREATE TABLE "stats_species_month" (
	"month" date NOT NULL,
	"bird_name" text NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"birds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_species_month_pk" PRIMARY KEY("month","bird_name")
);--> statement-breakpoint
CREATE TABLE "stats_checklist_place_month" (
	"month" date NOT NULL,
	"dzongkhag" text DEFAULT '' NOT NULL,
	"gewog" text DEFAULT '' NOT NULL,
	"village" text DEFAULT '' NOT NULL,
	"checklists" integer DEFAULT 0 NOT NULL,
	"approved_entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_checklist_place_month_pk" PRIMARY KEY("month","dzongkhag","gewog","village")
);--> statement-breakpoint
CREATE TABLE "stats_site" (
	"dzongkhag" text DEFAULT '' NOT NULL,
	"gewog" text DEFAULT '' NOT NULL,
	"village" text DEFAULT '' NOT NULL,
	"checklists" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_site_pk" PRIMARY KEY("dzongkhag","gewog","village")
);--> statement-breakpoint
CREATE TABLE "stats_birder" (
	"observer_id" uuid PRIMARY KEY NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX "stats_birder_approved_idx" ON "stats_birder" USING btree ("approved" DESC NULLS LAST,"observer_id");--> statement-breakpoint

-- One changed species contribution: +n entries and +birds counted at a month and place.
CREATE TYPE stats_species_delta AS (month date, dzongkhag text, gewog text, village text, bird_name text, n integer, birds bigint);--> statement-breakpoint
-- One changed entry, signed: +1 for its new state, -1 for its old one.
CREATE TYPE stats_entry_delta AS (checklist_id uuid, bird_name text, approved boolean, is_new boolean, total integer, sign integer);--> statement-breakpoint
-- One changed checklist, signed likewise.
CREATE TYPE stats_checklist_delta AS (id uuid, submitted boolean, selected_date date, dzongkhag text, gewog text, village text, observer_id uuid, entry_count integer, approved_entries integer, sign integer);--> statement-breakpoint

CREATE FUNCTION stats_apply_species(ds stats_species_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
END $$;--> statement-breakpoint

-- Entries count towards species statistics when approved, on a submitted checklist, and not a new-species report.
CREATE FUNCTION stats_apply_entries(ds stats_entry_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_species(ARRAY(
    SELECT ROW(date_trunc('month', c.selected_date)::date, coalesce(c.dzongkhag, ''), coalesce(c.gewog, ''),
               coalesce(c.village, ''), x.bird_name, x.sign, x.sign * x.total::bigint)::stats_species_delta
    FROM unnest(ds) x JOIN checklists c ON c.id = x.checklist_id
    WHERE c.status = 'submitted' AND x.approved AND NOT x.is_new));
  -- The checklist's own counters; its trigger turns them into checklist, site and birder statistics.
  -- A checklist being deleted is no longer visible here: its statistics left with it.
  UPDATE checklists c
  SET entry_count = c.entry_count + x.n, approved_entries = c.approved_entries + x.a
  FROM (SELECT checklist_id, sum(sign)::integer AS n, coalesce(sum(sign) FILTER (WHERE approved), 0)::integer AS a
        FROM unnest(ds) GROUP BY 1) x
  WHERE c.id = x.checklist_id AND (x.n <> 0 OR x.a <> 0);
END $$;--> statement-breakpoint

CREATE FUNCTION stats_apply_checklists(ds stats_checklist_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stats_site AS s (dzongkhag, gewog, village, checklists)
  SELECT coalesce(dzongkhag, ''), coalesce(gewog, ''), coalesce(village, ''), sum(sign)
  FROM unnest(ds) WHERE submitted GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (dzongkhag, gewog, village) DO UPDATE SET checklists = s.checklists + excluded.checklists;

  INSERT INTO stats_checklist_place_month AS s (month, dzongkhag, gewog, village, checklists, approved_entries)
  SELECT date_trunc('month', selected_date)::date, coalesce(dzongkhag, ''), coalesce(gewog, ''), coalesce(village, ''),
         coalesce(sum(sign) FILTER (WHERE approved_entries > 0), 0), sum(sign * approved_entries)
  FROM unnest(ds) WHERE submitted GROUP BY 1, 2, 3, 4
  HAVING coalesce(sum(sign) FILTER (WHERE approved_entries > 0), 0) <> 0 OR sum(sign * approved_entries) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (month, dzongkhag, gewog, village)
  DO UPDATE SET checklists = s.checklists + excluded.checklists, approved_entries = s.approved_entries + excluded.approved_entries;

  INSERT INTO stats_birder AS s (observer_id, entries, submitted, approved)
  SELECT observer_id, sum(sign * entry_count), coalesce(sum(sign * entry_count) FILTER (WHERE submitted), 0),
         coalesce(sum(sign * approved_entries) FILTER (WHERE submitted), 0)
  FROM unnest(ds) WHERE observer_id IS NOT NULL GROUP BY 1
  HAVING sum(sign * entry_count) <> 0 OR coalesce(sum(sign * approved_entries) FILTER (WHERE submitted), 0) <> 0
      OR coalesce(sum(sign * entry_count) FILTER (WHERE submitted), 0) <> 0
  ORDER BY 1
  ON CONFLICT (observer_id) DO UPDATE SET entries = s.entries + excluded.entries,
    submitted = s.submitted + excluded.submitted, approved = s.approved + excluded.approved;
END $$;--> statement-breakpoint

CREATE FUNCTION stats_entries_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_entries(ARRAY(SELECT ROW(checklist_id, bird_name, approval = 'approved', is_new_species, total, 1)::stats_entry_delta FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION stats_entries_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_entries(ARRAY(
    SELECT ROW(checklist_id, bird_name, approval = 'approved', is_new_species, total, 1)::stats_entry_delta FROM new_rows
    UNION ALL
    SELECT ROW(checklist_id, bird_name, approval = 'approved', is_new_species, total, -1)::stats_entry_delta FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION stats_entries_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_entries(ARRAY(SELECT ROW(checklist_id, bird_name, approval = 'approved', is_new_species, total, -1)::stats_entry_delta FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE FUNCTION stats_checklists_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_checklists(ARRAY(SELECT ROW(id, status = 'submitted', selected_date, dzongkhag, gewog, village, observer_id, entry_count, approved_entries, 1)::stats_checklist_delta FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION stats_checklists_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_checklists(ARRAY(
    SELECT ROW(id, status = 'submitted', selected_date, dzongkhag, gewog, village, observer_id, entry_count, approved_entries, 1)::stats_checklist_delta FROM new_rows
    UNION ALL
    SELECT ROW(id, status = 'submitted', selected_date, dzongkhag, gewog, village, observer_id, entry_count, approved_entries, -1)::stats_checklist_delta FROM old_rows));
  -- A checklist submitted, withdrawn, re-dated or moved carries its approved entries' species counts along.
  PERFORM stats_apply_species(ARRAY(
    SELECT ROW(date_trunc('month', c.selected_date)::date, coalesce(c.dzongkhag, ''), coalesce(c.gewog, ''),
               coalesce(c.village, ''), e.bird_name, c.sign, c.sign * e.total::bigint)::stats_species_delta
    FROM (SELECT n.*, 1 AS sign FROM new_rows n JOIN old_rows o USING (id)
          WHERE (n.status, date_trunc('month', n.selected_date), n.dzongkhag, n.gewog, n.village)
                IS DISTINCT FROM (o.status, date_trunc('month', o.selected_date), o.dzongkhag, o.gewog, o.village)
          UNION ALL
          SELECT o.*, -1 FROM old_rows o JOIN new_rows n USING (id)
          WHERE (n.status, date_trunc('month', n.selected_date), n.dzongkhag, n.gewog, n.village)
                IS DISTINCT FROM (o.status, date_trunc('month', o.selected_date), o.dzongkhag, o.gewog, o.village)) c
    JOIN entries e ON e.checklist_id = c.id
    WHERE c.status = 'submitted' AND e.approval = 'approved' AND NOT e.is_new_species));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION stats_checklists_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_checklists(ARRAY(SELECT ROW(id, status = 'submitted', selected_date, dzongkhag, gewog, village, observer_id, entry_count, approved_entries, -1)::stats_checklist_delta FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Before a checklist goes, its entries (still there) take their species counts with them; the
-- cascade that deletes them afterwards no longer finds the checklist and changes nothing twice.
CREATE FUNCTION stats_checklist_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'submitted' THEN
    PERFORM stats_apply_species(ARRAY(
      SELECT ROW(date_trunc('month', OLD.selected_date)::date, coalesce(OLD.dzongkhag, ''), coalesce(OLD.gewog, ''),
                 coalesce(OLD.village, ''), e.bird_name, -1, -e.total::bigint)::stats_species_delta
      FROM entries e WHERE e.checklist_id = OLD.id AND e.approval = 'approved' AND NOT e.is_new_species));
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint

CREATE TRIGGER entries_stats_inserted AFTER INSERT ON entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_entries_inserted();--> statement-breakpoint
CREATE TRIGGER entries_stats_updated AFTER UPDATE ON entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_entries_updated();--> statement-breakpoint
CREATE TRIGGER entries_stats_deleted AFTER DELETE ON entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_entries_deleted();--> statement-breakpoint
CREATE TRIGGER checklists_stats_inserted AFTER INSERT ON checklists REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_checklists_inserted();--> statement-breakpoint
CREATE TRIGGER checklists_stats_updated AFTER UPDATE ON checklists REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_checklists_updated();--> statement-breakpoint
CREATE TRIGGER checklists_stats_deleted AFTER DELETE ON checklists REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_checklists_deleted();--> statement-breakpoint
CREATE TRIGGER checklists_stats_deleting BEFORE DELETE ON checklists FOR EACH ROW EXECUTE FUNCTION stats_checklist_deleting();--> statement-breakpoint

-- Recomputes every summary from the raw records. Call with the triggers on or off; it replaces
-- whatever the tables held. Bulk loaders disable the triggers, load, then call this once.
CREATE FUNCTION stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ALTER TABLE checklists DISABLE TRIGGER checklists_stats_updated;
  UPDATE checklists c SET entry_count = coalesce(x.n, 0), approved_entries = coalesce(x.a, 0)
  FROM checklists c2 LEFT JOIN (SELECT checklist_id, count(*)::integer AS n,
                                       (count(*) FILTER (WHERE approval = 'approved'))::integer AS a
                                FROM entries GROUP BY 1) x ON x.checklist_id = c2.id
  WHERE c.id = c2.id AND (c.entry_count, c.approved_entries) IS DISTINCT FROM (coalesce(x.n, 0), coalesce(x.a, 0));
  ALTER TABLE checklists ENABLE TRIGGER checklists_stats_updated;
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
END $$;--> statement-breakpoint
SELECT stats_rebuild();

-- The entries list's search by bird or birder (issue 10, session 15). Its total is A + B - (A and B): A (entries whose
-- bird matches) comes from stats_species_month, B (whose birder matches) from stats_list_values, and the overlap was
-- counted over the entries themselves (records.totals.ts overlapWays): 60 ms for 'son' and 460-570 ms for 'a' at 2 M
-- entries, most of the search's time. This table holds the entries list's entries (approved, named, on submitted
-- checklists: the rows of stats_species_month) per birder, as the lists match birders (lower-cased name), and bird,
-- so the overlap is a sum over a few thousand of its rows (about 280,000 at 2 M entries: 420 names x 650 birds).
-- Kept by statement-level triggers of its own, in the writing transaction, as the summaries of 0004/0008/0018 are;
-- rows falling to 0 stay (readers sum them).
CREATE TABLE "stats_birder_birds" (
	"observer" text NOT NULL,
	"bird_name" text NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_birder_birds_pk" PRIMARY KEY("observer","bird_name")
);--> statement-breakpoint
-- The overlap reads a set of birds and filters the birders; the count rides in the index (index-only scans).
CREATE INDEX "stats_birder_birds_bird_idx" ON "stats_birder_birds" USING btree ("bird_name","observer") INCLUDE ("entries");--> statement-breakpoint

-- One signed change: entries of a birder's bird (+n or -n).
CREATE TYPE stats_birder_bird_delta AS (observer text, bird_name text, n integer);--> statement-breakpoint

CREATE FUNCTION stats_apply_birder_birds(ds stats_birder_bird_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ds, 1), 0) = 0 THEN RETURN; END IF;
  -- Sorted, so concurrent writers take the rows' locks in one order.
  INSERT INTO stats_birder_birds AS s (observer, bird_name, entries)
  SELECT observer, bird_name, sum(n) FROM unnest(ds) GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
  ON CONFLICT (observer, bird_name) DO UPDATE SET entries = s.entries + excluded.entries;
END $$;--> statement-breakpoint

-- Entries written, reviewed, renamed, moved or deleted: each side as it is (new rows +1, old rows -1) on its checklist
-- as it stands. Entries deleted with their checklist no longer find it: stats_birder_birds_checklist_deleting took
-- them away first, as stats_checklist_deleting (0004) does for the species.
CREATE FUNCTION stats_birder_birds_entries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_apply_birder_birds(ARRAY(
      SELECT ROW(lower(c.observer_name), e.bird_name, 1)::stats_birder_bird_delta
      FROM new_rows e JOIN checklists c ON c.id = e.checklist_id
      WHERE c.status = 'submitted' AND e.approval = 'approved' AND NOT e.is_new_species));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stats_apply_birder_birds(ARRAY(
      SELECT ROW(lower(c.observer_name), e.bird_name, -1)::stats_birder_bird_delta
      FROM old_rows e JOIN checklists c ON c.id = e.checklist_id
      WHERE c.status = 'submitted' AND e.approval = 'approved' AND NOT e.is_new_species));
  ELSE
    PERFORM stats_apply_birder_birds(ARRAY(
      SELECT ROW(lower(c.observer_name), e.bird_name, e.sign)::stats_birder_bird_delta
      FROM (SELECT checklist_id, bird_name, 1 AS sign FROM new_rows WHERE approval = 'approved' AND NOT is_new_species
            UNION ALL
            SELECT checklist_id, bird_name, -1 FROM old_rows WHERE approval = 'approved' AND NOT is_new_species) e
      JOIN checklists c ON c.id = e.checklist_id
      WHERE c.status = 'submitted'));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

-- A checklist submitted, withdrawn or given another birder's name carries its entries along. The checklists that
-- moved are found with EXCEPT (a hashed set operation), not a join of the transition tables (see 0018).
CREATE FUNCTION stats_birder_birds_checklists_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_birder_birds(ARRAY(
    SELECT ROW(c.observer, e.bird_name, c.sign)::stats_birder_bird_delta
    FROM (SELECT *, 1 AS sign FROM (
            SELECT id, lower(observer_name) AS observer FROM new_rows WHERE status = 'submitted'
            EXCEPT SELECT id, lower(observer_name) FROM old_rows WHERE status = 'submitted') moved_to
          UNION ALL
          SELECT *, -1 FROM (
            SELECT id, lower(observer_name) AS observer FROM old_rows WHERE status = 'submitted'
            EXCEPT SELECT id, lower(observer_name) FROM new_rows WHERE status = 'submitted') moved_from) c
    JOIN entries e ON e.checklist_id = c.id
    WHERE e.approval = 'approved' AND NOT e.is_new_species));
  RETURN NULL;
END $$;--> statement-breakpoint

-- Before a submitted checklist goes, its entries (still there) take their counts with them.
CREATE FUNCTION stats_birder_birds_checklist_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'submitted' THEN
    PERFORM stats_apply_birder_birds(ARRAY(
      SELECT ROW(lower(OLD.observer_name), e.bird_name, -1)::stats_birder_bird_delta
      FROM entries e WHERE e.checklist_id = OLD.id AND e.approval = 'approved' AND NOT e.is_new_species));
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint

CREATE TRIGGER entries_stats_birder_birds_inserted AFTER INSERT ON entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_birder_birds_entries_changed();--> statement-breakpoint
CREATE TRIGGER entries_stats_birder_birds_updated AFTER UPDATE ON entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_birder_birds_entries_changed();--> statement-breakpoint
CREATE TRIGGER entries_stats_birder_birds_deleted AFTER DELETE ON entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_birder_birds_entries_changed();--> statement-breakpoint
CREATE TRIGGER checklists_stats_birder_birds_updated AFTER UPDATE ON checklists REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_birder_birds_checklists_updated();--> statement-breakpoint
CREATE TRIGGER checklists_stats_birder_birds_deleting BEFORE DELETE ON checklists FOR EACH ROW EXECUTE FUNCTION stats_birder_birds_checklist_deleting();--> statement-breakpoint

CREATE FUNCTION stats_rebuild_birder_birds() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE stats_birder_birds;
  INSERT INTO stats_birder_birds (observer, bird_name, entries)
  SELECT lower(c.observer_name), e.bird_name, count(*)
  FROM entries e JOIN checklists c ON c.id = e.checklist_id
  WHERE c.status = 'submitted' AND e.approval = 'approved' AND NOT e.is_new_species
  GROUP BY 1, 2;
END $$;--> statement-breakpoint

-- stats_rebuild() (0008) recomputes every summary; it now rebuilds this one too. The earlier function is kept under
-- another name and called first, rather than copied here.
ALTER FUNCTION stats_rebuild() RENAME TO stats_rebuild_summaries_0008;--> statement-breakpoint
CREATE FUNCTION stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_rebuild_summaries_0008();
  PERFORM stats_rebuild_birder_birds();
END $$;--> statement-breakpoint

SELECT stats_rebuild_birder_birds();--> statement-breakpoint
ANALYZE stats_birder_birds;

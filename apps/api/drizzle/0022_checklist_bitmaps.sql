-- The checklists and new-species lists' search by bird or birder (issue 10, session 17). Their totals are distinct
-- checklists (and the entries on them), which no sum over summary rows gives: a checklist holding two matching birds
-- would be counted twice. records.totals.ts counted them over the entries: the checklists list's 'er' read 695,000
-- entries, joined and sorted them on disk, 400 ms at 2 M entries (4.6 s with 16 requests at once).
--
-- 1. Every checklist gets a dense number (seq), and per list, bird name and block of 8,192 numbers a bitmap of the
--    submitted checklists holding an entry of the list with that name (kind 'bird'); per list, birder (lower-cased
--    name, as the search matches birders) and block a bitmap of that birder's checklists in the list (kind 'observer').
--    A search's checklists are the OR of its names' and birders' bitmaps, block by block, counted with bit_count:
--    about 300 names x 24 blocks for 'er', a few thousand rows of 1 KB.
--    'bird' rows also count the entries of the list with the name in the block (the total's bird half, A).
-- 2. stats_birder_birds (0021) now also counts the checklists and new-species lists' entries per birder and bird, so
--    those lists' entry totals are A + B - (A and B) as the entries list's are.
-- Both are kept by statement-level triggers in the writing transaction and recomputed by stats_rebuild().

ALTER TABLE "checklists" ADD COLUMN "seq" integer GENERATED ALWAYS AS IDENTITY;--> statement-breakpoint

CREATE TABLE "stats_checklist_bitmaps" (
	"list" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"block" integer NOT NULL,
	"checklists" bit(8192) NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_checklist_bitmaps_pk" PRIMARY KEY("list","kind","key","block")
);--> statement-breakpoint

-- The bitmap holding only this checklist number's bit (its place in its block: seq modulo 8,192).
CREATE FUNCTION stats_checklist_bit(seq integer) RETURNS bit(8192) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT B'1'::bit(8192) >> (seq & 8191)
$$;--> statement-breakpoint

-- One change: a checklist's bit in a row set (bit 1) or cleared (bit -1), and/or entries counted (n).
CREATE TYPE stats_bitmap_delta AS (list text, kind text, key text, seq integer, bit integer, n integer);--> statement-breakpoint

CREATE FUNCTION stats_apply_bitmaps(ds stats_bitmap_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ds, 1), 0) = 0 THEN RETURN; END IF;
  -- Rows that will lose a bit are locked first, in one order, so two writers never wait on each other in a circle.
  IF EXISTS (SELECT 1 FROM unnest(ds) WHERE bit < 0) THEN
    PERFORM 1 FROM stats_checklist_bitmaps s
    WHERE (s.list, s.kind, s.key, s.block) IN (SELECT list, kind, key, seq >> 13 FROM unnest(ds))
    ORDER BY s.list, s.kind, s.key, s.block FOR UPDATE;
  END IF;
  -- Bits set and entries counted; sorted, as every summary here is written.
  INSERT INTO stats_checklist_bitmaps AS s (list, kind, key, block, checklists, entries)
  SELECT list, kind, key, seq >> 13,
         coalesce(bit_or(stats_checklist_bit(seq)) FILTER (WHERE bit > 0), B'0'::bit(8192)), sum(n)
  FROM unnest(ds) GROUP BY 1, 2, 3, 4
  HAVING bool_or(bit > 0) OR sum(n) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (list, kind, key, block) DO UPDATE
    SET checklists = s.checklists | excluded.checklists, entries = s.entries + excluded.entries;
  -- Bits cleared. A change never both sets and clears one checklist's bit in one row.
  UPDATE stats_checklist_bitmaps s SET checklists = s.checklists & ~m.mask
  FROM (SELECT list, kind, key, seq >> 13 AS block, bit_or(stats_checklist_bit(seq)) AS mask
        FROM unnest(ds) WHERE bit < 0 GROUP BY 1, 2, 3, 4) m
  WHERE s.list = m.list AND s.kind = m.kind AND s.key = m.key AND s.block = m.block;
END $$;--> statement-breakpoint

-- The list of the checklists and new-species lists an entry belongs to, on a submitted checklist.
CREATE FUNCTION stats_entry_list(is_new_species boolean) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN is_new_species THEN 'newspecies' ELSE 'checklists' END
$$;--> statement-breakpoint

-- One entry's (checklist, name, kind) joined (sign 1) or left (sign -1).
CREATE TYPE stats_entry_move AS (checklist_id uuid, bird_name text, is_new_species boolean, sign integer);--> statement-breakpoint

-- Entries moved, renamed, turned into or out of new-species reports, or deleted: the entries counted in and out, and
-- each name they left or joined looked up again on its checklist as the entries now stand (entries_bird_name_idx:
-- name, checklist), which gives the checklist's bit in that name's row.
CREATE FUNCTION stats_bitmaps_entries_moved(ms stats_entry_move[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ms, 1), 0) = 0 THEN RETURN; END IF;
  PERFORM stats_apply_bitmaps(ARRAY(
    SELECT ROW(stats_entry_list(m.is_new_species), 'bird', m.bird_name, c.seq, 0, m.sign)::stats_bitmap_delta
    FROM unnest(ms) m JOIN checklists c ON c.id = m.checklist_id WHERE c.status = 'submitted'
    UNION ALL
    SELECT ROW(a.list, 'bird', a.bird_name, c.seq,
               CASE WHEN EXISTS (SELECT 1 FROM entries x WHERE x.bird_name = a.bird_name AND x.checklist_id = c.id
                                 AND x.is_new_species = (a.list = 'newspecies')) THEN 1 ELSE -1 END, 0)::stats_bitmap_delta
    FROM (SELECT DISTINCT checklist_id, bird_name, stats_entry_list(is_new_species) AS list FROM unnest(ms)) a
    JOIN checklists c ON c.id = a.checklist_id WHERE c.status = 'submitted'));
END $$;--> statement-breakpoint

-- Entries written: their checklists gain the names' bits. Entries changed or deleted: see stats_bitmaps_entries_moved;
-- a review changes no name, kind or checklist and is skipped (EXCEPT, a hashed set operation, finds the entries that
-- changed, as 0018 does). Entries deleted with their checklist no longer find it: stats_bitmaps_checklist_deleting
-- cleared its bits first.
CREATE FUNCTION stats_bitmaps_entries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_apply_bitmaps(ARRAY(
      SELECT ROW(stats_entry_list(e.is_new_species), 'bird', e.bird_name, c.seq, 1, 1)::stats_bitmap_delta
      FROM new_rows e JOIN checklists c ON c.id = e.checklist_id WHERE c.status = 'submitted'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stats_bitmaps_entries_moved(ARRAY(
      SELECT ROW(checklist_id, bird_name, is_new_species, -1)::stats_entry_move FROM old_rows));
  ELSE
    PERFORM stats_bitmaps_entries_moved(ARRAY(
      SELECT ROW(checklist_id, bird_name, is_new_species, 1)::stats_entry_move FROM (
        SELECT id, checklist_id, bird_name, is_new_species FROM new_rows
        EXCEPT SELECT id, checklist_id, bird_name, is_new_species FROM old_rows) joined
      UNION ALL
      SELECT ROW(checklist_id, bird_name, is_new_species, -1)::stats_entry_move FROM (
        SELECT id, checklist_id, bird_name, is_new_species FROM old_rows
        EXCEPT SELECT id, checklist_id, bird_name, is_new_species FROM new_rows) left_));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

-- The lists ('checklists', 'newspecies') a checklist is in: submitted, and holding an entry of the list (its counters,
-- kept by 0004/0005/0018 from the entries).
CREATE FUNCTION stats_checklist_lists(submitted boolean, entry_count integer, named_entries integer) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(ARRAY[CASE WHEN submitted AND named_entries > 0 THEN 'checklists' END,
                            CASE WHEN submitted AND entry_count > named_entries THEN 'newspecies' END], NULL)
$$;--> statement-breakpoint

-- The observers' bits follow the checklists' counters, so a checklist's update trigger sees an entry of a list arrive
-- or leave. A checklist submitted or withdrawn carries its names' bits and entries along; a birder's name corrected
-- moves its observer bit.
CREATE FUNCTION stats_bitmaps_checklists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_apply_bitmaps(ARRAY(
      SELECT ROW(l.list, 'observer', lower(c.observer_name), c.seq, 1, 0)::stats_bitmap_delta
      FROM new_rows c, unnest(stats_checklist_lists(c.status = 'submitted', c.entry_count, c.named_entries)) l(list)));
    RETURN NULL;
  END IF;
  PERFORM stats_apply_bitmaps(ARRAY(
    WITH now_in AS (
      SELECT l.list, lower(c.observer_name) AS observer, c.seq
      FROM new_rows c, unnest(stats_checklist_lists(c.status = 'submitted', c.entry_count, c.named_entries)) l(list)
    ), was_in AS (
      SELECT l.list, lower(c.observer_name) AS observer, c.seq
      FROM old_rows c, unnest(stats_checklist_lists(c.status = 'submitted', c.entry_count, c.named_entries)) l(list)
    )
    SELECT ROW(list, 'observer', observer, seq, sign, 0)::stats_bitmap_delta
    FROM (SELECT *, 1 AS sign FROM (SELECT * FROM now_in EXCEPT SELECT * FROM was_in) gained
          UNION ALL
          SELECT *, -1 FROM (SELECT * FROM was_in EXCEPT SELECT * FROM now_in) lost) o
    UNION ALL
    SELECT ROW(stats_entry_list(e.is_new_species), 'bird', e.bird_name, m.seq, m.sign, m.sign)::stats_bitmap_delta
    FROM (SELECT *, 1 AS sign FROM (
            SELECT id, seq FROM new_rows WHERE status = 'submitted'
            EXCEPT SELECT id, seq FROM old_rows WHERE status = 'submitted') submitted
          UNION ALL
          SELECT *, -1 FROM (
            SELECT id, seq FROM old_rows WHERE status = 'submitted'
            EXCEPT SELECT id, seq FROM new_rows WHERE status = 'submitted') withdrawn) m
    JOIN entries e ON e.checklist_id = m.id));
  RETURN NULL;
END $$;--> statement-breakpoint

-- Before a submitted checklist goes, its entries (still there) take their bits and counts with them.
CREATE FUNCTION stats_bitmaps_checklist_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'submitted' THEN
    PERFORM stats_apply_bitmaps(ARRAY(
      SELECT ROW(stats_entry_list(e.is_new_species), 'bird', e.bird_name, OLD.seq, -1, -1)::stats_bitmap_delta
      FROM entries e WHERE e.checklist_id = OLD.id
      UNION ALL
      SELECT ROW(l.list, 'observer', lower(OLD.observer_name), OLD.seq, -1, 0)::stats_bitmap_delta
      FROM (VALUES ('checklists'), ('newspecies')) l(list)));
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint

CREATE TRIGGER entries_stats_bitmaps_inserted AFTER INSERT ON entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_bitmaps_entries_changed();--> statement-breakpoint
CREATE TRIGGER entries_stats_bitmaps_updated AFTER UPDATE ON entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_bitmaps_entries_changed();--> statement-breakpoint
CREATE TRIGGER entries_stats_bitmaps_deleted AFTER DELETE ON entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_bitmaps_entries_changed();--> statement-breakpoint
CREATE TRIGGER checklists_stats_bitmaps_inserted AFTER INSERT ON checklists REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_bitmaps_checklists_changed();--> statement-breakpoint
CREATE TRIGGER checklists_stats_bitmaps_updated AFTER UPDATE ON checklists REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_bitmaps_checklists_changed();--> statement-breakpoint
CREATE TRIGGER checklists_stats_bitmaps_deleting BEFORE DELETE ON checklists FOR EACH ROW EXECUTE FUNCTION stats_bitmaps_checklist_deleting();--> statement-breakpoint

CREATE FUNCTION stats_rebuild_checklist_bitmaps() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE stats_checklist_bitmaps;
  INSERT INTO stats_checklist_bitmaps (list, kind, key, block, checklists, entries)
  SELECT list, 'bird', bird_name, seq >> 13, bit_or(stats_checklist_bit(seq)), sum(n)
  FROM (SELECT stats_entry_list(e.is_new_species) AS list, e.bird_name, c.seq, count(*) AS n
        FROM entries e JOIN checklists c ON c.id = e.checklist_id
        WHERE c.status = 'submitted' GROUP BY 1, 2, 3) x
  GROUP BY 1, 2, 3, 4;
  INSERT INTO stats_checklist_bitmaps (list, kind, key, block, checklists, entries)
  SELECT l.list, 'observer', lower(c.observer_name), c.seq >> 13, bit_or(stats_checklist_bit(c.seq)), 0
  FROM checklists c, unnest(stats_checklist_lists(c.status = 'submitted', c.entry_count, c.named_entries)) l(list)
  GROUP BY 1, 2, 3, 4;
END $$;--> statement-breakpoint

-- 2. stats_birder_birds counts each list's entries per birder and bird: "entries" (the entries list: approved, named;
-- as in 0021), "checklists" (the checklists list: named, any approval) and "newspecies" (new-species reports). Columns,
-- not a row per list: an approved entry is in two lists, and a row per list doubled the rows a 100,000-entry upload
-- inserts (the trigger's time: 2.9 s, against 1.15 s with columns).
ALTER TABLE "stats_birder_birds" ADD COLUMN "checklists" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_birder_birds" ADD COLUMN "newspecies" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Both indexes carry the counts, so the overlap reads either side from the index alone (records.totals.ts
-- countOverlap): for 'er' on the checklists list, 9,500 rows of its 14 birders in 4 ms, against 36 ms from the table.
ALTER TABLE "stats_birder_birds" DROP CONSTRAINT "stats_birder_birds_pk";--> statement-breakpoint
ALTER TABLE "stats_birder_birds" ADD CONSTRAINT "stats_birder_birds_pk" PRIMARY KEY("observer","bird_name") INCLUDE ("entries","checklists","newspecies");--> statement-breakpoint
DROP INDEX "stats_birder_birds_bird_idx";--> statement-breakpoint
CREATE INDEX "stats_birder_birds_bird_idx" ON "stats_birder_birds" USING btree ("bird_name","observer") INCLUDE ("entries","checklists","newspecies");--> statement-breakpoint
-- n: the entries list's change (as in 0021); c, s: the checklists and new-species lists'.
ALTER TYPE stats_birder_bird_delta ADD ATTRIBUTE c integer;--> statement-breakpoint
ALTER TYPE stats_birder_bird_delta ADD ATTRIBUTE s integer;--> statement-breakpoint

CREATE OR REPLACE FUNCTION stats_apply_birder_birds(ds stats_birder_bird_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ds, 1), 0) = 0 THEN RETURN; END IF;
  INSERT INTO stats_birder_birds AS b (observer, bird_name, entries, checklists, newspecies)
  SELECT observer, bird_name, sum(n), sum(c), sum(s) FROM unnest(ds) GROUP BY 1, 2
  HAVING sum(n) <> 0 OR sum(c) <> 0 OR sum(s) <> 0 ORDER BY 1, 2
  ON CONFLICT (observer, bird_name) DO UPDATE
    SET entries = b.entries + excluded.entries, checklists = b.checklists + excluded.checklists,
        newspecies = b.newspecies + excluded.newspecies;
END $$;--> statement-breakpoint

-- One entry's change (sign +1 or -1) in each list's count, by its approval and kind.
CREATE FUNCTION stats_birder_bird_change(observer text, bird_name text, approval text, is_new_species boolean, sign integer)
RETURNS stats_birder_bird_delta LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ROW(observer, bird_name,
             CASE WHEN approval = 'approved' AND NOT is_new_species THEN sign ELSE 0 END,
             CASE WHEN is_new_species THEN 0 ELSE sign END,
             CASE WHEN is_new_species THEN sign ELSE 0 END)::stats_birder_bird_delta
$$;--> statement-breakpoint

-- As in 0021, for every entry on a submitted checklist (each list's count takes its own).
CREATE OR REPLACE FUNCTION stats_birder_birds_entries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_apply_birder_birds(ARRAY(
      SELECT stats_birder_bird_change(lower(c.observer_name), e.bird_name, e.approval::text, e.is_new_species, 1)
      FROM new_rows e JOIN checklists c ON c.id = e.checklist_id WHERE c.status = 'submitted'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stats_apply_birder_birds(ARRAY(
      SELECT stats_birder_bird_change(lower(c.observer_name), e.bird_name, e.approval::text, e.is_new_species, -1)
      FROM old_rows e JOIN checklists c ON c.id = e.checklist_id WHERE c.status = 'submitted'));
  ELSE
    PERFORM stats_apply_birder_birds(ARRAY(
      SELECT stats_birder_bird_change(lower(c.observer_name), e.bird_name, e.approval::text, e.is_new_species, e.sign)
      FROM (SELECT checklist_id, bird_name, approval, is_new_species, 1 AS sign FROM new_rows
            UNION ALL
            SELECT checklist_id, bird_name, approval, is_new_species, -1 FROM old_rows) e
      JOIN checklists c ON c.id = e.checklist_id WHERE c.status = 'submitted'));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION stats_birder_birds_checklists_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_birder_birds(ARRAY(
    SELECT stats_birder_bird_change(c.observer, e.bird_name, e.approval::text, e.is_new_species, c.sign)
    FROM (SELECT *, 1 AS sign FROM (
            SELECT id, lower(observer_name) AS observer FROM new_rows WHERE status = 'submitted'
            EXCEPT SELECT id, lower(observer_name) FROM old_rows WHERE status = 'submitted') moved_to
          UNION ALL
          SELECT *, -1 FROM (
            SELECT id, lower(observer_name) AS observer FROM old_rows WHERE status = 'submitted'
            EXCEPT SELECT id, lower(observer_name) FROM new_rows WHERE status = 'submitted') moved_from) c
    JOIN entries e ON e.checklist_id = c.id));
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION stats_birder_birds_checklist_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'submitted' THEN
    PERFORM stats_apply_birder_birds(ARRAY(
      SELECT stats_birder_bird_change(lower(OLD.observer_name), e.bird_name, e.approval::text, e.is_new_species, -1)
      FROM entries e WHERE e.checklist_id = OLD.id));
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION stats_rebuild_birder_birds() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE stats_birder_birds;
  INSERT INTO stats_birder_birds (observer, bird_name, entries, checklists, newspecies)
  SELECT lower(c.observer_name), e.bird_name,
         count(*) FILTER (WHERE e.approval = 'approved' AND NOT e.is_new_species),
         count(*) FILTER (WHERE NOT e.is_new_species), count(*) FILTER (WHERE e.is_new_species)
  FROM entries e JOIN checklists c ON c.id = e.checklist_id
  WHERE c.status = 'submitted'
  GROUP BY 1, 2;
END $$;--> statement-breakpoint

-- stats_rebuild() (0021) rebuilds the bitmaps too; the earlier function is kept under another name and called first.
ALTER FUNCTION stats_rebuild() RENAME TO stats_rebuild_summaries_0021;--> statement-breakpoint
CREATE FUNCTION stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_rebuild_summaries_0021();
  PERFORM stats_rebuild_checklist_bitmaps();
END $$;--> statement-breakpoint

SELECT stats_rebuild_birder_birds();--> statement-breakpoint
SELECT stats_rebuild_checklist_bitmaps();--> statement-breakpoint
ANALYZE stats_birder_birds;--> statement-breakpoint
ANALYZE stats_checklist_bitmaps;

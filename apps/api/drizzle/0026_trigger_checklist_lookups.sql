-- The entries' statement-level triggers look up the checklists of the rows they were given (issue 10, session 22).
-- They joined the transition table to `checklists` directly, and for a statement of a few thousand entries PostgreSQL
-- chose a hash join over the whole table: at 2 M entries each of stats_birder_birds_entries_changed (0022) and
-- stats_bitmaps_entries_changed (0022) read all 190,000 checklists and hashed them (~170 ms each on a 2-core machine)
-- for every 10,000 entries written, and the time grew with the table, not with the statement. stats_apply_entries
-- (0024) probed the checklists' key once per entry.
--
-- stats_checklists_of(ids) reads the given checklists by key (`id = ANY`), once per distinct id. It is PL/pgSQL, so the
-- planner cannot fold it into the caller's join: the caller hashes its result (a few thousand rows at most per
-- statement) instead of the table. What the triggers compute is unchanged: the same rows, the same filters.

CREATE FUNCTION stats_checklists_of(ids uuid[]) RETURNS SETOF checklists LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY SELECT * FROM checklists c WHERE c.id = ANY(ids);
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION stats_birder_birds_entries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_apply_birder_birds(ARRAY(
      SELECT stats_birder_bird_change(lower(c.observer_name), e.bird_name, e.approval::text, e.is_new_species, 1)
      FROM new_rows e JOIN stats_checklists_of(ARRAY(SELECT DISTINCT checklist_id FROM new_rows)) c
        ON c.id = e.checklist_id
      WHERE c.status = 'submitted'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stats_apply_birder_birds(ARRAY(
      SELECT stats_birder_bird_change(lower(c.observer_name), e.bird_name, e.approval::text, e.is_new_species, -1)
      FROM old_rows e JOIN stats_checklists_of(ARRAY(SELECT DISTINCT checklist_id FROM old_rows)) c
        ON c.id = e.checklist_id
      WHERE c.status = 'submitted'));
  ELSE
    PERFORM stats_apply_birder_birds(ARRAY(
      SELECT stats_birder_bird_change(lower(c.observer_name), e.bird_name, e.approval::text, e.is_new_species, e.sign)
      FROM (SELECT checklist_id, bird_name, approval, is_new_species, 1 AS sign FROM new_rows
            UNION ALL
            SELECT checklist_id, bird_name, approval, is_new_species, -1 FROM old_rows) e
      JOIN stats_checklists_of(ARRAY(SELECT checklist_id FROM new_rows UNION SELECT checklist_id FROM old_rows)) c
        ON c.id = e.checklist_id
      WHERE c.status = 'submitted'));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION stats_bitmaps_entries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_apply_bitmaps(ARRAY(
      SELECT ROW(stats_entry_list(e.is_new_species), 'bird', e.bird_name, c.seq, 1, 1)::stats_bitmap_delta
      FROM new_rows e JOIN stats_checklists_of(ARRAY(SELECT DISTINCT checklist_id FROM new_rows)) c
        ON c.id = e.checklist_id
      WHERE c.status = 'submitted'));
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

CREATE OR REPLACE FUNCTION stats_bitmaps_entries_moved(ms stats_entry_move[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ms, 1), 0) = 0 THEN RETURN; END IF;
  PERFORM stats_apply_bitmaps(ARRAY(
    WITH c AS MATERIALIZED (
      SELECT id, seq FROM stats_checklists_of(ARRAY(SELECT DISTINCT checklist_id FROM unnest(ms)))
      WHERE status = 'submitted'
    )
    SELECT ROW(stats_entry_list(m.is_new_species), 'bird', m.bird_name, c.seq, 0, m.sign)::stats_bitmap_delta
    FROM unnest(ms) m JOIN c ON c.id = m.checklist_id
    UNION ALL
    SELECT ROW(a.list, 'bird', a.bird_name, c.seq,
               CASE WHEN EXISTS (SELECT 1 FROM entries x WHERE x.bird_name = a.bird_name AND x.checklist_id = c.id
                                 AND x.is_new_species = (a.list = 'newspecies')) THEN 1 ELSE -1 END, 0)::stats_bitmap_delta
    FROM (SELECT DISTINCT checklist_id, bird_name, stats_entry_list(is_new_species) AS list FROM unnest(ms)) a
    JOIN c ON c.id = a.checklist_id));
END $$;--> statement-breakpoint

-- 0023's stats_apply_entries, the species summaries' part, with its checklists read once per distinct id.
CREATE OR REPLACE FUNCTION stats_apply_entries(ds stats_entry_delta[])
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM stats_apply_species(ARRAY(
    SELECT ROW(date_trunc('month', c.selected_date)::date, coalesce(c.dzongkhag, ''), coalesce(c.gewog, ''),
               coalesce(c.village, ''), x.bird_name, x.sign, x.sign * x.total::bigint)::stats_species_delta
    FROM unnest(ds) x
    JOIN stats_checklists_of(ARRAY(SELECT DISTINCT checklist_id FROM unnest(ds) WHERE approved AND NOT is_new)) c
      ON c.id = x.checklist_id
    WHERE c.status = 'submitted' AND x.approved AND NOT x.is_new));
  -- The checklist's own counters; its triggers turn them into checklist, site, birder, list and queue statistics.
  -- A checklist being deleted is no longer visible here: its statistics left with it. Entries whose checklists were
  -- inserted already counted (jarog.entries_counted, above) leave them as they are.
  IF current_setting('jarog.entries_counted', true) IS DISTINCT FROM 'on' THEN
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
  END IF;
  -- A review or a flag changes no name: the sums are 0 and nothing is written.
  INSERT INTO stats_bird_names AS s (bird_name, entries)
  SELECT bird_name, sum(sign) FROM unnest(ds) GROUP BY 1 HAVING sum(sign) <> 0 ORDER BY 1
  ON CONFLICT (bird_name) DO UPDATE SET entries = s.entries + excluded.entries;
END $$;--> statement-breakpoint

-- An upload's checklists written with their counters already counted (issue 10, session 18). The upload on PostgreSQL
-- writes its checklists and then their entries (ingest.staging.ts, store). The entries' insert trigger then raised each
-- new checklist's counters (0018's stats_apply_entries): 20,000 UPDATEs of rows written a moment before, none of them
-- HOT (partial indexes test the counters), each firing the checklists' update triggers. EXPLAIN ANALYZE of a
-- 100,000-entry upload at 2 M entries: 3.4 s of its 15 s insert.
--
-- Now store() counts each staged checklist's entries into its row as it inserts it (the checklists' insert triggers
-- turn those counts into statistics, as their update triggers did), and inserts the entries with the transaction-local
-- setting jarog.entries_counted = 'on', which makes stats_apply_entries leave the counters alone. It sets the setting
-- back to 'off' in the same transaction right after that one INSERT. Nothing else sets it; with it unset every write
-- counts as before. Everything else the entries' triggers keep (species, names, bitmaps, birder birds) is unchanged.
-- stats.test.ts writes the same way in its rounds and compares every summary with a recomputation.

CREATE OR REPLACE FUNCTION stats_apply_entries(ds stats_entry_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_species(ARRAY(
    SELECT ROW(date_trunc('month', c.selected_date)::date, coalesce(c.dzongkhag, ''), coalesce(c.gewog, ''),
               coalesce(c.village, ''), x.bird_name, x.sign, x.sign * x.total::bigint)::stats_species_delta
    FROM unnest(ds) x JOIN checklists c ON c.id = x.checklist_id
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
END $$;

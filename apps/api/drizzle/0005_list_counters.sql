-- Per-checklist counters the console lists read instead of looking into entries: entries that are
-- not new-species reports, and the approved ones among them. Kept by the entries trigger (0004).
ALTER TABLE "checklists" ADD COLUMN "named_entries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "approved_named_entries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint

CREATE OR REPLACE FUNCTION stats_apply_entries(ds stats_entry_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_apply_species(ARRAY(
    SELECT ROW(date_trunc('month', c.selected_date)::date, coalesce(c.dzongkhag, ''), coalesce(c.gewog, ''),
               coalesce(c.village, ''), x.bird_name, x.sign, x.sign * x.total::bigint)::stats_species_delta
    FROM unnest(ds) x JOIN checklists c ON c.id = x.checklist_id
    WHERE c.status = 'submitted' AND x.approved AND NOT x.is_new));
  -- The checklist's own counters; its trigger turns them into checklist, site and birder statistics.
  -- A checklist being deleted is no longer visible here: its statistics left with it.
  UPDATE checklists c
  SET entry_count = c.entry_count + x.n, approved_entries = c.approved_entries + x.a,
      named_entries = c.named_entries + x.nn, approved_named_entries = c.approved_named_entries + x.an
  FROM (SELECT checklist_id, sum(sign)::integer AS n,
               coalesce(sum(sign) FILTER (WHERE approved), 0)::integer AS a,
               coalesce(sum(sign) FILTER (WHERE NOT is_new), 0)::integer AS nn,
               coalesce(sum(sign) FILTER (WHERE approved AND NOT is_new), 0)::integer AS an
        FROM unnest(ds) GROUP BY 1) x
  WHERE c.id = x.checklist_id AND (x.n <> 0 OR x.a <> 0 OR x.nn <> 0 OR x.an <> 0);
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION stats_rebuild_checklist_counters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ALTER TABLE checklists DISABLE TRIGGER checklists_stats_updated;
  UPDATE checklists c
  SET entry_count = coalesce(x.n, 0), approved_entries = coalesce(x.a, 0),
      named_entries = coalesce(x.nn, 0), approved_named_entries = coalesce(x.an, 0)
  FROM checklists c2 LEFT JOIN (
    SELECT checklist_id, count(*)::integer AS n,
           (count(*) FILTER (WHERE approval = 'approved'))::integer AS a,
           (count(*) FILTER (WHERE NOT is_new_species))::integer AS nn,
           (count(*) FILTER (WHERE approval = 'approved' AND NOT is_new_species))::integer AS an
    FROM entries GROUP BY 1) x ON x.checklist_id = c2.id
  WHERE c.id = c2.id
    AND (c.entry_count, c.approved_entries, c.named_entries, c.approved_named_entries)
        IS DISTINCT FROM (coalesce(x.n, 0), coalesce(x.a, 0), coalesce(x.nn, 0), coalesce(x.an, 0));
  ALTER TABLE checklists ENABLE TRIGGER checklists_stats_updated;
END $$;--> statement-breakpoint

-- As in 0004, with the checklist counters recomputed by the function above.
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
END $$;--> statement-breakpoint
SELECT stats_rebuild_checklist_counters();

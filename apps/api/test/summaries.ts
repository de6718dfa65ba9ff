import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';

/*
 * Every summary table the triggers keep (migrations 0004, 0005, 0008, 0013, 0018, 0021, 0022, 0023) beside the same
 * numbers recomputed from the raw records, written here independently of the migrations. stats.test.ts checks them
 * after random writes of every kind; the upload tests after a file is stored.
 */

/** The rows of a query, bigints as numbers. */
export const rowsOf =
  (db: Db) =>
  async (q: string): Promise<Record<string, unknown>[]> => {
    const r = (await db.execute(sql.raw(q))) as unknown as { rows?: Record<string, unknown>[] };
    return (r.rows ?? (r as unknown as Record<string, unknown>[])).map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])),
    );
  };
export const sorted = (list: Record<string, unknown>[]) =>
  list
    .map((r) =>
      JSON.stringify(Object.values(r).map((v) => (v instanceof Date ? v.toISOString() : String(v)))),
    )
    .sort();

const APPROVED_SPECIES = `FROM entries e JOIN checklists c ON c.id = e.checklist_id
  WHERE c.status = 'submitted' AND e.approval = 'approved' AND NOT e.is_new_species`;
const PLACE = `coalesce(c.dzongkhag, '') AS dz, coalesce(c.gewog, '') AS gw, coalesce(c.village, '') AS vi`;
const MONTH = `to_char(c.selected_date, 'YYYY-MM') AS month`;

/** The console lists an entry is in (joined to its checklist): approved named ones in two. */
const LIST_OF_ENTRY = `CROSS JOIN LATERAL (SELECT 'checklists' AS list WHERE NOT e.is_new_species
                      UNION ALL SELECT 'entries' WHERE NOT e.is_new_species AND e.approval = 'approved'
                      UNION ALL SELECT 'newspecies' WHERE e.is_new_species) l`;
/** Each submitted checklist once per console list it appears in, with its entries of the list (0008, 0018). */
const LIST_CHECKLISTS = `SELECT l.list, c.id, c.dzongkhag, c.gewog, c.village, c.observer_name, count(*) AS n
  FROM checklists c JOIN entries e ON e.checklist_id = c.id
  CROSS JOIN LATERAL (SELECT 'checklists' AS list WHERE NOT e.is_new_species
                      UNION ALL SELECT 'entries' WHERE NOT e.is_new_species AND e.approval = 'approved'
                      UNION ALL SELECT 'newspecies' WHERE e.is_new_species) l
  WHERE c.status = 'submitted' GROUP BY 1, 2, 3, 4, 5, 6`;
/** Approved named entries at every period ('YYYY-MM', 'YYYY', 'all') and place level (0-3). */
const PERIOD_SPECIES = `SELECT p.period, l.level,
    CASE WHEN l.level >= 1 THEN coalesce(c.dzongkhag, '') ELSE '' END AS dz,
    CASE WHEN l.level >= 2 THEN coalesce(c.gewog, '') ELSE '' END AS gw,
    CASE WHEN l.level >= 3 THEN coalesce(c.village, '') ELSE '' END AS vi, e.bird_name, e.total
  FROM entries e JOIN checklists c ON c.id = e.checklist_id
  CROSS JOIN LATERAL (VALUES (to_char(c.selected_date, 'YYYY-MM')), (to_char(c.selected_date, 'YYYY')), ('all')) p(period)
  CROSS JOIN generate_series(0, 3) l(level)
  WHERE c.status = 'submitted' AND e.approval = 'approved' AND NOT e.is_new_species`;

/** Each summary table beside the same numbers computed from the raw records. */
export const CHECKS: { name: string; table: string; recomputed: string }[] = [
  {
    name: 'species per month, place and bird',
    table: `SELECT to_char(month, 'YYYY-MM'), dzongkhag, gewog, village, bird_name, entries, birds
            FROM stats_species_place_month WHERE entries <> 0 OR birds <> 0`,
    recomputed: `SELECT ${MONTH}, ${PLACE}, e.bird_name, count(*) AS n, sum(e.total) AS birds ${APPROVED_SPECIES}
                 GROUP BY 1, 2, 3, 4, 5`,
  },
  {
    name: 'species per month and bird',
    table: `SELECT to_char(month, 'YYYY-MM'), bird_name, entries, birds FROM stats_species_month WHERE entries <> 0 OR birds <> 0`,
    recomputed: `SELECT ${MONTH}, e.bird_name, count(*) AS n, sum(e.total) AS birds ${APPROVED_SPECIES} GROUP BY 1, 2`,
  },
  {
    name: 'checklists per month and place',
    table: `SELECT to_char(month, 'YYYY-MM'), dzongkhag, gewog, village, checklists, approved_entries
            FROM stats_checklist_place_month WHERE checklists <> 0 OR approved_entries <> 0`,
    recomputed: `SELECT ${MONTH}, ${PLACE}, count(DISTINCT c.id) AS checklists, count(*) AS approved
                 FROM checklists c JOIN entries e ON e.checklist_id = c.id
                 WHERE c.status = 'submitted' AND e.approval = 'approved' GROUP BY 1, 2, 3, 4`,
  },
  {
    name: 'submitted checklists per site',
    table: `SELECT dzongkhag, gewog, village, checklists FROM stats_site WHERE checklists <> 0`,
    recomputed: `SELECT ${PLACE}, count(*) FROM checklists c WHERE c.status = 'submitted' GROUP BY 1, 2, 3`,
  },
  {
    name: 'entries per birder',
    table: `SELECT s.observer_id, entries, submitted, approved FROM stats_birder s
            WHERE entries <> 0 OR submitted <> 0 OR approved <> 0`,
    recomputed: `SELECT c.observer_id, count(*) AS n, count(*) FILTER (WHERE c.status = 'submitted') AS submitted,
                   count(*) FILTER (WHERE c.status = 'submitted' AND e.approval = 'approved') AS approved
                 FROM checklists c JOIN entries e ON e.checklist_id = c.id
                 WHERE c.observer_id IS NOT NULL GROUP BY 1`,
  },
  {
    name: 'review history per bird, dzongkhag and calendar month (issue 14)',
    table: `SELECT bird_name, dzongkhag, month, entries, birds FROM review_history WHERE entries <> 0 OR birds <> 0`,
    recomputed: `SELECT e.bird_name, coalesce(c.dzongkhag, '') AS dz, extract(month FROM c.selected_date)::int AS m,
                   count(*) AS n, sum(e.total) AS birds ${APPROVED_SPECIES} GROUP BY 1, 2, 3`,
  },
  {
    name: 'entry counters on each checklist',
    table: `SELECT id, entry_count, approved_entries, named_entries, approved_named_entries,
              pending_named_entries, pending_new_entries FROM checklists`,
    recomputed: `SELECT c.id, count(e.id) AS n, count(e.id) FILTER (WHERE e.approval = 'approved') AS approved,
                   count(e.id) FILTER (WHERE NOT e.is_new_species) AS named,
                   count(e.id) FILTER (WHERE e.approval = 'approved' AND NOT e.is_new_species) AS approved_named,
                   count(e.id) FILTER (WHERE e.approval = 'pending' AND NOT e.is_new_species) AS pending_named,
                   count(e.id) FILTER (WHERE e.approval = 'pending' AND e.is_new_species) AS pending_new
                 FROM checklists c LEFT JOIN entries e ON e.checklist_id = c.id GROUP BY 1`,
  },
  {
    name: 'checklists and entries per console list',
    table: `SELECT list, checklists, entries FROM stats_list_totals WHERE checklists <> 0 OR entries <> 0`,
    recomputed: `SELECT l.list, count(DISTINCT c.id) AS checklists, count(*) AS entries
                 FROM checklists c JOIN entries e ON e.checklist_id = c.id
                 CROSS JOIN LATERAL (SELECT 'checklists' AS list WHERE NOT e.is_new_species
                   UNION ALL SELECT 'entries' WHERE NOT e.is_new_species AND e.approval = 'approved'
                   UNION ALL SELECT 'newspecies' WHERE e.is_new_species) l
                 WHERE c.status = 'submitted' GROUP BY 1`,
  },
  {
    name: 'distinct places and observers per console list',
    table: `SELECT list, kind, value, checklists, entries FROM stats_list_values`,
    recomputed: `SELECT list, kind, value, count(*) AS checklists, sum(n) AS entries FROM (
                   SELECT list, 'dzongkhag' AS kind, dzongkhag AS value, n FROM (${LIST_CHECKLISTS}) x
                   UNION ALL SELECT list, 'gewog', gewog, n FROM (${LIST_CHECKLISTS}) x
                   UNION ALL SELECT list, 'village', village, n FROM (${LIST_CHECKLISTS}) x
                   UNION ALL SELECT list, 'observer', observer_name, n FROM (${LIST_CHECKLISTS}) x) v
                 WHERE value IS NOT NULL AND value <> '' GROUP BY 1, 2, 3`,
  },
  {
    name: 'species per period, place level and bird',
    table: `SELECT period, level, dzongkhag, gewog, village, bird_name, entries, birds
            FROM stats_species_period WHERE entries <> 0 OR birds <> 0`,
    recomputed: `SELECT period, level, dz, gw, vi, bird_name, count(*) AS n, sum(total) AS birds FROM (${PERIOD_SPECIES}) x
                 GROUP BY 1, 2, 3, 4, 5, 6`,
  },
  {
    name: 'distinct species and birds per period and place',
    table: `SELECT period, level, dzongkhag, gewog, village, species, birds FROM stats_place_species
            WHERE species <> 0 OR birds <> 0`,
    recomputed: `SELECT period, level, dz, gw, vi, count(DISTINCT bird_name) AS species, sum(total) AS birds FROM (${PERIOD_SPECIES}) x
                 GROUP BY 1, 2, 3, 4, 5`,
  },
  {
    name: "the reviewer's queue per list and dzongkhag",
    table: `SELECT list, dzongkhag, checklists, entries FROM stats_pending_dzongkhag WHERE checklists <> 0 OR entries <> 0`,
    recomputed: `SELECT CASE WHEN e.is_new_species THEN 'newspecies' ELSE 'checklists' END AS list,
                   coalesce(c.dzongkhag, '') AS dz, count(DISTINCT c.id) AS checklists, count(*) AS entries
                 FROM entries e JOIN checklists c ON c.id = e.checklist_id
                 WHERE c.status = 'submitted' AND e.approval = 'pending' GROUP BY 1, 2`,
  },
  {
    name: "each list's entries per birder and bird",
    table: `SELECT list, observer, bird_name, n FROM stats_birder_birds
            CROSS JOIN LATERAL (VALUES ('entries', entries), ('checklists', checklists), ('newspecies', newspecies)) l(list, n)
            WHERE n <> 0`,
    recomputed: `SELECT l.list, lower(c.observer_name), e.bird_name, count(*)
                 FROM entries e JOIN checklists c ON c.id = e.checklist_id ${LIST_OF_ENTRY}
                 WHERE c.status = 'submitted' GROUP BY 1, 2, 3`,
  },
  {
    name: "the checklists and new-species lists' checklists per bird and birder, as bitmaps",
    table: `SELECT b.list, b.kind, b.key, b.block * 8192 + p.bit AS seq FROM stats_checklist_bitmaps b
            CROSS JOIN generate_series(0, 8191) p(bit) WHERE get_bit(b.checklists, p.bit) = 1`,
    recomputed: `SELECT DISTINCT l.list, k.kind, k.key, c.seq FROM entries e JOIN checklists c ON c.id = e.checklist_id
                 ${LIST_OF_ENTRY}
                 CROSS JOIN LATERAL (VALUES ('bird', e.bird_name), ('observer', lower(c.observer_name))) k(kind, key)
                 WHERE c.status = 'submitted' AND l.list <> 'entries'`,
  },
  {
    name: "the checklists and new-species lists' entries per bird and block of checklists",
    table: `SELECT list, key, block, entries FROM stats_checklist_bitmaps WHERE kind = 'bird' AND entries <> 0`,
    recomputed: `SELECT l.list, e.bird_name, c.seq >> 13, count(*) FROM entries e JOIN checklists c ON c.id = e.checklist_id
                 ${LIST_OF_ENTRY} WHERE c.status = 'submitted' AND l.list <> 'entries' GROUP BY 1, 2, 3`,
  },
  {
    name: 'distinct bird names of all entries',
    table: `SELECT bird_name, entries FROM stats_bird_names WHERE entries <> 0`,
    recomputed: `SELECT bird_name, count(*) FROM entries GROUP BY 1`,
  },
];

/** Fails, naming the table and `round`, where a summary differs from its recomputation. */
export async function expectSummariesMatchRecords(db: Db, round: string) {
  const rows = rowsOf(db);
  for (const check of CHECKS) {
    const [kept, fresh] = await Promise.all([rows(check.table), rows(check.recomputed)]);
    expect(sorted(kept), `${round}: ${check.name}`).toEqual(sorted(fresh));
  }
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { openTestDatabase } from './db';

/*
 * The analytics and console lists read summary tables that triggers keep current (migrations 0004, 0005,
 * 0008, 0013, 0018, 0021, 0022). These tests drive random writes, reviews, moves and deletes through plain SQL (as any
 * writer would) and check after each round that every summary equals a recomputation from the raw records,
 * written here independently of the migrations.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
});
afterAll(() => database.close());

const rows = async (q: string): Promise<Record<string, unknown>[]> => {
  const r = (await database.db.execute(sql.raw(q))) as unknown as { rows?: Record<string, unknown>[] };
  return (r.rows ?? (r as unknown as Record<string, unknown>[])).map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])),
  );
};
const sorted = (list: Record<string, unknown>[]) =>
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
const CHECKS: { name: string; table: string; recomputed: string }[] = [
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

async function expectSummariesMatchRecords(round: string) {
  for (const check of CHECKS) {
    const [kept, fresh] = await Promise.all([rows(check.table), rows(check.recomputed)]);
    expect(sorted(kept), `${round}: ${check.name}`).toEqual(sorted(fresh));
  }
}

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('analytics summary tables', () => {
  it('equal a recomputation from the raw records after every kind of write', async () => {
    const random = prng(20261121);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const birds = [
      'Raven',
      'Black-necked Crane',
      'Rufous-necked Hornbill',
      'White-bellied Heron',
      'Unknown Birds',
      'New bird - grey finch',
    ];
    const places = [
      ["'Paro'", "'Tsento'", "'Drukgyel'"],
      ["'Thimphu'", "'Kawang'", 'NULL'],
      ["'Wangdue Phodrang'", "'Phobji'", "'Gangtey'"],
      ['NULL', 'NULL', 'NULL'],
    ];
    const observers = ['Pema Dorji', 'Sonam Wangmo', 'Karma Tshering'];
    await rows(
      `INSERT INTO users (name, email) SELECT 'Birder ' || i, 'birder' || i || '@stats.test' FROM generate_series(1, 4) i`,
    );
    const users = (await rows('SELECT id FROM users')).map((u) => String(u.id));

    for (let round = 1; round <= 12; round++) {
      // New checklists with entries, some drafts, in one statement each as the app writes them.
      for (let i = 0; i < 3; i++) {
        const [dz, gw, vi] = pick(places);
        const date = `2025-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
        const status = random() < 0.2 ? 'draft' : 'submitted';
        const [c] =
          await rows(`INSERT INTO checklists (name, observer_id, observer_name, selected_date, dzongkhag, gewog, village, status, source)
          VALUES ('r${round}c${i}', '${pick(users)}', '${pick(observers)}', '${date}', ${dz}, ${gw}, ${vi}, '${status}', 'console') RETURNING id`);
        const values = Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
          const approval = pick(['pending', 'approved', 'approved', 'rejected']);
          return `('${c?.id}', '${pick(birds).replace(/'/g, "''")}', ${Math.floor(random() * 20)}, '${approval}')`;
        });
        await rows(
          `INSERT INTO entries (checklist_id, bird_name, total, approval) VALUES ${values.join(', ')}`,
        );
      }
      // Reviews, one by one and in bulk; renames of unknown birds; count corrections.
      await rows(
        `UPDATE entries SET approval = 'approved' WHERE id IN (SELECT id FROM entries ORDER BY md5(id::text || ${round}) LIMIT 3)`,
      );
      await rows(
        `UPDATE entries SET approval = 'rejected' WHERE id IN (SELECT id FROM entries ORDER BY md5(id::text || ${round + 50}) LIMIT 2)`,
      );
      await rows(
        `UPDATE entries SET approval = 'pending' WHERE id IN (SELECT id FROM entries ORDER BY md5(id::text || ${round + 90}) LIMIT 2)`,
      );
      await rows(
        `UPDATE entries SET bird_name = 'Raven' WHERE id IN (SELECT id FROM entries WHERE is_new_species ORDER BY md5(id::text || ${round}) LIMIT 1)`,
      );
      await rows(
        `UPDATE entries SET total = total + 3 WHERE id IN (SELECT id FROM entries ORDER BY md5(id::text || ${round + 7}) LIMIT 2)`,
      );
      // An entry moved to another checklist (a correction), a bird name given to two entries at once.
      await rows(`UPDATE entries SET checklist_id = (SELECT id FROM checklists ORDER BY md5(id::text || ${round + 13}) LIMIT 1)
                  WHERE id IN (SELECT id FROM entries ORDER BY md5(id::text || ${round + 17}) LIMIT 1)`);
      await rows(
        `UPDATE entries SET bird_name = '${pick(birds).replace(/'/g, "''")}' WHERE id IN (SELECT id FROM entries ORDER BY md5(id::text || ${round + 19}) LIMIT 2)`,
      );
      // Drafts submitted, checklists re-dated or moved, a submitted one withdrawn.
      await rows(
        `UPDATE checklists SET status = 'submitted' WHERE id IN (SELECT id FROM checklists WHERE status = 'draft' LIMIT 1)`,
      );
      await rows(`UPDATE checklists SET selected_date = selected_date + 35, dzongkhag = 'Gasa', gewog = NULL
                  WHERE id IN (SELECT id FROM checklists ORDER BY md5(id::text || ${round}) LIMIT 1)`);
      // A birder's name corrected on one checklist.
      await rows(`UPDATE checklists SET observer_name = '${pick(observers)}'
                  WHERE id IN (SELECT id FROM checklists ORDER BY md5(id::text || ${round + 11}) LIMIT 1)`);
      if (round % 4 === 0)
        await rows(
          `UPDATE checklists SET status = 'draft' WHERE id IN (SELECT id FROM checklists ORDER BY md5(id::text) LIMIT 1)`,
        );
      // Deletes: single entries, whole checklists (entries cascade), and a birder (records kept, anonymised).
      await rows(
        `DELETE FROM entries WHERE id IN (SELECT id FROM entries ORDER BY md5(id::text || ${round + 3}) LIMIT 1)`,
      );
      if (round % 3 === 0)
        await rows(
          `DELETE FROM checklists WHERE id IN (SELECT id FROM checklists ORDER BY md5(id::text || ${round}) LIMIT 1)`,
        );
      if (round === 10) await rows(`DELETE FROM users WHERE id = '${users.shift()}'`);
      await expectSummariesMatchRecords(`round ${round}`);
    }
    const [counted] = await rows(`SELECT count(*) AS n FROM stats_species_place_month WHERE entries > 0`);
    expect(Number(counted?.n)).toBeGreaterThan(10);
  });

  it('rebuilds to the same numbers the triggers kept', async () => {
    const before = await Promise.all(CHECKS.map((c) => rows(c.table)));
    await rows('SELECT stats_rebuild()');
    const after = await Promise.all(CHECKS.map((c) => rows(c.table)));
    expect(after.map(sorted)).toEqual(before.map(sorted));
    await expectSummariesMatchRecords('after rebuild');
  });

  it('undoes everything when the writing transaction rolls back', async () => {
    const before = await rows('SELECT sum(entries) AS n FROM stats_species_month');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE entries SET approval = 'approved'`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rows('SELECT sum(entries) AS n FROM stats_species_month')).toEqual(before);
    await expectSummariesMatchRecords('after rollback');
  });
});

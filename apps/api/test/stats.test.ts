import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { openTestDatabase } from './db';
import { CHECKS, expectSummariesMatchRecords as matchRecords, rowsOf, sorted } from './summaries';

/*
 * The analytics and console lists read summary tables that triggers keep current (migrations 0004, 0005,
 * 0008, 0013, 0018, 0021, 0022, 0023). These tests drive random writes, reviews, moves and deletes through plain SQL (as any
 * writer would) and check after each round that every summary equals a recomputation from the raw records,
 * written here independently of the migrations.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
});
afterAll(() => database.close());

const rows = (q: string) => rowsOf(database.db)(q);
const expectSummariesMatchRecords = (round: string) => matchRecords(database.db, round);

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
      // Checklists as an upload stores them on PostgreSQL (migration 0023): each row inserted with its entries already
      // counted, then the entries with jarog.entries_counted on, which the triggers leave the counters alone for.
      await database.db.transaction(async (tx) => {
        const made = Array.from({ length: 2 }, (_, i) => {
          const [dz, gw, vi] = pick(places);
          const entries = Array.from({ length: Math.floor(random() * 4) }, () => ({
            bird: pick(birds),
            approval: pick(['pending', 'approved', 'rejected']),
          }));
          const isNew = (b: string) => b === 'Unknown Birds' || b.startsWith('New bird - ');
          const count = (f: (e: (typeof entries)[number]) => boolean) => entries.filter(f).length;
          const counters = [
            entries.length,
            count((e) => e.approval === 'approved'),
            count((e) => !isNew(e.bird)),
            count((e) => e.approval === 'approved' && !isNew(e.bird)),
            count((e) => e.approval === 'pending' && !isNew(e.bird)),
            count((e) => e.approval === 'pending' && isNew(e.bird)),
          ];
          const status = random() < 0.2 ? 'draft' : 'submitted';
          return {
            entries,
            values: `('r${round}u${i}', '${pick(users)}', '${pick(observers)}', '2025-0${1 + i}-1${round % 10}', ${dz}, ${gw}, ${vi}, '${status}', 'upload', ${counters.join(', ')})`,
          };
        });
        const ids = (await tx.execute(
          sql.raw(`INSERT INTO checklists (name, observer_id, observer_name, selected_date, dzongkhag, gewog,
            village, status, source, entry_count, approved_entries, named_entries, approved_named_entries, pending_named_entries,
            pending_new_entries) VALUES ${made.map((m) => m.values).join(', ')} RETURNING id`),
        )) as unknown as { rows: { id: string }[] };
        const values = made.flatMap((m, i) =>
          m.entries.map((e) => `('${ids.rows[i]?.id}', '${e.bird.replace(/'/g, "''")}', 2, '${e.approval}')`),
        );
        await tx.execute(sql`select set_config('jarog.entries_counted', 'on', true)`);
        if (values.length > 0)
          await tx.execute(
            sql.raw(
              `INSERT INTO entries (checklist_id, bird_name, total, approval) VALUES ${values.join(', ')}`,
            ),
          );
        await tx.execute(sql`select set_config('jarog.entries_counted', 'off', true)`);
      });
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

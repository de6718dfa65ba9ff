/**
 * Measures the review flags (issue 14) on planted anomalies:
 *
 *   npm run flag-eval -- [--database-url postgres://…] [--per-kind 200] [--controls 1000]
 *
 * On a database seeded with `npm run seed:synthetic`, inside one transaction that is rolled back at
 * the end (the database is left as it was), it adds new submitted checklists, each with one entry:
 * copies of random approved records (controls, expected unflagged), and copies with one planted
 * anomaly each (wrong-dzongkhag coordinates, an out-of-season date, ten times the usual count, a
 * duplicate of the birder's own record, an unknown name, a date before 1950, a species moved to a
 * dzongkhag where it was never approved, or, when every species is everywhere, a species new to the
 * catalogue with one approved record elsewhere). Every copy gets a birder of its own (an observer name
 * nobody else has), except the planted duplicates, which keep the original birder. Then it computes
 * the flags as a submit does and prints, per flag, precision and recall against what was planted,
 * and the time flagging adds per entry (whole batch, and 50-entry checklists as the app sends them).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FLAG_CODES, type FlagCode } from '@jarog/contracts';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/config/env';
import type { Tx } from '../src/db/client';
import { openDatabase } from '../src/db/client';
import { DZONGKHAG_CENTRES } from '../src/modules/locations/centres';
import { computeFlags, flagChecklists, SEASON_MIN_RECORDS } from '../src/modules/review/flags';

type Kind = 'control' | FlagCode | 'HIGH_COUNT_OWN';
/** Which flag each planted kind should raise. */
const EXPECTED: Record<Kind, FlagCode | null> = {
  control: null,
  OUTSIDE_DZONGKHAG: 'OUTSIDE_DZONGKHAG',
  OUT_OF_SEASON: 'OUT_OF_SEASON',
  HIGH_COUNT: 'HIGH_COUNT',
  HIGH_COUNT_OWN: 'HIGH_COUNT',
  DUPLICATE: 'DUPLICATE',
  UNKNOWN_SPECIES: 'UNKNOWN_SPECIES',
  BAD_DATE: 'BAD_DATE',
  FIRST_IN_PLACE: 'FIRST_IN_PLACE',
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
class Rollback extends Error {}

interface Source {
  checklist_id: string;
  entry_id: string;
  bird_name: string;
  species_id: string | null;
  total: number;
  dzongkhag: string;
  selected_date: string;
}

/** Copies a checklist with one of its entries (changed as told) as a new submitted app checklist. */
async function plant(
  tx: Tx,
  s: Source,
  kind: Kind,
  i: number,
  change: {
    lat?: number;
    lon?: number;
    date?: string;
    total?: number;
    bird?: string;
    dzongkhag?: string;
    keepObserver?: boolean;
  } = {},
): Promise<{ checklistId: string; entryId: string; kind: Kind }> {
  const keep = change.keepObserver ?? false;
  const [c] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into checklists (name, observer_id, observer_name, selected_date, selected_time, latitude, longitude,
                              dzongkhag, gewog, village, status, source)
      select 'eval ' || ${kind} || ' ' || ${i}, ${keep ? sql`observer_id` : sql`null`},
             ${keep ? sql`observer_name` : sql`${`Eval birder ${kind} ${i}`}`},
             coalesce(${change.date ?? null}::date, selected_date), selected_time + interval '1 minute',
             coalesce(${change.lat ?? null}::float8, latitude), coalesce(${change.lon ?? null}::float8, longitude),
             coalesce(${change.dzongkhag ?? null}, dzongkhag), ${change.dzongkhag ? sql`null` : sql`gewog`},
             ${change.dzongkhag ? sql`null` : sql`village`}, 'submitted', 'mobile'
      from checklists where id = ${s.checklist_id}::uuid
      returning id`),
  );
  if (!c) throw new Error('no checklist copied');
  const unknown = change.bird !== undefined;
  const [e] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into entries (checklist_id, bird_name, species_id, adult, juvenile, total, approval)
      values (${c.id}::uuid, ${change.bird ?? s.bird_name}, ${unknown ? null : s.species_id}::uuid,
              ${change.total ?? s.total}, 0, ${change.total ?? s.total}, 'pending')
      returning id`),
  );
  if (!e) throw new Error('no entry copied');
  return { checklistId: c.id, entryId: e.id, kind };
}

async function sources(tx: Tx, n: number, where?: ReturnType<typeof sql>): Promise<Source[]> {
  // A 2% block sample keeps random picks cheap at millions of rows; a targeted pick reads its index.
  const from = where ? sql`entries e` : sql`entries e tablesample system (2)`;
  return rowsOf<Source>(
    await tx.execute(sql`
      select c.id as checklist_id, e.id as entry_id, e.bird_name, e.species_id, e.total,
             coalesce(c.dzongkhag, '') as dzongkhag, c.selected_date::text as selected_date
      from ${from} join checklists c on c.id = e.checklist_id
      where c.status = 'submitted' and e.approval = 'approved' and not e.is_new_species and e.species_id is not null
        and c.dzongkhag is not null and c.latitude is not null and ${where ?? sql`true`}
      order by random() limit ${n}`),
  ).map((r) => ({ ...r, total: Number(r.total) }));
}

/** Another dzongkhag's centre, far (> 0.4°) from this one's. */
function elsewhere(dzongkhag: string, i: number): { lat: number; lon: number } {
  const here = DZONGKHAG_CENTRES[dzongkhag];
  const far = Object.entries(DZONGKHAG_CENTRES).filter(
    ([name, c]) => name !== dzongkhag && (!here || Math.hypot(c.lat - here.lat, c.lon - here.lon) > 0.4),
  );
  const [, c] = far[i % far.length] ?? ['', { lat: 27.5, lon: 90.5 }];
  return { lat: c.lat, lon: c.lon };
}

async function evaluate(tx: Tx, perKind: number, controls: number) {
  const planted: { checklistId: string; entryId: string; kind: Kind }[] = [];
  let i = 0;
  for (const s of await sources(tx, controls)) planted.push(await plant(tx, s, 'control', i++));
  for (const s of await sources(tx, perKind)) {
    const to = elsewhere(s.dzongkhag, i);
    planted.push(await plant(tx, s, 'OUTSIDE_DZONGKHAG', i++, to));
  }
  // Out of season: a species with enough records in a dzongkhag, moved to a month whose window is empty.
  const gaps = rowsOf<{ bird_name: string; dzongkhag: string; month: number }>(
    await tx.execute(sql`
      with place as (select bird_name, dzongkhag, sum(entries) as n from review_history where dzongkhag <> ''
                     group by 1, 2 having sum(entries) >= ${SEASON_MIN_RECORDS})
      select p.bird_name, p.dzongkhag, m.month
      from place p cross join generate_series(1, 12) as m(month)
      where not exists (select 1 from review_history h where h.bird_name = p.bird_name and h.dzongkhag = p.dzongkhag
                          and h.entries > 0 and h.month in (m.month, (m.month + 10) % 12 + 1, m.month % 12 + 1))
      order by random() limit ${perKind}`),
  );
  for (const g of gaps) {
    const [s] = await sources(tx, 1, sql`e.bird_name = ${g.bird_name} and c.dzongkhag = ${g.dzongkhag}`);
    if (s)
      planted.push(
        await plant(tx, s, 'OUT_OF_SEASON', i++, { date: `2024-${String(g.month).padStart(2, '0')}-15` }),
      );
  }
  // Ten times the usual count: the mean approved count of the species there within a month of the date.
  for (const s of await sources(tx, perKind)) {
    const [usual] = rowsOf<{ mean: number | null }>(
      await tx.execute(sql`
        select sum(birds)::float8 / nullif(sum(entries), 0) as mean from review_history
        where bird_name = ${s.bird_name} and dzongkhag = ${s.dzongkhag}
          and month in (extract(month from ${s.selected_date}::date)::int,
                        (extract(month from ${s.selected_date}::date)::int + 10) % 12 + 1,
                        extract(month from ${s.selected_date}::date)::int % 12 + 1)`),
    );
    const total = Math.ceil(10 * Number(usual?.mean ?? s.total));
    planted.push(await plant(tx, s, 'HIGH_COUNT', i++, { total }));
  }
  // The naive reading: ten times the copied entry's own count (a 1 becomes a 10, which is no anomaly).
  for (const s of await sources(tx, perKind))
    planted.push(await plant(tx, s, 'HIGH_COUNT_OWN', i++, { total: s.total * 10 }));
  for (const s of await sources(tx, perKind, sql`c.observer_id is not null`)) {
    planted.push(await plant(tx, s, 'DUPLICATE', i++, { keepObserver: true }));
  }
  for (const s of await sources(tx, perKind)) {
    planted.push(
      await plant(tx, s, 'UNKNOWN_SPECIES', i++, {
        bird: i % 2 ? `New bird - eval ${i}` : `Eval warbler ${i}`,
      }),
    );
  }
  for (const s of await sources(tx, perKind)) {
    planted.push(
      await plant(tx, s, 'BAD_DATE', i++, {
        date: `1930${s.selected_date.slice(4)}`.replace('-02-29', '-02-28'),
      }),
    );
  }
  // First in place: a species moved (name and coordinates) to a dzongkhag with no approved record of it.
  const absent = rowsOf<{ bird_name: string; dzongkhag: string }>(
    await tx.execute(sql`
      with d as (select distinct dzongkhag from review_history where dzongkhag <> ''),
           b as (select distinct bird_name from review_history)
      select b.bird_name, d.dzongkhag from b cross join d
      where not exists (select 1 from review_history h where h.bird_name = b.bird_name and h.dzongkhag = d.dzongkhag and h.entries > 0)
      order by random() limit ${perKind}`),
  );
  for (const a of absent) {
    const [s] = await sources(tx, 1, sql`e.bird_name = ${a.bird_name}`);
    const c = DZONGKHAG_CENTRES[a.dzongkhag];
    if (s && c)
      planted.push(
        await plant(tx, s, 'FIRST_IN_PLACE', i++, { dzongkhag: a.dzongkhag, lat: c.lat, lon: c.lon }),
      );
  }

  // The synthetic catalogue is small, so every species may already be everywhere: then species new to
  // the catalogue, each with one approved record in one dzongkhag, are planted in other dzongkhags.
  const names = Object.keys(DZONGKHAG_CENTRES);
  for (let k = 0; planted.filter((p) => p.kind === 'FIRST_IN_PLACE').length < perKind; k++) {
    const home = names[k % names.length] ?? 'Paro';
    const away = names[(k + 7) % names.length] ?? 'Bumthang';
    const [sp] = rowsOf<{ id: string; english_name: string }>(
      await tx.execute(
        sql`insert into species (english_name) values (${`Eval species ${k}`}) returning id, english_name`,
      ),
    );
    const [s] = await sources(tx, 1, sql`c.dzongkhag = ${home}`);
    if (!sp || !s) break;
    await tx.execute(sql`
      insert into entries (checklist_id, bird_name, species_id, total, adult, approval)
      values (${s.checklist_id}::uuid, ${sp.english_name}, ${sp.id}::uuid, 2, 2, 'approved')`);
    const c = DZONGKHAG_CENTRES[away];
    const moved = { ...s, bird_name: sp.english_name, species_id: sp.id };
    if (c)
      planted.push(
        await plant(tx, moved, 'FIRST_IN_PLACE', i++, { dzongkhag: away, lat: c.lat, lon: c.lon }),
      );
  }

  // At 2 M synthetic entries every species has records in every month somewhere: then species with a
  // season are made (20 approved records in June in one dzongkhag) and planted there in December; and
  // catalogue summer visitors with little local history (2 June records) in January (the residency rule).
  for (let k = 0; planted.filter((p) => p.kind === 'OUT_OF_SEASON').length < perKind; k++) {
    const home = names[k % names.length] ?? 'Paro';
    const summer = k % 2 === 1;
    const [sp] = rowsOf<{ id: string; english_name: string }>(
      await tx.execute(
        sql`insert into species (english_name, residency) values (${`Eval seasonal ${k}`}, ${summer ? 'Summer visitor' : null}) returning id, english_name`,
      ),
    );
    if (!sp) break;
    // Seasonal: 20 June records. Summer visitor: 2 (too few to judge by history, but not new there).
    await tx.execute(sql`
      insert into entries (checklist_id, bird_name, species_id, total, adult, approval)
      select c.id, ${sp.english_name}, ${sp.id}::uuid, 2, 2, 'approved' from checklists c
      where c.dzongkhag = ${home} and c.status = 'submitted' and extract(month from c.selected_date) = 6
      limit ${summer ? 2 : SEASON_MIN_RECORDS}`);
    const month = summer ? 1 : 12;
    // Any checklist of that dzongkhag in that month (the checklists' place index; no random sort).
    const [s] = rowsOf<Source>(
      await tx.execute(sql`
        select c.id as checklist_id, null as entry_id, '' as bird_name, null as species_id, 2 as total,
               c.dzongkhag, c.selected_date::text as selected_date
        from checklists c
        where c.dzongkhag = ${home} and c.status = 'submitted' and c.latitude is not null
          and extract(month from c.selected_date) = ${month}
        offset ${k} limit 1`),
    );
    if (s) {
      const moved = { ...s, bird_name: sp.english_name, species_id: sp.id };
      planted.push(await plant(tx, moved, 'OUT_OF_SEASON', i++));
    }
  }

  const started = performance.now();
  const flags = await computeFlags(
    tx,
    planted.map((p) => p.checklistId),
  );
  const batchMs = performance.now() - started;
  return { planted, flags, batchMs };
}

/** Times flagging (compute + store) of `rounds` new 50-entry checklists copied from random records. */
async function timeFifty(tx: Tx, rounds: number): Promise<number[]> {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const src = await sources(tx, 50);
    const [first] = src;
    if (!first) break;
    const [c] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into checklists (name, observer_name, selected_date, selected_time, latitude, longitude, dzongkhag, gewog, village, status, source)
        select 'eval fifty ' || ${r}, 'Eval fifty ' || ${r}, selected_date, selected_time, latitude, longitude, dzongkhag, gewog, village, 'submitted', 'mobile'
        from checklists where id = ${first.checklist_id}::uuid returning id`),
    );
    if (!c) break;
    await tx.execute(sql`
      insert into entries (checklist_id, bird_name, species_id, adult, juvenile, total, approval)
      select ${c.id}::uuid, bird_name, species_id, total, 0, total, 'pending'
      from jsonb_to_recordset(${JSON.stringify(src)}::jsonb) as x(bird_name text, species_id uuid, total int)`);
    const t0 = performance.now();
    await flagChecklists(tx, [c.id]);
    times.push(performance.now() - t0);
  }
  return times;
}

const pct = (x: number) => (Number.isNaN(x) ? '  n/a' : x.toFixed(3));

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'per-kind': { type: 'string' },
      controls: { type: 'string' },
    },
  });
  const env = loadEnv();
  const databaseUrl = values['database-url'] ?? env.databaseUrl;
  if (!databaseUrl)
    throw new Error('Give --database-url (or DATABASE_URL): a database seeded with npm run seed:synthetic');
  const perKind = Number(values['per-kind'] ?? 200);
  const controls = Number(values.controls ?? 1000);
  const database = await openDatabase({ databaseUrl });
  try {
    await database.migrate();
    const [size] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from entries`),
    );
    console.log(
      `Flag evaluation on ${Number(size?.n ?? 0).toLocaleString('en')} entries (all changes rolled back)`,
    );
    await database.db
      .transaction(async (tx) => {
        const { planted, flags, batchMs } = await evaluate(tx, perKind, controls);
        const kinds = [...new Set(planted.map((p) => p.kind))];
        console.log(
          `\nPlanted: ${kinds.map((k) => `${k} ${planted.filter((p) => p.kind === k).length}`).join(', ')}`,
        );
        console.log('\nflag                precision  recall   TP    FP    FN');
        for (const code of FLAG_CODES) {
          let tp = 0;
          let fp = 0;
          let fn = 0;
          for (const p of planted) {
            if (p.kind === 'HIGH_COUNT_OWN') continue;
            const has = (flags.get(p.entryId) ?? []).some((f) => f.code === code);
            const expected = EXPECTED[p.kind] === code;
            if (has && expected) tp++;
            else if (has) fp++;
            else if (expected) fn++;
          }
          console.log(
            `${code.padEnd(20)}${pct(tp / (tp + fp)).padStart(9)}${pct(tp / (tp + fn)).padStart(8)}${String(tp).padStart(5)}${String(fp).padStart(6)}${String(fn).padStart(6)}`,
          );
        }
        const own = planted.filter((p) => p.kind === 'HIGH_COUNT_OWN');
        const ownHit = own.filter((p) =>
          (flags.get(p.entryId) ?? []).some((f) => f.code === 'HIGH_COUNT'),
        ).length;
        console.log(
          `\nHIGH_COUNT on 10 × the copied entry's own count (most counts are 1-4, so many stay ordinary): recall ${pct(ownHit / own.length)} (${ownHit}/${own.length})`,
        );
        const falseOnControls = planted
          .filter((p) => p.kind === 'control')
          .flatMap((p) => (flags.get(p.entryId) ?? []).map((f) => f.code));
        const byCode = new Map<string, number>();
        for (const c of falseOnControls) byCode.set(c, (byCode.get(c) ?? 0) + 1);
        console.log(
          `Flags on the ${controls} controls: ${[...byCode].map(([c, k]) => `${c} ${k}`).join(', ') || 'none'}`,
        );
        console.log(
          `\nTiming: computing the flags of all ${planted.length} planted entries took ${batchMs.toFixed(0)} ms (${(batchMs / planted.length).toFixed(2)} ms per entry)`,
        );
        const fifty = await timeFifty(tx, 10);
        const sortedTimes = [...fifty].sort((a, b) => a - b);
        const median = sortedTimes[Math.floor(sortedTimes.length / 2)] ?? Number.NaN;
        console.log(
          `50-entry checklists, flag + store: median ${median.toFixed(1)} ms (${(median / 50).toFixed(2)} ms per entry), slowest ${(sortedTimes.at(-1) ?? Number.NaN).toFixed(1)} ms over ${fifty.length} checklists`,
        );
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}

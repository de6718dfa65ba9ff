/**
 * Fills a database with N realistic synthetic entries for performance work:
 *
 *   npm run seed:synthetic -- --entries 2000000 [--database-url postgres://…] [--data-dir ./data]
 *
 * Without --database-url it uses the app's own database: DATABASE_URL, else the embedded PGlite in
 * DATA_DIR (default ./data from where npm was run, as `npm start` uses it; stop the API first, PGlite
 * allows one process). Migrations are applied first. Entries are added to what is there.
 *
 * The rows are made by PostgreSQL itself (INSERT … SELECT over generate_series and random()), one
 * statement per batch of checklists and their entries: species and observer frequencies follow a
 * Zipf-like law, dates are seasonal (spring and autumn passage, winter visitors) over several years,
 * 1–30 distinct birds per checklist, places from the reference list of gewogs, most entries approved.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/config/env';
import { type Database, openDatabase } from '../src/db/client';
import { seededRandom } from '../src/demo/demo-records';
import { DEMO_SPECIES } from '../src/demo/demo-species';
import { DZONGKHAG_CENTRES } from '../src/modules/locations/centres';
import { GEWOGS } from '../src/modules/locations/gewogs';
import { speciesRepository } from '../src/modules/species/species.repository';

export interface SyntheticOptions {
  entries: number;
  /** Years of records back from today (default 6). */
  years?: number;
  /** Entries per statement (default 25,000). */
  batch?: number;
  /** Seed of the per-checklist entry counts (the rows themselves use PostgreSQL's random()). */
  seed?: number;
  now?: Date;
  log?: (line: string) => void;
}

export interface SyntheticResult {
  entries: number;
  checklists: number;
  birders: number;
  /** Demo species inserted because the catalogue was empty. */
  speciesAdded: number;
  ms: number;
}

/** Zipf-like exponents: how much the most frequent species, observers and places dominate. */
const SKEW = { species: 0.8, observers: 0.85, places: 0.6 };
const BIRDER_DOMAIN = 'synthetic.jarog.invalid';
/** Words of a multi-line list. */
const words = (list: string) => list.trim().split(/\s+/);
const GIVEN = words(`
  Sonam Tshering Pema Karma Dorji Kinley Ugyen Dechen Tashi Chimi Jigme Namgay Phuntsho Sangay Yeshi
  Kuenga Tandin Rinzin Thinley Nima Dawa Tenzin Norbu Pelden Choki Lhaden Kezang Leki Passang Samten`);
const SECOND = words(`
  Wangmo Lhamo Zangmo Dema Choden Yangchen Wangchuk Dorji Gyeltshen Penjor
  Namgyel Tobgay Rabten Tshomo Pelzom Dendup Jamtsho Tenzin Norbu Om`);
const NEW_BIRDS = [
  'small brown warbler',
  'green bird with a red cap',
  'large raptor, pale head',
  'striped babbler',
];
const REMARKS = ['Heard only', 'Feeding', 'Pair', 'Flock flying over', 'Near the river', 'Calling'];
const SUFFIXES = ['', ' Toed', ' Maed', ' Goenpa', ' Zam', ' Pam', ' Dingkha'];
/** Where birders go most: the west and centre first. */
const POPULAR = 'Thimphu,Paro,Punakha,Wangdue Phodrang,Bumthang,Zhemgang,Trongsa,Mongar'.split(',');

/** Inverse CDF of a power law over ranks 1..m: SQL giving a rank from one uniform random number. */
function zipfRank(m: number, s: number, u: ReturnType<typeof sql>) {
  const span = (m + 1) ** (1 - s) - 1;
  return sql`least(${sql.raw(String(m))}, greatest(1, floor(power(1 + ${u} * ${sql.raw(String(span))}, ${sql.raw(String(1 / (1 - s)))}))))::int`;
}

const hash01 = (s: string) => {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (h >>> 0) / 4294967296;
};

/** A text[] built from a JSON parameter (drizzle would spread a JS array into a row). */
const textArray = (list: readonly string[]) =>
  sql`array(select json_array_elements_text(${JSON.stringify(list)}::json))`;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Loads `entries` synthetic entries (with their checklists and birders) into an open, migrated database. */
export async function seedSynthetic(database: Database, opts: SyntheticOptions): Promise<SyntheticResult> {
  const started = performance.now();
  const db = database.db;
  const log = opts.log ?? (() => {});
  const years = opts.years ?? 6;
  const batch = opts.batch ?? 25_000;
  const now = opts.now ?? new Date();
  const today = now.toISOString().slice(0, 10);

  // Species: the catalogue as it is, else the demo species (the generator never reads ../shared).
  let speciesAdded = 0;
  const countSpecies = async () =>
    Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from species`))[0]?.n ?? 0);
  if ((await countSpecies()) === 0) {
    await db.transaction(async (tx) => {
      for (const s of DEMO_SPECIES) await speciesRepository.insert(tx, s);
    });
    speciesAdded = DEMO_SPECIES.length;
    log(`The species catalogue was empty: added the ${speciesAdded} demo species.`);
  }
  // A stable but not alphabetical popularity order.
  const speciesRows = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select id, english_name as name from species order by md5(english_name), id`),
  );
  const species = [
    { rank: 0, id: null, name: 'Unknown Birds' },
    ...NEW_BIRDS.map((d, i) => ({ rank: -1 - i, id: null, name: `New bird - ${d}` })),
    ...speciesRows.map((s, i) => ({ rank: i + 1, id: s.id, name: s.name })),
  ];

  // Birders: a few thousand plain accounts without passwords, reused by later runs.
  const birderCount = Math.min(4000, Math.max(20, Math.ceil(opts.entries / 500)));
  await db.execute(sql`
    insert into users (name, email, user_type, country, created_at)
    select (${textArray(GIVEN)})[1 + (i * 7) % ${GIVEN.length}] || ' ' || (${textArray(SECOND)})[1 + (i * 13 / 7) % ${SECOND.length}],
           'birder' || lpad(i::text, 5, '0') || ${`@${BIRDER_DOMAIN}`},
           'user', case when i % 9 = 0 then 'India' else 'Bhutan' end,
           now() - (random() * ${years} * 365 || ' days')::interval
    from generate_series(1, ${birderCount}) as i
    on conflict (email) do nothing`);
  const birders = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`
      select id, name from users where email like ${`birder%@${BIRDER_DOMAIN}`}
      order by email limit ${birderCount}`),
  ).map((b, i) => ({ rank: i + 1, ...b }));

  // Places: every gewog, the popular dzongkhags' first, shuffled within by a stable hash.
  const places = Object.entries(GEWOGS)
    .flatMap(([dzongkhag, list]) =>
      list.map((g) => {
        const popular = POPULAR.indexOf(dzongkhag);
        const weight = (popular >= 0 ? 3 - popular * 0.2 : 1) * (0.4 + hash01(g.name));
        const c = DZONGKHAG_CENTRES[dzongkhag] ?? { lat: 27.4, lon: 90.4, spread: 0.1 };
        return { dzongkhag, gewog: g.name, lat: c.lat, lon: c.lon, spread: c.spread, weight };
      }),
    )
    .sort((a, b) => b.weight - a.weight)
    .map(({ weight: _w, ...p }, i) => ({ rank: i + 1, ...p }));

  const reviewer = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from users where user_type in ('admin-user', 'root-user') order by created_at limit 1`),
  )[0]?.id;

  const refs = {
    species: JSON.stringify(species),
    birders: JSON.stringify(birders),
    places: JSON.stringify(places),
  };
  const random = seededRandom(opts.seed ?? 4_2024);
  let done = 0;
  let checklistsDone = 0;
  let lastLog = 0;
  const params = {
    today,
    years,
    reviewer,
    species: speciesRows.length,
    birders: birders.length,
    places: places.length,
  };
  await withStatsTriggersOff(database, log, async () => {
    while (done < opts.entries) {
      const target = Math.min(batch, opts.entries - done);
      const counts: number[] = [];
      for (let sum = 0; sum < target; ) {
        const n = Math.min(target - sum, speciesRows.length, 1 + Math.floor(random() ** 2 * 30));
        counts.push(n);
        sum += n;
      }
      const result = rowsOf<{ checklists: number; entries: number }>(
        await db.execute(batchSql(counts, refs, params)),
      )[0];
      if (!result || Number(result.entries) === 0) throw new Error('A batch inserted no entries; stopping.');
      done += Number(result.entries);
      checklistsDone += Number(result.checklists);
      const elapsed = performance.now() - started;
      if (elapsed - lastLog > 2000 || done >= opts.entries) {
        lastLog = elapsed;
        log(
          `  ${done.toLocaleString('en')} / ${opts.entries.toLocaleString('en')} entries, ` +
            `${checklistsDone.toLocaleString('en')} checklists, ${Math.round(done / (elapsed / 1000)).toLocaleString('en')} entries/s`,
        );
      }
    }
  });
  // VACUUM as well as ANALYZE: rows just written are not yet marked all-visible, so until autovacuum gets to them
  // every index-only scan also reads the table (the bench's checklists search 'son' at 2 M entries: 228 ms on a
  // freshly seeded database, 34 ms after a vacuum).
  await db.execute(sql`vacuum analyze`);
  return {
    entries: done,
    checklists: checklistsDone,
    birders: birders.length,
    speciesAdded,
    ms: performance.now() - started,
  };
}

/**
 * The analytics keep summary tables current with statement-level triggers on checklists and
 * entries (migration 0004); their own note asks bulk loaders to switch them off, load, and call
 * stats_rebuild() once. Done here when that function exists. The triggers are switched back on
 * even when loading fails, and a run after an interrupted one switches them on again too.
 */
async function withStatsTriggersOff(
  database: Database,
  log: (line: string) => void,
  load: () => Promise<void>,
): Promise<void> {
  const db = database.db;
  const [rebuild] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select exists (select 1 from pg_proc where proname = 'stats_rebuild') as present`),
  );
  if (!rebuild?.present) {
    await load();
    return;
  }
  const triggers = rowsOf<{ tbl: string; name: string }>(
    await db.execute(sql`
      select c.relname as tbl, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relname in ('checklists', 'entries') and t.tgname like '%stats%'`),
  );
  const toggle = async (on: boolean) => {
    for (const t of triggers) {
      await db.execute(
        sql.raw(`alter table ${t.tbl} ${on ? 'enable' : 'disable'} trigger "${t.name.replace(/"/g, '""')}"`),
      );
    }
  };
  await toggle(false);
  try {
    await load();
  } finally {
    await toggle(true);
  }
  const started = performance.now();
  await db.execute(sql`select stats_rebuild()`);
  log(`  statistics rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

interface BatchParams {
  today: string;
  years: number;
  reviewer: string | undefined;
  species: number;
  birders: number;
  places: number;
}

/**
 * One statement: plans the checklists (observer, place, seasonal date), inserts them, draws each
 * one's birds (oversampled, duplicates dropped, cut to its count) and inserts the entries.
 * Returns how many of each it inserted.
 */
function batchSql(counts: number[], refs: Record<'species' | 'birders' | 'places', string>, p: BatchParams) {
  const lit = (v: number) => sql.raw(String(v));
  return sql`
    with sp as (select * from json_to_recordset(${refs.species}::json) as s(rank int, id uuid, name text)),
    bd as (select * from json_to_recordset(${refs.birders}::json) as b(rank int, id uuid, name text)),
    pl as (select * from json_to_recordset(${refs.places}::json)
           as x(rank int, dzongkhag text, gewog text, lat float8, lon float8, spread float8)),
    raw as materialized (
      select gen_random_uuid() as id, c.n::int as n,
             random() as r_obs, random() as r_place, random() as r_village, random() as r_year,
             random() as r_season, sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) as z,
             random() as r_day, random() as r_hour, random() as r_min, random() as r_lat, random() as r_lon,
             random() as r_status, random() as r_source, random() as r_delay
      from json_array_elements_text(${JSON.stringify(counts)}::json) as c(n)),
    dated as materialized (
      select raw.*,
             make_date(extract(year from ${p.today}::date)::int - floor(${lit(p.years)} * (1 - sqrt(r_year)))::int, 1, 1)
             + (((floor(case when r_season < 0.4 then 110 + 28 * z
                             when r_season < 0.75 then 300 + 22 * z
                             when r_season < 0.85 then 15 + 20 * z
                             else 365 * r_day end)::int % 365) + 365) % 365) as d
      from raw),
    plan as materialized (
      select dated.id, dated.n, bd.id as observer_id, bd.name as observer_name, pl.dzongkhag, pl.gewog,
             pl.gewog || (${textArray(SUFFIXES)})[1 + floor(r_village ^ 2 * ${lit(SUFFIXES.length)})::int] as village,
             round((pl.lat + (r_lat * 2 - 1) * pl.spread)::numeric, 5)::float8 as latitude,
             round((pl.lon + (r_lon * 2 - 1) * pl.spread)::numeric, 5)::float8 as longitude,
             case when dated.d > ${p.today}::date then dated.d - 365 else dated.d end as selected_date,
             make_time(5 + floor(r_hour ^ 1.7 * 12)::int, floor(r_min * 60)::int, 0) as selected_time,
             case when r_status < 0.03 then 'draft' else 'submitted' end::checklist_status as status,
             case when r_source < 0.85 then 'mobile' when r_source < 0.95 then 'console' else 'upload' end::checklist_source as source,
             r_delay
      from dated
      join bd on bd.rank = ${zipfRank(p.birders, SKEW.observers, sql`r_obs`)}
      join pl on pl.rank = ${zipfRank(p.places, SKEW.places, sql`r_place`)}),
    cl as (
      insert into checklists (id, name, observer_id, observer_name, selected_date, selected_time, latitude, longitude,
                              dzongkhag, gewog, village, status, source, created_at, updated_at)
      select id, village || ' ' || selected_date::text || ' ' || left(id::text, 4), observer_id, observer_name,
             selected_date, selected_time, latitude, longitude, dzongkhag, gewog, village, status, source,
             (selected_date + selected_time) + r_delay * interval '3 days',
             (selected_date + selected_time) + r_delay * interval '3 days'
      from plan
      returning 1),
    draws as materialized (
      select plan.id as checklist_id, plan.n, k, random() as u, random() as v
      from plan, generate_series(1, plan.n * 2 + 2) as k),
    ranked as (
      select checklist_id, n, k,
             case when u < 0.012 then 0
                  when u < 0.018 then -1 - floor(v * ${lit(NEW_BIRDS.length)})::int
                  else ${zipfRank(p.species, SKEW.species, sql`v`)} end as rank
      from draws),
    firsts as (select checklist_id, n, rank, min(k) as k from ranked group by checklist_id, n, rank),
    kept as materialized (
      select f.checklist_id, f.rank, plan.selected_date, plan.status, plan.selected_time,
             1 + floor(random() ^ 3 * 12)::int as adult,
             case when random() < 0.12 then 1 + floor(random() * 3)::int else 0 end as juvenile,
             random() as r_approval, random() as r_review, random() as r_remark
      from (select *, row_number() over (partition by checklist_id order by k) as pos from firsts) f
      join plan on plan.id = f.checklist_id
      where f.pos <= f.n),
    ent as (
      insert into entries (checklist_id, bird_name, species_id, adult, juvenile, total, remarks, approval,
                           reviewed_by, reviewed_at, created_at)
      select kept.checklist_id, sp.name, sp.id, adult, juvenile, adult + juvenile,
             case when r_remark < 0.05 then (${textArray(REMARKS)})[1 + floor(r_remark * 20 * ${lit(REMARKS.length)})::int] end,
             a.approval, case when a.approval <> 'pending' then ${p.reviewer ?? null}::uuid end,
             case when a.approval <> 'pending'
                  then least(now(), (selected_date + selected_time) + (1 + r_review * 20) * interval '1 day') end,
             (selected_date + selected_time) + r_review * interval '3 days'
      from kept
      join sp on sp.rank = kept.rank
      cross join lateral (select case
        when kept.status = 'draft' then 'pending'
        when kept.rank <= 0 then case when r_approval < 0.7 then 'pending' when r_approval < 0.9 then 'approved' else 'rejected' end
        when kept.selected_date > ${p.today}::date - 30 then case when r_approval < 0.6 then 'pending' when r_approval < 0.96 then 'approved' else 'rejected' end
        else case when r_approval < 0.04 then 'pending' when r_approval < 0.95 then 'approved' else 'rejected' end
        end::approval_status as approval) a
      returning 1)
    select (select count(*) from cl)::int as checklists, (select count(*) from ent)::int as entries`;
}

function usage(): string {
  return `Usage: npm run seed:synthetic -- [--entries N] [--database-url URL] [--data-dir DIR] [--years N] [--batch N]

  --entries N         entries to add (default 100000; 2e6 and 2_000_000 are read too)
  --database-url URL  a PostgreSQL database (default: DATABASE_URL, else the embedded PGlite in DATA_DIR)
  --data-dir DIR      where the embedded database lives (default: DATA_DIR or ./data)
  --years N           years of records back from today (default 6)
  --batch N           entries per statement (default 25000)`;
}

const count = (v: string | undefined, fallback: number, name: string): number => {
  if (v === undefined) return fallback;
  const n = Number(v.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--${name} must be a whole number of 1 or more (got '${v}')`);
  return n;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      entries: { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      years: { type: 'string' },
      batch: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage());
    return;
  }
  const env = loadEnv();
  const databaseUrl = values['database-url'] ?? env.databaseUrl;
  // npm runs package scripts inside the package; INIT_CWD is where the command was typed.
  const base = process.env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, values['data-dir'] ?? env.dataDir);
  const entries = count(values.entries, 100_000, 'entries');
  const database = await openDatabase(
    databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') },
  );
  const where = databaseUrl ? `PostgreSQL ${new URL(databaseUrl).pathname.slice(1)}` : `PGlite in ${dataDir}`;
  try {
    console.log(`Seeding ${entries.toLocaleString('en')} synthetic entries into ${where}`);
    await database.migrate();
    const r = await seedSynthetic(database, {
      entries,
      years: count(values.years, 6, 'years'),
      batch: count(values.batch, 25_000, 'batch'),
      log: (line) => console.log(line),
    });
    const s = r.ms / 1000;
    console.log(
      `Done: ${r.entries.toLocaleString('en')} entries in ${r.checklists.toLocaleString('en')} checklists by ` +
        `${r.birders.toLocaleString('en')} birders in ${s.toFixed(1)} s (${Math.round(r.entries / s).toLocaleString('en')} entries/s, including VACUUM ANALYZE)`,
    );
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

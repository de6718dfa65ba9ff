import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/**
 * Records not yet in the real tables (an upload being staged on the embedded database, see
 * records/ingest.staged.ts), in tables shaped like checklists, entries and review_history (their own
 * approved history per bird, dzongkhag and month). Their flags are judged as if they were stored already:
 * they count in the history and can be each other's duplicates.
 */
export interface StagedRecords {
  checklists: SQL;
  entries: SQL;
  history: SQL;
  /** Each birder, day, place and bird of the staged entries, numbered from 1 (stageDuplicateKeys). */
  keys: SQL;
  /** Per key, the first two submitted checklists holding its bird (stageDuplicates). */
  duplicates: SQL;
}

/**
 * Per key in `k`, the first two submitted checklists (by creation) holding its bird: stored ones, or
 * staged ones (ranked after). The birder's checklists of that day and place are read in creation order
 * and only until two hold the bird: a birder with thousands of checklists on one day at one place
 * (a survey's file) costs a sort of those checklists, not a probe into entries for every one of them.
 * (`offset 0` keeps the planner from testing the bird before the order is taken.)
 */
function candidates(checklists: SQL, entries: SQL, staged: 0 | 1): SQL {
  const rank = sql.raw(String(staged));
  const firstTwo = (observer: SQL) => sql`
      cross join lateral (
        select o.id, o.name, o.created_at from (
          select c2.id, c2.name, c2.created_at from ${checklists} c2
          where ${observer} and c2.selected_date = k.selected_date and c2.status = 'submitted'
            and coalesce(c2.dzongkhag, '') = k.dzongkhag and coalesce(c2.gewog, '') = k.gewog
            and coalesce(c2.village, '') = k.village
          order by c2.created_at, c2.id offset 0) o
        where exists (select 1 from ${entries} e2 where e2.checklist_id = o.id and lower(e2.bird_name) = k.bird)
        order by o.created_at, o.id
        limit 2) c2`;
  return sql`
      select k.observer_key, k.selected_date, k.dzongkhag, k.gewog, k.village, k.bird,
             c2.id, c2.name, ${rank} as staged, c2.created_at
      from k ${firstTwo(sql`c2.observer_id = k.observer_id`)}
      where k.observer_id is not null
      union all
      select k.observer_key, k.selected_date, k.dzongkhag, k.gewog, k.village, k.bird,
             c2.id, c2.name, ${rank}, c2.created_at
      from k ${firstTwo(sql`c2.observer_id is null and lower(c2.observer_name) = k.observer_lower`)}
      where k.observer_id is null`;
}

/**
 * CTEs `candidates`, `ranked` and `firsts` after a CTE `k` of keys (observer_key, observer_id,
 * observer_lower, selected_date, dzongkhag, gewog, village, bird): per key the first two submitted
 * checklists holding its bird, by creation. An entry's duplicate is the first that is not its own. One
 * pass per key rather than one search per entry, which made a file of many checklists by one birder on
 * one day quadratic. Staged checklists rank after stored ones: revealed, they are the newest.
 */
export function firstHolders(staged?: StagedRecords): SQL {
  const all = staged
    ? sql`${candidates(sql`checklists`, sql`entries`, 0)} union all ${candidates(staged.checklists, staged.entries, 1)}`
    : candidates(sql`checklists`, sql`entries`, 0);
  return sql`
    candidates as (${all}),
    ranked as (
      select *, row_number() over (
               partition by observer_key, selected_date, dzongkhag, gewog, village, bird
               order by staged, created_at, id) as rn
      from candidates),
    firsts as (
      select observer_key, selected_date, dzongkhag, gewog, village, bird,
             array_agg(id order by rn) as ids, array_agg(name order by rn) as names
      from ranked where rn <= 2
      group by observer_key, selected_date, dzongkhag, gewog, village, bird)`;
}

/** The key of an entry `t` (or of its checklist `c` and entry `e`) as `firstHolders` reads it. */
export const observerKey = (c: string) =>
  sql.raw(`coalesce(${c}.observer_id::text, '~' || lower(${c}.observer_name))`);

/**
 * Numbers the keys of the staged entries and makes the empty table of their first holders; returns how
 * many keys there are, for stageDuplicates to work through a few at a time.
 */
export async function stageDuplicateKeys(db: Db | Tx, staged: StagedRecords): Promise<number> {
  await db.execute(sql`
    create temporary table ${staged.keys} as
    select row_number() over () as n, k.* from (
      select distinct ${observerKey('c')} as observer_key, c.observer_id, lower(c.observer_name) as observer_lower,
             c.selected_date, coalesce(c.dzongkhag, '') as dzongkhag, coalesce(c.gewog, '') as gewog,
             coalesce(c.village, '') as village, lower(e.bird_name) as bird
      from ${staged.entries} e join ${staged.checklists} c on c.id = e.checklist_id
      where c.status = 'submitted') k`);
  await db.execute(sql`create index on ${staged.keys} (n)`);
  await db.execute(sql`
    create temporary table ${staged.duplicates} (
      observer_key text, selected_date date, dzongkhag text, gewog text, village text, bird text,
      ids uuid[], names text[])`);
  const result = await db.execute(sql`select count(*)::integer as n from ${staged.keys}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** Finds the first holders of the staged keys numbered from `from` to `to` (inclusive). */
export async function stageDuplicates(
  db: Db | Tx,
  staged: StagedRecords,
  from: number,
  to: number,
): Promise<void> {
  await db.execute(sql`
    insert into ${staged.duplicates}
    with k as (select * from ${staged.keys} where n between ${from} and ${to}),
    ${firstHolders(staged)}
    select observer_key, selected_date, dzongkhag, gewog, village, bird, ids, names from firsts`);
}

/** Once every key is done: the index the flags' lookups use. */
export async function indexStagedDuplicates(db: Db | Tx, staged: StagedRecords): Promise<void> {
  await db.execute(
    sql`create index on ${staged.duplicates} (observer_key, selected_date, dzongkhag, gewog, village, bird)`,
  );
  await db.execute(sql`analyze ${staged.duplicates}`);
}

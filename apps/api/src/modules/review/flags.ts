import { type EntryFlag, MONTH_NAMES } from '@jarog/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { firstHolders, observerKey, type StagedRecords } from './flags.duplicates';
import { dzongkhagAt, isInDzongkhag } from './geo';

/*
 * The rules' thresholds (docs/decisions.md, "Review flags (issue 14)" explains each).
 */
/** OUT_OF_SEASON needs at least this many approved records of the species in the dzongkhag. */
export const SEASON_MIN_RECORDS = 20;
/** A derived HIGH_COUNT limit needs at least this many approved records in the window. */
export const LIMIT_MIN_RECORDS = 5;
/** A derived limit is this many times the mean approved count in the window... */
export const LIMIT_FACTOR = 5;
/** ...and never below this. */
export const LIMIT_FLOOR = 10;
/** Dates before this are implausibly old for a record. */
export const OLDEST_DATE = '1950-01-01';

const monthName = (m: number) => MONTH_NAMES[(m + 11) % 12] ?? String(m);

/** One entry with what its flags are decided from: its own fields and its history, minus itself. */
interface Facts {
  id: string;
  bird_name: string;
  species_id: string | null;
  is_new_species: boolean;
  total: number;
  selected_date: string;
  month: number;
  dzongkhag: string;
  latitude: number | null;
  longitude: number | null;
  future: boolean;
  too_old: boolean;
  place_n: number;
  season_n: number;
  season_birds: number;
  national_n: number;
  national_birds: number;
  limit_count: number | null;
  limit_source: 'admin' | 'history' | null;
  limit_basis: string | null;
  residency: string | null;
  duplicate_of: string | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The facts for every entry of the given submitted checklists, in one statement: per bird, dzongkhag
 * and month among them (a 100,000-row file holds far fewer of those than entries) a few primary-key
 * probes into review_history (at most 12 rows per bird and dzongkhag; the national
 * fallback reads at most 240), the limit, the catalogue's residency and its duplicate (firstHolders).
 * The entry's own approved contribution is taken out of its history. The ids go in as one uuid[] (its
 * length is known to the planner, so a 50-entry checklist is costed as small and never pays for JIT
 * compilation).
 */
async function factsOf(db: Db | Tx, checklistIds: string[], staged?: StagedRecords): Promise<Facts[]> {
  if (checklistIds.length === 0) return [];
  const source = staged ?? { checklists: sql`checklists`, entries: sql`entries` };
  const history = staged
    ? sql`(select bird_name, dzongkhag, month, entries, birds from review_history
           union all select bird_name, dzongkhag, month, entries, birds from ${staged.history})`
    : sql`review_history`;
  // Stored records find their duplicates here; staged ones have them found beforehand (stageDuplicates).
  const duplicates = staged
    ? { ctes: sql``, table: staged.duplicates }
    : {
        ctes: sql`,
    k as (
      select distinct observer_key, observer_id, lower(observer_name) as observer_lower, selected_date,
             dzongkhag, coalesce(gewog, '') as gewog, coalesce(village, '') as village, lower(bird_name) as bird
      from t),
    ${firstHolders()}`,
        table: sql`firsts`,
      };
  const result = await db.execute(sql`
    with t as (
      select e.id, e.bird_name, e.species_id, e.is_new_species, e.total, e.checklist_id,
             c.observer_id, c.observer_name, c.selected_date, c.gewog, c.village, c.latitude, c.longitude,
             coalesce(c.dzongkhag, '') as dzongkhag, extract(month from c.selected_date)::int as month,
             case when e.approval = 'approved' and not e.is_new_species then 1 else 0 end as self,
             ${observerKey('c')} as observer_key
      from ${source.checklists} c
      -- Each checklist's entries by its index ('offset 0' keeps the planner from scanning every staged entry
      -- once per batch: 100,000 rows read to keep 5,000).
      cross join lateral (select * from ${source.entries} e where e.checklist_id = c.id offset 0) e
      where c.id = any(${`{${checklistIds.join(',')}}`}::uuid[])
        and c.status = 'submitted'),
    g as (
      select b.bird_name, b.dzongkhag, b.month, h.place_n, h.season_n, h.season_birds,
             n.n as national_n, n.birds as national_birds
      from (select distinct bird_name, dzongkhag, month from t) b
      left join lateral (
        select sum(entries)::int as place_n,
               (sum(entries) filter (where month in (b.month, (b.month + 10) % 12 + 1, b.month % 12 + 1)))::int as season_n,
               (sum(birds) filter (where month in (b.month, (b.month + 10) % 12 + 1, b.month % 12 + 1)))::float8 as season_birds
        from ${history} h where bird_name = b.bird_name and dzongkhag = b.dzongkhag) h on true
      left join lateral (
        select sum(entries)::int as n, sum(birds)::float8 as birds
        from ${history} h
        where bird_name = b.bird_name and month in (b.month, (b.month + 10) % 12 + 1, b.month % 12 + 1)) n on true)${duplicates.ctes}
    select t.id, t.bird_name, t.species_id, t.is_new_species, t.total, t.selected_date::text as selected_date,
           t.month, t.dzongkhag, t.latitude, t.longitude,
           t.selected_date > current_date + 1 as future, t.selected_date < ${OLDEST_DATE}::date as too_old,
           coalesce(g.place_n, 0) - t.self as place_n, coalesce(g.season_n, 0) - t.self as season_n,
           coalesce(g.season_birds, 0) - t.self * t.total as season_birds,
           coalesce(g.national_n, 0) - t.self as national_n,
           coalesce(g.national_birds, 0) - t.self * t.total as national_birds,
           l.max_count as limit_count, l.source as limit_source, l.basis as limit_basis,
           s.residency,
           case when d.ids[1] <> t.checklist_id then d.names[1] else d.names[2] end as duplicate_of
    from t
    left join g on g.bird_name = t.bird_name and g.dzongkhag = t.dzongkhag and g.month = t.month
    left join review_limits l on l.species_id = t.species_id and l.dzongkhag = t.dzongkhag and l.month = t.month
    left join species s on s.id = t.species_id
    left join ${duplicates.table} d
      on d.observer_key = t.observer_key and d.selected_date = t.selected_date and d.dzongkhag = t.dzongkhag
     and d.gewog = coalesce(t.gewog, '') and d.village = coalesce(t.village, '') and d.bird = lower(t.bird_name)`);
  // Numbers in place: the rows are this call's own, and a copy of each was 100,000 more objects per upload.
  const rows = rowsOf<Facts>(result);
  for (const r of rows) {
    r.total = Number(r.total);
    r.month = Number(r.month);
    r.place_n = Number(r.place_n);
    r.season_n = Number(r.season_n);
    r.season_birds = Number(r.season_birds);
    r.national_n = Number(r.national_n);
    r.national_birds = Number(r.national_birds);
    r.limit_count = r.limit_count === null ? null : Number(r.limit_count);
    r.latitude = r.latitude === null ? null : Number(r.latitude);
    r.longitude = r.longitude === null ? null : Number(r.longitude);
  }
  return rows;
}

const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
const records = (n: number) => `${n} approved ${n === 1 ? 'record' : 'records'}`;

function highCount(f: Facts): EntryFlag | undefined {
  const where = f.dzongkhag ? `in ${f.dzongkhag}` : 'without a dzongkhag';
  const inMonth = `${where} in ${monthName(f.month)}`;
  if (f.limit_count !== null) {
    if (f.total <= f.limit_count) return undefined;
    const source =
      f.limit_source === 'admin'
        ? 'set by an admin'
        : `seeded from approved history${f.limit_basis ? `: ${f.limit_basis}` : ''}`;
    return {
      code: 'HIGH_COUNT',
      reason: `Count ${f.total} is above the limit of ${f.limit_count} for ${f.bird_name} ${inMonth} (${source})`,
    };
  }
  const local = f.season_n >= LIMIT_MIN_RECORDS;
  const n = local ? f.season_n : f.national_n;
  const birds = local ? f.season_birds : f.national_birds;
  if (n < LIMIT_MIN_RECORDS) return undefined;
  const mean = birds / n;
  const limit = Math.max(LIMIT_FLOOR, Math.ceil(LIMIT_FACTOR * mean));
  if (f.total <= limit) return undefined;
  const scope = local ? where : 'anywhere in Bhutan';
  return {
    code: 'HIGH_COUNT',
    reason: `Count ${f.total} is above the derived limit of ${limit} (${LIMIT_FACTOR} × the mean count ${fmt(mean)} of ${records(n)} of ${f.bird_name} ${scope} within a month of ${monthName(f.month)}, at least ${LIMIT_FLOOR})`,
  };
}

function outOfSeason(f: Facts): EntryFlag | undefined {
  const window = `${monthName(f.month - 1)} and ${monthName(f.month + 1)}`;
  if (f.dzongkhag && f.place_n >= SEASON_MIN_RECORDS) {
    if (f.season_n > 0) return undefined;
    return {
      code: 'OUT_OF_SEASON',
      reason: `${f.bird_name} has ${records(f.place_n)} in ${f.dzongkhag}, none between ${window} in any year`,
    };
  }
  // Too little local history to judge: the catalogue's residency decides.
  const residency = (f.residency ?? '').toLowerCase();
  const summer = residency.includes('summer') && [12, 1, 2].includes(f.month);
  const winter = residency.includes('winter') && [6, 7, 8].includes(f.month);
  if (!summer && !winter) return undefined;
  return {
    code: 'OUT_OF_SEASON',
    reason: `${f.bird_name} is a ${f.residency} in the species catalogue, recorded in ${monthName(f.month)}`,
  };
}

/** The flags of one entry from its facts, without the map (see outsideDzongkhag). */
export function flagsFromFacts(f: Facts): EntryFlag[] {
  const flags: EntryFlag[] = [];
  if (f.future) flags.push({ code: 'BAD_DATE', reason: `The date ${f.selected_date} is in the future` });
  if (f.too_old) {
    flags.push({
      code: 'BAD_DATE',
      reason: `The date ${f.selected_date} is implausibly old (before ${OLDEST_DATE})`,
    });
  }
  if (f.is_new_species || f.species_id === null) {
    flags.push({ code: 'UNKNOWN_SPECIES', reason: `'${f.bird_name}' is not in the species catalogue` });
  } else {
    if (f.dzongkhag && f.place_n === 0) {
      flags.push({
        code: 'FIRST_IN_PLACE',
        reason: `No approved record of ${f.bird_name} in ${f.dzongkhag} dzongkhag before`,
      });
    }
    const season = outOfSeason(f);
    if (season) flags.push(season);
    const count = highCount(f);
    if (count) flags.push(count);
  }
  if (f.duplicate_of) {
    flags.push({
      code: 'DUPLICATE',
      reason: `${f.bird_name} on ${f.selected_date} at the same place is already on this birder's checklist '${f.duplicate_of}'`,
    });
  }
  return flags;
}

/** OUTSIDE_DZONGKHAG for a checklist's coordinates, or undefined when they agree (or cannot be tested). */
export function outsideDzongkhag(
  lat: number | null,
  lon: number | null,
  dzongkhag: string,
): EntryFlag | undefined {
  if (lat === null || lon === null || !dzongkhag) return undefined;
  if (isInDzongkhag(lat, lon, dzongkhag) !== false) return undefined;
  const actual = dzongkhagAt(lat, lon);
  const at = `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
  return {
    code: 'OUTSIDE_DZONGKHAG',
    reason: actual
      ? `The coordinates ${at} are in ${actual}, not in ${dzongkhag}`
      : `The coordinates ${at} are outside Bhutan, not in ${dzongkhag}`,
  };
}

/** Every entry's flags on the given checklists (submitted ones; drafts have none yet), stored or staged. */
export async function computeFlags(
  db: Db | Tx,
  checklistIds: string[],
  staged?: StagedRecords,
): Promise<Map<string, EntryFlag[]>> {
  return flagsOf(await factsOf(db, checklistIds, staged));
}

function flagsOf(facts: Facts[]): Map<string, EntryFlag[]> {
  const out = new Map<string, EntryFlag[]>();
  const outside = new Map<string, EntryFlag | undefined>();
  for (const f of facts) {
    const key = `${f.latitude},${f.longitude},${f.dzongkhag}`;
    if (!outside.has(key)) outside.set(key, outsideDzongkhag(f.latitude, f.longitude, f.dzongkhag));
    const where = outside.get(key);
    out.set(f.id, where ? [...flagsFromFacts(f), where] : flagsFromFacts(f));
  }
  return out;
}

/**
 * computeFlags for each batch of checklists in turn, one statement per batch. The next batch's statement is
 * sent before this one's flags are worked out, so the database reads while this thread judges (each of an
 * upload's batches had taken the sum of both).
 */
export async function* flagsInBatches(
  db: Db | Tx,
  batches: string[][],
  staged?: StagedRecords,
): AsyncGenerator<Map<string, EntryFlag[]>> {
  let next = batches[0] ? factsOf(db, batches[0], staged) : undefined;
  try {
    for (let i = 0; next; i++) {
      const facts = await next;
      const following = batches[i + 1];
      next = following ? factsOf(db, following, staged) : undefined;
      yield flagsOf(facts);
    }
  } finally {
    // Stopped early (the caller failed): the statement sent ahead may fail too, unheard.
    next?.catch(() => undefined);
  }
}

/**
 * Computes and stores the flags of every entry on the given checklists, in the caller's transaction
 * (one UPDATE, only rows whose flags changed). Entries of drafts keep none.
 */
export async function flagChecklists(tx: Db | Tx, checklistIds: string[]): Promise<Map<string, EntryFlag[]>> {
  const flags = await computeFlags(tx, checklistIds);
  if (flags.size === 0) return flags;
  const rows = [...flags].map(([id, list]) => ({
    id,
    flags: list,
    codes: [...new Set(list.map((f) => f.code))],
  }));
  await tx.execute(sql`
    update entries e set flags = x.flags, flag_codes = array(select jsonb_array_elements_text(x.codes))
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, flags jsonb, codes jsonb)
    where e.id = x.id and e.flags is distinct from x.flags`);
  return flags;
}

import { and, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  checklists,
  entries,
  statsBirdNames,
  statsListTotals,
  statsListValues,
  statsSpeciesMonth,
} from '../../db/schema';
import { monthKey, monthOfKey, nextMonth } from '../insight/period';

/*
 * The bird-or-birder search of the console lists. Bird names repeat: 2 M entries carry under a thousand
 * distinct names. So the term is matched against the distinct names first (stats_bird_names, kept by the
 * triggers of migration 0018), and entries are then looked up by exact name (entries_bird_name_idx); a
 * trigram scan over every entry's name found the same rows 10-20 × slower.
 */

type Executor = Db | Tx;

/** Escapes LIKE wildcards so user text is matched literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Case-insensitive substring (a trigram index serves it on observer names). */
export const contains = (column: SQL | typeof checklists.observerName, term: string) =>
  sql`lower(${column}) like ${`%${likeEscape(term.toLowerCase())}%`}`;

/**
 * A bird name within a typo or two of the search ('redstrat' finds Blue-fronted Redstart), as the species
 * search tolerates: pg_trgm's word similarity (`<%`, threshold 0.6). Short terms (under 4 letters) stay
 * substring-only: fuzzy matches of them are noise.
 */
export const nearBirdName = (term: string, name: SQL): SQL | undefined =>
  term.trim().length >= 4 ? sql`${term.trim().toLowerCase()} <% lower(${name})` : undefined;

/** The name holds the term or is within a typo or two of it. */
function nameMatches(term: string, name: SQL): SQL {
  const near = nearBirdName(term, name);
  const substring = contains(name, term);
  return near ? sql`(${substring} or ${near})` : substring;
}

/**
 * The stats_list_values rows holding the place or birder values of `kind` that a console list can show. Every
 * checklist a list shows is submitted and holds an entry: a named one (the checklists list) or a new-species report
 * (the new species list), so these two lists' rows hold every such value (the entries list's are a subset of the
 * checklists list's). Read by the summary's key (list, kind, value).
 */
export const shownValues = (kind: 'dzongkhag' | 'gewog' | 'village' | 'observer') =>
  and(
    inArray(statsListValues.list, ['checklists', 'newspecies']),
    eq(statsListValues.kind, kind),
    gt(statsListValues.checklists, 0),
  );

/** A month ('2024-03-01') and how many entries of the list in it match. */
export interface MonthCount {
  month: string;
  entries: number;
}

/** A search looked up in the summaries before the list's queries are written. */
export interface ResolvedSearch {
  /** The distinct bird names of entries that the term matches. */
  names: string[];
  /** At most how many entries of the list match: those bearing the names (in any list), plus the list's entries of matching birders. */
  entries: number;
  /**
   * The birders' names the term matches, lower-cased: the observer values lists show (shownValues), so
   * every checklist that any list shows is matched by name (checklists_status_observer_idx) instead of a substring
   * scan, which a term under three letters cannot take through the trigram index.
   */
  observers: string[];
  /** The list's entries on checklists of those birders (stats_list_values: exact). */
  birderEntries: number;
  /** The list's checklists of those birders (stats_list_values: exact). */
  birderChecklists: number;
  /**
   * The entries list only, when no birder's name matches: its entries bearing the names per month, newest first
   * (stats_species_month counts exactly that list's entries: approved, named, on submitted checklists). Months
   * without a match are left out. They bound the page's walk (a matching birder's entries lie in any month).
   */
  months?: MonthCount[];
  /** The entries list only: its entries bearing the names (exact; the total's bird half, records.totals.ts). */
  byBird?: number;
  /**
   * The list's whole size (stats_list_totals, kept by triggers), read once per request by resolveFilters beside the
   * search: walksToPage weighs the matches against it, and the totals (records.totals.ts) answer with it.
   */
  listTotals?: { checklists: number; entries: number };
}

/**
 * A search matching at most this many entries fetches all its matches and sorts them; a broader one walks
 * the list in its order and stops at the page (20 matches come soon when there are that many).
 */
export const NARROW_SEARCH = 20_000;

/** The names a term matches and how many entries it can match at most (two reads of small summaries). */
export async function resolveSearch(db: Executor, list: string, term: string): Promise<ResolvedSearch> {
  const b = statsBirdNames;
  const v = statsListValues;
  const [birds, observers, [birders]] = await Promise.all([
    db
      .select({ name: b.birdName, entries: b.entries })
      .from(b)
      .where(and(gt(b.entries, 0), nameMatches(term, sql`${b.birdName}`))),
    db
      .selectDistinct({ name: sql<string>`lower(${v.value})` })
      .from(v)
      .where(and(shownValues('observer'), contains(sql`${v.value}`, term))),
    db
      .select({
        entries: sql<number>`coalesce(sum(${v.entries}), 0)`.mapWith(Number),
        checklists: sql<number>`coalesce(sum(${v.checklists}), 0)`.mapWith(Number),
      })
      .from(v)
      .where(and(eq(v.list, list), eq(v.kind, 'observer'), contains(sql`${v.value}`, term))),
  ]);
  const names = birds.map((r) => r.name);
  const birderEntries = birders?.entries ?? 0;
  return {
    names,
    observers: observers.map((r) => r.name),
    entries: birds.reduce((n, r) => n + r.entries, 0) + birderEntries,
    birderEntries,
    birderChecklists: birders?.checklists ?? 0,
    ...(list === 'entries' ? await entriesByBird(db, term, names, birderEntries > 0) : {}),
  };
}

/**
 * The entries list's matches by bird. With no birder matching, per month: they bound the page's dates, and their sum
 * is the total's bird half. With a birder matching only that sum is needed, and it is read on the smaller side: the
 * names' rows of stats_species_month, or the list's size less the other names' rows (every entry of the list bears a
 * name of stats_bird_names, and stats_list_totals counts the same entries as stats_species_month). The term 'a' at
 * 2 M entries matches 643 of 782 names: their months took ~10 ms to sum, the other 139 names' rows under 4 ms.
 */
async function entriesByBird(
  db: Executor,
  term: string,
  names: string[],
  birderMatched: boolean,
): Promise<{ months?: MonthCount[]; byBird: number }> {
  if (names.length === 0) return { byBird: 0, ...(birderMatched ? {} : { months: [] }) };
  if (!birderMatched) {
    const months = await monthsOf(db, names);
    return { months, byBird: months.reduce((n, m) => n + m.entries, 0) };
  }
  // How many names there are, counted only here: the searches that need no side read nothing more.
  const b = statsBirdNames;
  const [all] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(b)
    .where(gt(b.entries, 0));
  const side = names.length * 2 > (all?.n ?? 0) ? 'others' : 'names';
  return { byBird: await bearingNames(db, term, names, side) };
}

/** The entries list's entries bearing the term's names: summed over them, or the list less the other names' (`side`). */
export async function bearingNames(
  db: Executor,
  term: string,
  names: string[],
  side: 'names' | 'others',
): Promise<number> {
  const m = statsSpeciesMonth;
  const b = statsBirdNames;
  const t = statsListTotals;
  const sum = sql`coalesce(sum(${m.entries}), 0)`;
  const [row] =
    side === 'names'
      ? await db
          .select({ n: sql<number>`${sum}`.mapWith(Number) })
          .from(m)
          .where(inArray(m.birdName, names))
      : await db
          .select({
            n: sql<number>`(select ${t.entries} from ${t} where ${t.list} = 'entries') - ${sum}`.mapWith(
              Number,
            ),
          })
          .from(m)
          .where(
            sql`${m.birdName} = any(array(select ${b.birdName} from ${b}
              where ${b.entries} > 0 and not (${nameMatches(term, sql`${b.birdName}`)})))`,
          );
  return row?.n ?? 0;
}

/** The entries list's entries bearing these names, per month, newest first (a few index rows per name, migration 0019). */
async function monthsOf(db: Executor, names: string[]): Promise<MonthCount[]> {
  const m = statsSpeciesMonth;
  return db
    .select({ month: sql<string>`${m.month}::text`, entries: sql<number>`sum(${m.entries})`.mapWith(Number) })
    .from(m)
    .where(and(inArray(m.birdName, names), gt(m.entries, 0)))
    .groupBy(m.month)
    .orderBy(desc(m.month));
}

/** The key of the month after this one ('2024-12-01' → '2025-01-01'). */
const monthAfter = (key: string) => monthKey(nextMonth(monthOfKey(key)));

/**
 * The dates between which a page of the entries list's search lies, from its matches per month (`months`, newest
 * first), as [from, until): until is exclusive. No matches lie outside the months holding them, whatever the order
 * and the other filters. In date order with no other filter, the page's `need` first matches (offset + limit) lie
 * in the months up to the one where the count reaches `need`, so the walk stops there. Null when nothing matches.
 */
export function searchDateRange(
  months: MonthCount[],
  order: 'newest' | 'oldest' | 'other',
  need: number,
  otherFilters: boolean,
): { from: string; until: string } | null {
  const newest = months[0];
  const oldest = months.at(-1);
  if (!newest || !oldest) return null;
  const range = { from: oldest.month, until: monthAfter(newest.month) };
  if (order === 'other' || otherFilters) return range;
  const walk = order === 'newest' ? months : [...months].reverse();
  let seen = 0;
  for (const { month, entries: n } of walk) {
    seen += n;
    if (seen >= need)
      return order === 'newest' ? { ...range, from: month } : { ...range, until: monthAfter(month) };
  }
  return range;
}

/** The entry's bird matches: by the names looked up beforehand, else by the same lookup inside the query. */
export function birdMatches(term: string, resolved?: ResolvedSearch): SQL {
  if (resolved) return inArray(entries.birdName, resolved.names);
  const name = sql`${statsBirdNames.birdName}`;
  return sql`${entries.birdName} = any(array(select ${name} from ${statsBirdNames}
    where ${statsBirdNames.entries} > 0 and ${nameMatches(term, name)}))`;
}

/**
 * The checklist's birder matches: by the names looked up beforehand (checklists_status_observer_idx), else as a
 * substring (the trigram index on lower(observer_name), for terms of three letters or more).
 */
export const birderMatches = (term: string, resolved?: ResolvedSearch) =>
  resolved
    ? inArray(sql`lower(${checklists.observerName})`, resolved.observers)
    : contains(checklists.observerName, term);

/**
 * Entries whose bird or birder matches. `alone` (the entries table by itself, a narrow search's ids): the
 * birders' checklists are an array computed once, so the OR is a BitmapOr of two index lookups on entries (by
 * name, by checklist). `joined` (entries joined to their checklists, walked in list order or counted): the
 * birder is tested on the joined checklist, by name. An array of a broad search's checklists was searched
 * linearly for every entry: 40 s for the term 'a' at 2 M entries. `holds`: the array keeps only the checklists
 * holding an entry of the list (so its length is the list's birderChecklists).
 */
export function searchedEntries(
  term: string,
  resolved: ResolvedSearch | undefined,
  rows: 'alone' | 'joined',
  holds?: SQL,
): SQL {
  if (rows === 'joined' && resolved)
    return sql`(${birdMatches(term, resolved)} or ${birderMatches(term, resolved)})`;
  const birders = resolved
    ? and(eq(checklists.status, 'submitted'), birderMatches(term, resolved), holds)
    : birderMatches(term);
  return sql`(${birdMatches(term, resolved)} or ${entries.checklistId} = any(array(
    select ${checklists.id} from ${checklists} where ${birders})))`;
}

/**
 * Over this many checklists, a search's birders are tested on each entry's joined checklist, not as an array of
 * their checklists: an array of 180,000 (the term 'a' at 2 M entries) was searched linearly for every entry of a
 * lossy bitmap, 40 s. Under it, the array keeps the OR a BitmapOr of two index lookups, which counts faster.
 */
export const BROAD_BIRDERS = 50_000;

/**
 * Over this many entries bearing the matched names (in any list, stats_bird_names), the planner reads the entries
 * table whole, and an array of the birders' checklists beside it would be searched linearly for every entry: the
 * checklists list's count for 'er' (700,000 names' entries, 5,800 birders' checklists) took 38 s so. Such a search
 * tests the birder on the joined checklist too.
 */
export const BROAD_NAMES = 100_000;

/** The search's birder half is tested on each entry's joined checklist, not as an array of checklists. */
export const isBroad = (resolved?: ResolvedSearch) =>
  resolved !== undefined &&
  (resolved.birderChecklists > BROAD_BIRDERS || resolved.entries - resolved.birderEntries > BROAD_NAMES);

/** True when the search is known to match few enough entries to fetch them all and sort them. */
export const isNarrow = (resolved?: ResolvedSearch) =>
  resolved !== undefined && resolved.entries <= NARROW_SEARCH;

/**
 * How many times an entry fetched through a narrow search's array of ids (amongIds) costs an entry read walking
 * the list in its order: the array reads each match twice (by name, then by id) and probes its checklist; the walk
 * reads a checklist's entries together, by its key. Measured on PGlite, 200,000 entries: the array spent ~10 µs a
 * match ('son', 5,421 matches, 58 ms), the walk well under 1 µs an entry.
 */
const ARRAY_COST = 10;

/**
 * The entries list's page walks the list in its order, testing each entry, instead of fetching a narrow search's
 * matches first (amongIds): when the matches are dense enough that the walk meets `need` (offset + limit) of them
 * sooner than the array reads them all. Spread evenly, the walk reads need × list entries / matches entries; the
 * array costs ARRAY_COST × matches. `matches` is an upper bound (the names' entries in any list plus the
 * birders'), so a close call fetches the array, whose cost is bounded whatever the dates.
 */
export function walksToPage(resolved: ResolvedSearch | undefined, need: number | undefined): boolean {
  const listEntries = resolved?.listTotals?.entries;
  if (!resolved || !listEntries || need === undefined || !isNarrow(resolved)) return false;
  const matches = resolved.entries;
  return need * listEntries < ARRAY_COST * matches * matches;
}

/**
 * The matching entries of a narrow search as an array of ids computed first: the planner then fetches those
 * rows and sorts them, instead of walking the whole list in date order looking for them.
 */
export const amongIds = (conditions: SQL[]) =>
  sql`${entries.id} = any(array(select ${entries.id} from ${entries} where ${and(...conditions)}))`;

/**
 * The checklist holds an entry of the list whose bird matches (`list` are the list's conditions on an
 * entry), or its birder matches and it holds an entry of the list (`holds`). Narrow searches collect the
 * checklists' ids first (fetched by primary key); broad ones probe each checklist of the list in order
 * (entries_bird_name_idx holds the name and the checklist).
 */
export function searchedChecklists(
  term: string,
  resolved: ResolvedSearch | undefined,
  list: SQL[],
  holds: SQL,
) {
  const birds = and(birdMatches(term, resolved), ...list);
  const birdHalf = isNarrow(resolved)
    ? sql`${checklists.id} = any(array(select ${entries.checklistId} from ${entries} where ${birds}))`
    : sql`exists (select 1 from ${entries} where ${entries.checklistId} = ${checklists.id} and ${birds})`;
  return sql`(${birdHalf} or (${birderMatches(term, resolved)} and ${holds}))`;
}

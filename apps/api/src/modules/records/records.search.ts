import { and, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { checklists, entries, statsBirdNames, statsListValues, statsSpeciesMonth } from '../../db/schema';
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
   * The entries list only, and only when no birder's name matches: its matching entries per month, newest first
   * (stats_species_month counts exactly that list's entries: approved, named, on submitted checklists). Months
   * without a match are left out; no months means no matches.
   */
  months?: MonthCount[];
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
  const [birds, [birders]] = await Promise.all([
    db
      .select({ name: b.birdName, entries: b.entries })
      .from(b)
      .where(and(gt(b.entries, 0), nameMatches(term, sql`${b.birdName}`))),
    db
      .select({ entries: sql<number>`coalesce(sum(${v.entries}), 0)`.mapWith(Number) })
      .from(v)
      .where(and(eq(v.list, list), eq(v.kind, 'observer'), contains(sql`${v.value}`, term))),
  ]);
  const names = birds.map((r) => r.name);
  const birderEntries = birders?.entries ?? 0;
  const byMonth = list === 'entries' && birderEntries === 0;
  return {
    names,
    entries: birds.reduce((n, r) => n + r.entries, 0) + birderEntries,
    ...(byMonth ? { months: names.length > 0 ? await monthsOf(db, names) : [] } : {}),
  };
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

/** The checklist's birder matches (the trigram index on lower(observer_name)). */
export const birderMatches = (term: string) => contains(checklists.observerName, term);

/**
 * Entries whose bird or birder matches. The birders' checklists are an array computed once, so the OR is a
 * BitmapOr of two index lookups on entries (by name, by checklist); an OR across the two tables scanned
 * every entry.
 */
export function searchedEntries(term: string, resolved?: ResolvedSearch): SQL {
  return sql`(${birdMatches(term, resolved)} or ${entries.checklistId} = any(array(
    select ${checklists.id} from ${checklists} where ${birderMatches(term)})))`;
}

/** True when the search is known to match few enough entries to fetch them all and sort them. */
export const isNarrow = (resolved?: ResolvedSearch) =>
  resolved !== undefined && resolved.entries <= NARROW_SEARCH;

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
  return sql`(${birdHalf} or (${birderMatches(term)} and ${holds}))`;
}

import type { RecordsQuery, RecordsSort } from '@jarog/contracts';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedPerKey, preparedStatement } from '../../db/prepared';
import {
  type ChecklistRow,
  checklists,
  type EntryRow,
  entries,
  type NewEntryRow,
  revealedChecklist,
  statsListTotals,
  statsListValues,
  users,
} from '../../db/schema';
import { canonicalDzongkhag } from '../locations/dzongkhags';
import { checklistsAfter, entriesAfter, hasCursors, type PageCursor } from './records.cursor';
import type { FilterValues } from './records.filters';
import type { ShownEntry } from './records.mapper';
import { checklistOrder, holdsPending, pendingCount, pendingEntry } from './records.queue';
import {
  amongIds,
  contains,
  isBroad,
  isNarrow,
  type ResolvedSearch,
  searchDateRange,
  searchedChecklists,
  searchedEntries,
  walksToPage,
} from './records.search';

type Executor = Db | Tx;

/**
 * Which records a console list holds (every list holds submitted checklists only):
 * - entries: approved entries that are not new-species reports;
 * - checklists: entries that are not new-species reports, in any approval state (reviewers work here);
 * - newspecies: the new-species reports ('Unknown Birds', 'New bird - …'), in any approval state.
 */
export type RecordsList = 'entries' | 'checklists' | 'newspecies';
export type RecordsFilter = Partial<
  Pick<
    RecordsQuery,
    'birder' | 'birding_site' | 'dzongkhag' | 'gewog' | 'village' | 'search' | 'date' | 'pending' | 'sort'
  >
> & {
  /** The search looked up in the summaries beforehand (records.search.ts); without it the lookup runs inside each query. */
  resolved?: ResolvedSearch;
  /** The place and birder filters' values looked up beforehand (records.filters.ts); without them they are substrings. */
  values?: FilterValues;
};
/** Where a keyset walk over checklists stopped: the last checklist of the previous batch. */
export interface ChecklistCursor {
  date: string;
  /** null: the checklist has no time (it sorts after every time of its date). */
  time: string | null;
  id: string;
}

/**
 * A dzongkhag typed any usual way ('Chukha') matches its official name; other text is a substring. Of the
 * checklist's column, or of a summary's copy of it (the same values, so the same rows).
 */
export function dzongkhagMatch(term: string, column: SQL = sql`${checklists.dzongkhag}`): SQL {
  const official = canonicalDzongkhag(term);
  return official ? sql`${column} = ${official}` : contains(column, term);
}

/** A checklist's place columns, or a summary's copy of them ('' where the checklist has none: the same matches). */
export interface PlaceColumns {
  dzongkhag: SQL;
  gewog: SQL;
  village: SQL;
}
const CHECKLIST_PLACE: PlaceColumns = {
  dzongkhag: sql`${checklists.dzongkhag}`,
  gewog: sql`${checklists.gewog}`,
  village: sql`${checklists.village}`,
};

/**
 * The place filters (dzongkhag, gewog, village, birding site) on these place columns: the values they match when
 * looked up (f.values, records.filters.ts: equality, served by the checklists' place indexes, and a constant
 * false when nothing matches), else the text itself.
 */
export function placeWhere(f: RecordsFilter, place: PlaceColumns = CHECKLIST_PLACE): SQL[] {
  const site = f.birding_site;
  const known = f.values;
  const oneOf = (column: SQL, values: string[] | undefined, text: () => SQL) =>
    values ? inArray(column, values) : text();
  const conditions: (SQL | undefined)[] = [
    f.dzongkhag
      ? oneOf(place.dzongkhag, known?.dzongkhag, () => dzongkhagMatch(f.dzongkhag ?? '', place.dzongkhag))
      : undefined,
    f.gewog ? oneOf(place.gewog, known?.gewog, () => contains(place.gewog, f.gewog ?? '')) : undefined,
    f.village
      ? oneOf(place.village, known?.village, () => contains(place.village, f.village ?? ''))
      : undefined,
    site
      ? or(
          oneOf(place.dzongkhag, known?.site?.dzongkhag, () => dzongkhagMatch(site, place.dzongkhag)),
          oneOf(place.gewog, known?.site?.gewog, () => contains(place.gewog, site)),
          oneOf(place.village, known?.site?.village, () => contains(place.village, site)),
        )
      : undefined,
  ];
  return conditions.filter((c): c is SQL => c !== undefined);
}

/** Conditions on the checklist itself: submitted, and the place, birder and date filters. */
export function checklistWhere(f: RecordsFilter): SQL[] {
  const birders = f.values?.observer;
  const conditions: (SQL | undefined)[] = [
    eq(checklists.status, 'submitted'),
    f.birder
      ? birders
        ? inArray(sql`lower(${checklists.observerName})`, birders)
        : contains(checklists.observerName, f.birder)
      : undefined,
    ...placeWhere(f),
    f.date ? eq(checklists.selectedDate, f.date) : undefined,
  ];
  return conditions.filter((c): c is SQL => c !== undefined);
}

/** An entry of the list: its approval ("pending only": waiting for review) and whether it is a new-species report. */
function listConditions(list: RecordsList, pending?: boolean): SQL[] {
  const conditions: SQL[] = [];
  // "Pending only" (the reviewer's queue) shows entries waiting for review, on the entries list too.
  if (pending) conditions.push(pendingEntry(list));
  else if (list === 'entries') conditions.push(eq(entries.approval, 'approved'));
  conditions.push(list === 'newspecies' ? eq(entries.isNewSpecies, true) : eq(entries.isNewSpecies, false));
  return conditions;
}

/**
 * Conditions on an entry alone: which list, and the bird-or-birder search. Over the whole list a narrow
 * search becomes an array of the matching ids computed first (see records.search.ts); within a few
 * checklists (`scope: 'checklists'`), or where the entries list's page walks the list (`scope: 'walk'`: the months
 * holding the matches bound its dates, searchedDates, or the matches are dense, walksToPage), it stays a plain
 * condition on the joined rows. The planner then reads the matches once (a bitmap of their names) or walks the list
 * in order; the array read every match twice, by name and again by id, then probed every match's checklist: on
 * PGlite at 200,000 entries, 'heron' (6,962 matches, months known) took 61 ms so and 12 ms plain.
 */
export function entryWhere(
  list: RecordsList,
  f: RecordsFilter,
  scope: 'list' | 'checklists' | 'walk' = 'list',
): SQL[] {
  const conditions = listConditions(list, f.pending);
  if (f.search) {
    // The birders' checklists, when an array of them is made, are the list's checklists only.
    const holds = f.pending ? holdsPending(list) : listHolds(list);
    if (scope === 'list' && isNarrow(f.resolved)) {
      conditions.push(amongIds([searchedEntries(f.search, f.resolved, 'alone', holds), ...conditions]));
    } else {
      // The entries list alone counts its matches from the summaries (records.totals.ts): its walk tests the birder
      // on the joined checklist. Other lists test it here as an array of checklists (a BitmapOr beside the names'
      // lookup), unless the search is broad (isBroad): beside a read of the whole table the array is searched
      // linearly for every entry.
      const joined =
        scope !== 'list' ||
        (list === 'entries' && !f.pending && !hasChecklistFilters(f)) ||
        isBroad(f.resolved);
      conditions.push(searchedEntries(f.search, f.resolved, joined ? 'joined' : 'alone', holds));
    }
  }
  return conditions;
}

/**
 * The checklist holds at least one entry of the list (matching the search, when there is one).
 * Without a search this reads the checklist's own counters (kept by the triggers of migrations
 * 0004/0005/0018); with one, see searchedChecklists.
 */
export function holdsEntries(list: RecordsList, f: RecordsFilter): SQL {
  const holds = f.pending ? holdsPending(list) : listHolds(list);
  return f.search ? searchedChecklists(f.search, f.resolved, listConditions(list, f.pending), holds) : holds;
}

/** How many entries of the list (or of its queue, with "pending only") a checklist holds, from its counters. */
function listCount(list: RecordsList, pending?: boolean): SQL {
  if (pending) return pendingCount(list);
  if (list === 'entries') return sql`${checklists.approvedNamedEntries}`;
  if (list === 'checklists') return sql`${checklists.namedEntries}`;
  return sql`(${checklists.entryCount} - ${checklists.namedEntries})`;
}

/** The checklist holds an entry of the list; for new species spelled as the partial index of 0008 is. */
function listHolds(list: RecordsList): SQL {
  if (list === 'newspecies') return sql`${checklists.entryCount} > ${checklists.namedEntries}`;
  return sql`${listCount(list)} > 0`;
}

const hasFilters = (f: RecordsFilter) =>
  Boolean(
    f.birder || f.birding_site || f.dzongkhag || f.gewog || f.village || f.search || f.date || f.pending,
  );
/** A filter on the checklist (place, birder, date) beside the search. */
export const hasChecklistFilters = (f: RecordsFilter) =>
  Boolean(f.birder || f.birding_site || f.dzongkhag || f.gewog || f.village || f.date);

/**
 * The entries list's search by bird (no birder matching, not "pending only"): the dates its page lies between,
 * from its matches per month (records.search.ts searchDateRange). The walk in date order then starts at the newest
 * month holding a match, not today, and stops at the month by which the page's matches have passed. `need` is
 * offset + limit; undefined after a cursor, where only the months holding matches bound the walk.
 */
function searchedDates(f: RecordsFilter, need: number | undefined): SQL | undefined {
  const months = searchedMonths(f);
  if (!months) return undefined;
  const sort = f.sort ?? '-date';
  // After a cursor, or in a name order, only the months holding matches bound the walk.
  const order = need !== undefined && hasCursors(sort) ? (sort === '-date' ? 'newest' : 'oldest') : 'other';
  const range = searchDateRange(months, order, need ?? 0, hasChecklistFilters(f));
  if (!range) return sql`false`;
  return and(gte(checklists.selectedDate, range.from), lt(checklists.selectedDate, range.until));
}

/** The entries list's matches per month when they bound its page (searchedDates): a matching birder's lie in any month. */
const searchedMonths = (f: RecordsFilter) =>
  f.pending || f.resolved?.birderEntries ? undefined : f.resolved?.months;

/**
 * Newest first, then a stable tiebreak. Spelled exactly as checklists_status_date_idx is built
 * (DESC NULLS LAST): with plain DESC (nulls first) PostgreSQL cannot walk the index and sorts every
 * submitted checklist instead.
 */
export const CHECKLIST_ORDER = [
  sql`${checklists.selectedDate} desc nulls last`,
  sql`${checklists.selectedTime} desc nulls last`,
  asc(checklists.id),
];

/** The entry columns a list shows (records.mapper.ts ShownEntry): ~200 rows a page, each mapped by Drizzle. */
const SHOWN_ENTRY = {
  id: entries.id,
  checklistId: entries.checklistId,
  birdName: entries.birdName,
  speciesId: entries.speciesId,
  adult: entries.adult,
  juvenile: entries.juvenile,
  total: entries.total,
  remarks: entries.remarks,
  photoUrl: entries.photoUrl,
  approval: entries.approval,
  reviewedBy: entries.reviewedBy,
  reviewedAt: entries.reviewedAt,
  createdAt: entries.createdAt,
  flags: entries.flags,
  rejectionReason: entries.rejectionReason,
  autoApproved: entries.autoApproved,
} satisfies Record<keyof ShownEntry, unknown>;

/** Inside a checklist: in the order recorded, then by name. */
export const ENTRY_ORDER = [asc(entries.createdAt), asc(entries.birdName), asc(entries.id)];

/** A revealed checklist by id: the details page (db/prepared.ts). */
const checklistById = preparedStatement('jarog_checklist_by_id', (db, name) =>
  db
    .select()
    .from(checklists)
    .where(and(eq(checklists.id, sql.placeholder('id')), revealedChecklist))
    .limit(1)
    .prepare(name),
);

/** Entries with their reviewer's name and email, in the list's order, by checklist or by entry id. */
const entriesWithReviewer = (by: 'checklist' | 'entry') =>
  preparedStatement(`jarog_entries_with_reviewer_by_${by}`, (db, name) =>
    db
      .select({ entry: entries, reviewer: { name: users.name, email: users.email } })
      .from(entries)
      .leftJoin(users, eq(users.id, entries.reviewedBy))
      .where(eq(by === 'checklist' ? entries.checklistId : entries.id, sql.placeholder('id')))
      .orderBy(...ENTRY_ORDER)
      .prepare(name),
  );
const entriesOfChecklist = entriesWithReviewer('checklist');
const entryWithReviewer = entriesWithReviewer('entry');

/** A list's totals, kept by triggers: every page of the checklists and entries lists reads them. */
const listTotalsStatement = preparedStatement('jarog_list_totals', (db, name) =>
  db
    .select()
    .from(statsListTotals)
    .where(eq(statsListTotals.list, sql.placeholder('list')))
    .prepare(name),
);

/**
 * The values a list's filters offer, kept by triggers (every page of the checklists lists reads them): each
 * kind as one JSON array built by PostgreSQL, sorted as before. One row instead of ~2,000 at 2 M entries,
 * which node-postgres and Drizzle had parsed and mapped one by one (~0.5 ms of the API's JavaScript).
 */
const distinctValuesStatement = preparedStatement('jarog_list_values', (db, name) => {
  const v = statsListValues;
  const of = (kind: string) =>
    sql<
      string[]
    >`coalesce(json_agg(${v.value} order by ${v.value}) filter (where ${v.kind} = ${kind}), '[]')`;
  return db
    .select({
      distinctDzongkhags: of('dzongkhag'),
      distinctGewogs: of('gewog'),
      distinctVillages: of('village'),
      distinctObservers: of('observer'),
    })
    .from(v)
    .where(and(eq(v.list, sql.placeholder('list')), gt(v.checklists, 0)))
    .prepare(name);
});

/**
 * A page of a checklists list with every filter off, by offset, in one of the list orders: what the console
 * asks for most (the first page, its 10 s polls, paging). Built once and run by name (db/prepared.ts) instead of
 * through Drizzle's builder on each request (~0.3 ms of the API's JavaScript for this statement); a filtered
 * page, or one after a cursor, is built each time.
 */
const unfilteredChecklistsPage = preparedPerKey(
  'jarog_checklists_page',
  (db, key: `${RecordsList}_${RecordsSort}`, name) => {
    const [list, sort] = key.split('_') as [RecordsList, RecordsSort];
    return db
      .select()
      .from(checklists)
      .where(and(...checklistWhere({}), holdsEntries(list, {})))
      .orderBy(...checklistOrder(sort))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  },
);

/** The entries of a list in some of its checklists, with every filter off (see unfilteredChecklistsPage). */
const unfilteredEntriesOf = preparedPerKey('jarog_entries_of', (db, list: RecordsList, name) =>
  db
    .select(SHOWN_ENTRY)
    .from(entries)
    .innerJoin(checklists, eq(entries.checklistId, checklists.id))
    .where(
      and(
        sql`${entries.checklistId} = any(${sql.placeholder('ids')}::uuid[])`,
        ...entryWhere(list, {}, 'checklists'),
      ),
    )
    .orderBy(...ENTRY_ORDER)
    .prepare(name),
);

/** The entries list's columns: each entry with its checklist, and its time as PostgreSQL prints it (cursors). */
const ENTRY_PAGE_COLUMNS = {
  entry: entries,
  checklist: checklists,
  createdAt: sql<string>`${entries.createdAt}::text`,
};

/** A page of the entries list with every filter off, by offset, in one of the list orders (see unfilteredChecklistsPage). */
const unfilteredEntriesPage = preparedPerKey('jarog_entries_page', (db, sort: RecordsSort, name) =>
  db
    .select(ENTRY_PAGE_COLUMNS)
    .from(entries)
    .innerJoin(checklists, eq(entries.checklistId, checklists.id))
    .where(and(...checklistWhere({}), ...entryWhere('entries', {})))
    .orderBy(...checklistOrder(sort), ...ENTRY_ORDER)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name),
);

export const recordsRepository = {
  /**
   * Checklists of a list that hold at least one qualifying entry, in the chosen order: a page (by offset,
   * or after a page's cursor), or the batch after a checklist (the export's keyset walk, newest first).
   * Paged on checklists, so the date index serves the order.
   */
  checklists: async (
    db: Executor,
    list: RecordsList,
    f: RecordsFilter,
    at: { offset: number; limit: number; cursor?: PageCursor } | { after?: ChecklistCursor; limit: number },
  ): Promise<ChecklistRow[]> => {
    const page = 'offset' in at;
    if (page && !at.cursor && !hasFilters(f)) {
      return unfilteredChecklistsPage(`${list}_${f.sort || '-date'}`, db).execute({
        limit: at.limit,
        offset: at.offset,
      });
    }
    const after = page
      ? at.cursor && checklistsAfter(at.cursor.sort, at.cursor)
      : at.after && checklistsAfter('-date', at.after);
    const query = db
      .select()
      .from(checklists)
      .where(and(...checklistWhere(f), holdsEntries(list, f), after))
      .orderBy(...(page ? checklistOrder(f.sort) : CHECKLIST_ORDER))
      .limit(at.limit);
    return page && !at.cursor ? query.offset(at.offset) : query;
  },

  /** The qualifying entries of these checklists, in one query. */
  entriesOf: async (
    db: Executor,
    list: RecordsList,
    f: RecordsFilter,
    checklistIds: string[],
  ): Promise<ShownEntry[]> => {
    if (checklistIds.length === 0) return [];
    if (!f.pending && !f.search) return unfilteredEntriesOf(list, db).execute({ ids: checklistIds });
    return db
      .select(SHOWN_ENTRY)
      .from(entries)
      .innerJoin(checklists, eq(entries.checklistId, checklists.id))
      .where(and(inArray(entries.checklistId, checklistIds), ...entryWhere(list, f, 'checklists')))
      .orderBy(...ENTRY_ORDER);
  },

  /**
   * A page of the entries list (entries with their checklists) in the chosen order: by offset, or after a
   * page's cursor. `createdAt` is also read as PostgreSQL prints it, for the next cursor (a JS Date would
   * drop the microseconds the order compares).
   */
  entriesPage: async (
    db: Executor,
    f: RecordsFilter,
    at: { offset: number; limit: number; cursor?: PageCursor },
  ) => {
    if (!at.cursor && !hasFilters(f)) {
      return unfilteredEntriesPage(f.sort || '-date', db).execute({ limit: at.limit, offset: at.offset });
    }
    const need = at.offset + at.limit;
    // walksToPage judges the density over the whole list: with a place, birder or date filter, or "pending
    // only", fewer of the rows walked match than it assumes, so the array (bounded whatever the filters) stays.
    const walk =
      searchedMonths(f) || (!f.pending && !hasChecklistFilters(f) && walksToPage(f.resolved, need));
    const query = db
      .select(ENTRY_PAGE_COLUMNS)
      .from(entries)
      .innerJoin(checklists, eq(entries.checklistId, checklists.id))
      .where(
        and(
          ...checklistWhere(f),
          ...entryWhere('entries', f, walk ? 'walk' : 'list'),
          searchedDates(f, at.cursor ? undefined : need),
          at.cursor && entriesAfter(at.cursor),
        ),
      )
      .orderBy(...checklistOrder(f.sort), ...ENTRY_ORDER)
      .limit(at.limit);
    return at.cursor ? query : query.offset(at.offset);
  },

  /** The list's unfiltered totals, kept by the triggers of migration 0008. */
  listTotals: async (db: Executor, list: RecordsList) => {
    const [row] = await listTotalsStatement(db).execute({ list });
    return { checklists: Number(row?.checklists ?? 0), entries: Number(row?.entries ?? 0) };
  },

  /** Checklists matching the filters and holding a qualifying entry (exact; filtered lists only). */
  countFound: async (db: Executor, list: RecordsList, f: RecordsFilter): Promise<number> => {
    const [row] = await db
      .select({ n: count() })
      .from(checklists)
      .where(and(...checklistWhere(f), holdsEntries(list, f)));
    return row?.n ?? 0;
  },

  /**
   * The distinct dzongkhags, gewogs, villages and observer names the list's checklists carry, each
   * sorted: what the list's filters offer. Read from stats_list_values (migration 0008).
   */
  distinctValues: async (db: Executor, list: RecordsList) => {
    const [row] = await distinctValuesStatement(db).execute({ list });
    return row ?? { distinctDzongkhags: [], distinctGewogs: [], distinctVillages: [], distinctObservers: [] };
  },

  /** Entries of a list matching the filters (those the list's checklists show). */
  countEntries: async (db: Executor, list: RecordsList, f: RecordsFilter): Promise<number> => {
    if (!hasFilters(f)) return (await recordsRepository.listTotals(db, list)).entries;
    if (!f.search) {
      // Checklist rows only: each carries its count of the list's (or its queue's) entries.
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${listCount(list, f.pending)}), 0)`.mapWith(Number) })
        .from(checklists)
        .where(and(...checklistWhere(f), holdsEntries(list, f)));
      return row?.n ?? 0;
    }
    const [row] = await db
      .select({ n: count() })
      .from(entries)
      .innerJoin(checklists, eq(entries.checklistId, checklists.id))
      .where(and(...checklistWhere(f), ...entryWhere(list, f)));
    return row?.n ?? 0;
  },

  hasFilters,

  findChecklistById: async (db: Executor, id: string): Promise<ChecklistRow | undefined> =>
    (await checklistById(db).execute({ id }))[0],

  /** The checklist with this name (any case): a submitted one before a draft, then the newest. */
  findChecklistByName: async (db: Executor, name: string): Promise<ChecklistRow | undefined> =>
    (
      await db
        .select()
        .from(checklists)
        .where(and(sql`lower(${checklists.name}) = lower(${name})`, revealedChecklist))
        .orderBy(
          sql`(${checklists.status} = 'submitted') desc`,
          ...CHECKLIST_ORDER.slice(0, 2),
          desc(checklists.createdAt),
          asc(checklists.id),
        )
        .limit(1)
    )[0],

  /** Every entry of a checklist, or one entry, with its reviewer's name and email. */
  entriesWithReviewers: async (db: Executor, of: { checklistId: string } | { entryId: string }) =>
    'checklistId' in of
      ? entriesOfChecklist(db).execute({ id: of.checklistId })
      : entryWithReviewer(db).execute({ id: of.entryId }),

  /** An entry and its checklist, the entry row locked for the rest of the transaction. */
  lockEntry: async (tx: Tx, id: string) =>
    (
      await tx
        .select({ entry: entries, checklist: checklists })
        .from(entries)
        .innerJoin(checklists, eq(entries.checklistId, checklists.id))
        .where(eq(entries.id, id))
        .for('update', { of: entries })
    )[0],

  updateEntry: async (tx: Tx, id: string, patch: Partial<NewEntryRow>): Promise<EntryRow | undefined> => {
    const [row] = await tx.update(entries).set(patch).where(eq(entries.id, id)).returning();
    if (row) await recordsRepository.touchChecklists(tx, [row.checklistId]);
    return row;
  },

  /** Marks checklists changed, so the birder's phone picks the review up at its next `since` sync. */
  touchChecklists: async (tx: Tx, ids: string[]) => {
    if (ids.length)
      await tx.update(checklists).set({ updatedAt: new Date() }).where(inArray(checklists.id, ids));
  },

  /** id and checklist state of each named entry that exists. */
  entryStates: async (db: Executor, ids: string[]) =>
    ids.length === 0
      ? []
      : db
          .select({ id: entries.id, status: checklists.status })
          .from(entries)
          .innerJoin(checklists, eq(entries.checklistId, checklists.id))
          .where(inArray(entries.id, ids)),

  checklistStates: async (db: Executor, ids: string[]) =>
    ids.length === 0
      ? []
      : db
          .select({ id: checklists.id, status: checklists.status })
          .from(checklists)
          .where(inArray(checklists.id, ids)),

  /**
   * Sets the approval of the named entries and of the checklists' entries (not their new-species
   * reports). Returns the entries changed (with what a notice needs) and how many were already so.
   */
  bulkReview: async (
    tx: Tx,
    approval: 'approved' | 'rejected',
    reviewerId: string,
    entryIds: string[],
    checklistIds: string[],
  ) => {
    const target = or(
      entryIds.length ? inArray(entries.id, entryIds) : undefined,
      checklistIds.length
        ? and(inArray(entries.checklistId, checklistIds), not(entries.isNewSpecies))
        : undefined,
    );
    const [matched] = await tx.select({ n: count() }).from(entries).where(target);
    const changed = await tx
      .update(entries)
      .set({ approval, reviewedBy: reviewerId, reviewedAt: new Date() })
      .where(and(target, ne(entries.approval, approval)))
      .returning({ id: entries.id, birdName: entries.birdName, checklistId: entries.checklistId });
    const ids = [...new Set(changed.map((c) => c.checklistId))];
    await recordsRepository.touchChecklists(tx, ids);
    const owners =
      ids.length === 0
        ? []
        : await tx
            .select({ id: checklists.id, name: checklists.name, observerId: checklists.observerId })
            .from(checklists)
            .where(inArray(checklists.id, ids));
    return { changed, unchanged: (matched?.n ?? 0) - changed.length, checklists: owners };
  },
};

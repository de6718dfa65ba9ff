import {
  bigint,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * Summary tables for the analytics. Triggers on checklists and entries keep them current in the
 * same transaction as every write (see migration 0004_insight); the analytics read only these.
 * Places are '' where the checklist has none. Rows can fall to zero and stay: readers filter them.
 */

/** Approved entries of submitted checklists, new-species reports left out, per month, place and bird. */
export const statsSpeciesPlaceMonth = pgTable(
  'stats_species_place_month',
  {
    month: date('month').notNull(),
    dzongkhag: text('dzongkhag').notNull().default(''),
    gewog: text('gewog').notNull().default(''),
    village: text('village').notNull().default(''),
    birdName: text('bird_name').notNull(),
    entries: integer('entries').notNull().default(0),
    birds: bigint('birds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_species_place_month_pk',
      columns: [t.month, t.dzongkhag, t.gewog, t.village, t.birdName],
    }),
    // The entries list's search with place filters: its total (migration 0019).
    index('stats_species_place_month_bird_idx').on(t.birdName, t.dzongkhag, t.gewog, t.village),
  ],
);

/** The same, nationally: per month and bird. */
export const statsSpeciesMonth = pgTable(
  'stats_species_month',
  {
    month: date('month').notNull(),
    birdName: text('bird_name').notNull(),
    entries: integer('entries').notNull().default(0),
    birds: bigint('birds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'stats_species_month_pk', columns: [t.month, t.birdName] }),
    // The entries list's search: a bird's months (migration 0019).
    index('stats_species_month_bird_idx').on(t.birdName, t.month),
  ],
);

/** Submitted checklists holding at least one approved entry, and their approved entries, per month and place. */
export const statsChecklistPlaceMonth = pgTable(
  'stats_checklist_place_month',
  {
    month: date('month').notNull(),
    dzongkhag: text('dzongkhag').notNull().default(''),
    gewog: text('gewog').notNull().default(''),
    village: text('village').notNull().default(''),
    checklists: integer('checklists').notNull().default(0),
    approvedEntries: integer('approved_entries').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_checklist_place_month_pk',
      columns: [t.month, t.dzongkhag, t.gewog, t.village],
    }),
  ],
);

/** Submitted checklists per birding site (dzongkhag, gewog, village). */
export const statsSite = pgTable(
  'stats_site',
  {
    dzongkhag: text('dzongkhag').notNull().default(''),
    gewog: text('gewog').notNull().default(''),
    village: text('village').notNull().default(''),
    checklists: integer('checklists').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_site_pk', columns: [t.dzongkhag, t.gewog, t.village] })],
);

/** Per birder: all entries, entries on submitted checklists, approved entries on submitted checklists. */
export const statsBirder = pgTable(
  'stats_birder',
  {
    observerId: uuid('observer_id').primaryKey(),
    entries: integer('entries').notNull().default(0),
    submitted: integer('submitted').notNull().default(0),
    approved: integer('approved').notNull().default(0),
  },
  (t) => [index('stats_birder_approved_idx').on(t.approved.desc(), t.observerId)],
);

/** Per console list: submitted checklists holding an entry of the list, and those entries (migration 0008). */
export const statsListTotals = pgTable('stats_list_totals', {
  list: text('list').primaryKey(),
  checklists: bigint('checklists', { mode: 'number' }).notNull().default(0),
  entries: bigint('entries', { mode: 'number' }).notNull().default(0),
});

/** Per list, the distinct dzongkhags, gewogs, villages and observer names its checklists carry. */
export const statsListValues = pgTable(
  'stats_list_values',
  {
    list: text('list').notNull(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    checklists: integer('checklists').notNull().default(0),
    /** The list's entries on those checklists (migration 0018). */
    entries: bigint('entries', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_list_values_pk', columns: [t.list, t.kind, t.value] })],
);

/** Approved named entries per period ('YYYY-MM', 'YYYY', 'all'), place level (0-3) and bird. */
export const statsSpeciesPeriod = pgTable(
  'stats_species_period',
  {
    period: text('period').notNull(),
    level: smallint('level').notNull(),
    dzongkhag: text('dzongkhag').notNull().default(''),
    gewog: text('gewog').notNull().default(''),
    village: text('village').notNull().default(''),
    birdName: text('bird_name').notNull(),
    entries: integer('entries').notNull().default(0),
    birds: bigint('birds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_species_period_pk',
      columns: [t.period, t.level, t.dzongkhag, t.gewog, t.village, t.birdName],
    }),
  ],
);

/** Distinct species per period and place (level 0 national, 1 dzongkhag, 2 gewog, 3 village). */
export const statsPlaceSpecies = pgTable(
  'stats_place_species',
  {
    period: text('period').notNull(),
    level: smallint('level').notNull(),
    dzongkhag: text('dzongkhag').notNull().default(''),
    gewog: text('gewog').notNull().default(''),
    village: text('village').notNull().default(''),
    species: integer('species').notNull().default(0),
    /** Birds counted there in the period (migration 0018). */
    birds: bigint('birds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_place_species_pk',
      columns: [t.period, t.level, t.dzongkhag, t.gewog, t.village],
    }),
  ],
);

/** The distinct bird names of all entries (any list, any state), with their entries: what the search matches. */
export const statsBirdNames = pgTable('stats_bird_names', {
  birdName: text('bird_name').primaryKey(),
  entries: integer('entries').notNull().default(0),
});

/**
 * Each console list's entries on submitted checklists per birder (the checklist's observer name, lower-cased, as the
 * lists match birders) and bird: `entries` for the entries list (approved, named; migration 0021), `checklists` for
 * the checklists list (named) and `newspecies` for the new-species reports (migration 0022). The overlap of a search's
 * bird and birder halves is summed here (records.totals.ts). Rows at 0 stay.
 */
export const statsBirderBirds = pgTable(
  'stats_birder_birds',
  {
    observer: text('observer').notNull(),
    birdName: text('bird_name').notNull(),
    entries: integer('entries').notNull().default(0),
    checklists: integer('checklists').notNull().default(0),
    newspecies: integer('newspecies').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'stats_birder_birds_pk', columns: [t.observer, t.birdName] }),
    index('stats_birder_birds_bird_idx').on(t.birdName, t.observer),
  ],
);

/** A bit string of 8,192 bits, one per checklist number of a block (migration 0022). */
const checklistBits = customType<{ data: string }>({ dataType: () => 'bit(8192)' });

/**
 * Per list ('checklists', 'newspecies'), kind ('bird': a bird name; 'observer': a birder's lower-cased name), key and
 * block of 8,192 checklist numbers (checklists.seq >> 13): the submitted checklists of the list holding an entry with
 * that name, or of that birder, as a bitmap (bit seq & 8191, counted from the left), and for 'bird' rows the list's
 * entries with that name in the block (migration 0022). A search's distinct checklists are the OR of its names' and
 * birders' rows, counted with bit_count (records.totals.ts).
 */
export const statsChecklistBitmaps = pgTable(
  'stats_checklist_bitmaps',
  {
    list: text('list').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    block: integer('block').notNull(),
    checklists: checklistBits('checklists').notNull(),
    entries: integer('entries').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_checklist_bitmaps_pk', columns: [t.list, t.kind, t.key, t.block] })],
);

/**
 * The reviewer's queue per list ('checklists', 'newspecies') and dzongkhag ('' for none): submitted checklists
 * holding pending entries of the list, and those entries (migration 0018).
 */
export const statsPendingDzongkhag = pgTable(
  'stats_pending_dzongkhag',
  {
    list: text('list').notNull(),
    dzongkhag: text('dzongkhag').notNull(),
    checklists: integer('checklists').notNull().default(0),
    entries: integer('entries').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_pending_dzongkhag_pk', columns: [t.list, t.dzongkhag] })],
);

import { type SQL, sql } from 'drizzle-orm';
import { eventSelectList, literal, NAMED_SPECIES, occurrenceSelectList, SPECIES_CTE } from './dwca.columns';

export interface DwcaFilter {
  from?: string;
  to?: string;
  dzongkhag?: string;
}

/** Checklists by id, after one id up to another (PGlite's batches). */
export interface IdRange {
  after?: string;
  last: string;
}

/*
 * The export's statements, every value written in as a literal (COPY takes no parameters; the filter
 * is validated and the dzongkhag canonical before it gets here).
 */

/** Submitted checklists of the filter holding any approved entry (`c`), optionally in an id range. */
function checklistScope(f: DwcaFilter, range?: IdRange): SQL {
  return sql.join(
    [
      sql`c.status = 'submitted' and c.approved_entries > 0`,
      ...(f.from ? [sql`c.selected_date >= ${literal(f.from)}::date`] : []),
      ...(f.to ? [sql`c.selected_date <= ${literal(f.to)}::date`] : []),
      ...(f.dzongkhag ? [sql`c.dzongkhag = ${literal(f.dzongkhag)}`] : []),
      ...(range?.after ? [sql`c.id > ${literal(range.after)}::uuid`] : []),
      ...(range ? [sql`c.id <= ${literal(range.last)}::uuid`] : []),
    ],
    sql` and `,
  );
}

/** An event: a checklist with an approved entry of a catalogue species. */
const isEvent = sql`exists (select 1 from entries e where e.checklist_id = c.id and e.approval = 'approved'
                            and e.species_id is not null)`;

export const dwcaSql = {
  /** event.txt's rows; in id order within a range (PGlite), in the plan's order otherwise. */
  events: (f: DwcaFilter, range?: IdRange): SQL =>
    sql`select ${eventSelectList()} from checklists c where ${checklistScope(f, range)} and ${isEvent}
        ${range ? sql`order by c.id` : sql``}`,

  /** occurrence.txt's rows: the approved entries of named catalogue species. */
  occurrences: (f: DwcaFilter, publicApiUrl: string, range?: IdRange): SQL =>
    sql`with ${SPECIES_CTE}
        select ${occurrenceSelectList(publicApiUrl)}
        from entries e join checklists c on c.id = e.checklist_id join sp on sp.id = e.species_id
        where ${checklistScope(f, range)} and e.approval = 'approved'
        ${range ? sql`order by e.checklist_id, e.id` : sql``}`,

  /** How many events, their dates and the extent of their coordinates (eml.xml's coverage). */
  coverage: (f: DwcaFilter): SQL =>
    sql`select count(*)::int as events,
               to_char(min(c.selected_date), 'YYYY-MM-DD') as "from", to_char(max(c.selected_date), 'YYYY-MM-DD') as "to",
               min(c.longitude) filter (where c.latitude is not null and c.longitude is not null) as west,
               max(c.longitude) filter (where c.latitude is not null and c.longitude is not null) as east,
               min(c.latitude) filter (where c.latitude is not null and c.longitude is not null) as south,
               max(c.latitude) filter (where c.latitude is not null and c.longitude is not null) as north
        from checklists c where ${checklistScope(f)} and ${isEvent}`,

  /**
   * The approved entries left out, by reason: no species (not yet named, or a name the catalogue
   * lacks) or a species without a scientific name. Only those rows are read (species index).
   */
  leftOut: (f: DwcaFilter): SQL =>
    sql`select count(*) filter (where e.species_id is null and e.is_new_species)::int as "unknownOrNewSpecies",
               count(*) filter (where e.species_id is null and not e.is_new_species)::int as "notInCatalogue",
               count(*) filter (where e.species_id is not null)::int as "noScientificName"
        from entries e join checklists c on c.id = e.checklist_id
        where ${checklistScope(f)} and e.approval = 'approved'
          and (e.species_id is null or e.species_id = any (array(select s.id from species s where not (${NAMED_SPECIES}))))`,

  /** The last of the next `size` checklists of the scope after `after` (PGlite's batches), or none. */
  nextBatch: (f: DwcaFilter, after: string | undefined, size: number): SQL =>
    sql`select (select b.id from (
          select c.id from checklists c
          where ${checklistScope(f)} ${after ? sql`and c.id > ${literal(after)}::uuid` : sql``}
          order by c.id limit ${sql.raw(String(size))}) b order by b.id desc limit 1)::text as last`,
};

export interface CoverageRow {
  events: number;
  from: string | null;
  to: string | null;
  west: number | null;
  east: number | null;
  south: number | null;
  north: number | null;
}

export interface LeftOutRow {
  unknownOrNewSpecies: number;
  notInCatalogue: number;
  noScientificName: number;
}

import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { EVENT_TERMS, OCCURRENCE_TERMS } from './dwca.format';

/*
 * Every column of event.txt and occurrence.txt as a SQL expression giving text (or NULL for an empty
 * cell), so that PostgreSQL writes the rows itself with COPY and the API only zips the bytes (no
 * per-row JavaScript at 2 M rows). Over `c` (checklists), `e` (entries) and `sp` (the catalogue,
 * cleaned once per species, see SPECIES_CTE).
 */

/** A string as a SQL literal: COPY takes no parameters. */
export const literal = (value: string): SQL => sql.raw(pg.escapeLiteral(value));

/** What JavaScript's String.prototype.trim() removes (ECMAScript WhiteSpace and LineTerminator). */
const WHITESPACE = String.raw`[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]`;
const NEEDS_CLEANING = literal(String.raw`[\t\n\r]|^${WHITESPACE}|${WHITESPACE}$`);
const BREAKS = literal(String.raw`[\t\n\r]+`);
const ENDS = literal(`^${WHITESPACE}+|${WHITESPACE}+$`);

/**
 * A free-text cell: runs of tabs and line breaks become one space (they would end the cell or the
 * row), then the ends are trimmed; empty is NULL. Most values need neither, and skip the rewriting.
 */
export const clean = (value: SQL): SQL =>
  sql`case when ${value} ~ ${NEEDS_CLEANING}
        then nullif(regexp_replace(regexp_replace(${value}, ${BREAKS}, ' ', 'g'), ${ENDS}, '', 'g'), '')
        else nullif(${value}, '') end`;

/**
 * A double as JavaScript prints it (the shortest digits that read back to the same number, as
 * PostgreSQL's float8 output also gives). PostgreSQL switches to an exponent below 1e-4 where
 * JavaScript does below 1e-6, and writes two exponent digits ('1e-07', JavaScript '1e-7'); -0 is '0'.
 */
export const jsNumber = (value: SQL): SQL =>
  sql`case when ${value} = 0 then '0'
        when abs(${value}) >= 1e-4::float8 then ${value}::text
        when abs(${value}) >= 1e-6::float8 then (${value}::text)::numeric::text
        else regexp_replace(${value}::text, 'e-0*', 'e-') end`;

/**
 * The catalogue with its cells cleaned, once per export: species whose scientific name is known
 * (or made of genus and epithet, as for the national list's 'Indian Gray Hornbill'). Materialized so
 * the cleaning runs once per species, not once per occurrence.
 */
export const SPECIES_CTE = sql`sp as materialized (
  select x.id, ${clean(sql`x.sci`)} as scientific_name, ${clean(sql`x.authority`)} as authority,
         ${clean(sql`x.order_name`)} as order_name, ${clean(sql`x.family_name`)} as family_name,
         ${clean(sql`coalesce(x.genus, split_part(x.sci, ' ', 1))`)} as genus,
         ${clean(sql`x.species_epithet`)} as species_epithet, ${clean(sql`x.english_name`)} as english_name
  from (select s.*, coalesce(s.scientific_name,
          case when s.genus <> '' and s.species_epithet <> '' then s.genus || ' ' || s.species_epithet end) as sci
        from species s) x
  where x.sci <> '')`;

/** Whether an entry's checklist and species let it be an occurrence (the catalogue, as above). */
export const NAMED_SPECIES = sql`coalesce(s.scientific_name,
  case when s.genus <> '' and s.species_epithet <> '' then s.genus || ' ' || s.species_epithet end, '') <> ''`;

/** How each checklist was recorded, in words (checklist_source). */
const SAMPLING_PROTOCOL: Record<string, string> = {
  mobile: 'Checklist recorded in the field with the Druk eBird mobile app',
  console: 'Checklist entered in the Druk eBird console',
  upload: 'Checklist uploaded to the Druk eBird console as a spreadsheet',
  demo: 'Demonstration checklist',
};

const hasPoint = sql`c.latitude is not null and c.longitude is not null`;

/** event.txt, one row per checklist. */
const EVENT_COLUMNS: Record<(typeof EVENT_TERMS)[number], SQL> = {
  eventID: sql`'urn:jarog:checklist:' || c.id`,
  eventDate: sql`to_char(c.selected_date, 'YYYY-MM-DD')`,
  // Bhutan Time is UTC+6 all year.
  eventTime: sql`to_char(c.selected_time, 'HH24:MI:SS') || '+06:00'`,
  samplingProtocol: sql`case c.source::text ${sql.join(
    Object.entries(SAMPLING_PROTOCOL).map(([k, v]) => sql`when ${literal(k)} then ${literal(v)}`),
    sql` `,
  )} else 'Checklist' end`,
  countryCode: sql`'BT'`,
  country: sql`'Bhutan'`,
  stateProvince: clean(sql`c.dzongkhag`),
  county: clean(sql`c.gewog`),
  locality: clean(sql`c.village`),
  decimalLatitude: sql`case when ${hasPoint} then ${jsNumber(sql`c.latitude`)} end`,
  decimalLongitude: sql`case when ${hasPoint} then ${jsNumber(sql`c.longitude`)} end`,
  geodeticDatum: sql`case when ${hasPoint} then 'EPSG:4326' end`,
  recordedBy: clean(sql`c.observer_name`),
};

/** The entry's individuals: its total, or adults + juveniles when the total is 0. */
const individuals = sql`(case when e.total > 0 then e.total::bigint else e.adult::bigint + e.juvenile end)`;

/** occurrence.txt, one row per approved entry of a named catalogue species. */
const occurrenceColumns = (publicApiUrl: string): Record<(typeof OCCURRENCE_TERMS)[number], SQL> => ({
  eventID: sql`'urn:jarog:checklist:' || e.checklist_id`,
  occurrenceID: sql`'urn:jarog:entry:' || e.id`,
  basisOfRecord: sql`'HumanObservation'`,
  occurrenceStatus: sql`'present'`,
  individualCount: sql`case when ${individuals} > 0 then ${individuals}::text end`,
  // Only where exact: every individual of one stage (docs/decisions.md).
  lifeStage: sql`case when ${individuals} > 0 and e.adult = ${individuals} and e.juvenile = 0 then 'adult'
                      when ${individuals} > 0 and e.juvenile = ${individuals} and e.adult = 0 then 'juvenile' end`,
  dynamicProperties: sql`case when e.adult > 0 or e.juvenile > 0
    then '{"adultCount":' || e.adult || ',"juvenileCount":' || e.juvenile || '}' end`,
  scientificName: sql`sp.scientific_name`,
  scientificNameAuthorship: sql`sp.authority`,
  kingdom: sql`'Animalia'`,
  class: sql`'Aves'`,
  order: sql`sp.order_name`,
  family: sql`sp.family_name`,
  genus: sql`sp.genus`,
  specificEpithet: sql`sp.species_epithet`,
  taxonRank: sql`'species'`,
  vernacularName: sql`sp.english_name`,
  identificationVerificationStatus: sql`'verified'`,
  // Stored photos ('/media/…') as absolute URLs of the API.
  associatedMedia: clean(
    sql`case when left(e.photo_url, 1) = '/' then ${literal(publicApiUrl)} || e.photo_url else e.photo_url end`,
  ),
  occurrenceRemarks: clean(sql`e.remarks`),
});

const selectList = <T extends string>(terms: readonly T[], columns: Record<T, SQL>): SQL =>
  sql.join(
    terms.map((t) => sql`${columns[t]} as ${sql.identifier(t)}`),
    sql`, `,
  );

export const eventSelectList = (): SQL => selectList(EVENT_TERMS, EVENT_COLUMNS);
export const occurrenceSelectList = (publicApiUrl: string): SQL =>
  selectList(OCCURRENCE_TERMS, occurrenceColumns(publicApiUrl));

import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntryFlag } from '@jarog/contracts';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db, Tx } from '../../db/client';
import { checklists, entries, type NewChecklistRow, type NewEntryRow } from '../../db/schema';
import { paced, pacer } from '../../lib/yield';
import {
  indexStagedDuplicates,
  type StagedRecords,
  stageDuplicateKeys,
  stageDuplicates,
} from '../review/flags.duplicates';

/** Rows per staging statement: each is its own short statement, so requests queued behind it wait little. */
export const STAGE_ROWS = 1000;

/** Duplicate keys (birder, day, place, bird) looked up per statement. */
const DUPLICATE_KEYS = 500;
/** Hidden checklists removed per statement when an upload fails. */
const DISCARD_CHECKLISTS = 200;

/** Drizzle's property names to column names, for writing rows as JSON records. */
const columnNames = (table: typeof checklists | typeof entries) =>
  new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name]));
const CHECKLIST_COLUMNS = columnNames(checklists);
const ENTRY_COLUMNS = columnNames(entries);
/** A staged entry's columns: an entry's, and its place in the file. */
const ENTRY_COLUMNS_STAGED = new Map([...ENTRY_COLUMNS, ['position', 'position']]);

function asRecord(values: object, names: Map<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const name = names.get(key);
    if (!name) throw new Error(`No column for ${key}`);
    out[name] = value;
  }
  return out;
}

/**
 * A checklist's counters of its entries (migrations 0004, 0005, 0018), which its statistics are made from: the
 * stored path writes them counted (copyOut).
 */
const COUNTERS = [
  'entry_count',
  'approved_entries',
  'named_entries',
  'approved_named_entries',
  'pending_named_entries',
  'pending_new_entries',
];

const COPY_RESERVED = /[\\\n\r\t]/;
const COPY_ESCAPES = /[\\\n\r\t]/g;
const copyEscape = (c: string) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t');
/** The last Date spelled, and how: the rows of one upload share their timestamps. */
let lastDate: Date | undefined;
let lastDateText = '';

/** One value in COPY's text format: \N for null, backslash escapes for the characters it reserves. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') return String(value);
  else if (typeof value === 'boolean') return value ? 't' : 'f';
  else if (value instanceof Date) {
    if (value !== lastDate) {
      lastDate = value;
      lastDateText = value.toISOString();
    }
    return lastDateText;
  } else text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return COPY_RESERVED.test(text) ? text.replace(COPY_ESCAPES, copyEscape) : text;
}

/**
 * COPY text of these rows, 500 rows per chunk, as bytes: each row's `keys`, in order, straight from the
 * row (no per-row record is built). Each chunk is joined flat and turned into a Buffer at once: chunks
 * wait in the stream for the database, and text built by concatenation waiting there was kept as trees of
 * string pieces that outlived the young generation (100 MB of heap for 100,000 entries).
 */
function* copyLines<T extends object>(rows: Iterable<T>, keys: readonly (keyof T)[]): Generator<Buffer> {
  let lines: string[] = [];
  const values: string[] = new Array(keys.length);
  for (const row of rows) {
    for (let i = 0; i < keys.length; i++) values[i] = copyValue(row[keys[i] as keyof T]);
    lines.push(values.join('\t'));
    if (lines.length === 500) {
      lines.push('');
      yield Buffer.from(lines.join('\n'));
      lines = [];
    }
  }
  if (lines.length > 0) {
    lines.push('');
    yield Buffer.from(lines.join('\n'));
  }
}

const list = (names: readonly string[], prefix?: string) =>
  sql.join(
    names.map((n) => (prefix ? sql`${sql.raw(prefix)}.${sql.identifier(n)}` : sql.identifier(n))),
    sql`, `,
  );

export type StagedChecklist = NewChecklistRow & { id: string };
export type StagedEntry = NewEntryRow & { id: string; checklistId: string; position: number };

/**
 * One upload's new checklists on their way in (see ingest.staged.ts). First in temporary tables of this
 * session, shaped like checklists and entries, where they are written in short statements and judged
 * (review flags); then copied into the real tables hidden ('importing'); then revealed by one UPDATE.
 * Temporary tables vanish with the session; hidden rows a crash leaves behind are removed at start-up
 * (discardHiddenImports).
 */
export class Staging implements StagedRecords {
  readonly checklists: SQL;
  readonly entries: SQL;
  readonly history: SQL;
  readonly keys: SQL;
  readonly duplicates: SQL;
  /** Judged entries' flags, copied in on PostgreSQL (PGlite sets them on the staged entries). */
  readonly flags: SQL;
  private checklistColumns: string[] = [];
  private entryColumns: string[] = [];

  private constructor(
    private readonly db: Db | Tx,
    readonly name: string,
    /** PostgreSQL: the transaction's own connection, which rows are copied in through (COPY FROM STDIN). */
    private readonly client?: pg.ClientBase,
  ) {
    this.checklists = sql`${sql.identifier(`${name}_checklists`)}`;
    this.entries = sql`${sql.identifier(`${name}_entries`)}`;
    this.history = sql`${sql.identifier(`${name}_history`)}`;
    this.keys = sql`${sql.identifier(`${name}_keys`)}`;
    this.duplicates = sql`${sql.identifier(`${name}_duplicates`)}`;
    this.flags = sql`${sql.identifier(`${name}_flags`)}`;
  }

  /**
   * Makes the temporary tables. With `client` (PostgreSQL, inside the transaction that uses `db`) rows
   * are copied in with COPY; without it (PGlite) they go in as JSON, a thousand per statement.
   */
  static async open(db: Db | Tx, client?: pg.ClientBase): Promise<Staging> {
    const stage = new Staging(db, `import_${randomBytes(6).toString('hex')}`, client);
    await db.execute(
      sql`create temporary table ${stage.checklists} (like checklists including defaults including identity)`,
    );
    await db.execute(
      sql`create temporary table ${stage.entries} (like entries including defaults including generated, position integer not null)`,
    );
    await db.execute(
      sql`create temporary table ${stage.flags} (id uuid primary key, flags jsonb not null, flag_codes text[] not null)`,
    );
    return stage;
  }

  /** Writes checklists: copied in, or in statements of STAGE_ROWS rows. */
  async addChecklists(rows: Iterable<StagedChecklist>): Promise<void> {
    await this.insert('checklists', rows, CHECKLIST_COLUMNS, (c) => {
      this.checklistColumns = c;
    });
  }

  /** Writes entries: copied in, or in statements of STAGE_ROWS rows. */
  async addEntries(rows: Iterable<StagedEntry>): Promise<void> {
    await this.insert('entries', rows, ENTRY_COLUMNS_STAGED, (c) => {
      this.entryColumns = c;
    });
  }

  /** Writes rows into a staged table; the first row's properties are the columns written (`columns`). */
  private async insert<T extends object>(
    which: 'checklists' | 'entries',
    rows: Iterable<T>,
    columnOf: Map<string, string>,
    columns: (names: string[]) => void,
  ): Promise<void> {
    const table = this[which];
    const iterator = rows[Symbol.iterator]();
    const first = iterator.next();
    if (first.done) return;
    const keys = Object.keys(first.value) as (keyof T & string)[];
    const names = keys.map((k) => {
      const name = columnOf.get(k);
      if (!name) throw new Error(`No column for ${k}`);
      return name;
    });
    columns(names);
    const all = (function* () {
      yield first.value;
      for (let r = iterator.next(); !r.done; r = iterator.next()) yield r.value;
    })();
    if (this.client) {
      // The names are this class's own (hex) and the schema's columns: nothing from the file.
      const copy = `copy "${this.name}_${which}" (${names.map((c) => `"${c}"`).join(', ')}) from stdin`;
      await pipeline(Readable.from(paced(copyLines(all, keys))), this.client.query(copyFrom(copy)));
      return;
    }
    let part: Record<string, unknown>[] = [];
    const flush = async () => {
      const json = JSON.stringify(part);
      part = [];
      await this.db.execute(sql`
        insert into ${table} (${list(names)})
        select ${list(names)} from json_populate_recordset(null::${table}, ${json}::json)`);
    };
    // The rows are made as they are read (plan's generators): other requests get their turns meanwhile.
    const pace = pacer();
    for (const row of all) {
      await pace();
      part.push(asRecord(row, columnOf));
      if (part.length === STAGE_ROWS) await flush();
    }
    if (part.length > 0) await flush();
  }

  /**
   * Once everything is written: the indexes the flag lookups use, the planner's statistics (temporary
   * tables are never analysed on their own), the staged approved history per bird, dzongkhag and month
   * as review_history would hold it once they are stored, and each staged entry's possible duplicates
   * (a few hundred birder, day, place and bird keys per statement).
   */
  async prepareForFlags(): Promise<void> {
    await this.db.execute(sql`create index on ${this.checklists} (id)`);
    await this.db.execute(sql`create index on ${this.checklists} (observer_id, selected_date)`);
    await this.db.execute(sql`create index on ${this.checklists} (lower(observer_name), selected_date)`);
    await this.db.execute(sql`create index on ${this.entries} (checklist_id)`);
    // A sample of 3,000 rows (statistics target 10) instead of 30,000: these tables live for one upload and
    // are read whole or by key, so coarse statistics plan them as well, in a fifth of the time (~0.2 s less).
    // Local to the transaction on PostgreSQL; without one (PGlite) it lapses at once and the default applies.
    await this.db.execute(sql`select set_config('default_statistics_target', '10', true)`);
    await this.db.execute(sql`analyze ${this.checklists}`);
    await this.db.execute(sql`analyze ${this.entries}`);
    await this.db.execute(sql`reset default_statistics_target`);
    await this.db.execute(sql`
      create temporary table ${this.history} as
      select e.bird_name, coalesce(c.dzongkhag, '') as dzongkhag, extract(month from c.selected_date)::smallint as month,
             count(*)::integer as entries, sum(e.total)::bigint as birds
      from ${this.entries} e join ${this.checklists} c on c.id = e.checklist_id
      where c.status = 'submitted' and e.approval = 'approved' and not e.is_new_species
      group by 1, 2, 3`);
    await this.db.execute(sql`create index on ${this.history} (bird_name, dzongkhag, month)`);
    await this.db.execute(sql`analyze ${this.history}`);
    const keys = await stageDuplicateKeys(this.db, this);
    for (let from = 1; from <= keys; from += DUPLICATE_KEYS) {
      await stageDuplicates(this.db, this, from, from + DUPLICATE_KEYS - 1);
    }
    await indexStagedDuplicates(this.db, this);
  }

  /** Stores staged entries' flags (one statement per call). */
  async setFlags(flags: Map<string, EntryFlag[]>): Promise<void> {
    if (flags.size === 0) return;
    if (this.client) {
      // Copied beside the staged entries (an UPDATE of them cost as much as computing the flags).
      const lines = (function* () {
        for (const [id, items] of flags) {
          yield { id, flags: items, flag_codes: `{${[...new Set(items.map((f) => f.code))].join(',')}}` };
        }
      })();
      const names = ['id', 'flags', 'flag_codes'] as const;
      await pipeline(
        Readable.from(paced(copyLines(lines, names))),
        this.client.query(copyFrom(`copy "${this.name}_flags" (id, flags, flag_codes) from stdin`)),
      );
      return;
    }
    const rows = [...flags].map(([id, items]) => ({
      id,
      flags: items,
      codes: [...new Set(items.map((f) => f.code))],
    }));
    await this.db.execute(sql`
      update ${this.entries} e set flags = x.flags, flag_codes = array(select jsonb_array_elements_text(x.codes))
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, flags jsonb, codes jsonb)
      where e.id = x.id`);
  }

  /**
   * Whether a stored console or upload checklist now has the natural key and observer of a staged one:
   * written by someone else since the upload was planned, so the staged copy would duplicate it.
   */
  async clashes(tx: Tx): Promise<boolean> {
    const result = await tx.execute(sql`
      select 1 from ${this.checklists} s join checklists c
        on lower(c.name) = lower(s.name) and c.selected_date = s.selected_date and c.selected_time = s.selected_time
      where c.source in ('console', 'upload') and c.status <> 'importing'
        and (case when s.observer_id is not null then c.observer_id = s.observer_id
                  else c.observer_id is null and lower(c.observer_name) = lower(s.observer_name) end)
      limit 1`);
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  }

  /**
   * Writes these staged checklists and their entries into the real tables, hidden: status 'importing'
   * and no observer (so no birder's own lists or statistics count them either), entries a microsecond
   * apart in file order. One statement per table; an account or species removed meanwhile is left out.
   */
  async hide(ids: string[]): Promise<void> {
    await this.copyOut(ids, false);
  }

  /**
   * Writes these staged checklists and their entries into the real tables as they are, flags and all
   * (PostgreSQL, in the upload's transaction): created now, entries a microsecond apart in file order.
   */
  async store(ids: string[]): Promise<void> {
    await this.copyOut(ids, true);
  }

  private async copyOut(ids: string[], visible: boolean): Promise<void> {
    const idList = `{${ids.join(',')}}`;
    const checklistColumns = this.checklistColumns.filter(
      (c) => c !== 'status' && c !== 'observer_id' && !COUNTERS.includes(c),
    );
    // Stored checklists arrive with their entries already counted (migration 0023): the entries' insert
    // trigger, told so by jarog.entries_counted, then leaves them alone instead of updating every new
    // checklist once more. Hidden ones count as a direct write does, when they are revealed.
    const counters = visible
      ? {
          columns: sql`, ${list(COUNTERS)}`,
          values: sql`, ${sql.join(
            COUNTERS.map((c) => sql`coalesce(${sql.identifier(`k_${c}`)}, 0)`),
            sql`, `,
          )}`,
          join: sql`left join (
            select checklist_id,
                   count(*)::integer as k_entry_count,
                   (count(*) filter (where approval = 'approved'))::integer as k_approved_entries,
                   (count(*) filter (where not is_new_species))::integer as k_named_entries,
                   (count(*) filter (where approval = 'approved' and not is_new_species))::integer as k_approved_named_entries,
                   (count(*) filter (where approval = 'pending' and not is_new_species))::integer as k_pending_named_entries,
                   (count(*) filter (where approval = 'pending' and is_new_species))::integer as k_pending_new_entries
            from ${this.entries} where checklist_id = any(${idList}::uuid[]) group by 1
          ) k on k.checklist_id = s.id`,
        }
      : { columns: sql``, values: sql``, join: sql`` };
    await this.db.execute(sql`
      insert into checklists (${list(checklistColumns)}, status, observer_id, created_at, updated_at ${counters.columns})
      select ${list(checklistColumns, 's')}, ${visible ? sql`s.status, u.id` : sql`'importing', null`}, now(), now()
             ${counters.values}
      from ${this.checklists} s ${visible ? sql`left join users u on u.id = s.observer_id` : sql``} ${counters.join}
      where s.id = any(${idList}::uuid[])`);
    const entryColumns = this.entryColumns.filter(
      (c) => c !== 'position' && c !== 'species_id' && c !== 'reviewed_by',
    );
    if (visible) await this.db.execute(sql`select set_config('jarog.entries_counted', 'on', true)`);
    await this.db.execute(sql`
      insert into entries (${list(entryColumns)}, species_id, reviewed_by, created_at, flags, flag_codes)
      select ${list(entryColumns, 's')}, sp.id, r.id, now() + s.position * interval '1 microsecond',
             coalesce(f.flags, s.flags), coalesce(f.flag_codes, s.flag_codes)
      from ${this.entries} s
      left join ${this.flags} f on f.id = s.id
      left join species sp on sp.id = s.species_id
      left join users r on r.id = s.reviewed_by
      where s.checklist_id = any(${idList}::uuid[])
      order by s.position`);
    if (visible) await this.db.execute(sql`select set_config('jarog.entries_counted', 'off', true)`);
  }

  /**
   * Reveals every hidden checklist of this upload, in the caller's transaction: one UPDATE, whose
   * triggers bring every statistic up to date at once. Created now, as a direct write would be.
   */
  async reveal(tx: Tx): Promise<void> {
    await tx.execute(sql`
      update checklists c set status = s.status, observer_id = u.id, created_at = now(), updated_at = now()
      from ${this.checklists} s left join users u on u.id = s.observer_id
      where c.id = s.id and c.status = 'importing'`);
  }

  /** Removes what `hide` wrote (an upload that failed), a few hundred checklists per statement. */
  async discard(ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += DISCARD_CHECKLISTS) {
      await this.db.execute(sql`
        delete from checklists
        where id = any(${`{${ids.slice(i, i + DISCARD_CHECKLISTS).join(',')}}`}::uuid[]) and status = 'importing'`);
    }
  }

  /** Drops the temporary tables. */
  async drop(): Promise<void> {
    await this.db.execute(
      sql`drop table if exists ${this.flags}, ${this.duplicates}, ${this.keys}, ${this.history}, ${this.entries}, ${this.checklists}`,
    );
  }
}

/**
 * Removes the hidden checklists (and their entries) of uploads that never finished: a crash between
 * `hide` and `reveal`. Run at start-up, before any request. Only the embedded database stages uploads,
 * and it belongs to one process, so no upload can be running then. (Were PostgreSQL, with several API
 * processes, ever to stage, this would have to spare the uploads of the others.)
 */
export async function discardHiddenImports(db: Db): Promise<number> {
  const result = await db.execute(sql`delete from checklists where status = 'importing' returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

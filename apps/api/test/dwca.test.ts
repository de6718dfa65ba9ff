import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DwcaSummarySchema } from '@jarog/contracts';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DWC } from '../src/modules/exports/dwca.format';
import { withDwcaSource } from '../src/modules/exports/dwca.source';
import { importLegacy } from '../src/modules/legacy/legacy.import';
import { type BuiltUser, bearer, buildAdmin } from './factories';
import { binaryBody, unzip } from './files';
import { createTestApp, type TestApp } from './harness';

const SAMPLE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data', 'druk-ebird-export');
const DZONGKHA_VILLAGE = 'ཕོ་བྱ་ཁ་';
const OBSERVER = 'Anaïs Lefèvre';

/** Terms GBIF requires of a sampling-event dataset, on every row. */
const REQUIRED = {
  event: ['eventID', 'eventDate', 'countryCode'],
  occurrence: [
    'eventID',
    'occurrenceID',
    'basisOfRecord',
    'scientificName',
    'occurrenceStatus',
    'kingdom',
    'class',
  ],
};

interface Table {
  header: string[];
  rows: Record<string, string>[];
}

/** A Darwin Core text file: strict UTF-8, tab-separated, a header row, every row as long as the header. */
function readTable(bytes: Buffer | undefined): Table {
  if (!bytes) throw new Error('file missing from the archive');
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  expect(text.endsWith('\n')).toBe(true);
  const [head = '', ...lines] = text.slice(0, -1).split('\n');
  const header = head.split('\t');
  const rows = lines.map((l) => {
    const cells = l.split('\t');
    expect(cells).toHaveLength(header.length);
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  });
  return { header, rows };
}

interface Export {
  /** The X-Dwca-Events header: events announced before the first byte. */
  announced: number;
  files: Map<string, Buffer>;
  events: Table;
  occurrences: Table;
  summary: ReturnType<typeof DwcaSummarySchema.parse>;
  meta: string;
  eml: string;
}

describe('GET /api/v1/exports/dwca', () => {
  let t: TestApp;
  let admin: BuiltUser;
  const download = async (query = ''): Promise<Export> => {
    const res = await t
      .http()
      .get(`/api/v1/exports/dwca${query}`)
      .set(bearer(admin))
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="jarog-dwca-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const files = await unzip(res.body as Buffer);
    return {
      announced: Number(res.headers['x-dwca-events']),
      files,
      events: readTable(files.get('event.txt')),
      occurrences: readTable(files.get('occurrence.txt')),
      summary: DwcaSummarySchema.parse(JSON.parse(files.get('summary.json')?.toString('utf8') ?? '')),
      meta: files.get('meta.xml')?.toString('utf8') ?? '',
      eml: files.get('eml.xml')?.toString('utf8') ?? '',
    };
  };
  const rowsOf = async <T>(q: ReturnType<typeof sql>) =>
    ((await t.ctx.database.db.execute(q)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildAdmin(t);
    await importLegacy(t.ctx.database, SAMPLE);
    // A checklist written in Dzongkha, by an observer with accents, without coordinates.
    await t.ctx.database.db.execute(sql`
      update checklists set village = ${DZONGKHA_VILLAGE}, observer_name = ${OBSERVER}, latitude = null, longitude = null
      where id = (select c.id from checklists c join entries e on e.checklist_id = c.id
                  where c.status = 'submitted' and e.approval = 'approved' and e.species_id is not null
                  order by c.id limit 1)`);
  });
  afterAll(() => t.close());

  it('matches meta.xml to the files: row types, term URIs and column indexes', async () => {
    const x = await download();
    expect([...x.files.keys()].sort()).toEqual([
      'eml.xml',
      'event.txt',
      'meta.xml',
      'occurrence.txt',
      'summary.json',
    ]);
    const sections = [...x.meta.matchAll(/<(core|extension) ([^>]*)>([\s\S]*?)<\/\1>/g)];
    expect(sections.map((s) => s[1])).toEqual(['core', 'extension']);
    const expected = [
      { rowType: `${DWC}Event`, file: 'event.txt', table: x.events, id: '<id index="0"/>' },
      {
        rowType: `${DWC}Occurrence`,
        file: 'occurrence.txt',
        table: x.occurrences,
        id: '<coreid index="0"/>',
      },
    ];
    sections.forEach((s, i) => {
      const want = expected[i];
      const attrs = s[2] ?? '';
      const body = s[3] ?? '';
      if (!want) throw new Error('unexpected section');
      expect(attrs).toContain(`rowType="${want.rowType}"`);
      expect(attrs).toContain('encoding="UTF-8"');
      expect(attrs).toContain('fieldsTerminatedBy="\\t"');
      expect(attrs).toContain('ignoreHeaderLines="1"');
      expect(body).toContain(`<location>${want.file}</location>`);
      expect(body).toContain(want.id);
      const fields = [...body.matchAll(/<field index="(\d+)" term="([^"]+)"\/>/g)].map((m) => ({
        index: Number(m[1]),
        term: m[2] ?? '',
      }));
      // Every column is described, at its index, by the Darwin Core term its header names.
      expect(fields.map((f) => f.index)).toEqual(want.table.header.map((_h, n) => n));
      for (const f of fields) expect(f.term).toBe(`${DWC}${want.table.header[f.index]}`);
    });
    expect(x.meta).toContain('metadata="eml.xml"');
  });

  it('fills every required term on every row, with ISO dates, and leaves out unnamed birds, counted', async () => {
    const x = await download();
    expect(x.events.rows.length).toBeGreaterThan(0);
    for (const [file, table] of [
      ['event', x.events],
      ['occurrence', x.occurrences],
    ] as const) {
      for (const row of table.rows)
        for (const term of REQUIRED[file]) expect(row[term], `${file} ${term}`).not.toBe('');
    }
    for (const e of x.events.rows) {
      expect(e.eventDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${e.eventDate}T00:00:00Z`).toISOString().slice(0, 10)).toBe(e.eventDate);
      expect(e.eventTime).toMatch(/^\d{2}:\d{2}:\d{2}\+06:00$/);
      expect(e.countryCode).toBe('BT');
      // The datum only with coordinates.
      expect(e.geodeticDatum).toBe(e.decimalLatitude ? 'EPSG:4326' : '');
      expect(e.eventID).toMatch(/^urn:jarog:checklist:[0-9a-f-]{36}$/);
    }
    for (const o of x.occurrences.rows) {
      expect(o).toMatchObject({
        basisOfRecord: 'HumanObservation',
        occurrenceStatus: 'present',
        kingdom: 'Animalia',
        class: 'Aves',
        taxonRank: 'species',
        identificationVerificationStatus: 'verified',
      });
      expect(o.occurrenceID).toMatch(/^urn:jarog:entry:[0-9a-f-]{36}$/);
      expect(o.vernacularName).not.toMatch(/^(Unknown Birds|New bird - )/);
      if (o.dynamicProperties) expect(JSON.parse(o.dynamicProperties)).toHaveProperty('juvenileCount');
    }
    // What the database says should be there, counted independently.
    const [expected] = await rowsOf<{ occ: number; unknown: number; missing: number; events: number }>(sql`
      select count(*) filter (where e.species_id is not null)::int as occ,
             count(*) filter (where e.species_id is null and e.is_new_species)::int as unknown,
             count(*) filter (where e.species_id is null and not e.is_new_species)::int as missing,
             count(distinct c.id) filter (where e.species_id is not null)::int as events
      from entries e join checklists c on c.id = e.checklist_id
      where c.status = 'submitted' and e.approval = 'approved'`);
    expect(x.occurrences.rows).toHaveLength(expected?.occ ?? -1);
    expect(x.events.rows).toHaveLength(expected?.events ?? -1);
    expect(x.summary).toMatchObject({
      events: expected?.events,
      occurrences: expected?.occ,
      leftOut: {
        unknownOrNewSpecies: expected?.unknown,
        notInCatalogue: expected?.missing,
        noScientificName: 0,
      },
      license: 'CC-BY-4.0',
    });
    expect(expected?.unknown).toBeGreaterThan(0);
    // 'Indian Gray Hornbill' has no scientificName in the catalogue: genus and epithet make it.
    const hornbill = x.occurrences.rows.find((o) => o.vernacularName === 'Indian Gray Hornbill');
    if (hornbill) expect(hornbill.scientificName).toBe('Ocyceros birostris');
    // Every occurrence points at an event in the core.
    const eventIds = new Set(x.events.rows.map((e) => e.eventID));
    for (const o of x.occurrences.rows) expect(eventIds.has(o.eventID ?? '')).toBe(true);
  });

  it('writes UTF-8 names as they are', async () => {
    const x = await download();
    const row = x.events.rows.find((e) => e.locality === DZONGKHA_VILLAGE);
    expect(row?.recordedBy).toBe(OBSERVER);
    expect(row?.decimalLatitude).toBe('');
    expect(row?.geodeticDatum).toBe('');
  });

  it('keeps ids unique and the same across two exports', async () => {
    const a = await download();
    const b = await download();
    const ids = (x: Export, file: 'events' | 'occurrences', term: string) =>
      x[file].rows.map((r) => r[term] ?? '').sort();
    for (const [file, term] of [
      ['events', 'eventID'],
      ['occurrences', 'occurrenceID'],
    ] as const) {
      const first = ids(a, file, term);
      expect(new Set(first).size).toBe(first.length);
      expect(ids(b, file, term)).toEqual(first);
    }
    const [entry] = await rowsOf<{ id: string }>(
      sql`select e.id from entries e where e.approval = 'approved' and e.species_id is not null and exists
          (select 1 from checklists c where c.id = e.checklist_id and c.status = 'submitted') limit 1`,
    );
    expect(ids(a, 'occurrences', 'occurrenceID')).toContain(`urn:jarog:entry:${entry?.id}`);
  });

  it('describes the export in eml.xml: licence, publisher, contact, and the dates and extent exported', async () => {
    const x = await download();
    expect(x.eml).toContain('http://creativecommons.org/licenses/by/4.0/legalcode');
    expect(x.eml).toMatch(/<title[^>]*>Druk eBird/);
    expect(x.eml).toContain('<contact>');
    expect(x.eml).toContain('<creator>');
    const dates = x.events.rows.map((e) => e.eventDate ?? '').sort();
    expect(x.eml).toContain(`<beginDate><calendarDate>${dates[0]}</calendarDate></beginDate>`);
    expect(x.eml).toContain(`<endDate><calendarDate>${dates.at(-1)}</calendarDate></endDate>`);
    const lats = x.events.rows.filter((e) => e.decimalLatitude).map((e) => Number(e.decimalLatitude));
    expect(x.eml).toContain(`<northBoundingCoordinate>${Math.max(...lats)}</northBoundingCoordinate>`);
    expect(x.summary.temporalCoverage).toEqual({ from: dates[0], to: dates.at(-1) });
  });

  it('takes a date range and a dzongkhag in any usual spelling', async () => {
    const all = await download();
    const dates = all.events.rows.map((e) => e.eventDate ?? '').sort();
    const from = dates[Math.floor(dates.length / 3)] ?? '';
    const to = dates[Math.floor((2 * dates.length) / 3)] ?? '';
    const ranged = await download(`?from=${from}&to=${to}`);
    expect(ranged.events.rows.length).toBeGreaterThan(0);
    expect(ranged.events.rows.length).toBeLessThan(all.events.rows.length);
    for (const e of ranged.events.rows)
      expect((e.eventDate ?? '') >= from && (e.eventDate ?? '') <= to).toBe(true);
    const dz = all.events.rows.find((e) => e.stateProvince === 'Wangdue Phodrang')
      ? 'WangduePhodrang'
      : 'mongar';
    const place = await download(`?dzongkhag=${dz}`);
    expect(place.events.rows.length).toBeGreaterThan(0);
    expect(new Set(place.events.rows.map((e) => e.stateProvince)).size).toBe(1);
    expect(place.summary.filters.dzongkhag).toBe(place.events.rows[0]?.stateProvince);
    expect(place.eml).toContain(`${place.events.rows[0]?.stateProvince} dzongkhag, Bhutan`);
  });

  it('announces the number of events before the archive, and 0 when nothing matches the filters', async () => {
    const all = await download();
    expect(all.announced).toBe(all.events.rows.length);
    expect(all.announced).toBe(all.summary.events);
    const none = await download('?from=1990-01-01&to=1990-12-31');
    expect(none.announced).toBe(0);
    // Still a valid archive: the header rows, meta.xml, and metadata saying nothing was exported.
    expect(none.events).toEqual({ header: all.events.header, rows: [] });
    expect(none.occurrences).toEqual({ header: all.occurrences.header, rows: [] });
    expect(none.summary).toMatchObject({
      events: 0,
      occurrences: 0,
      temporalCoverage: { from: null, to: null },
    });
    expect(none.eml).toContain('<westBoundingCoordinate>88.74</westBoundingCoordinate>');
    expect(none.eml).not.toContain('<temporalCoverage>');
  });

  it('gives its database connection back when a download stops in the middle of a file', async () => {
    const checkedOut = () => {
      const pool = (t.ctx.database.db as unknown as { $client: pg.Pool }).$client;
      return t.ctx.database.kind === 'postgres' ? pool.totalCount - pool.idleCount : 0;
    };
    const before = await download();
    let chunks = 0;
    await expect(
      withDwcaSource(t.ctx.database, {}, 'http://api.test', async (source) => {
        for await (const _chunk of source.occurrences()) {
          chunks += 1;
          throw new Error('the client went away');
        }
      }),
    ).rejects.toThrow('the client went away');
    expect(chunks).toBe(1);
    expect(checkedOut()).toBe(0);
    // Not back in the pool in the middle of its read-only transaction: the next request to get it
    // could not write. (A discarded connection's server process ends a moment later: wait for that.)
    if (t.ctx.database.kind === 'postgres') {
      const stuck = async () =>
        (
          await rowsOf<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and state like 'idle in transaction%'`)
        )[0]?.n;
      for (let i = 0; (await stuck()) !== 0 && i < 50; i += 1) await new Promise((r) => setTimeout(r, 100));
      expect(await stuck()).toBe(0);
    }
    // And the next export is whole.
    const after = await download();
    expect(after.occurrences.rows.length).toBe(before.occurrences.rows.length);
    expect(after.summary.occurrences).toBe(before.summary.occurrences);
  });

  it('refuses bad filters with a 400 and a message', async () => {
    for (const q of ['?from=2024-13-45x', '?from=2024-05-01&to=2024-04-01', '?dzongkhag=Atlantis']) {
      const res = await t.http().get(`/api/v1/exports/dwca${q}`).set(bearer(admin)).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION' });
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});

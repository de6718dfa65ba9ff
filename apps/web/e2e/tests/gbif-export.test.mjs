// "Export for GBIF" on the Entries page (issue 13): clicked as a person would, with and without the list's
// dzongkhag and date filters; the progress shows while the archive streams in; the .zip that downloads is
// unpacked and read (meta.xml against the files, the seeded checklists and sightings); nothing to export
// and a failed export each say so; the button passes axe at 1280 and 375 px, at rest and busy.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { apiCall, apiLogin, openPage, signInWithToken, startStack, WEB_DIR } from '../harness.mjs';
import {
  assertNoSidewaysScroll,
  CHECKLISTS,
  chooseOption,
  seedRecords,
  settled,
} from './records-fixtures.mjs';

// yauzl is the API's zip reader (its DwC-A tests use it too); the test borrows it to unpack the download.
const yauzl = createRequire(path.resolve(WEB_DIR, '../api/package.json'))('yauzl');

const DWC = 'http://rs.tdwg.org/dwc/terms/';
const EXPORT_PATH = '**/api/v1/exports/dwca**';

/** Every file of a zip on disk, as text (the archive is UTF-8 throughout). */
function unzip(file) {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const files = new Map();
      zip.on('entry', (entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const parts = [];
          stream.on('data', (c) => parts.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(parts)));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A Darwin Core text file: a header row, then one object per row keyed by term. */
function table(text) {
  assert.ok(text.endsWith('\n'), 'the file ends with a line feed');
  const [head, ...lines] = text.slice(0, -1).split('\n');
  const header = head.split('\t');
  const rows = lines.map((line) => {
    const cells = line.split('\t');
    assert.equal(cells.length, header.length, `a row as long as the header: ${line}`);
    return Object.fromEntries(header.map((h, i) => [h, cells[i]]));
  });
  return { header, rows };
}

/** The files meta.xml describes, each with its row type and the term of each column index. */
function metaFiles(meta) {
  return [...meta.matchAll(/<(core|extension) ([^>]*)>([\s\S]*?)<\/\1>/g)].map(([, kind, attrs, body]) => ({
    kind,
    rowType: /rowType="([^"]+)"/.exec(attrs)?.[1],
    location: /<location>([^<]+)<\/location>/.exec(body)?.[1],
    terms: [...body.matchAll(/<field index="(\d+)" term="([^"]+)"\/>/g)].map((m) => [Number(m[1]), m[2]]),
  }));
}

/** Clicks "Export for GBIF" and waits for the .zip; returns its name and files. */
async function exportArchive(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export for GBIF' }).click(),
  ]);
  return { name: download.suggestedFilename(), files: await unzip(await download.path()) };
}

/** Holds the export's request until `release()` (then it goes to the real API): the progress can be looked at. */
async function holdExport(page) {
  let release;
  const released = new Promise((resolve) => {
    release = resolve;
  });
  let seen;
  const requested = new Promise((resolve) => {
    seen = resolve;
  });
  await page.route(EXPORT_PATH, async (route) => {
    seen(route.request().url());
    await released;
    await route.continue();
  });
  return { requested, release: () => release() };
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
async function blockingViolations(page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

describe('Export for GBIF', { timeout: 300_000 }, () => {
  let stack;
  let token;
  /** Approved sightings as the Entries list shows them, by 'checklist|bird'. */
  let approved;
  const key = (checklistName, birdName) => `${checklistName}|${birdName}`;
  before(async () => {
    stack = await startStack();
    token = await apiLogin(stack);
    const ids = await seedRecords(stack, token);
    // Every checklist reviewed and approved (the checklist action leaves new-species reports pending) …
    await apiCall(stack, 'POST', '/api/v1/checklists/review', {
      token,
      body: { approvalStatus: 'approved', checklistIds: Object.values(ids) },
    });
    // … and the 'Unknown Birds' report approved on its own: approved, but no species to send to GBIF.
    const thimphu = await apiCall(stack, 'GET', `/api/v1/checklists/${ids['Thimphu hills']}`, { token });
    const unknown = thimphu.entries.find((e) => e.BirdName === 'Unknown Birds');
    assert.ok(unknown, 'the Unknown Birds report is on Thimphu hills');
    await apiCall(stack, 'POST', '/api/v1/checklists/review', {
      token,
      body: { approvalStatus: 'approved', entryIds: [unknown._id] },
    });
    const reviewed = await apiCall(stack, 'GET', `/api/v1/checklists/${ids['Thimphu hills']}`, { token });
    assert.equal(reviewed.entries.find((e) => e._id === unknown._id)?.Approvedstatus, 'approved');
    // The Entries list shows the named ones.
    const list = await apiCall(stack, 'GET', '/api/v1/entries?limit=100', { token });
    approved = new Map(list.checklists.map((e) => [key(e.CheckListName, e.BirdName), e]));
    assert.equal(approved.size, 6, [...approved.keys()].join(', '));
  });
  after(async () => {
    await stack?.close();
  });

  test('the whole list: progress while it streams, then a Darwin Core Archive of the seeded records', async () => {
    const { page, context, errors } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/entries');
    await page.getByRole('heading', { name: 'Entries', level: 1 }).waitFor();
    await settled(page);

    const held = await holdExport(page);
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export for GBIF' }).click();
    const url = new URL(await held.requested);
    // No filter on the list: none on the archive.
    assert.equal(url.search, '');
    // The progress: the button is busy and says what it is doing, and cannot be clicked twice.
    const busy = page.getByRole('button', { name: /^Exporting for GBIF… \d+ kB received$/ });
    await busy.waitFor();
    assert.equal(await page.getByRole('button', { name: 'Export for GBIF', exact: true }).count(), 0);
    assert.match((await busy.getAttribute('class')) ?? '', /ant-btn-loading/);
    held.release();
    const download = await downloaded;
    await page.getByRole('button', { name: 'Export for GBIF', exact: true }).waitFor();
    assert.match(download.suggestedFilename(), /^jarog-dwca-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await unzip(await download.path());
    assert.deepEqual([...files.keys()].sort(), [
      'eml.xml',
      'event.txt',
      'meta.xml',
      'occurrence.txt',
      'summary.json',
    ]);

    // meta.xml describes exactly these files: row types, locations and every column's term.
    const events = table(files.get('event.txt'));
    const occurrences = table(files.get('occurrence.txt'));
    const described = metaFiles(files.get('meta.xml'));
    assert.deepEqual(
      described.map((f) => [f.kind, f.rowType, f.location]),
      [
        ['core', `${DWC}Event`, 'event.txt'],
        ['extension', `${DWC}Occurrence`, 'occurrence.txt'],
      ],
    );
    assert.deepEqual(
      described[0].terms,
      events.header.map((h, i) => [i, `${DWC}${h}`]),
    );
    assert.deepEqual(
      described[1].terms,
      occurrences.header.map((h, i) => [i, `${DWC}${h}`]),
    );

    // One event per seeded checklist, as it was entered.
    assert.equal(events.rows.length, 3);
    const phobjikha = events.rows.find((e) => e.locality === 'Gangtey');
    assert.deepEqual(phobjikha, {
      ...phobjikha,
      eventDate: '2026-03-07',
      eventTime: '07:15:00+06:00',
      countryCode: 'BT',
      stateProvince: 'Wangdue Phodrang',
      county: 'Phangyuel',
      decimalLatitude: '27.4612',
      decimalLongitude: '90.1797',
      geodeticDatum: 'EPSG:4326',
      recordedBy: 'Sonam Wangmo',
    });
    const paro = events.rows.find((e) => e.locality === 'Drukgyel');
    assert.deepEqual([paro.decimalLatitude, paro.geodeticDatum, paro.recordedBy], ['', '', 'Karma Dorji']);

    // One occurrence per approved sighting of a catalogue species; 'Unknown Birds' is left out, and counted.
    const named = CHECKLISTS.flatMap((c) =>
      c.birds.map((b) => approved.get(key(c.checklistName, b.birdName))).filter(Boolean),
    );
    assert.equal(occurrences.rows.length, 6);
    assert.deepEqual(
      occurrences.rows.map((o) => o.occurrenceID).sort(),
      named.map((e) => `urn:jarog:entry:${e._id}`).sort(),
    );
    const eventIds = new Set(events.rows.map((e) => e.eventID));
    for (const o of occurrences.rows) {
      assert.ok(eventIds.has(o.eventID), `${o.vernacularName}'s event is in event.txt`);
      assert.deepEqual(
        [o.basisOfRecord, o.occurrenceStatus, o.kingdom, o.class],
        ['HumanObservation', 'present', 'Animalia', 'Aves'],
      );
    }
    const crane = occurrences.rows.find((o) => o.vernacularName === 'Black-necked Crane');
    assert.deepEqual(
      [crane.scientificName, crane.individualCount, crane.dynamicProperties, crane.eventID],
      ['Grus nigricollis', '10', '{"adultCount":8,"juvenileCount":2}', phobjikha.eventID],
    );
    // The Paro raven's photo is a link GBIF can follow.
    const raven = occurrences.rows.find(
      (o) => o.vernacularName === 'Common Raven' && o.eventID === paro.eventID,
    );
    assert.ok(raven.associatedMedia.startsWith(`${stack.apiUrl}/`), raven.associatedMedia);
    const photo = await fetch(raven.associatedMedia);
    assert.equal(photo.status, 200);
    assert.match(photo.headers.get('content-type') ?? '', /^image\//);

    const summary = JSON.parse(files.get('summary.json'));
    assert.deepEqual(
      [summary.events, summary.occurrences, summary.leftOut.unknownOrNewSpecies, summary.temporalCoverage],
      [3, 6, 1, { from: '2026-02-20', to: '2026-03-07' }],
    );
    assert.match(
      files.get('eml.xml'),
      /<title[^>]*>Druk eBird: bird checklists of Bhutan \(all 20 dzongkhags\)<\/title>/,
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the list's dzongkhag and date become the archive's filters", async () => {
    const { page, context, errors } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/entries');
    await settled(page);
    await chooseOption(page, 'Dzongkhag', 'Paro');
    // One filter at a time, as a person sets them: the dzongkhag is in the URL before the date is typed.
    await page.getByTestId('active-filters').getByText('Dzongkhag: Paro').waitFor();
    await page.getByTestId('records-filters').getByLabel('Date', { exact: true }).fill('2026-03-06');
    await page.waitForFunction(() => {
      const q = new URL(window.location.href).searchParams;
      return q.get('dzongkhag') === 'Paro' && q.get('date') === '2026-03-06';
    });
    await settled(page);

    const { files } = await exportArchive(page);
    const events = table(files.get('event.txt'));
    const occurrences = table(files.get('occurrence.txt'));
    assert.deepEqual(
      events.rows.map((e) => [e.stateProvince, e.eventDate, e.locality]),
      [['Paro', '2026-03-06', 'Drukgyel']],
    );
    assert.deepEqual(occurrences.rows.map((o) => o.vernacularName).sort(), [
      'Common Raven',
      'Large-billed Crow',
    ]);
    const summary = JSON.parse(files.get('summary.json'));
    assert.deepEqual(summary.filters, { from: '2026-03-06', to: '2026-03-06', dzongkhag: 'Paro' });
    assert.match(files.get('eml.xml'), /Paro dzongkhag, Bhutan/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('nothing to export for these filters says so, and downloads nothing', async () => {
    const { page, context, errors } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/entries');
    await settled(page);
    await chooseOption(page, 'Dzongkhag', 'Gasa');
    await page.getByText('No entries match these filters').waitFor();

    const downloads = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));
    const answered = page.waitForResponse((r) => r.url().includes('/api/v1/exports/dwca'));
    await page.getByRole('button', { name: 'Export for GBIF' }).click();
    const response = await answered;
    assert.equal(response.headers()['x-dwca-events'], '0');
    await page
      .getByText('Nothing to export for GBIF: no approved entries of catalogue species in Gasa.')
      .waitFor();
    await page.getByRole('button', { name: 'Export for GBIF', exact: true }).waitFor();
    assert.deepEqual(downloads, []);
    assert.equal(await page.getByText(/The GBIF export failed/).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a failed export says so: an error answer, and a connection that breaks', async () => {
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/entries');
    await settled(page);
    const downloads = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));

    await page.route(EXPORT_PATH, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'The database is not reachable right now',
          code: 'DATABASE_UNAVAILABLE',
        }),
      }),
    );
    await page.getByRole('button', { name: 'Export for GBIF' }).click();
    await page.getByText('The GBIF export failed: The database is not reachable right now').waitFor();
    await page.unroute(EXPORT_PATH);

    await page.route(EXPORT_PATH, (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Export for GBIF', exact: true }).click();
    await page.getByText('The GBIF export failed. Please try again later.').waitFor();
    await page.unroute(EXPORT_PATH);

    // Still on the page and signed in, ready to try again; nothing half-downloaded.
    await page.getByRole('button', { name: 'Export for GBIF', exact: true }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/entries');
    assert.deepEqual(downloads, []);
    await context.close();
  });

  for (const [width, height] of [
    [1280, 800],
    [375, 740],
  ]) {
    test(`the button passes axe at ${width} px, at rest and while exporting`, async () => {
      const { page, context } = await openPage(stack, { width, height });
      await signInWithToken(stack, page);
      await page.goto('/entries');
      await page.getByRole('heading', { name: 'Entries', level: 1 }).waitFor();
      await settled(page);
      const button = page.getByRole('button', { name: 'Export for GBIF' });
      assert.ok(await button.isVisible());
      assert.deepEqual(await blockingViolations(page), []);
      await assertNoSidewaysScroll(page, `/entries at ${width}px`);

      const held = await holdExport(page);
      const downloaded = page.waitForEvent('download');
      await button.click();
      await held.requested;
      const busy = page.getByRole('button', { name: /^Exporting for GBIF…/ });
      await busy.waitFor();
      assert.ok(await busy.isVisible());
      assert.deepEqual(await blockingViolations(page), []);
      await assertNoSidewaysScroll(page, `/entries at ${width}px while exporting`);
      held.release();
      await downloaded;
      await context.close();
    });
  }
});

// Issue 5 in the browser: the dashboard's numbers equal a small seeded data set counted by hand, the
// charts and the map draw, birders search/filter/delete, top birders ranks, graphs and the checklist
// analysis of an .xlsx built here. Screenshots at 1280 and 375 px land in e2e/screenshots/.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  apiCall,
  apiLogin,
  atRest,
  openPage,
  screenshot,
  signInWithToken,
  startStack,
  WEB_DIR,
} from '../harness.mjs';

const ExcelJS = createRequire(path.resolve(WEB_DIR, '../api/package.json'))('exceljs');
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// ---------------------------------------------------------------------------------------------
// Dates: the dashboard opens on the browser's current month; records may not be dated in the future.
// ---------------------------------------------------------------------------------------------
const pad = (n) => String(n).padStart(2, '0');
const NOW = new Date();
const YEAR = NOW.getFullYear();
const MONTH = NOW.getMonth() + 1;
const PREV = MONTH === 1 ? { year: YEAR - 1, month: 12 } : { year: YEAR, month: MONTH - 1 };
const TODAY = `${YEAR}-${pad(MONTH)}-${pad(NOW.getDate())}`;
const IN_PREV = `${PREV.year}-${pad(PREV.month)}-15`;

const SPECIES = [
  ['Large-billed Crow', 'Corvus macrorhynchos', 'LC'],
  ['Common Raven', 'Corvus corax', 'LC'],
  ['Black-necked Crane', 'Grus nigricollis', 'VU'],
  ['Satyr Tragopan', 'Tragopan satyra', 'NT'],
];

const BIRDERS = {
  karma: { name: 'Karma Wangdi', country: 'Bhutan', dob: '1990-03-05', profession: 'Forester' },
  pema: { name: 'Pema Lhamo', country: 'Bhutan' },
  anita: { name: 'Anita Rai', country: 'India' },
  tashi: { name: 'Tashi Dorji', country: 'Bhutan' },
};

/**
 * The records, and what each entry becomes (entries an admin adds start approved; 'rejected' ones are then
 * rejected). Counted by hand (approved entries only, except where said):
 * - this month, species per dzongkhag: Thimphu {Crow, Raven, Tragopan} = 3, Paro {Crow, Crane} = 2;
 *   nationally 4 against 1 the month before: +300%.
 * - this month, checklists with approved entries: Thimphu 2 (C1, C3), Paro 1 (C2); 3 against 1: +200%.
 * - approved entries: 2 + 2 + 2 + 1 = 7; submitted checklists: 5; birding sites: 4; birders: 4.
 * - approved entries per birder: Karma 4, Pema 3, Anita 0, Tashi 0; submitted entries: 5, 3, 1, 0.
 */
const CHECKLISTS = [
  {
    name: 'C1 Thimphu walk',
    birder: 'karma',
    date: TODAY,
    place: ['Thimphu', 'Chang', 'Changjiji'],
    birds: [
      ['Large-billed Crow', 3, 'approved'],
      ['Common Raven', 2, 'approved'],
    ],
  },
  {
    name: 'C2 Paro river',
    birder: 'karma',
    date: TODAY,
    place: ['Paro', 'Lungnyi', 'Bondey'],
    birds: [
      ['Large-billed Crow', 5, 'approved'],
      ['Black-necked Crane', 1, 'approved'],
      ['Satyr Tragopan', 1, 'rejected'],
    ],
  },
  {
    name: 'C3 Thimphu ridge',
    birder: 'pema',
    date: TODAY,
    place: ['Thimphu', 'Kawang', 'Dodena'],
    birds: [
      ['Large-billed Crow', 1, 'approved'],
      ['Satyr Tragopan', 2, 'approved'],
    ],
  },
  {
    name: 'C4 Punakha dzong',
    birder: 'anita',
    date: TODAY,
    place: ['Punakha', 'Guma', 'Wolakha'],
    birds: [['Black-necked Crane', 4, 'rejected']],
  },
  {
    name: 'P1 Paro early',
    birder: 'pema',
    date: IN_PREV,
    place: ['Paro', 'Lungnyi', 'Bondey'],
    birds: [['Common Raven', 2, 'approved']],
  },
];

let stack;
let token;
const birderIds = {};

async function seed() {
  token = await apiLogin(stack);
  for (const [englishName, scientificName, iucnStatus] of SPECIES) {
    await apiCall(stack, 'POST', '/api/v1/species', {
      token,
      body: { englishName, scientificName, iucnStatus, residency: 'Resident', photos: [] },
    });
  }
  for (const [key, b] of Object.entries(BIRDERS)) {
    const email = `${key}@birders.test`;
    const password = 'Birder-pass-2026';
    await apiCall(stack, 'POST', '/auth/register', {
      body: { name: b.name, email, country: b.country, password },
    });
    if (b.dob) {
      const { token: own } = await apiCall(stack, 'POST', '/api/v1/users/Login', {
        body: { email, password },
      });
      await apiCall(stack, 'PATCH', '/api/v1/users/updateMe', {
        token: own,
        body: { dob: b.dob, profession: b.profession },
      });
    }
  }
  const { users } = await apiCall(stack, 'GET', '/api/v1/birders?limit=100', { token });
  for (const [key, b] of Object.entries(BIRDERS)) {
    birderIds[key] = users.find((u) => u.birder.name === b.name)?.birder._id;
    assert.ok(birderIds[key], `birder ${b.name} is listed`);
  }
  for (const c of CHECKLISTS) {
    const [dzongkhag, gewog, village] = c.place;
    const { data } = await apiCall(stack, 'POST', '/api/v1/checklists', {
      token,
      body: {
        checklistName: c.name,
        selectedDate: c.date,
        selectedTime: '07:30',
        birderId: birderIds[c.birder],
        dzongkhag,
        gewog,
        village,
        birds: c.birds.map(([birdName, total]) => ({ birdName, total })),
      },
    });
    const entries = data.flatMap((group) => group.entries);
    for (const [birdName, , status] of c.birds) {
      if (status !== 'rejected') continue;
      const entry = entries.find((e) => e.BirdName === birdName);
      assert.ok(entry, `${birdName} was stored on ${c.name}`);
      await apiCall(stack, 'PATCH', `/api/v1/checklists/${entry._id}`, {
        token,
        body: { approvalStatus: status },
      });
    }
  }
}

async function assertNoSidewaysScroll(page, name) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `${name} scrolls sideways by ${overflow}px`);
}

async function chooseOption(page, label, option) {
  await page.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

function parseCsv(text) {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .map((l) => l.split(','));
}

/** A chart figure that has drawn (G2 draws on a canvas); charts draw once they come near the screen. */
async function waitForCanvas(scope) {
  await scope.locator('figure').first().scrollIntoViewIfNeeded();
  await scope.locator('figure canvas').first().waitFor();
}

/** Every chart of the page drawn (each scrolled to in turn), then back to the top: for whole-page screenshots. */
async function waitForAllCharts(page) {
  const figures = page.getByTestId('chart');
  for (let i = 0; i < (await figures.count()); i += 1) {
    await figures.nth(i).scrollIntoViewIfNeeded();
    await figures.nth(i).locator('canvas').first().waitFor();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

before(async () => {
  stack = await startStack();
  await seed();
});
after(async () => {
  await stack?.close();
});

describe('insight', { timeout: 150_000 }, () => {
  test('the API answers the numbers counted by hand', async () => {
    const get = (url) => apiCall(stack, 'GET', url, { token });
    assert.equal((await get('/api/v1/entries?limit=1')).entriesTotal, 7);
    assert.equal((await get('/api/v1/species/get-count')).count, 4);
    assert.equal((await get('/api/v1/checklists/get-count')).count, 5);
    assert.equal((await get('/api/v1/checklists/analyze/birdingsites-count')).count, 4);
    assert.equal((await get('/api/v1/birders-count')).count, 4);
    const species = await get(`/api/v1/checklists/analyze/district-species?year=${YEAR}&month=${MONTH}`);
    assert.deepEqual(species.result[0].labels, ['Thimphu', 'Paro']);
    assert.deepEqual(species.result[0].data, [3, 2]);
    assert.deepEqual(species.changeResult, {
      currentMonthCount: 4,
      previousMonthCount: 1,
      percentageChange: 300,
    });
    const checklists = await get(
      `/api/v1/checklists/analyze/district-checklists?year=${YEAR}&month=${MONTH}`,
    );
    assert.deepEqual(checklists.result[0].data, [2, 1]);
    assert.equal(checklists.changeResult.percentageChange, 200);
  });

  test('dashboard: the five counts, both leader charts with their change, top birders, sightings, birds', async () => {
    const { page, context, errors } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/');
    const count = (title) => page.getByTestId(`count-${title}`).locator('.count-card__value');
    await count('Entries').getByText('7', { exact: true }).waitFor();
    for (const [title, n] of [
      ['Species', '4'],
      ['Checklists', '5'],
      ['Birding sites', '4'],
      ['eBirders', '4'],
    ]) {
      await count(title).getByText(n, { exact: true }).waitFor();
    }

    const species = page.getByTestId('leaders-species');
    await species.getByTestId('change').getByText('300%').waitFor();
    assert.match(await species.getByTestId('change').textContent(), /300%\s+than last month/);
    assert.equal(await species.getByLabel('up').count(), 1);
    await species.getByText(`4 species in`).waitFor();
    await waitForCanvas(species);
    assert.equal(await species.getByText('No data available').count(), 0);

    // A tooltip over the longest bar (the first row: dzongkhags run largest first, top down): the number and the
    // species behind it.
    const box = await species.locator('figure canvas').first().boundingBox();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.2);
    await page.locator('.g2-tooltip').first().waitFor();
    await screenshot(page, 'insight-dashboard-tooltip-1280', { fullPage: false });

    const checklists = page.getByTestId('leaders-checklists');
    await checklists.getByTestId('change').getByText('200%').waitFor();
    await waitForCanvas(checklists);

    // The month before: 1 species against none the month before that → +100%; no month with records → empty.
    await chooseOption(
      page,
      'Species Leaders month',
      new Date(2000, PREV.month - 1, 1).toLocaleString('en', { month: 'long' }),
    );
    if (PREV.year !== YEAR) await chooseOption(page, 'Species Leaders year', String(PREV.year));
    await species.getByText('1 species in').waitFor();
    await species.getByTestId('change').getByText('100%').waitFor();
    await chooseOption(page, 'Species Leaders year', '2015');
    await species.getByText('No data available').waitFor();
    await species.getByTestId('change').getByText('0%').waitFor();

    const top = page.getByTestId('top-ebirders');
    await top.getByText('Karma Wangdi').waitFor();
    const topText = await top.textContent();
    assert.ok(topText.indexOf('Karma Wangdi') < topText.indexOf('Pema Lhamo'), topText);
    assert.match(topText, /#1[\s\S]*Karma Wangdi[\s\S]*4 entries[\s\S]*#2[\s\S]*Pema Lhamo[\s\S]*3 entries/);

    const sightings = page.getByTestId('latest-sightings');
    await sightings.locator('.sighting').first().waitFor();
    assert.equal(await sightings.locator('.sighting').count(), 5);
    assert.match(await sightings.textContent(), /Thimphu|Paro/);
    assert.equal(await page.getByTestId('explore-birds').locator('li').count(), 3);

    // A click on a bar opens that dzongkhag's checklists (the longest bar: where the tooltip showed above).
    await page.goto('/');
    await waitForCanvas(species);
    const bars = await species.locator('figure canvas').first().boundingBox();
    await page.mouse.click(bars.x + bars.width * 0.3, bars.y + bars.height * 0.2);
    await page.waitForURL(/\/checklists\?dzongkhag=Thimphu/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('latest sightings refresh by themselves (every 10 s)', async () => {
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/');
    await page.getByTestId('count-Entries').getByText('7', { exact: true }).waitFor();
    const { data } = await apiCall(stack, 'POST', '/api/v1/checklists', {
      token,
      body: {
        checklistName: 'C5 late',
        selectedDate: TODAY,
        birder: 'Walk-in birder',
        dzongkhag: 'Paro',
        gewog: 'Lungnyi',
        village: 'Bondey',
        birds: [{ birdName: 'Common Raven', total: 1 }],
      },
    });
    const entryId = data[0].entries[0]._id;
    await apiCall(stack, 'PATCH', `/api/v1/checklists/${entryId}`, {
      token,
      body: { approvalStatus: 'approved' },
    });
    await page.getByTestId('count-Entries').getByText('8', { exact: true }).waitFor({ timeout: 15_000 });
    // Back to the hand-counted data for the other tests.
    await apiCall(stack, 'PATCH', `/api/v1/checklists/${entryId}`, {
      token,
      body: { approvalStatus: 'rejected' },
    });
    await context.close();
  });

  test('the map: shaded dzongkhags; a click opens the checklists of that dzongkhag', async () => {
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/');
    const map = page.getByTestId('dzongkhag-map');
    await map.waitFor();
    assert.equal(await map.locator('a[data-dzongkhag]').count(), 20);
    const thimphu = map.locator('a[data-dzongkhag="Thimphu"]');
    assert.match(await thimphu.getAttribute('aria-label'), /^Thimphu: 3 species/);
    const fills = await map
      .locator('a[data-dzongkhag] path')
      .evaluateAll((paths) =>
        Object.fromEntries(paths.map((p) => [p.parentElement.dataset.dzongkhag, p.getAttribute('fill')])),
      );
    assert.notEqual(fills.Thimphu, fills.Paro, 'Thimphu (3) and Paro (2) are shaded apart');
    assert.equal(fills.Haa, fills.Gasa, 'places without records share the grey');
    // Keyboard: each dzongkhag is a link.
    await thimphu.focus();
    await page.getByText('Thimphu: 3 species — click to see its checklists').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/checklists\?dzongkhag=Thimphu$/);
    await context.close();
  });

  test('dashboard export: district_species_count.csv of the month', async () => {
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/');
    const species = page.getByTestId('leaders-species');
    await waitForCanvas(species);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      species.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'district_species_count.csv');
    const text = await readFile(await download.path(), 'utf8');
    assert.match(text, /Thimphu,3/);
    assert.match(text, /Paro,2/);
    await context.close();
  });

  test('birders: count, search and country in the URL, cards, export, delete with its confirm', async () => {
    const { page, context, errors } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/birders');
    await page.getByText('Total Birders (4)').waitFor();
    const cards = page.getByTestId('birder-card');
    await cards.first().waitFor();
    // 5 per page, newest or by name: all four fit.
    assert.equal(await cards.count(), 4);
    const karma = cards.filter({ hasText: 'Karma Wangdi' });
    assert.match(
      await karma.textContent(),
      /Forester[\s\S]*karma@birders\.test[\s\S]*5 March 1990[\s\S]*Bhutan[\s\S]*5 entries submitted/,
    );
    assert.match(await cards.filter({ hasText: 'Anita Rai' }).textContent(), /1 entry submitted/);

    await page.getByLabel('Search bird observer name').fill('karma');
    await page.waitForURL(/birder=karma/);
    await cards.filter({ hasText: 'Pema Lhamo' }).waitFor({ state: 'detached' });
    assert.equal(await cards.count(), 1);
    await page.getByLabel('Search bird observer name').fill('');
    await page.waitForURL((u) => !u.search.includes('birder='));

    await chooseOption(page, 'Country', 'India');
    await page.waitForURL(/country=India/);
    await cards.filter({ hasText: 'Karma Wangdi' }).waitFor({ state: 'detached' });
    assert.equal(await cards.count(), 1);
    await page.reload();
    await cards.filter({ hasText: 'Anita Rai' }).waitFor();
    assert.equal(await cards.count(), 1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to CSV' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'birders.csv');
    const [header, ...rows] = parseCsv(await readFile(await download.path(), 'utf8'));
    assert.deepEqual(header, [
      'Name',
      'Email',
      'Photo',
      'Date of Birth',
      'Country',
      'Profession',
      'Entries Count',
    ]);
    assert.deepEqual(
      rows.map((r) => r[0]),
      ['Anita Rai'],
    );

    await page.goto('/birders?birder=tashi');
    const tashi = cards.filter({ hasText: 'Tashi Dorji' });
    await tashi.waitFor();
    await tashi.getByRole('button', { name: 'Actions for Tashi Dorji' }).click();
    await page.getByRole('menuitem', { name: 'Delete Birder' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .locator('.ant-modal-confirm-title', { hasText: 'Are you sure you want to delete this birder?' })
      .waitFor();
    await dialog
      .getByText(/stay in the national record, with the observer shown as 'Deleted birder'/)
      .waitFor();
    await atRest(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await tashi.getByRole('button', { name: 'Actions for Tashi Dorji' }).click();
    await page.getByRole('menuitem', { name: 'Delete Birder' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Birder' }).click();
    await tashi.waitFor({ state: 'detached' });
    await page.getByText('Total Birders (3)').waitFor();
    await page.getByText('No birders match these filters').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('top birders: platform ranks #n across pages; birder detail with its entries', async () => {
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/top-birders?limit=5');
    await page.getByRole('heading', { name: /Top Birders \(\d+\)/ }).waitFor();
    const cards = page.getByTestId('birder-card');
    await cards.first().waitFor();
    assert.match(await cards.nth(0).textContent(), /#1[\s\S]*Karma Wangdi/);
    assert.match(await cards.nth(1).textContent(), /#2[\s\S]*Pema Lhamo/);

    await cards.nth(0).getByRole('link', { name: 'Karma Wangdi' }).click();
    await page.waitForURL(`**/birders/${birderIds.karma}`);
    const profile = page.getByTestId('birder-profile');
    await profile.getByText('Forester').waitFor();
    await profile.getByText('Submitted entries').waitFor();
    await page.getByTestId('birder-entries').waitFor();
    const entries = await page.getByTestId('birder-entries').textContent();
    for (const bird of ['Large-billed Crow', 'Common Raven', 'Black-necked Crane', 'Satyr Tragopan'])
      assert.ok(entries.includes(bird), `${bird} among Karma's entries`);
    assert.match(entries, /Changjiji, Chang, Thimphu/);
    await context.close();
  });

  test('deleting a birder with records keeps them, as "Deleted birder"', async () => {
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page);
    const before = (await apiCall(stack, 'GET', '/api/v1/checklists/get-count', { token })).count;
    await page.goto(`/birders/${birderIds.anita}`);
    await page.getByTestId('birder-profile').getByText('Anita Rai').waitFor();
    await page.getByRole('button', { name: 'Delete Birder' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Birder' }).click();
    await page.waitForURL(/\/birders$/);
    await page.locator('.flash-message').waitFor();
    const { count } = await apiCall(stack, 'GET', '/api/v1/checklists/get-count', { token });
    assert.equal(count, before, 'her checklist stays');
    const list = await apiCall(stack, 'GET', '/api/v1/checklists?birder=Deleted%20birder&limit=10', {
      token,
    });
    assert.equal(list.foundTotal, 1);
    await context.close();
  });

  test('graphs: species per month, by place with the type select, birds counted; an empty year', async () => {
    const { page, context, errors } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/graphs');
    await page.getByRole('heading', { name: 'No. of Species Observed' }).waitFor();
    await waitForCanvas(page.getByTestId('graph-months'));
    const places = page.getByTestId('graph-places');
    await waitForCanvas(places);
    await waitForCanvas(page.getByTestId('graph-birds'));
    for (const type of ['Gewog', 'Village', 'Dzongkhag']) {
      await places.getByText(type, { exact: true }).click();
      await places.getByText(new RegExp(`Species by ${type.toLowerCase()}`)).waitFor();
      await waitForCanvas(places);
      assert.equal(await places.getByText('No data available').count(), 0);
    }
    await page.waitForURL(/place=dzongkhag|^[^?]*$/);
    await chooseOption(page, 'Year', '2015');
    await page.waitForURL(/year=2015/);
    await page.getByTestId('graph-months').getByText('No data available').waitFor();
    await page.getByTestId('graph-birds').getByText('No data available').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('checklist analysis: defaults to next month; upload an .xlsx; results; change the month', async () => {
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/checklists/analyze');
    const next = (MONTH % 12) + 1;
    const monthName = (m) => new Date(2000, m - 1, 1).toLocaleString('en', { month: 'long' });
    const select = (label) => page.locator('.ant-select', { has: page.getByLabel(label, { exact: true }) });
    await select('Month').getByText(monthName(next)).waitFor();
    await select('Year').getByText(String(YEAR)).waitFor();
    const analyze = page.getByRole('button', { name: 'Analyze' });
    assert.equal(await analyze.isDisabled(), true);

    // This month and the month before, in this year (or the one before, in January).
    const cur = `${YEAR}-${pad(MONTH)}-03`;
    const prev = `${PREV.year}-${pad(PREV.month)}-05`;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('checklists');
    for (const row of [
      ['Birder', 'ChecklistName', 'Location', 'Total', 'SelectedDate'],
      ['Karma Wangdi', 'K1', 'Thimphu', 5, cur],
      ['Karma Wangdi', 'K2', 'Paro', 2, cur],
      ['Karma Wangdi', 'K3', 'Paro', 7, prev],
      ['Pema Lhamo', 'P1', 'Paro', 4, cur],
      ['Pema Lhamo', 'P1', 'Paro', 3, cur],
      ['Anita Rai', 'A1', 'Haa', 1, prev],
      ['', 'X1', 'Haa', 1, cur],
    ])
      sheet.addRow(row);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    await page
      .locator('.analysis-upload input[type=file]')
      .setInputFiles({ name: 'checklists.xlsx', mimeType: XLSX_MIME, buffer: xlsx });
    await page.getByTestId('analysis-file').getByText('checklists.xlsx').waitFor();
    await analyze.click();
    const results = page.getByTestId('analysis-results');
    await results.waitFor();
    const top = await page.getByTestId('analysis-top-birders').locator('li').allTextContents();
    assert.deepEqual(top, [
      'Karma Wangdi - 3 checklists',
      'Anita Rai - 1 checklist',
      'Pema Lhamo - 1 checklist',
    ]);
    assert.match(await page.getByTestId('analysis-location').textContent(), /Paro\s+\(16 birds\)/);
    assert.match(await results.textContent(), /Total checklists\s*5/);
    await results.getByText('1 of 7 rows could not be read and were left out').waitFor();
    // Next month holds none of them; this month 3 (K1, K2, P1) → down 100% (unless next month is January
    // of this year, which compares with December of this year: none either → 0%).
    const expectNext = next === 1 ? '0%' : '100%';
    await results.getByTestId('change').getByText(expectNext).waitFor();
    await waitForCanvas(results);

    await chooseOption(page, 'Month', monthName(MONTH));
    // This month 3 against 2 the month before (K3, A1): +50%.
    await results.getByTestId('change').getByText('50%').waitFor();
    assert.equal(await results.getByTestId('change').getByLabel('up').count(), 1);
    await waitForCanvas(results);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'insight-analysis-results-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.waitForFunction(() => window.innerWidth === 375);
    // Two frames: the resize observers have laid the page out again.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await assertNoSidewaysScroll(page, 'analysis results at 375px');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'insight-analysis-results-375');
    await context.close();
  });

  test('screenshots at 1280 and 375 px, nothing scrolls sideways', async () => {
    for (const [width, height] of [
      [1280, 900],
      [375, 740],
    ]) {
      const { page, context } = await openPage(stack, { width, height });
      await signInWithToken(stack, page);
      const pages = [
        [
          'insight-dashboard',
          '/',
          async () => {
            await waitForCanvas(page.getByTestId('leaders-species'));
            await waitForAllCharts(page);
          },
        ],
        ['insight-birders', '/birders', async () => page.getByTestId('birder-card').first().waitFor()],
        [
          'insight-top-birders',
          '/top-birders',
          async () => page.getByTestId('birder-card').first().waitFor(),
        ],
        [
          'insight-birder-detail',
          `/birders/${birderIds.karma}`,
          async () => page.getByTestId('birder-entries').waitFor(),
        ],
        [
          'insight-graphs',
          '/graphs',
          async () => {
            await waitForCanvas(page.getByTestId('graph-birds'));
            await waitForAllCharts(page);
          },
        ],
        [
          'insight-analysis',
          '/checklists/analyze',
          async () => page.getByRole('button', { name: 'Analyze' }).waitFor(),
        ],
      ];
      for (const [name, url, ready] of pages) {
        await page.goto(url);
        await ready();
        await assertNoSidewaysScroll(page, `${name} at ${width}px`);
        await screenshot(page, `${name}-${width}`);
      }
      await context.close();
    }
  });
});

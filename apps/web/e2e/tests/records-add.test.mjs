// Adding records in the browser: the Add Checklist form (rules, places from the reference list, birds
// with photos and previews) and the .xlsx upload (a bad row refuses the file, then "Import only the good
// rows", with the per-row report; the server's progress through a large file). Screenshots at 1280 and 375 px.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, apiLogin, openPage, screenshot, signInWithToken, startStack } from '../harness.mjs';
import {
  assertNoSidewaysScroll,
  birdPng,
  chooseOption,
  SPECIES,
  settled,
  XLSX_MIME,
  xlsxOf,
} from './records-fixtures.mjs';

const HEADER = [
  'ChecklistName',
  'BirdName',
  'SelectedDate',
  'SelectedTime',
  'Birder',
  'Latitude',
  'Longitude',
  'Adult',
  'Juvenile',
  'Total',
  'Dzongkhag',
  'Gewog',
  'Village',
];

describe('adding records', { timeout: 120_000 }, () => {
  let stack;
  let token;
  before(async () => {
    stack = await startStack();
    token = await apiLogin(stack);
    for (const [englishName, scientificName] of SPECIES) {
      await apiCall(stack, 'POST', '/api/v1/species', { token, body: { englishName, scientificName } });
    }
  });
  after(async () => {
    await stack?.close();
  });

  test('the Add Checklist form: its rules, then a checklist with two birds and a photo', async () => {
    const { page, context, errors } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/checklists');
    await page.locator('.page-header').getByRole('button', { name: 'Add Checklist' }).click();
    await page.waitForURL('**/checklists/add');

    // Cancel goes back to the list.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/checklists');
    await page.goto('/checklists/add');

    await page.getByRole('button', { name: 'Add checklist' }).click();
    await page.getByText('Checklist name is required').waitFor();
    await page.getByText('Birder is required (type a name)').waitFor();
    await page.getByText('Bird name is required').waitFor();

    await page.getByLabel('Checklist name').fill('Chelela pass');
    await page.getByLabel('Observer').fill('Pema Choden');
    await page.getByLabel('Date').fill('2026-04-12');
    await page.getByLabel('Time').fill('05:45');
    await page.getByLabel('Latitude').fill('27.37');
    // Places come from the reference list; the gewog list follows the dzongkhag.
    await chooseOption(page, 'Dzongkhag', 'Haa');
    await chooseOption(page, 'Gewog', 'Bji');
    await page.getByLabel('Village').fill('Chelela');

    const first = page.getByRole('group', { name: 'Bird 1' });
    await first.getByLabel('Bird name').fill('tragopan');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Satyr Tragopan' })
      .click();
    await first.getByLabel('Adults').fill('3');
    await first.getByLabel('Juveniles').fill('2');
    await first.getByLabel('Total').fill('4');
    await first.getByLabel('Remarks').fill('Calling from the rhododendrons');
    await first
      .locator('input[type=file]')
      .setInputFiles({ name: 'tragopan.png', mimeType: 'image/png', buffer: birdPng() });
    await first.locator('.ant-upload-list-item').waitFor();
    await first.locator('.ant-upload-list-item').hover();
    await first.locator('.ant-upload-list-item').getByTitle('Preview file').click();
    await page.locator('.ant-image-preview img').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-image-preview').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add another bird' }).click();
    const second = page.getByRole('group', { name: 'Bird 2' });
    await second.getByLabel('Bird name').fill('New bird - rufous wren');
    await second.getByLabel('Total').fill('1');

    // Rules that join fields come from the API's own schema: the total, and the position as a pair.
    await page.getByRole('button', { name: 'Add checklist' }).click();
    await page.getByText('Total (4) must be at least adults + juveniles (5)').waitFor();
    await first.getByLabel('Total').fill('');
    await page.getByRole('button', { name: 'Add checklist' }).click();
    await page.getByText('Latitude and longitude must be given together').waitFor();
    await page.getByLabel('Longitude').fill('89.33');
    await screenshot(page, 'records-add-filled-1280');

    await page.getByRole('button', { name: 'Add checklist' }).click();
    await page.waitForURL(/\/checklists\/[0-9a-f-]{36}$/);
    await page.getByText("Checklist 'Chelela pass' with 2 entries added").waitFor();
    await page.getByRole('heading', { name: 'Chelela pass' }).waitFor();
    const facts = page.getByTestId('checklist-facts');
    await facts.getByText('Pema Choden').waitFor();
    await facts.getByText('12 Apr 2026').waitFor();
    await facts.getByText('05:45').waitFor();
    await facts.getByText('Bji').waitFor();
    const rows = page.getByTestId('entries-review').locator('tbody tr.ant-table-row');
    const tragopan = rows.filter({ hasText: 'Satyr Tragopan' });
    await tragopan.getByRole('cell', { name: '5 (3 adult, 2 juvenile)', exact: true }).waitFor();
    await tragopan.locator('.entry-photo img').waitFor();
    // The console's own checklists are approved by the admin who adds them.
    await tragopan.getByRole('button', { name: 'Approved Satyr Tragopan' }).waitFor();
    await rows.filter({ hasText: 'New bird - rufous wren' }).getByText('New species').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("Add Checklist without a time: it stays missing and reads 'Not provided'", async () => {
    const { page, context, errors } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/checklists/add');
    await page.getByLabel('Checklist name').fill('Dochula, no time');
    await page.getByLabel('Observer').fill('Karma Wangchuk');
    await page.getByLabel('Date').fill('2026-04-13');
    // Coordinates given, so the time is the only fact 'Not provided'.
    await page.getByLabel('Latitude').fill('27.49');
    await page.getByLabel('Longitude').fill('89.75');
    await chooseOption(page, 'Dzongkhag', 'Haa');
    const bird = page.getByRole('group', { name: 'Bird 1' });
    await bird.getByLabel('Bird name').fill('Satyr Tragopan');
    await bird.getByLabel('Total').fill('2');
    await page.getByRole('button', { name: 'Add checklist' }).click();
    await page.waitForURL(/\/checklists\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').at(-1);
    const facts = page.getByTestId('checklist-facts');
    await facts.getByText('13 Apr 2026').waitFor();
    await facts.getByText('Not provided', { exact: true }).waitFor();
    assert.equal(await facts.getByText('00:00').count(), 0);
    const stored = await apiCall(stack, 'GET', `/api/v1/checklists/${id}`, { token });
    assert.equal(stored._id.selectedTime, '');

    // The list says so beside the date (and never 00:00).
    await page.goto('/checklists?date=2026-04-13');
    const row = page.getByRole('row', { name: /Dochula, no time/ });
    await row.getByText('13 Apr 2026, time not provided').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the .xlsx upload: a bad row refuses the file; then only the good rows, with a per-row report', async () => {
    const { page, context, errors } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/checklists/add');
    await page.getByRole('tab', { name: 'Upload (.xlsx)' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'upload');
    const upload = page.getByRole('button', { name: 'Upload' });
    assert.equal(await upload.isDisabled(), true);

    await page
      .getByTestId('xlsx-picker')
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n') });
    await page.getByText('Only .xlsx spreadsheets are accepted').waitFor();
    assert.equal(await upload.isDisabled(), true);

    const xlsx = await xlsxOf([
      HEADER,
      [
        'Jakar dzong',
        'Common Raven',
        '2026-05-02',
        '06:10',
        'Ugyen Tshering',
        27.55,
        90.75,
        2,
        0,
        '',
        'Bumthang',
        'Chhoekhor',
        'Jakar',
      ],
      [
        'Jakar dzong',
        'Large-billed Crow',
        '2026-05-02',
        '06:10',
        'Ugyen Tshering',
        27.55,
        90.75,
        '',
        '',
        3,
        'Bumthang',
        'Chhoekhor',
        'Jakar',
      ],
      [
        'Jakar dzong',
        'Black-necked Crane',
        'not a date',
        '06:10',
        'Ugyen Tshering',
        '',
        '',
        '',
        '',
        1,
        'Bumthang',
        '',
        '',
      ],
    ]);
    await page
      .getByTestId('xlsx-picker')
      .locator('input[type=file]')
      .setInputFiles({ name: 'jakar.xlsx', mimeType: XLSX_MIME, buffer: xlsx });
    await upload.click();
    await page
      .getByRole('alert')
      .getByText(/1 row has problems, so nothing was imported/)
      .waitFor();
    const rejected = page.getByTestId('rejected-rows');
    await rejected.locator('tr', { hasText: 'SelectedDate' }).getByText('4', { exact: true }).waitFor();
    const before = await apiCall(stack, 'GET', '/api/v1/checklists?birder=Ugyen', { token });
    assert.equal(before.foundTotal, 0, 'nothing was imported');

    await page.getByRole('button', { name: 'Import only the good rows' }).click();
    // Issue 12: a preview first (nothing saved), then Confirm.
    await page.getByTestId('upload-preview').getByText('Preview: nothing has been saved yet').waitFor();
    await page.getByRole('button', { name: 'Confirm upload' }).click();
    const report = page.getByTestId('upload-report');
    await report.getByText(/^Uploaded 2 entries in 1 checklist/).waitFor();
    await report.getByTestId('rejected-rows').locator('tr', { hasText: 'SelectedDate' }).waitFor();
    const imported = report.getByTestId('imported-rows');
    await imported.locator('tr', { hasText: 'Common Raven' }).getByText('added').waitFor();
    await imported.locator('tr', { hasText: 'Large-billed Crow' }).getByText('added').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'records-upload-report-1280');

    await imported.getByRole('link', { name: 'Jakar dzong' }).first().click();
    await page.waitForURL(/\/checklists\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Jakar dzong' }).waitFor();
    await page.getByTestId('checklist-facts').getByText('Ugyen Tshering').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the .xlsx upload shows the server's progress: reading, checking, then writing its rows", async () => {
    const { page, context, errors } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/checklists/add?tab=upload');
    const rows = 4_000;
    const birds = ['Common Raven', 'Large-billed Crow', 'Black-necked Crane', 'Satyr Tragopan'];
    const sheet = [HEADER];
    for (let i = 0; i < rows; i += 1) {
      // Spread over days and birders, as a real file is.
      const n = Math.floor(i / 4);
      const day = `2025-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (Math.floor(n / 12) % 28)).padStart(2, '0')}`;
      sheet.push([
        `Progress ${n}`,
        birds[i % 4],
        day,
        '07:30',
        `Progress Birder ${n % 40}`,
        '',
        '',
        '',
        '',
        1,
        'Paro',
        '',
        '',
      ]);
    }
    await page
      .getByTestId('xlsx-picker')
      .locator('input[type=file]')
      .setInputFiles({ name: 'progress.xlsx', mimeType: XLSX_MIME, buffer: await xlsxOf(sheet) });
    // Everything the progress area shows, as the page shows it (recorded in the page, in order): the bar's
    // label, its accessible name, and the list of steps done so far.
    const watch = () =>
      page.evaluate(() => {
        window.__seen = [];
        const record = () => {
          const label = document.querySelector('[data-testid=upload-progress-label]')?.textContent;
          if (!label) return;
          const steps = [...document.querySelectorAll('[data-testid=upload-steps] li')].map((li) =>
            li.textContent.trim(),
          );
          const bar = document.querySelector('[role=progressbar]')?.getAttribute('aria-label');
          const last = window.__seen.at(-1);
          if (!last || last.label !== label || last.steps.join() !== steps.join())
            window.__seen.push({ label, steps, bar });
        };
        new MutationObserver(record).observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      });
    const seen = () => page.evaluate(() => window.__seen);
    const shown = (views, patterns, what) =>
      assert.ok(
        views.some((v) => patterns.every((p) => v.steps.some((line) => p.test(line)))),
        `${what}: no view showed ${patterns.join(', ')} in ${JSON.stringify(views)}`,
      );

    await watch();
    await page.getByRole('button', { name: 'Upload' }).click();
    await page
      .getByTestId('upload-preview')
      .getByText('Preview: nothing has been saved yet')
      .waitFor({ timeout: 90_000 });
    const preview = await seen();
    assert.match(preview[0].label, /^Uploading the file… \d+%$/);
    shown(preview, [/File uploaded/, /Read 4,000 rows/, /Checking 4,000 rows…/], 'checking');
    // Every checklist of this file is new: the preview reads which stored checklists it would change (none)
    // and has nothing to compare, so it ends after the check.
    for (const v of preview) assert.equal(v.bar, v.label, 'the progress bar is named by its step');
    assert.equal(
      await page.getByTestId('upload-progress-label').count(),
      0,
      'the bar goes once the preview shows',
    );

    await watch();
    await page.getByRole('button', { name: 'Confirm upload' }).click();
    await page
      .getByTestId('upload-report')
      .getByText(/^Uploaded 4,?000 entries in 1,?000 checklists/)
      .waitFor({ timeout: 90_000 });
    shown(await seen(), [/Checked 4,000 rows/, /Writing… [\d,]+ of 4,000 rows/], 'writing');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('screenshots of Add Checklist at 1280 and 375 px', async () => {
    const atWidth = async ([width, height]) => {
      const { page, context, errors } = await openPage(stack, { width, height });
      await signInWithToken(stack, page);
      await page.goto('/checklists/add');
      await page.getByLabel('Checklist name').waitFor();
      await settled(page);
      await assertNoSidewaysScroll(page, `records-add-${width}`);
      await screenshot(page, `records-add-${width}`);
      await page.goto('/checklists/add?tab=upload');
      await page
        .getByTestId('xlsx-picker')
        .locator('input[type=file]')
        .setInputFiles({
          name: 'two.xlsx',
          mimeType: XLSX_MIME,
          buffer: await xlsxOf([
            HEADER,
            ['Shot', 'x', '2026-05-02', '', 'Ugyen', '', '', '', '', 1, 'Paro', '', ''],
            [`Shot ${width}`, 'Common Raven', '2026-05-02', '', 'Ugyen', '', '', '', '', 1, 'Paro', '', ''],
          ]),
        });
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByRole('button', { name: 'Import only the good rows' }).click();
      await page.getByRole('button', { name: 'Confirm upload' }).click();
      await page.getByTestId('imported-rows').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await assertNoSidewaysScroll(page, `records-upload-${width}`);
      await screenshot(page, `records-upload-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    };
    await Promise.all(
      [
        [1280, 800],
        [375, 740],
      ].map(atWidth),
    );
  });
});

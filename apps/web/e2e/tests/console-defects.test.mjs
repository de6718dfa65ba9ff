// Issue 12, the walkthrough's defects in the browser, at 1280 and 375 px: graphs drawn to scale with
// value labels and a whole tooltip, the upload previews, species Stats, Add Checklist's missing time,
// the menu's Checklist Analysis link, Approve/Reject pending, and the small ones of item 8.
// Screenshots for the note go to SHOTS_DIR when it is set (outside the repo).
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { apiCall, apiLogin, openPage, signInWithToken, startStack, WEB_DIR } from '../harness.mjs';

const ExcelJS = createRequire(path.resolve(WEB_DIR, '../api/package.json'))('exceljs');
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
async function xlsxOf(rows) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('sheet');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const SHOTS = process.env.SHOTS_DIR;
async function shot(page, name, target = page) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await target.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const pad = (n) => String(n).padStart(2, '0');
const NOW = new Date();
const TODAY = `${NOW.getFullYear()}-${pad(NOW.getMonth() + 1)}-${pad(NOW.getDate())}`;
/** Distinct species seen per place (the graphs' numbers), chosen so a misdrawn axis shows in the ratios. */
const PLACES = [
  ['Wangdue Phodrang', 'Phangyuel', 'Gangtey', 30],
  ['Paro', 'Tsento', 'Drukgyel', 15],
  ['Thimphu', 'Kawang', 'Dodena', 6],
];

let stack;
let token;

async function seedGraphs() {
  for (const [dzongkhag, gewog, village, n] of PLACES) {
    await apiCall(stack, 'POST', '/api/v1/checklists', {
      token,
      body: {
        checklistName: `Graph ${dzongkhag}`,
        selectedDate: TODAY,
        selectedTime: '07:30',
        birder: 'Graph Birder',
        dzongkhag,
        gewog,
        village,
        birds: Array.from({ length: n }, (_, i) => ({ birdName: `Graph bird ${i + 1}`, total: 1 })),
      },
    });
  }
}

/**
 * The bars of a horizontal chart read from its canvas: for each run of rows painted in the bar colour,
 * its top and bottom (CSS px from the canvas's top) and where it starts and ends (CSS px from the left).
 * G2 draws on a 2D canvas, so the pixels are the drawing.
 */
function scanBars(canvas) {
  const ctx = canvas.getContext('2d');
  const { width, height } = canvas;
  const scale = width / canvas.getBoundingClientRect().width;
  const data = ctx.getImageData(0, 0, width, height).data;
  const isBar = (i) =>
    Math.abs(data[i] - 0x1b) < 8 && Math.abs(data[i + 1] - 0x5e) < 8 && Math.abs(data[i + 2] - 0x4a) < 8;
  const bars = [];
  let current;
  for (let y = 0; y < height; y++) {
    let min = -1;
    let max = -1;
    for (let x = 0; x < width; x++) {
      if (isBar((y * width + x) * 4)) {
        if (min < 0) min = x;
        max = x;
      }
    }
    if (min < 0) {
      current = undefined;
      continue;
    }
    if (!current) {
      current = { top: y, bottom: y + 1, start: min, end: max + 1 };
      bars.push(current);
    } else {
      current.bottom = y + 1;
      current.start = Math.min(current.start, min);
      current.end = Math.max(current.end, max + 1);
    }
  }
  // Bars are at least 4 px thick; thinner runs are anti-aliased text or edges.
  const thick = bars.filter((b) => b.bottom - b.top >= 4);
  // The value axis's grid lines (one per tick, 0 included): in the rows between the bars, the columns
  // painted (dashed grey) over at least a third of those rows.
  const gapRows = [];
  for (let i = 1; i < thick.length; i++)
    for (let y = thick[i - 1].bottom + 1; y < thick[i].top - 1; y++) gapRows.push(y);
  const grid = [];
  for (let x = 0; x < width; x++) {
    let painted = 0;
    for (const y of gapRows) {
      const i = (y * width + x) * 4;
      if (data[i + 3] > 0 && data[i] < 250) painted++;
    }
    if (gapRows.length > 0 && painted >= gapRows.length / 3 && grid.at(-1) !== x - 1) grid.push(x);
  }
  const out = thick.map((b) => ({
    top: b.top / scale,
    bottom: b.bottom / scale,
    start: b.start / scale,
    end: b.end / scale,
  }));
  out.grid = grid.map((x) => x / scale);
  return out;
}

/** Waits until the chart shows `n` bars, then returns them. */
async function barsOf(page, figure, n) {
  const canvas = figure.locator('canvas').first();
  await canvas.waitFor();
  const handle = await canvas.elementHandle();
  await page.waitForFunction(
    ([el, count, scan]) => new Function(`return (${scan})`)()(el).length === count,
    [handle, n, scanBars.toString()],
  );
  return canvas.evaluate((el, scan) => {
    const bars = new Function(`return (${scan})`)()(el);
    return { bars: [...bars], grid: bars.grid };
  }, scanBars.toString());
}

/**
 * Bars start together at the axis's 0 (the first grid line), the longest ends on the grid line of its value
 * (30 is a tick of these charts), and their lengths are in the ratio of their values.
 */
function assertToScale({ bars, grid }, values, label) {
  assert.ok(grid.length >= 2, `${label}: grid lines at ${JSON.stringify(grid)}`);
  assert.ok(
    Math.abs(bars[0].start - grid[0]) <= 1.5,
    `${label}: bars start at ${bars[0].start}, the axis's 0 is at ${grid[0]}`,
  );
  assert.ok(
    Math.abs(bars[0].end - grid.at(-1)) <= 2,
    `${label}: the ${values[0]} bar ends at ${bars[0].end}, its grid line is at ${grid.at(-1)}`,
  );
  assert.equal(bars.length, values.length, `${label}: ${JSON.stringify(bars)}`);
  const start = bars[0].start;
  for (const b of bars)
    assert.ok(Math.abs(b.start - start) <= 1, `${label}: bars start at ${start} and ${b.start}`);
  const perUnit = (bars[0].end - start) / values[0];
  bars.forEach((b, i) => {
    const expected = values[i] * perUnit;
    assert.ok(
      Math.abs(b.end - start - expected) <= 2,
      `${label}: bar ${i} is ${b.end - start}px long; ${values[i]} at ${perUnit.toFixed(2)}px each is ${expected.toFixed(1)}px`,
    );
  });
}

before(async () => {
  stack = await startStack();
  token = await apiLogin(stack);
  await seedGraphs();
});
after(async () => {
  await stack?.close();
});

describe('console defects (issue 12)', { timeout: 420_000 }, () => {
  for (const width of [1280, 375]) {
    test(`graphs at ${width}px: bars start at 0 and end at their value, labelled, whole tooltip`, async () => {
      const { page, context, errors } = await openPage(stack, { width, height: 900 });
      await signInWithToken(stack, page);
      await page.goto('/graphs');
      const places = page.getByTestId('graph-places');
      const figure = places.getByTestId('chart');
      await page.getByRole('heading', { name: 'No. of Species Observed' }).waitFor();
      // The chart draws once it comes near the screen; the charts library is the console's heaviest chunk: give
      // its first load time on a busy machine.
      await figure.scrollIntoViewIfNeeded();
      await figure.locator('canvas').first().waitFor({ timeout: 90_000 });
      const values = PLACES.map((p) => p[3]);
      for (const type of ['Dzongkhag', 'Gewog', 'Village']) {
        await places.getByText(type, { exact: true }).click();
        await places.getByText(new RegExp(`Species by ${type.toLowerCase()}`)).waitFor();
        await figure.locator('canvas').first().waitFor();
        const drawn = await barsOf(page, figure, values.length);
        await shot(page, `graphs-${type.toLowerCase()}-${width}`, places);
        assertToScale(drawn, values, `${type} at ${width}px`);
        // Value labels on every view (they are the scale a reader trusts).
        assert.equal(
          await figure.locator('[data-labels]').getAttribute('data-labels'),
          'true',
          `${type} prints value labels`,
        );
      }
      // The tooltip of the last bar is whole: every corner of it is on top at its place on the page.
      const { bars } = await barsOf(page, figure, values.length);
      const last = bars.at(-1);
      await figure.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      const box = await figure.locator('canvas').first().boundingBox();
      await page.mouse.move(box.x + (last.start + last.end) / 2, box.y + (last.top + last.bottom) / 2);
      const tooltip = page.locator('.g2-tooltip').first();
      await tooltip.waitFor({ state: 'visible' });
      // Whole: no box around it clips it (the tooltip takes no pointer events, so hit-testing cannot tell).
      const clippedBy = await tooltip.evaluate((el) => {
        const r = el.getBoundingClientRect();
        for (let a = el.parentElement; a; a = a.parentElement) {
          const style = getComputedStyle(a);
          const box = a.getBoundingClientRect();
          const clipsY = style.overflowY !== 'visible';
          const clipsX = style.overflowX !== 'visible';
          if (
            (clipsY && (r.top < box.top - 1 || r.bottom > box.bottom + 1)) ||
            (clipsX && (r.left < box.left - 1 || r.right > box.right + 1))
          )
            return `${a.tagName}.${a.className} (${JSON.stringify(box)}) clips ${JSON.stringify(r)}`;
        }
        return null;
      });
      const whole = clippedBy === null;
      await shot(page, `graphs-tooltip-${width}`);
      assert.equal(whole, true, `the tooltip is cut off: ${clippedBy}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const width of [1280, 375]) {
    test(`species upload at ${width}px: a preview of inserts and field changes, nothing saved until Confirm`, async () => {
      const hornbill = `Great Hornbill ${width}`;
      await apiCall(stack, 'POST', '/api/v1/species', {
        token,
        body: { englishName: hornbill, scientificName: `Buceros bicornis${width}`, iucnStatus: 'VU' },
      });
      const { page, context, errors } = await openPage(stack, { width, height: 900 });
      await signInWithToken(stack, page);
      await page.goto('/species/add?tab=bulk');
      await page
        .getByTestId('xlsx-picker')
        .locator('input[type=file]')
        .setInputFiles({
          name: 'birds.xlsx',
          mimeType: XLSX_MIME,
          buffer: await xlsxOf([
            ['englishName', 'scientificName', 'iucnStatus', 'colour'],
            [hornbill, `Buceros bicornis${width}`, 'NT', 'black'],
            [`Wreathed Hornbill ${width}`, `Rhyticeros undulatus${width}`, 'VU', ''],
          ]),
        });
      await page.getByRole('button', { name: 'Upload' }).click();
      const preview = page.getByTestId('upload-preview');
      await preview.getByText('Preview: nothing has been saved yet').waitFor();
      const rows = preview.getByTestId('preview-rows');
      const changed = rows.locator('tr', { hasText: hornbill });
      await changed.getByText('Changes').waitFor();
      assert.match(await changed.textContent(), /iucnStatus: VU → NT/);
      await rows
        .locator('tr', { hasText: `Wreathed Hornbill ${width}` })
        .getByText('New', { exact: true })
        .waitFor();
      await preview.getByTestId('warning-rows').getByText("Column 'colour' is not a species field").waitFor();
      const stored = async (name) =>
        (
          await apiCall(stack, 'GET', `/api/v1/species/get?search=${encodeURIComponent(name)}`, { token })
        ).species.filter((x) => x.englishName === name);
      assert.equal((await stored(hornbill))[0].iucnStatus, 'VU', 'the preview saved nothing');
      assert.equal((await stored(`Wreathed Hornbill ${width}`)).length, 0, 'the preview saved nothing');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `upload-preview-species-${width}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `the preview scrolls sideways by ${overflow}px`);

      await page.getByRole('button', { name: 'Confirm upload' }).click();
      await page.getByTestId('upload-report').getByText('Uploaded 2 species').waitFor();
      assert.equal((await stored(hornbill))[0].iucnStatus, 'NT');
      assert.equal((await stored(`Wreathed Hornbill ${width}`)).length, 1);
      await shot(page, `upload-confirmed-species-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('checklist upload: preview lists the entries to add, Confirm saves them', async () => {
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/checklists/add?tab=upload');
    await page
      .getByTestId('xlsx-picker')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'checklists.xlsx',
        mimeType: XLSX_MIME,
        buffer: await xlsxOf([
          ['ChecklistName', 'BirdName', 'SelectedDate', 'SelectedTime', 'Birder', 'Total', 'Dzongkhag'],
          ['Preview dawn', 'Common Raven', TODAY, '06:00', 'Preview Birder', 2, 'Paro'],
        ]),
      });
    await page.getByRole('button', { name: 'Upload' }).click();
    const preview = page.getByTestId('upload-preview');
    await preview
      .getByTestId('preview-rows')
      .locator('tr', { hasText: 'Preview dawn: Common Raven' })
      .getByText('New', { exact: true })
      .waitFor();
    const before = await apiCall(stack, 'GET', '/api/v1/checklists?birder=Preview%20Birder', { token });
    assert.equal(before.foundTotal, 0, 'the preview saved nothing');
    await shot(page, 'upload-preview-checklists-1280');
    await page.getByRole('button', { name: 'Confirm upload' }).click();
    await page
      .getByTestId('imported-rows')
      .locator('tr', { hasText: 'Common Raven' })
      .getByText('added')
      .waitFor();
    const after = await apiCall(stack, 'GET', '/api/v1/checklists?birder=Preview%20Birder', { token });
    assert.equal(after.foundTotal, 1);
    await context.close();
  });

  test('species details: Stats counts approved records and Location lists the dzongkhags', async () => {
    const { data } = await apiCall(stack, 'POST', '/api/v1/species', {
      token,
      body: { englishName: 'Rufous-necked Hornbill', scientificName: 'Aceros nipalensis', observations: 0 },
    });
    for (const [dzongkhag, n] of [
      ['Zhemgang', 2],
      ['Sarpang', 1],
    ]) {
      for (let i = 0; i < n; i++)
        await apiCall(stack, 'POST', '/api/v1/checklists', {
          token,
          body: {
            checklistName: `Hornbill ${dzongkhag} ${i}`,
            selectedDate: TODAY,
            selectedTime: '08:00',
            birder: 'Stats Birder',
            dzongkhag,
            birds: [{ birdName: 'Rufous-necked Hornbill', total: 1 }],
          },
        });
    }
    const { page, context } = await openPage(stack, { width: 375, height: 800 });
    await signInWithToken(stack, page);
    await page.goto(`/species/${data._id}`);
    await page.getByTestId('species-stats').getByText('3 approved records').waitFor();
    assert.equal(await page.getByTestId('species-location').textContent(), 'Sarpang, Zhemgang');
    await context.close();
  });

  test('menu: Checklist Analysis is a sidebar link', async () => {
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/');
    await page.getByRole('menuitem', { name: 'Checklist Analysis' }).click();
    await page.waitForURL('**/checklists/analyze');
    await context.close();
  });

  test('review: while a review is saved both buttons are disabled and it shows as pending', async () => {
    const { data } = await apiCall(stack, 'POST', '/api/v1/checklists', {
      token,
      body: {
        checklistName: 'Review race',
        selectedDate: TODAY,
        selectedTime: '07:00',
        birder: 'Race Birder',
        dzongkhag: 'Paro',
        birds: [{ birdName: 'Common Raven', total: 1 }],
      },
    });
    const id = data[0].checklistId;
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page);
    // Hold the PATCH until the test has looked at the buttons (no sleeps: the test releases it).
    let release;
    const held = new Promise((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/checklists/*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      await held;
      return route.fallback();
    });
    await page.goto(`/checklists/${id}`);
    // Entries an admin adds start approved: Reject it, and look while the PATCH is held. The list shows the
    // new state at once (optimistic update); the other button must wait until the server has answered.
    await page.getByRole('button', { name: 'Reject Common Raven' }).click();
    // The reviewer first picks the reason the birder will read (issue 14).
    const reasons = page.getByRole('dialog', { name: 'Reject Common Raven' });
    await reasons.getByRole('radio', { name: 'No reason' }).check();
    await reasons.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('button', { name: 'Rejected Common Raven' }).waitFor();
    const approve = page.getByRole('button', { name: 'Approve Common Raven' });
    await approve.waitFor();
    assert.equal(await approve.isDisabled(), true, 'Approve waits while the rejection is saved');
    release();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some(
        (b) => b.getAttribute('aria-label') === 'Approve Common Raven' && !b.disabled,
      ),
    );
    await context.close();
  });

  test('item 8: one required message, avatar round with a long name, reset link without an endless spinner', async () => {
    const { page, context } = await openPage(stack, { width: 375, height: 800 });
    await signInWithToken(stack, page);
    await page.goto('/species/add');
    await page.getByLabel('English Name').fill('   ');
    await page
      .getByRole('button', { name: /save|add/i })
      .first()
      .click();
    await page.getByText('English name is required!').first().waitFor();
    assert.equal(await page.getByText('English name is required!').count(), 1);
    // A family outside the order picked is only warned about.
    await page.getByLabel('Order').fill('Bucerotiformes');
    await page.getByLabel('Family').fill('Phasianidae');
    await page.getByText("'Phasianidae' is not a family of Bucerotiformes in the national list").waitFor();

    await apiCall(stack, 'PATCH', '/api/v1/users/updateMe', {
      token,
      body: { name: 'Root Administrator Dorji Wangchuk Tshering' },
    }).catch(() => undefined);
    await page.goto('/');
    const avatar = page.locator('.top-bar__avatar');
    await avatar.waitFor();
    const box = await avatar.boundingBox();
    assert.ok(Math.abs(box.width - box.height) <= 1, `the avatar is ${box.width}×${box.height}`);

    await context.close();
    // A reset link is opened signed out.
    const out = await openPage(stack, { width: 375, height: 800 });
    await out.page.goto('/password-reset/00000000-0000-4000-8000-000000000000/not-a-real-token-at-all-xyz');
    await out.page.getByTestId('reset-link-error').waitFor({ timeout: 60_000 });
    await out.page.getByText('Loading...').first().waitFor();
    assert.equal(await out.page.locator('.ant-spin').count(), 0, 'no endless spinner');
    await out.context.close();
  });
});

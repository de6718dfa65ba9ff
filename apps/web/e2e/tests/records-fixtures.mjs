// Shared set-up for the records browser tests (not a test file itself: run.mjs runs *.test.mjs only).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { apiCall, newestMail, WEB_DIR } from '../harness.mjs';
import { makePng } from '../png.mjs';

// exceljs is the API's spreadsheet library; the tests borrow it to build .xlsx files.
const ExcelJS = createRequire(path.resolve(WEB_DIR, '../api/package.json'))('exceljs');

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const pngDataUrl = (png) => `data:image/png;base64,${png.toString('base64')}`;
export const birdPng = () => makePng(160, 120, (x, y) => [40 + (x % 80), 90 + (y % 60), 60]);

export const SPECIES = [
  ['Black-necked Crane', 'Grus nigricollis'],
  ['Common Raven', 'Corvus corax'],
  ['Large-billed Crow', 'Corvus macrorhynchos'],
  ['Satyr Tragopan', 'Tragopan satyra'],
];

/**
 * Three submitted checklists (added as an administrator through the console's form call):
 * - Phobjikha morning: four birds, one of them a new-species report, with coordinates;
 * - Paro riverside: two birds, one with a photo, no coordinates;
 * - Thimphu hills: one catalogue bird and an 'Unknown Birds' report.
 */
export const CHECKLISTS = [
  {
    checklistName: 'Phobjikha morning',
    birder: 'Sonam Wangmo',
    selectedDate: '2026-03-07',
    selectedTime: '07:15',
    currentLocation: { latitude: 27.4612, longitude: 90.1797 },
    dzongkhag: 'Wangdue Phodrang',
    gewog: 'Phangyuel',
    village: 'Gangtey',
    birds: [
      { birdName: 'Black-necked Crane', adult: 8, juvenile: 2, remarks: 'Feeding in the marsh' },
      { birdName: 'Common Raven', total: 2 },
      { birdName: 'Large-billed Crow', total: 1, remarks: 'On the monastery roof' },
      { birdName: 'New bird - striped babbler', total: 1, remarks: 'Brown with pale stripes' },
    ],
  },
  {
    checklistName: 'Paro riverside',
    birder: 'Karma Dorji',
    selectedDate: '2026-03-06',
    selectedTime: '16:40',
    dzongkhag: 'Paro',
    gewog: 'Tsento',
    village: 'Drukgyel',
    birds: [
      { birdName: 'Common Raven', total: 3, photo: 'PHOTO' },
      { birdName: 'Large-billed Crow', total: 2 },
    ],
  },
  {
    checklistName: 'Thimphu hills',
    birder: 'Sonam Wangmo',
    selectedDate: '2026-02-20',
    selectedTime: '09:00',
    dzongkhag: 'Thimphu',
    gewog: 'Kawang',
    village: 'Dodena',
    birds: [
      { birdName: 'Satyr Tragopan', total: 1 },
      { birdName: 'Unknown Birds', total: 4, remarks: 'A flock too far to tell' },
    ],
  },
];

/** A checklist of the list above as original documents (one per bird), as the old clients send them. */
export function documentsOf(checklist, { status = 'submittedchecklist', Approvedstatus = 'pending' } = {}) {
  return checklist.birds.map((b) => ({
    CheckListName: checklist.checklistName,
    BirdName: b.birdName,
    StartbirdingData: [
      {
        selectedDate: checklist.selectedDate,
        selectedTime: checklist.selectedTime,
        observer: checklist.birder,
        photo: b.photo ? pngDataUrl(birdPng()) : null,
        status,
        Approvedstatus,
        Totalcount: b.total ?? (b.adult ?? 0) + (b.juvenile ?? 0),
        Remarks: b.remarks ?? null,
        JAcount: { Adult: b.adult ?? 0, Juvenile: b.juvenile ?? 0 },
        currentLocation: checklist.currentLocation ?? null,
        EndpointLocation: [
          { dzongkhag: checklist.dzongkhag, gewog: checklist.gewog, village: checklist.village },
        ],
      },
    ],
  }));
}

/**
 * Adds the catalogue species and the checklists, every entry waiting for review (console documents keep
 * their Approvedstatus; the console's form would approve them at once). Returns checklist ids by name.
 */
export async function seedRecords(stack, token) {
  for (const [englishName, scientificName] of SPECIES) {
    await apiCall(stack, 'POST', '/api/v1/species', { token, body: { englishName, scientificName } });
  }
  const ids = {};
  for (const checklist of CHECKLISTS) {
    const { data } = await apiCall(stack, 'POST', '/api/v1/checklists', {
      token,
      body: documentsOf(checklist),
    });
    ids[checklist.checklistName] = data[0].checklistId;
  }
  return ids;
}

/** One more pending checklist (a test's own data), from CHECKLISTS[i] with changes; returns its id. */
export async function seedChecklist(stack, token, changes, base = CHECKLISTS[1]) {
  const body = documentsOf({ ...base, ...changes });
  const { data } = await apiCall(stack, 'POST', '/api/v1/checklists', { token, body });
  return data[0].checklistId;
}

/**
 * A birder of the mobile app, signed up as the app does it (code by mail, code, sign-up, Login);
 * returns the birder's token.
 */
export async function birderToken(
  stack,
  { name = 'Tashi Lhamo', email = `tashi-${Date.now()}@jarog.test` } = {},
) {
  await apiCall(stack, 'POST', '/api/v1/users/verification', { body: { name, email } });
  let otp;
  for (let i = 0; i < 50 && !otp; i += 1) {
    const mail = await newestMail(stack).catch(() => null);
    // Only this birder's mail: an earlier sign-up's may still be the newest.
    if (!mail?.raw.includes(email)) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    otp = mail.texts.map((t) => /code to sign up for Jarog is\D*(\d{6})/.exec(t)?.[1]).find(Boolean);
    if (!otp) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(otp, 'the sign-up code arrived by mail');
  await apiCall(stack, 'POST', '/api/v1/users/OTP', { body: { email, otp } });
  const password = 'Birder-pass-2026';
  await apiCall(stack, 'POST', '/api/v1/users/signup', {
    body: {
      email,
      dob: '1994-05-02',
      country: 'Bhutan',
      profession: 'Guide',
      password,
      passwordConfirm: password,
    },
  });
  const { token } = await apiCall(stack, 'POST', '/api/v1/users/Login', { body: { email, password } });
  return token;
}

export async function xlsxOf(rows) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('checklists');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A small CSV reader (quotes, doubled quotes, commas and newlines inside quotes). */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i += 1) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows.filter((r) => r.some((v) => v !== ''));
}

/** Picks an option of an antd select by its accessible label. */
export async function chooseOption(page, label, option, scope = page) {
  await scope.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

export async function assertNoSidewaysScroll(page, name) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `${name} scrolls sideways by ${overflow}px`);
}

/** Waits until no antd spinner spins (the page has its data). */
export async function settled(page) {
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

// Shared setup for the browser tests: a fresh API (own DATA_DIR) + the built console + Chromium.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startWebServer } from '../scripts/serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIR = path.resolve(here, '..');
export const DIST_DIR = path.join(WEB_DIR, 'dist');
export const API_FACTORY = path.resolve(WEB_DIR, '../api/dist/app-factory.js');
export const SCREENSHOT_DIR = path.join(here, 'screenshots');

export const ROOT = { name: 'Root Admin', email: 'root@jarog.test', password: 'Root-pass-2026!' };

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/**
 * Starts web server, API and browser for one test file. The web server starts first (port 0) so the
 * API can be told the console's URL (CORS origin, links in mails); the console is then pointed at the API.
 */
export async function startStack() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'jarog-e2e-'));
  const web = await startWebServer({
    port: 0,
    host: '127.0.0.1',
    distDir: DIST_DIR,
    apiUrl: 'http://127.0.0.1:9',
  });
  const { startApi } = await import(pathToFileURL(API_FACTORY).href);
  // Port 0: startApi opens the port first and derives PUBLIC_API_URL (media URLs) from it.
  const template = process.env.E2E_PGLITE_TEMPLATE;
  const api = await startApi({
    port: 0,
    // The migrated database e2e/run.mjs made once (without it, as when a file runs alone, the API migrates its own).
    ...(template ? { pgliteTemplate: await readFile(template) } : {}),
    env: {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ROOT_EMAIL: ROOT.email,
      ROOT_PASSWORD: ROOT.password,
      DEMO_DATA: '0',
      PUBLIC_WEB_URL: web.url,
      LOG_LEVEL: 'silent',
    },
  });
  web.setApiUrl(api.url);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  return {
    webUrl: web.url,
    apiUrl: api.url,
    dataDir: api.dataDir ?? dataDir,
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      await api.close().catch(() => undefined);
      await web.close().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}

/**
 * A fresh browser context and page at the given viewport. Page errors are collected so a test can
 * assert none happened; the default timeout (20 s) lets a missing element fail without waiting for the test timeout.
 */
export async function openPage(stack, { width = 1280, height = 800 } = {}) {
  const context = await stack.browser.newContext({ viewport: { width, height }, baseURL: stack.webUrl });
  const page = await context.newPage();
  // Generous enough for a loaded 2-core CI machine; a missing element still fails in 20 s.
  page.setDefaultTimeout(20_000);
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

/** Calls the API directly (setting up data a test needs without clicking through the console). */
export async function apiCall(stack, method, url, { token, body } = {}) {
  const res = await fetch(`${stack.apiUrl}${url}`, {
    method,
    headers: {
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(data)}`);
  return data;
}

export async function apiLogin(stack, { email, password } = ROOT) {
  const { token } = await apiCall(stack, 'POST', '/auth/login', { body: { email, password } });
  return token;
}

let counter = 0;
/** Makes an admin account through the API; each call gets a unique email. */
export async function createAdmin(stack, overrides = {}) {
  counter += 1;
  const admin = {
    name: `Test Admin ${counter}`,
    email: `admin${counter}-${Date.now()}@jarog.test`,
    password: 'Admin-pass-123',
    userType: 'admin-user',
    ...overrides,
  };
  const token = await apiLogin(stack);
  await apiCall(stack, 'POST', '/auth/register-admin', {
    token,
    body: { ...admin, confirmPassword: admin.password },
  });
  return admin;
}

/** Signs in through the login form and waits for the shell. */
export async function signIn(page, { email, password } = ROOT) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in by storing a token directly (for tests that are not about the login form). */
export async function signInWithToken(stack, page, account = ROOT) {
  const token = await apiLogin(stack, account);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  return token;
}

function decodeQuotedPrintable(text) {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The text of every MIME part of an .eml file, transfer-decoded. */
function mailTexts(raw) {
  const texts = [];
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    const body = part.slice(split).trim();
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'base64') texts.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (encoding === 'quoted-printable') texts.push(decodeQuotedPrintable(body));
    else texts.push(body);
  }
  return texts;
}

/** The newest mail in the API's outbox, as { raw, texts }. */
export async function newestMail(stack) {
  const outbox = path.join(stack.dataDir, 'outbox');
  if (!existsSync(outbox)) throw new Error(`no outbox at ${outbox}`);
  const files = (await readdir(outbox)).filter((f) => f.endsWith('.eml')).sort();
  const newest = files.at(-1);
  if (!newest) throw new Error('the outbox is empty');
  const raw = await readFile(path.join(outbox, newest), 'utf8');
  return { raw, texts: mailTexts(raw) };
}

/** Waits for a mail and returns the first link in it that starts with `prefix`. */
export async function linkFromNewestMail(stack, prefix, { timeoutMs = 5000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"'<>]+`);
  for (;;) {
    try {
      const { texts } = await newestMail(stack);
      for (const text of texts) {
        const match = pattern.exec(text);
        if (match) return match[0];
      }
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
    if (Date.now() > deadline) throw new Error(`no link starting with ${prefix} in the newest mail`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * With E2E_SCREENSHOTS=1, saves e2e/screenshots/<name>.png for a person to look at: the whole page, or
 * only the viewport (`fullPage: false`) for overlays such as drawers and dialogs. Otherwise does nothing:
 * the suite asserts behaviour, and a pixel baseline across machines (fonts, Chromium versions) would fail
 * for reasons that are not bugs (docs/decisions.md, issue 12).
 */
/**
 * Waits until the CSS animations under `locator` have finished (antd's dialogs zoom in for ~0.3 s).
 * A person does not click a button while it is still growing; a test that does can land its click
 * mid-motion, and antd's confirm dialog then stayed open (seen once in CI on the admins test).
 */
export async function atRest(locator) {
  await locator.evaluate((element) => {
    const root = element.closest('.ant-modal-root, .ant-drawer') ?? element;
    return Promise.allSettled(root.getAnimations({ subtree: true }).map((a) => a.finished));
  });
}

export async function screenshot(page, name, { fullPage = true } = {}) {
  // Tests step through drawers, menus and dialogs here: let their motion finish first (a condition, not
  // a timer; endless animations such as spinners are left out).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  // animations: 'disabled' finishes antd's motion, so drawers and modals are captured at rest.
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage, animations: 'disabled' });
}

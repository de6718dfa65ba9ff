import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openPage, signInWithToken, startStack } from '../harness.mjs';

let stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.close();
});

const pathOf = (page) => new URL(page.url()).pathname;
const SIDEBAR_LINKS = [
  'Dashboard',
  'Species',
  'Checklists',
  'Review Queue',
  'Entries',
  'New Species',
  'Graphs',
  'Birders',
  'Settings',
];

describe('the shell', { timeout: 120_000 }, () => {
  test('at 1280 px the sidebar is open, lists the spec links and highlights the current one', async () => {
    const { page, context } = await openPage(stack, { width: 1280, height: 800 });
    await signInWithToken(stack, page);
    await page.goto('/settings');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.waitFor();
    for (const name of SIDEBAR_LINKS)
      assert.ok(await sidebar.getByRole('link', { name, exact: true }).isVisible(), name);
    assert.ok(await sidebar.getByText('Logout').isVisible());
    await sidebar.locator('.ant-menu-item-selected', { hasText: /^Settings$/ }).waitFor();
    assert.equal((await sidebar.locator('.ant-menu-item-selected').textContent())?.trim(), 'Settings');

    await sidebar.getByRole('link', { name: 'Species', exact: true }).click();
    await page.waitForURL('**/species');
    // The highlight follows the route once the lazily loaded page renders: wait for it, don't race it.
    await sidebar.locator('.ant-menu-item-selected', { hasText: /^Species$/ }).waitFor();
    assert.equal((await sidebar.locator('.ant-menu-item-selected').textContent())?.trim(), 'Species');

    // The toggle folds the sidebar to icons and back.
    const box = async () => (await sidebar.boundingBox())?.width ?? 0;
    assert.ok((await box()) > 200);
    await page.getByRole('button', { name: 'Close sidebar' }).click();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=sidebar]')?.getBoundingClientRect().width ?? 0) < 100,
    );
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=sidebar]')?.getBoundingClientRect().width ?? 0) > 200,
    );
    await context.close();
  });

  test('at 800 px the sidebar is closed and opens as a drawer with a close button', async () => {
    const { page, context } = await openPage(stack, { width: 800, height: 900 });
    await signInWithToken(stack, page);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    assert.equal(await page.getByTestId('sidebar').count(), 0);
    assert.equal(await page.locator('.sidebar-menu').count(), 0, 'no sidebar menu until the drawer opens');

    await page.getByRole('button', { name: 'Open sidebar' }).click();
    const drawer = page.locator('.app-drawer .ant-drawer-section');
    await drawer.waitFor();
    for (const name of SIDEBAR_LINKS)
      assert.ok(await drawer.getByRole('link', { name, exact: true }).isVisible(), name);
    await drawer.getByRole('button', { name: 'Close sidebar' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await drawer.getByRole('link', { name: 'Birders' }).click();
    await page.waitForURL('**/birders');
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });

  test("antd's CSS variables come with its static sheet: none written at run time, all in force", async () => {
    const { page, context } = await openPage(stack, { width: 375, height: 812 });
    await signInWithToken(stack, page);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // The drawer brings components the first screen does not draw (Drawer, Menu).
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    const drawer = page.locator('.app-drawer .ant-drawer-section');
    await drawer.waitFor();
    await drawer.locator('.ant-menu-item-selected').waitFor();
    const seen = await page.evaluate(() => {
      const variable = (selector, name) =>
        getComputedStyle(document.querySelector(selector) ?? document.body)
          .getPropertyValue(name)
          .trim();
      return {
        written: [...document.querySelectorAll('head style')]
          .map((s) => s.textContent ?? '')
          .filter((text) => text.startsWith('.css-var-'))
          .map((text) => text.slice(0, 40)),
        // The theme's block (its primary colour) and the components' (the menu's own selected colour, set by the
        // console's theme; the drawer's).
        primary: variable('.ant-layout', '--ant-color-primary'),
        menuSelected: variable('.ant-menu', '--ant-menu-item-selected-color'),
        drawer: variable('.ant-drawer', '--ant-drawer-footer-padding-inline'),
        selectedColor: getComputedStyle(
          document.querySelector('.app-drawer .ant-menu-item-selected') ?? document.body,
        ).color,
      };
    });
    assert.deepEqual(seen.written, [], 'antd wrote no CSS-variable block at run time');
    assert.equal(seen.primary.toLowerCase(), '#1b5e4a');
    assert.equal(seen.menuSelected.toLowerCase(), '#1b5e4a');
    assert.notEqual(seen.drawer, '');
    assert.equal(seen.selectedColor, 'rgb(27, 94, 74)');
    await context.close();
  });

  test('search opens the species list; the bell opens the activity log; unknown paths go home', async () => {
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/');
    const search = page.getByPlaceholder('Search Bird name, Scientific name, Species');
    await search.fill('   ');
    await search.press('Enter');
    assert.equal(pathOf(page), '/');
    await search.fill('Black-necked Crane');
    await search.press('Enter');
    await page.waitForURL('**/species?search=Black-necked+Crane');

    await page.getByRole('link', { name: 'Notifications' }).click();
    await page.waitForURL('**/notifications');
    await page.getByRole('heading', { name: 'Activity Logs' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/species?search=Black-necked+Crane');

    await page.goto('/no/such/page');
    await page.waitForURL(`${stack.webUrl}/`);
    await context.close();
  });

  test('signed out, any path goes to /login; a stale token is dropped', async () => {
    const { page, context } = await openPage(stack);
    await page.goto('/settings');
    await page.waitForURL('**/login');
    await page.evaluate(() => localStorage.setItem('token', 'stale-token'));
    await page.goto('/notifications');
    await page.waitForURL('**/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await context.close();
  });
  test("a part of antd's static sheet that cannot load: the console opens with antd's runtime styles", async () => {
    const { page, context } = await openPage(stack, { width: 1280, height: 800 });
    await signInWithToken(stack, page);
    // The console's sheet comes in parts (assets/antd-<hash>.css); the third one fails, as on a broken deploy. It fails
    // before the app looks for it: the app must not wait for a load event that already did not come.
    let seen = 0;
    let failed = '';
    let partFailed = () => {};
    const refused = new Promise((resolve) => {
      partFailed = resolve;
    });
    await context.route(/\/assets\/antd-[0-9a-f]{8}\.css$/, async (route) => {
      seen += 1;
      if (seen !== 3) return route.continue();
      failed = new URL(route.request().url()).pathname;
      await route.abort();
      partFailed();
    });
    // The app's scripts wait until the page has seen that part fail (routing also turns the HTTP cache off).
    await context.route(/\/assets\/.+\.js$/, async (route) => {
      await refused;
      await page.waitForFunction(() => document.querySelector('head link[data-state="failed"]') !== null);
      return route.continue();
    });
    await page.goto('/settings');
    await page.getByTestId('sidebar').waitFor({ timeout: 15_000 });
    assert.ok(failed, 'a part of the sheet was refused');
    const state = await page.evaluate((href) => {
      const links = [...document.querySelectorAll('head link[id^="antd-css-"]')];
      return {
        failedState: links.find((l) => l.getAttribute('href') === href)?.getAttribute('data-state'),
        parts: links.length,
        // antd's runtime styles are back: it wrote component rules in the browser (not only the CSS-variable blocks
        // it always writes).
        generated: [...document.querySelectorAll('head style[data-css-hash]')].some((s) => {
          const text = s.textContent ?? '';
          return !text.startsWith('.css-var-') && /\.ant-(menu|btn|layout)\b/.test(text);
        }),
        // So are its CSS-variable blocks: the sheet that holds them did not load in full.
        variableBlocks: [...document.querySelectorAll('head style')].filter((s) =>
          (s.textContent ?? '').startsWith('.css-var-jarog'),
        ).length,
        // The selected menu item still has the theme's look (its green text).
        selectedColor: getComputedStyle(document.querySelector('.ant-menu-item-selected') ?? document.body)
          .color,
      };
    }, failed);
    assert.ok(state.parts >= 2, `the sheet is linked in parts (${state.parts})`);
    assert.equal(state.failedState, 'failed');
    assert.equal(state.generated, true, 'antd generated its styles at run time');
    assert.ok(state.variableBlocks > 0, 'antd wrote its CSS-variable blocks at run time');
    assert.equal(state.selectedColor, 'rgb(27, 94, 74)');
    await context.close();
  });
});

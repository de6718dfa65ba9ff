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
});

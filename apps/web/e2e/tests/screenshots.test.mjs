// Captures every console page at desktop, tablet and phone widths into e2e/screenshots/ for review,
// and checks that no page scrolls sideways (the usual sign of a layout that does not fit).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  apiCall,
  apiLogin,
  createAdmin,
  openPage,
  screenshot,
  signInWithToken,
  startStack,
} from '../harness.mjs';
import { bandsPng } from '../png.mjs';

let stack;
let adminId;
before(async () => {
  stack = await startStack();
  const token = await apiLogin(stack);
  const admins = [];
  for (let i = 0; i < 3; i += 1) admins.push(await createAdmin(stack));
  const { users } = await apiCall(stack, 'GET', '/users?page=1&limit=5', { token });
  adminId = users.find((u) => u.email === admins[0].email)?._id;
});
after(async () => {
  await stack?.close();
});

const WIDTHS = [
  [1280, 800],
  [800, 1000],
  [375, 740],
];

async function assertNoSidewaysScroll(page, name) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `${name} scrolls sideways by ${overflow}px`);
}

describe('screenshots', { timeout: 170_000 }, () => {
  for (const [width, height] of WIDTHS) {
    test(`public pages at ${width}px`, async () => {
      const { page, context, errors } = await openPage(stack, { width, height });
      const heading = (text) => (p) => p.getByText(text, { exact: true }).first();
      const pages = [
        // The static shell of index.html already says 'Sign in': the form is the page's own.
        ['login', '/login', (p) => p.getByRole('button', { name: 'Sign In' })],
        ['signup', '/signup', heading('Welcome to Jarog')],
        ['forgot-password', '/forgot-password', heading('Forgot your password?')],
        ['deactivated', '/deactivated', heading('Your account is deactivated')],
        ['not-admin', '/not-admin', heading('You are not an admin')],
      ];
      for (const [name, path, ready] of pages) {
        await page.goto(path);
        await ready(page).waitFor();
        await assertNoSidewaysScroll(page, name);
        await screenshot(page, `${name}-${width}`);
      }
      await page.goto('/password-reset/00000000-0000-4000-8000-000000000000/not-a-real-token-at-all-xyz');
      await page.getByTestId('reset-link-error').waitFor();
      await screenshot(page, `password-reset-invalid-${width}`);
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText('Email is required').waitFor();
      await screenshot(page, `login-errors-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });

    test(`signed-in pages at ${width}px`, async () => {
      const { page, context, errors } = await openPage(stack, { width, height });
      await signInWithToken(stack, page);
      const pages = [
        ['dashboard', '/', 'Dashboard'],
        ['species', '/species', 'Species'],
        ['settings', '/settings', 'Settings'],
        ['add-admin', '/add-admin', 'Register Admin User'],
        ['edit-admin', `/admins/${adminId}/edit`, 'Edit Admin'],
        ['password-update', '/password-update', 'Update Password'],
        ['notifications', '/notifications', 'Activity Logs'],
      ];
      for (const [name, path, heading] of pages) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        await page
          .locator('.ant-spin-spinning')
          .first()
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        if (name === 'settings')
          await page.getByTestId('admins-table').locator('tr.ant-table-row').first().waitFor();
        if (name === 'edit-admin') await page.getByLabel('Name', { exact: true }).waitFor();
        if (name === 'notifications') await page.getByTestId('activity-list').waitFor();
        await assertNoSidewaysScroll(page, name);
        await screenshot(page, `${name}-${width}`);
      }

      await page.goto('/settings');
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'bands.png', mimeType: 'image/png', buffer: bandsPng() });
      await page.getByRole('dialog').getByTestId('crop-area').locator('img').waitFor();
      await screenshot(page, `crop-modal-${width}`, { fullPage: false });
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Settings' }).waitFor();
      await screenshot(page, `profile-menu-${width}`, { fullPage: false });
      await page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Logout' }).click();
      await page.getByRole('dialog', { name: 'Are you sure you want to Logout?' }).waitFor();
      await screenshot(page, `logout-confirm-${width}`, { fullPage: false });
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      if (width < 1024) {
        await page.getByRole('button', { name: 'Open sidebar' }).click();
        await page.locator('.app-drawer .ant-drawer-section').waitFor();
        await screenshot(page, `drawer-${width}`, { fullPage: false });
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

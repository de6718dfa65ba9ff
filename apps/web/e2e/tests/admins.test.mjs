import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { atRest, createAdmin, openPage, ROOT, signIn, signInWithToken, startStack } from '../harness.mjs';

let stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.close();
});

const pathOf = (page) => new URL(page.url()).pathname;
const row = (page, text) => page.getByTestId('admins-table').locator('tr', { hasText: text });

async function chooseOption(page, label, option) {
  await page.getByLabel(label).click();
  await page.locator('.ant-select-item-option', { hasText: option }).click();
}

describe('admin accounts (root)', { timeout: 120_000 }, () => {
  test('root adds an admin, and the activity log shows it', async () => {
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await page.waitForURL('**/add-admin');
    await page.getByRole('heading', { name: 'Register Admin User' }).waitFor();

    const email = `dorji-${Date.now()}@jarog.test`;
    await page.getByLabel('Name', { exact: true }).fill('Dorji Wangmo');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await chooseOption(page, 'User type', 'Root (root-user)');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await page.getByText('Password must be 8 to 128 characters long').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Dorji-pass-2026');
    await page.getByLabel('Confirm password', { exact: true }).fill('Dorji-pass-2026');
    await page.getByRole('button', { name: 'Add Admin' }).click();

    await page.waitForURL('**/settings');
    await page.locator('.flash-message').waitFor();
    await row(page, email).getByText('Root').waitFor();

    await page.getByRole('link', { name: 'Notifications' }).click();
    await page.waitForURL('**/notifications');
    await page.getByTestId('activity-list').getByText(`(${email}) has been added by ${ROOT.email}`).waitFor();
    await context.close();
  });

  test('root edits an admin (deactivates it), and that admin is sent to /deactivated', async () => {
    const admin = await createAdmin(stack);
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/settings');
    await row(page, admin.email)
      .getByRole('link', { name: `Edit ${admin.name}` })
      .click();
    await page.waitForURL('**/admins/*/edit');
    await page.getByRole('heading', { name: 'Edit Admin' }).waitFor();
    assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), admin.email);

    await page.getByLabel('Email', { exact: true }).fill('Not.Lower@Case.bt');
    await page.getByRole('button', { name: 'Update Admin' }).click();
    await page.getByText('Please enter a valid email in lowercase letters').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Name', { exact: true }).fill(`${admin.name} Edited`);
    await chooseOption(page, 'Account Status', 'Deactivated');
    await page.getByRole('button', { name: 'Update Admin' }).click();

    await page.waitForURL('**/settings');
    const edited = row(page, admin.email);
    await edited.getByText(`${admin.name} Edited`).waitFor();
    await edited.getByText('Deactivated').waitFor();
    await context.close();

    const other = await openPage(stack);
    await signIn(other.page, admin);
    await other.page.waitForURL('**/deactivated');
    await other.page.getByRole('heading', { name: 'Your account is deactivated' }).waitFor();
    await other.context.close();
  });

  test('root deletes an admin after confirming', async () => {
    const admin = await createAdmin(stack);
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/settings');
    await row(page, admin.email)
      .getByRole('button', { name: `Delete ${admin.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this user?' });
    await dialog.waitFor();
    await atRest(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Closed, not only closing: the dialog's layer takes the clicks until it has gone.
    await dialog.waitFor({ state: 'hidden' });
    await row(page, admin.email).waitFor();

    await row(page, admin.email)
      .getByRole('button', { name: `Delete ${admin.name}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await row(page, admin.email).waitFor({ state: 'detached' });
    await context.close();
  });

  test('the admins table pages 5 at a time and keeps the page in the URL', async () => {
    for (let i = 0; i < 6; i += 1) await createAdmin(stack);
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/settings');
    const table = page.getByTestId('admins-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    assert.equal(await table.locator('tbody tr.ant-table-row').count(), 5);
    await table.locator('.ant-pagination-item-2').click();
    await page.waitForURL('**/settings?page=2');
    await table.locator('tbody tr.ant-table-row td:first-child', { hasText: /^6$/ }).waitFor();
    await page.reload();
    assert.equal(await table.locator('.ant-pagination-item-active').textContent(), '2');
    await context.close();
  });

  test('an admin-user sees no admins table and is sent from /add-admin to /settings', async () => {
    const admin = await createAdmin(stack);
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page, admin);
    await page.goto('/add-admin');
    await page.waitForURL('**/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Add Admin' }).count(), 0);
    assert.equal(await page.getByTestId('admins-table').count(), 0);
    await page.goto('/admins/whatever/edit');
    await page.waitForURL('**/settings');
    assert.equal(pathOf(page), '/settings');
    await context.close();
  });
});

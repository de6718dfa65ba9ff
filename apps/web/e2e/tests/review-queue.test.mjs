// The reviewer's queue (issue 12): pending only, oldest pending first, header sorting, what waits per
// dzongkhag, all in the URL; an administrator corrects a checklist's time and place, then deletes it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, apiLogin, openPage, signInWithToken, startStack } from '../harness.mjs';
import { seedRecords, settled } from './records-fixtures.mjs';

let stack;
let token;
let ids;
before(async () => {
  stack = await startStack();
  token = await apiLogin(stack);
  ids = await seedRecords(stack, token);
  // Thimphu hills is reviewed: it leaves the queue.
  await apiCall(stack, 'POST', '/api/v1/checklists/review', {
    token,
    body: { approvalStatus: 'approved', checklistIds: [ids['Thimphu hills']] },
  });
});
after(async () => {
  await stack?.close();
});

const searchOf = (page) => Object.fromEntries(new URL(page.url()).searchParams);
const rowNames = async (page) =>
  (await page.getByTestId('checklists-table').locator('tbody tr').allInnerTexts()).map((t) =>
    t.includes('Phobjikha') ? 'Phobjikha' : t.includes('Paro riverside') ? 'Paro' : 'Thimphu',
  );

describe("reviewer's queue", { timeout: 120_000 }, () => {
  test('pending only, oldest first, header sort and the per-dzongkhag links live in the URL', async () => {
    const { page, context, errors } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/checklists');
    await page.getByRole('heading', { name: 'Checklists', level: 1 }).waitFor();
    await settled(page);
    // The heading can come before the list's request has begun (no spinner yet to wait for): wait for its rows.
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=checklists-table] tbody tr[data-row-key]').length === 3,
    );
    assert.deepEqual(await rowNames(page), ['Phobjikha', 'Paro', 'Thimphu']);

    const places = page.getByRole('region', { name: 'Waiting for review per dzongkhag' });
    await places.getByRole('button', { name: /^Wangdue Phodrang: 3 entries on 1 checklist/ }).waitFor();
    assert.equal(await places.getByRole('button', { name: /^Thimphu/ }).count(), 0, 'reviewed: not waiting');

    await page.getByRole('button', { name: 'Oldest pending first' }).click();
    await page.waitForURL(/pending=true/);
    assert.deepEqual(searchOf(page), { pending: 'true', sort: 'date' });
    await page
      .getByRole('switch', { name: 'Pending only' })
      .and(page.locator('[aria-checked=true]'))
      .waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=checklists-table] tbody tr').length === 2,
    );
    assert.deepEqual(await rowNames(page), ['Paro', 'Phobjikha']);

    // The Date header flips the order (newest first is the default, so it leaves the URL).
    await page.getByRole('columnheader', { name: /Date/ }).click();
    await page.waitForURL((url) => !url.searchParams.has('sort'));
    await page.reload();
    await page
      .getByRole('switch', { name: 'Pending only' })
      .and(page.locator('[aria-checked=true]'))
      .waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=checklists-table] tbody tr').length === 2,
    );
    assert.deepEqual(await rowNames(page), ['Phobjikha', 'Paro']);

    // A dzongkhag's link shows its queue.
    await page.getByRole('switch', { name: 'Pending only' }).click();
    await page.waitForURL((url) => !url.searchParams.has('pending'));
    await places.getByRole('button', { name: /^Paro:/ }).click();
    await page.waitForURL(/dzongkhag=Paro/);
    assert.deepEqual(searchOf(page), { dzongkhag: 'Paro', pending: 'true' });
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=checklists-table] tbody tr').length === 1,
    );
    assert.deepEqual(await rowNames(page), ['Paro']);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an administrator corrects time and place, then deletes the checklist', async () => {
    const { page, context, errors } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto(`/checklists/${ids['Thimphu hills']}`);
    await page.getByRole('heading', { name: 'Thimphu hills', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Correct' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct date, time and place' });
    await dialog.getByLabel('Time').fill('06:45');
    // A searchable select: type the gewog, Enter takes the one match.
    await dialog.getByLabel('Gewog').fill('Chang');
    await dialog.getByLabel('Gewog').press('Enter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText("Checklist 'Thimphu hills' corrected").waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const { _id } = await apiCall(stack, 'GET', `/api/v1/checklists/${ids['Thimphu hills']}`, { token });
    assert.equal(_id.selectedTime.slice(0, 5), '06:45');
    assert.equal(_id.gewog, 'Chang');
    assert.equal(_id.village, null, 'the old village belonged to the old gewog');

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: "Delete checklist 'Thimphu hills'?" });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/checklists');
    await page.getByText("Checklist 'Thimphu hills' deleted with its 2 entries").waitFor();
    const list = await apiCall(stack, 'GET', '/api/v1/checklists?limit=10', { token });
    assert.equal(
      list.checklists.some((c) => c._id.checklistName === 'Thimphu hills'),
      false,
    );
    assert.deepEqual(errors, []);
    await context.close();
  });
});

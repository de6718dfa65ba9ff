// The review queue (issue 14) in the browser: flagged and oldest first with the reasons written out,
// dzongkhag and flag filters held in the URL, the backlog per dzongkhag, approving the unflagged
// entries at once, keyboard review with a rejection reason, and the review rules page.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, apiLogin, openPage, signInWithToken, startStack } from '../harness.mjs';
import { CHECKLISTS, documentsOf, SPECIES, settled } from './records-fixtures.mjs';

const queueRows = (page) => page.getByTestId('review-queue').locator('tbody tr.ant-table-row');

describe('review queue', { timeout: 120_000 }, () => {
  let stack;
  let token;
  before(async () => {
    stack = await startStack();
    token = await apiLogin(stack);
    for (const [englishName, scientificName] of SPECIES) {
      await apiCall(stack, 'POST', '/api/v1/species', { token, body: { englishName, scientificName } });
    }
    // Approved history: the raven is known in Paro, so a new raven there raises no flag.
    const history = {
      ...CHECKLISTS[1],
      checklistName: 'Paro last year',
      birder: 'Old Birder',
      selectedDate: '2025-03-01',
      birds: [{ birdName: 'Common Raven', total: 3 }],
    };
    await apiCall(stack, 'POST', '/api/v1/checklists', {
      token,
      body: documentsOf(history, { Approvedstatus: 'approved' }),
    });
    // Waiting: Paro raven (clean) and crow (first in Paro), Thimphu tragopan (first) and 'Unknown Birds'.
    for (const checklist of [CHECKLISTS[1], CHECKLISTS[2]]) {
      await apiCall(stack, 'POST', '/api/v1/checklists', { token, body: documentsOf(checklist) });
    }
  });
  after(async () => {
    await stack?.close();
  });

  test('flagged first with reasons, filters in the URL, backlog, approve the unflagged, keyboard rejection', async () => {
    const { page, errors } = await openPage(stack);
    await signInWithToken(stack, page);
    await page.goto('/');
    await page.getByRole('menuitem', { name: 'Review Queue' }).click();
    await page.waitForURL('**/review');
    await page.getByRole('heading', { name: 'Review Queue' }).waitFor();
    await queueRows(page).first().waitFor();
    await settled(page);

    // Three flagged entries, then the clean raven last; every reason is written out.
    const birds = await queueRows(page).locator('.records-name-link, .records-name').allTextContents();
    assert.equal(birds.length, 4);
    assert.equal(birds[3], 'Common Raven');
    await queueRows(page)
      .filter({ hasText: 'Large-billed Crow' })
      .getByText('No approved record of Large-billed Crow in Paro dzongkhag before')
      .waitFor();
    await queueRows(page).filter({ hasText: 'Unknown Birds' }).getByText('Unknown species').waitFor();

    const summary = page.getByTestId('review-summary');
    const paro = summary.locator('tr', { hasText: 'Paro' });
    assert.deepEqual((await paro.locator('td').allTextContents()).slice(0, 3), ['Paro', '2', '1']);

    // Filters live in the URL and survive a reload.
    // The list of 20 is virtual: type to bring Thimphu into view.
    await page.getByLabel('Dzongkhag', { exact: true }).click();
    await page.keyboard.type('Thim');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Thimphu' })
      .click();
    await page.waitForURL((url) => url.searchParams.get('dzongkhag') === 'Thimphu');
    await page.reload();
    await queueRows(page).first().waitFor();
    await settled(page);
    assert.deepEqual(
      (await queueRows(page).locator('.records-name-link, .records-name').allTextContents()).sort(),
      ['Satyr Tragopan', 'Unknown Birds'],
    );
    await page.goto('/review?flag=none');
    await queueRows(page).filter({ hasText: 'Common Raven' }).waitFor();
    await settled(page);
    assert.equal(await queueRows(page).count(), 1);

    // Approving the unflagged ones leaves the flagged for a closer look.
    await page.getByRole('button', { name: 'Approve 1 unflagged on this page' }).click();
    await page.getByText('Nothing waiting for review').waitFor();
    await page.goto('/review');
    await queueRows(page).first().waitFor();
    await settled(page);
    assert.equal(await queueRows(page).count(), 3);

    // Keyboard review: j highlights the first (oldest flagged) entry, r asks why, Enter rejects.
    const first =
      (await queueRows(page).first().locator('.records-name-link, .records-name').textContent()) ?? '';
    await page.keyboard.press('j');
    await page.keyboard.press('r');
    const dialog = page.getByRole('dialog', { name: `Reject ${first}` });
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await queueRows(page).filter({ hasText: first }).waitFor({ state: 'detached' });
    // Rejected with the first of the reasons the admins keep, as the birder will read it.
    const templates = await apiCall(stack, 'GET', '/api/v1/review/rejection-templates', { token });
    const lists = await Promise.all(
      ['/api/v1/checklists?limit=10', '/api/v1/newspecies?limit=10'].map((u) =>
        apiCall(stack, 'GET', u, { token }),
      ),
    );
    const rejected = lists
      .flatMap((l) => l.checklists.flatMap((g) => g.entries))
      .filter((e) => e.Approvedstatus === 'rejected');
    assert.deepEqual(
      rejected.map((e) => [e.BirdName, e.rejectionReason]),
      [[first, templates.items[0].text]],
    );

    // The review rules: a new rejection reason appears in the list the reviewers pick from.
    await page.getByRole('link', { name: 'Review rules' }).click();
    await page.getByRole('heading', { name: 'Review Rules' }).waitFor();
    await page.getByLabel('New rejection reason').fill('Please send a clearer photo');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Please send a clearer photo').waitFor();
    const after = await apiCall(stack, 'GET', '/api/v1/review/rejection-templates', { token });
    assert.ok(after.items.some((t) => t.text === 'Please send a clearer photo'));
    assert.deepEqual(errors, []);
  });
});

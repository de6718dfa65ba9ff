// WCAG 2.1 AA (issue 12): axe-core over every console route at 1280 and 375 px must find no critical and
// no serious violation; moderate ones are printed so they stay visible. Then a keyboard-only pass through
// review: skip link, the checklist details page and its j/k/a/r keys, without a mouse.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { apiCall, apiLogin, createAdmin, openPage, ROOT, signInWithToken, startStack } from '../harness.mjs';
import { seedRecords, settled } from './records-fixtures.mjs';

let stack;
let token;
const ids = {};
before(async () => {
  stack = await startStack();
  token = await apiLogin(stack);
  const checklists = await seedRecords(stack, token);
  ids.checklist = checklists['Phobjikha morning'];
  const { species } = await apiCall(stack, 'GET', '/api/v1/species?page=1&limit=5', { token });
  ids.species = species[0]._id;
  const admin = await createAdmin(stack);
  const { users } = await apiCall(stack, 'GET', '/users?page=1&limit=20', { token });
  ids.admin = users.find((u) => u.email === admin.email)?._id;
  await apiCall(stack, 'POST', '/auth/register', {
    body: { name: 'Dorji Axe', email: 'dorji@birders.test', country: 'Bhutan', password: 'Birder-pass-2026' },
  });
  const birders = await apiCall(stack, 'GET', '/api/v1/birders?limit=100', { token });
  ids.birder = birders.users.find((u) => u.birder.name === 'Dorji Axe')?.birder._id;
  assert.ok(ids.species && ids.admin && ids.birder && ids.checklist, JSON.stringify(ids));
});
after(async () => {
  await stack?.close();
});

const PUBLIC_ROUTES = [
  '/login',
  '/signup',
  '/forgot-password',
  '/password-reset/00000000-0000-4000-8000-000000000000/not-a-real-token-at-all-xyz',
  '/deactivated',
  '/not-admin',
];
const signedInRoutes = () => [
  '/',
  '/species',
  '/species/add',
  `/species/${ids.species}`,
  `/species/${ids.species}/edit`,
  '/checklists',
  '/checklists/add',
  '/checklists/analyze',
  `/checklists/${ids.checklist}`,
  '/entries',
  '/new-species',
  `/new-species/${ids.checklist}`,
  '/graphs',
  '/birders',
  `/birders/${ids.birder}`,
  '/top-birders',
  '/settings',
  '/add-admin',
  `/admins/${ids.admin}/edit`,
  '/password-update',
  '/notifications',
];

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Loads a route, waits for its data, runs axe; returns the violations by impact. */
async function audit(page, route) {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  await settled(page);
  // Every page names itself with an h1 (the page title).
  const h1 = await page
    .getByRole('heading', { level: 1 })
    .first()
    .waitFor({ timeout: 10_000 })
    .then(() => [])
    .catch(() => [`${route} has no h1`]);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const describe = (v) =>
    `${route} ${v.id} (${v.impact}): ${v.help} — ${v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(' | ')}`;
  return {
    blocking: [...h1, ...violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')].map(
      (v) => (typeof v === 'string' ? v : describe(v)),
    ),
    moderate: violations.filter((v) => v.impact === 'moderate' || v.impact === 'minor').map(describe),
  };
}

describe('accessibility (axe, WCAG 2.1 AA)', { timeout: 1_200_000 }, () => {
  for (const [width, height] of [
    [1280, 800],
    [375, 740],
  ]) {
    test(`every route at ${width} px: 0 critical, 0 serious`, async (t) => {
      const blocking = [];
      const moderate = [];
      const { page, context } = await openPage(stack, { width, height });
      for (const route of PUBLIC_ROUTES) {
        const found = await audit(page, route);
        blocking.push(...found.blocking);
        moderate.push(...found.moderate);
      }
      await signInWithToken(stack, page);
      for (const route of signedInRoutes()) {
        const found = await audit(page, route);
        blocking.push(...found.blocking);
        moderate.push(...found.moderate);
      }
      // Reported, not failed on: shown by the spec reporter under the test.
      t.diagnostic(`${moderate.length} moderate/minor violation(s) at ${width}px`);
      for (const line of moderate) t.diagnostic(line);
      assert.deepEqual(blocking, []);
      await context.close();
    });
  }
});

describe('keyboard only', { timeout: 120_000 }, () => {
  test('skip link, then review a checklist with j/k/a/r without touching the mouse', async () => {
    const { page, context, errors } = await openPage(stack);
    await signInWithToken(stack, page, ROOT);
    await page.goto(`/checklists/${ids.checklist}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settled(page);

    // The first Tab lands on the skip link; Enter moves focus past the navigation to the content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    assert.ok(await skip.evaluate((el) => el === document.activeElement));
    assert.ok(await skip.isVisible(), 'the skip link shows when focused');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content');

    // j/k move between entries, a approves and r rejects the highlighted one (then move on).
    const review = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Bird' }) });
    const row = (bird) => review.getByRole('row').filter({ hasText: bird });
    await page.keyboard.press('j');
    await page.keyboard.press('a');
    await row('Black-necked Crane').getByRole('button', { name: 'Approved Black-necked Crane' }).waitFor();
    // r asks for the reason the birder will read (issue 14); the dialog takes the keyboard: Enter rejects.
    await page.keyboard.press('r');
    const ravenReason = page.getByRole('dialog', { name: 'Reject Common Raven' });
    await ravenReason.waitFor();
    await page.keyboard.press('Enter');
    // Keys go back to the page once the dialog has gone.
    await ravenReason.waitFor({ state: 'hidden' });
    await row('Common Raven').getByRole('button', { name: 'Rejected Common Raven' }).waitFor();
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await page.keyboard.press('r');
    const craneReason = page.getByRole('dialog', { name: 'Reject Black-necked Crane' });
    await craneReason.waitFor();
    await page.keyboard.press('Enter');
    await craneReason.waitFor({ state: 'hidden' });
    await row('Black-necked Crane').getByRole('button', { name: 'Rejected Black-necked Crane' }).waitFor();

    // Tab reaches the row's buttons too: Enter on a focused Approve works like a click.
    const approveCrow = row('Large-billed Crow').getByRole('button', { name: 'Approve Large-billed Crow' });
    for (let i = 0; i < 60 && !(await approveCrow.evaluate((el) => el === document.activeElement)); i += 1)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await row('Large-billed Crow').getByRole('button', { name: 'Approved Large-billed Crow' }).waitFor();

    // What the keys did was saved.
    await page.reload();
    await row('Black-necked Crane').getByRole('button', { name: 'Rejected Black-necked Crane' }).waitFor();
    await row('Common Raven').getByRole('button', { name: 'Rejected Common Raven' }).waitFor();
    await row('Large-billed Crow').getByRole('button', { name: 'Approved Large-billed Crow' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});

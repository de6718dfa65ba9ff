import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { atRest, createAdmin, linkFromNewestMail, openPage, ROOT, signIn, startStack } from '../harness.mjs';

let stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.close();
});

const pathOf = (page) => new URL(page.url()).pathname;
const token = (page) => page.evaluate(() => localStorage.getItem('token'));

describe('sign-in flows', { timeout: 120_000 }, () => {
  test('root signs in, sees the pending label, lands on / and stays signed in after a reload', async () => {
    const { page, context, errors } = await openPage(stack);
    // Hold the login answer back until the pending state has been seen (a gate, not a timer).
    let release = () => undefined;
    const gate = new Promise((r) => {
      release = r;
    });
    await page.route(`${stack.apiUrl}/auth/login`, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(ROOT.email);
    await page.getByLabel('Password', { exact: true }).fill(ROOT.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const pending = page.getByRole('button', { name: 'Signing in...' });
    await pending.waitFor();
    assert.equal(await pending.isDisabled(), true);
    release();

    await page.waitForURL(`${stack.webUrl}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('Species Leaders').waitFor();
    assert.equal(await page.getByTestId('profile-name').textContent(), ROOT.name);
    assert.ok(await token(page), 'the token is stored');

    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the signed-out pages draw with antd's static sheet: no component styles made in the browser", async () => {
    const { page, context, errors } = await openPage(stack);
    await page.goto('/login');
    const signInButton = page.getByRole('button', { name: 'Sign In' });
    // Before the click: the pointer then rests on the button, which takes its hover colour.
    const primaryBackground = await signInButton.evaluate((b) => getComputedStyle(b).backgroundColor);
    await signInButton.click();
    await page.getByText('Email is required').waitFor();
    // The look is the sheet's: the theme's error red on the message and on the field's border, once their colour
    // transitions have ended (waited for as a condition; without the sheet's rules they never arrive).
    await page.waitForFunction(
      (red) => {
        const message = document.querySelector('.ant-form-item-explain-error');
        const field = document.querySelector(
          '.ant-input-affix-wrapper-status-error, .ant-input-status-error',
        );
        return (
          message !== null &&
          field !== null &&
          getComputedStyle(message).color === red &&
          getComputedStyle(field).borderTopColor === red
        );
      },
      'rgb(196, 29, 29)',
      { timeout: 10_000 },
    );
    const seen = await page.evaluate(() => {
      const links = [...document.querySelectorAll('head link[id^="antd-css-auth-"]')];
      // antd's runtime styles (data-css-hash) for a component carry its class; the CSS-variable blocks (.css-var-…)
      // and the root's app and link rules are all it still writes under zeroRuntime.
      const generated = [...document.querySelectorAll('head style[data-css-hash]')]
        .map((s) => s.textContent ?? '')
        .filter(
          (text) =>
            !text.startsWith('.css-var-') && /\.ant-(form|input|btn|typography|divider|alert)\b/.test(text),
        );
      return {
        ids: links.map((l) => l.id),
        // Chromium gives a link that failed an empty sheet too: the boot script's mark says how it settled.
        loaded: links.filter((l) => l.getAttribute('data-state') === 'loaded').length,
        hrefs: links.map((l) => l.getAttribute('href') ?? ''),
        generated: generated.length,
        // The CSS-variable blocks come with the sheet too: antd writes none of them at run time.
        variableBlocks: [...document.querySelectorAll('head style')].filter((s) =>
          (s.textContent ?? '').startsWith('.css-var-'),
        ).length,
        // …and the variables are in force: the form's, from the sheet's block for it.
        formVariable: getComputedStyle(document.querySelector('.ant-form') ?? document.body)
          .getPropertyValue('--ant-form-label-color')
          .trim(),
      };
    });
    // The signed-out sheet is one part (the console's comes in several), linked and loaded.
    assert.deepEqual(seen.ids, ['antd-css-auth-0']);
    assert.equal(seen.loaded, seen.ids.length, 'every part of the signed-out sheet is loaded');
    for (const href of seen.hrefs) assert.match(href, /^\/assets\/antd-auth-[0-9a-f]{8}\.css$/);
    assert.equal(seen.generated, 0, 'antd wrote no component rules at run time');
    assert.equal(seen.variableBlocks, 0, 'antd wrote no CSS-variable blocks at run time');
    assert.notEqual(seen.formVariable, '', "the form's CSS variables are in force");
    // The theme's primary green, from the sheet.
    assert.equal(primaryBackground, 'rgb(27, 94, 74)');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a wrong password shows the server message in the error area', async () => {
    const { page, context } = await openPage(stack);
    await signIn(page, { email: ROOT.email, password: 'not-the-password' });
    const alert = page.getByRole('alert');
    await alert.getByText('Invalid email or password').waitFor();
    assert.equal(pathOf(page), '/login');
    assert.equal(await token(page), null);
    await context.close();
  });

  test('forgot password → mail in the outbox → reset → sign in with the new password', async () => {
    const admin = await createAdmin(stack);
    const { page, context } = await openPage(stack);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The URL changes before the lazy page replaces the sign-in form: wait for the page itself.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('.ant-alert-success').waitFor();

    const link = await linkFromNewestMail(stack, `${stack.webUrl}/password-reset/`);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Add New Password' }).waitFor();
    const newPassword = 'Brand-new-pass-42';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill('something-else');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();

    await page.waitForURL('**/login');
    await page.locator('.ant-alert-success').waitFor();
    await signIn(page, { email: admin.email, password: newPassword });
    await page.waitForURL(`${stack.webUrl}/`);
    assert.equal(await page.getByTestId('profile-name').textContent(), admin.name);
    await context.close();
  });

  test('Google: no button when the API has it off; a failed Google return explains itself', async () => {
    const { page, context } = await openPage(stack);
    await page.goto('/login?error=google');
    await page.getByRole('alert').getByText('Google sign-in failed. Please try again.').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Sign in with Google' }).count(), 0);
    await context.close();
  });

  test('the sign-in page follows the static shell directly: no Loading screen between, the brand stays put', async () => {
    for (const width of [1280, 375, 320]) {
      const { page, context } = await openPage(stack, { width, height: 800 });
      // Watches every change of the page once index.html is parsed: the brand's place and any 'Loading...' screen
      // (FullPageMessage; index.html's own hidden session shell aside). While the parser is still adding the shell,
      // the brand can be measured before the card below it exists (366 px at 1280 px, once, on a loaded machine).
      await page.addInitScript(() => {
        const seen = { brandY: [], loading: false, shift: 0 };
        window.__firstScreen = seen;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.shift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        const look = () => {
          if (document.readyState === 'loading') return;
          const brand = document.querySelector('.auth-brand');
          const y = brand ? Math.round(brand.getBoundingClientRect().y) : null;
          if (y !== null && seen.brandY.at(-1) !== y) seen.brandY.push(y);
          for (const message of document.querySelectorAll('.full-page-message:not(.boot-shell)'))
            if (message.getClientRects().length > 0) seen.loading = true;
        };
        new MutationObserver(look).observe(document, { childList: true, subtree: true });
        document.addEventListener('DOMContentLoaded', look);
      });
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      const seen = await page.evaluate(() => window.__firstScreen);
      assert.equal(seen.loading, false, `${width} px: a Loading screen came between the shell and the page`);
      assert.equal(seen.brandY.length, 1, `${width} px: the brand moved (${seen.brandY.join(' → ')} px)`);
      assert.equal(seen.shift, 0, `${width} px: layout shift`);
      await context.close();
    }
  });

  test("an invalid reset link stays on 'Loading...' and says why underneath", async () => {
    const { page, context } = await openPage(stack);
    await page.goto('/password-reset/00000000-0000-4000-8000-000000000000/not-a-real-token-at-all-xyz');
    await page.getByText('Loading...').first().waitFor();
    await page
      .getByTestId('reset-link-error')
      .getByText(/invalid or has expired/)
      .waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Add New Password' }).count(), 0);
    await context.close();
  });

  test('a plain user signs up, then is refused and sent to /not-admin', async () => {
    const { page, context } = await openPage(stack, { width: 375, height: 760 });
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Welcome to Jarog' }).waitFor();
    const email = `birder-${Date.now()}@jarog.test`;
    await page.getByLabel('Name', { exact: true }).fill('Karma Birder');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Country').fill('Bhutan');
    await page.getByLabel('Password').fill('Birder-pass-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/login');
    await page.locator('.ant-alert-success').waitFor();

    await signIn(page, { email, password: 'Birder-pass-1' });
    await page.waitForURL('**/not-admin');
    await page.getByRole('heading', { name: 'You are not an admin' }).waitFor();
    assert.equal(await token(page), null);
    await page.getByRole('link', { name: 'Log in with a different account' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  test('logout asks first: Cancel keeps the session, Confirm ends it', async () => {
    const { page, context } = await openPage(stack);
    await signIn(page);
    await page.waitForURL(`${stack.webUrl}/`);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to Logout?' });
    await dialog.waitFor();
    await atRest(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(pathOf(page), '/');
    assert.ok(await token(page));

    await page.getByTestId('sidebar').getByText('Logout').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/login');
    assert.equal(await token(page), null);
    await page.goto('/settings');
    await page.waitForURL('**/login');
    await context.close();
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createAdmin, openPage, signIn, signInWithToken, startStack } from '../harness.mjs';
import { bandsPng } from '../png.mjs';

let stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.close();
});

/** Reads pixels of an image URL in the page: [r, g, b] at each fraction of the width, mid-height. */
function samplePixels(page, src, xs) {
  return page.evaluate(
    async ({ src, xs }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d');
      ctx.drawImage(img, 0, 0);
      const y = Math.floor(img.naturalHeight / 2);
      return {
        width: img.naturalWidth,
        height: img.naturalHeight,
        pixels: xs.map((f) => [
          ...ctx.getImageData(Math.floor(f * (img.naturalWidth - 1)), y, 1, 1).data.slice(0, 3),
        ]),
      };
    },
    { src, xs },
  );
}

const dominant = ([r, g, b]) => (r > g && r > b ? 'red' : g > r && g > b ? 'green' : 'blue');

describe('own profile and account', { timeout: 120_000 }, () => {
  test('name change shows in the top bar; a photo is cropped to a centred square and saved', async () => {
    const admin = await createAdmin(stack);
    const { page, context, errors } = await openPage(stack);
    // Through the form on purpose: the shell then runs on the user the login answer seeded.
    await signIn(page, admin);
    await page.waitForURL(`${stack.webUrl}/`);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Sonam Choden');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('.ant-alert-success').waitFor();
    await page.getByTestId('profile-name').getByText('Sonam Choden').waitFor();

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'bands.png', mimeType: 'image/png', buffer: bandsPng() });
    const dialog = page.getByRole('dialog', { name: 'Crop your photo' });
    await dialog.waitFor();
    await dialog.getByTestId('crop-area').locator('img').waitFor();
    await dialog.getByRole('button', { name: 'Use photo' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const preview = await page.getByTestId('profile-photo').locator('img').getAttribute('src');
    assert.match(preview ?? '', /^data:image\/jpeg;base64,/);
    // 300 x 200 picture in red | green | blue bands → the centred 200 x 200 square is red, green, blue
    // at its left edge, middle and right edge.
    const crop = await samplePixels(page, preview, [0.02, 0.5, 0.98]);
    assert.equal(crop.width, crop.height, 'the crop is square');
    assert.equal(crop.width, 200);
    assert.deepEqual(crop.pixels.map(dominant), ['red', 'green', 'blue']);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('.ant-alert-success').waitFor();
    const topBarImg = page.getByRole('button', { name: 'Account menu' }).locator('img');
    await page.waitForFunction(
      (prefix) => document.querySelector('.top-bar__profile img')?.getAttribute('src')?.startsWith(prefix),
      `${stack.apiUrl}/media/`,
    );
    const loaded = await topBarImg.evaluate(async (img) => {
      await img.decode();
      return { w: img.naturalWidth, h: img.naturalHeight };
    });
    assert.ok(loaded.w > 0 && loaded.w === loaded.h, `saved photo is square (${loaded.w}x${loaded.h})`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('password update sends the person to /login, and the new password works', async () => {
    const admin = await createAdmin(stack);
    const { page, context } = await openPage(stack);
    await signInWithToken(stack, page, admin);
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Change' }).click();
    await page.waitForURL('**/password-update');

    await page.getByLabel('Old password').fill('wrong-old-password');
    await page.getByLabel('New password', { exact: true }).fill('Fresh-pass-2026');
    await page.getByLabel('Confirm new password').fill('Fresh-pass-2026');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('alert').getByText('Old password is incorrect').waitFor();

    await page.getByLabel('Old password').fill(admin.password);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.waitForURL('**/login');
    await page.locator('.ant-alert-success').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);

    await signIn(page, { email: admin.email, password: 'Fresh-pass-2026' });
    await page.waitForURL(`${stack.webUrl}/`);
    await context.close();
  });

  test('deactivating one’s own account asks first, signs out, and blocks the next sign-in', async () => {
    const admin = await createAdmin(stack);
    const { page, context } = await openPage(stack, { width: 375, height: 800 });
    await signInWithToken(stack, page, admin);
    await page.goto('/settings');
    await page
      .getByText('Once you deactivate your account, there is no going back please be certain')
      .waitFor();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to deactivate your account?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await page.waitForURL('**/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);

    await signIn(page, admin);
    await page.waitForURL('**/deactivated');
    await context.close();
  });
});

import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { DEV_TEAL, PRODUCT_PURPLE, submitLogin } from './helpers';

// Spec §1: the dev (sandbox) environment is a second, isolated instance of the product that the server
// runs under /dev, with its own database, accounts and sessions (ADR 0008). The e2e server runs one
// beside its PGlite database (SANDBOX=auto), seeded with the same QCDESK_ADMIN_PASSWORD as the product.

test.use({ locale: 'en-US' });

const background = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => getComputedStyle(el).backgroundColor);

const signInButtonColour = (page: Page) =>
  page
    .getByTestId('login-password-form')
    .getByRole('button', { name: 'Sign in' })
    .evaluate((el) => getComputedStyle(el).backgroundColor);

test('switches to the sandbox, signs in there as its admin, and back to the product', async ({ page }) => {
  await page.goto('/en/login');
  expect(await signInButtonColour(page)).toBe(PRODUCT_PURPLE);
  await page.getByTestId('environment-switch').click();
  await expect(page.getByTestId('sandbox-badge')).toBeVisible();
  await expect.poll(() => signInButtonColour(page)).toBe(DEV_TEAL);

  const signedIn = page.waitForResponse((response) => new URL(response.url()).pathname === '/dev/api/auth');
  await submitLogin(page, 'en', 'admin');
  expect((await signedIn).status()).toBe(200);
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByTestId('home-greeting')).toBeVisible();
  await expect(page.getByTestId('sandbox-badge')).toBeVisible();
  await expect.poll(() => background(page, 'environment-switch')).toBe(DEV_TEAL);
  // This server has a sandbox: no "not available" notice.
  await expect(page.getByTestId('environment-unavailable')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('qcdesk.dev.bearerToken'))).not.toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('qcdesk.bearerToken'))).toBeNull();

  // Back in the product the sandbox's session counts for nothing: the product asks for its own.
  await page.getByTestId('environment-switch').click();
  await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen$/);
  await expect.poll(() => signInButtonColour(page)).toBe(PRODUCT_PURPLE);
  await expect(page.getByTestId('sandbox-badge')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('qcdesk.env'))).toBe('product');
});

test('a sandbox link (/dev/…, as its mails and short links are) opens the app in the sandbox', async ({
  page,
}) => {
  await page.goto('/dev/en/login?redirect=%2Fen%2Fhelp');
  await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fhelp$/);
  await expect(page.getByTestId('sandbox-badge')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('qcdesk.env'))).toBe('dev');
  await expect.poll(() => signInButtonColour(page)).toBe(DEV_TEAL);
});

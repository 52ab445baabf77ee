import { expect } from '@playwright/test';
import { DEMO_USERS } from './accounts';
import { test } from './fixtures';
import { signIn, watchProblems } from './helpers';

// The home page and the envelope under it, for a signed-in user.

/** The database the suite's server runs on (E2E_DATABASE_URL: PostgreSQL, playwright.config.ts). */
const DATABASE = process.env.E2E_DATABASE_URL ? 'postgres' : 'pglite';

test('home: greeting, the areas of the role, and system information read through the envelope', async ({
  page,
}) => {
  const problems = watchProblems(page);
  await signIn(page, DEMO_USERS.QC_MGR);
  // The landing page's own call first, so the waits below see the reload's and not that one.
  await expect(page.getByTestId('system-info')).toContainText('QCDesk');
  const call = page.waitForRequest((r) => r.url().includes('/api/system/info'));
  const answer = page.waitForResponse((r) => r.url().includes('/api/system/info'));
  await page.reload();

  // The wire carries only the envelope: a wrapped key and sealed text, never the plain result.
  const request = await call;
  expect(request.url()).toContain('cpt=qcdesk-web');
  expect(request.url()).toContain('format=json');
  expect(request.headers()['accept-language']).toBe('en-US,en');
  expect(request.headers().authorization).toMatch(/^Bearer /);
  const sent = request.postDataJSON() as { key: string; data: string };
  expect(sent.key).toMatch(/^[0-9a-f]{16}\./);
  const body = (await (await answer).json()) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['data']);
  expect(JSON.stringify(body)).not.toContain('QCDesk');

  await expect(page.getByTestId('home-greeting')).toContainText('Demo QC manager');
  const areas = page.getByTestId('home-modules');
  await expect(areas.getByRole('heading', { name: 'Inspection' })).toBeVisible();
  await expect(areas.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(areas.getByRole('heading', { name: 'Clients' })).toBeVisible();
  const info = page.getByTestId('system-info');
  await expect(info).toContainText('QCDesk');
  await expect(info).toContainText(DATABASE);
  await expect(page.getByText(`© 2018–${new Date().getFullYear()} QCDesk`)).toBeVisible();
  expect(problems).toEqual([]);
});

test('a failed call shows a 2 s toast and the error in the card', async ({ page }) => {
  await signIn(page, DEMO_USERS.QC);
  await page.route('**/api/system/info*', (route) => route.abort('connectionfailed'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('The system information could not be loaded')).toBeVisible();
  const toast = page.locator('.ant-message').getByText('Error:Network(网络异常)');
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 3_500 });
});

test('a failure toast also closes on a click anywhere', async ({ page }) => {
  await signIn(page, DEMO_USERS.QC, 'zh');
  await page.route('**/api/system/info*', (route) => route.abort('connectionfailed'));
  await page.getByRole('button', { name: '刷新' }).click();
  const toast = page.locator('.ant-message').getByText('网络异常');
  await expect(toast).toBeVisible();
  await page.locator('footer').click();
  await expect(toast).toBeHidden({ timeout: 1_000 });
});

test('after a refused envelope key the client fetches the public key again and retries once', async ({
  page,
}) => {
  await signIn(page, DEMO_USERS.QC);
  let refused = 0;
  let publicKeys = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/publickey')) publicKeys++;
  });
  await page.route('**/api/system/info*', async (route) => {
    if (refused === 0) {
      refused++;
      await route.fulfill({
        status: 400,
        json: { success: false, error: 'Invalid EncryptedMessage', code: 4001 },
      });
      return;
    }
    await route.continue();
  });
  await page.reload();
  await expect(page.getByTestId('system-info')).toContainText(DATABASE);
  expect(refused).toBe(1);
  expect(publicKeys).toBe(2);
  await expect(page.locator('.ant-message')).toHaveCount(0);
});

import { expect } from '@playwright/test';
import { DEMO_USERS } from './accounts';
import { test } from './fixtures';
import { signIn, submitLogin } from './helpers';

// Spec §2: redirects, public routes and the route guard.

test.describe('redirects', () => {
  test.use({ locale: 'en-US' });

  for (const path of ['/', '/index', '/index.html']) {
    test(`${path} goes to /{language}, which asks a signed-out user to sign in`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen$/);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    });
  }

  test('/login and /help get the language', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/en\/login$/);
    await page.goto('/help');
    await expect(page).toHaveURL(/\/en\/help$/);
    await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
  });

  test('an unknown path goes to /{language}/… and shows the not-found page', async ({ page }) => {
    await page.goto('/no/such-page');
    await expect(page).toHaveURL(/\/en\/no\/such-page$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/zh/no-such-page');
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  });
});

test.describe('Chinese browser', () => {
  test.use({ locale: 'zh-CN' });

  test('/ goes to /zh', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/zh\/login\?redirect=%2Fzh$/);
    await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  });
});

test('public routes need no session', async ({ page }) => {
  const pages: Array<[string, RegExp | string]> = [
    ['/en/login', 'Sign in'],
    ['/en/forgetpassword', 'Forgot password'],
    ['/en/password', 'Change password'],
    ['/en/verify', 'Verify your account'],
    ['/en/help', 'Help'],
    ['/en/network-error', 'The server cannot be reached'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
  // The shared-file page (its own issue) is public too: no trip to Login.
  await page.goto('/s/abc123');
  await expect(page).toHaveURL(/\/s\/abc123$/);
  await expect(page.getByTestId('login-card')).toHaveCount(0);
});

test('a signed-out user goes to Login with the full path, and back there after signing in', async ({
  page,
}) => {
  await page.goto('/en/supervisereport/12?tab=files');
  await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fsupervisereport%2F12%3Ftab%3Dfiles$/);
  await submitLogin(page, 'en', 'admin');
  await expect(page).toHaveURL(/\/en\/supervisereport\/12\?tab=files$/);
  await expect(page.getByTestId('login-card')).toHaveCount(0);
});

test('every guarded route sends a signed-out user to Login', async ({ page }) => {
  for (const path of [
    '/zh',
    '/zh/user',
    '/zh/user/1',
    '/zh/config/mailbox',
    '/zh/settings',
    '/zh/dailyworkreport/2026/1/2/3',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`/zh/login?redirect=${encodeURIComponent(path)}`);
  }
});

test('a route outside the permitted-route list goes to Invalidate', async ({ page }) => {
  await signIn(page, DEMO_USERS.CLIENT);
  for (const path of ['/en/user', '/en/material/5', '/en/config', '/en/reportform']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`/en/invalidate?from=${encodeURIComponent(path)}`);
    await expect(page.getByRole('heading', { name: 'No permission' })).toBeVisible();
  }
  // A route the client holds opens.
  await page.goto('/en/inspection/booking');
  await expect(page.getByRole('heading', { name: 'Inspection bookings', exact: true })).toBeVisible();
});

test('the menu offers only the permitted routes', async ({ page }) => {
  await signIn(page, DEMO_USERS.INSPECTOR, 'zh');
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByRole('link', { name: '首页' })).toBeVisible();
  await expect(menu.getByText('用户')).toHaveCount(0);
  await expect(menu.getByText('客户')).toHaveCount(0);
  await expect(menu.getByText('验货', { exact: true })).toBeVisible();
});

import { expect } from '@playwright/test';
import { DEMO_USERS } from './accounts';
import { createOwnUser } from './api';
import { test } from './fixtures';
import { type Lang, loginText, signIn, signOut, submitLogin, watchProblems } from './helpers';

// Issue 3 (web): sign-in modes, the session and its tokens.

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`signs in with a password in ${lang}, lands on the redirect target, and signs out`, async ({
    page,
  }) => {
    const problems = watchProblems(page);
    const text = loginText[lang];
    await page.goto(`/${lang}/user`);
    await expect(page).toHaveURL(`/${lang}/login?redirect=${encodeURIComponent(`/${lang}/user`)}`);

    // Spec §5: neither field may be empty.
    await page.getByTestId('login-password-form').getByRole('button', { name: text.submit }).click();
    await expect(page.getByText(text.usernameEmpty)).toBeVisible();
    await expect(page.getByText(text.passwordEmpty)).toBeVisible();

    await submitLogin(page, lang, 'admin');
    await expect(page).toHaveURL(new RegExp(`/${lang}/user$`));
    await expect(
      page.getByRole('heading', { level: 1, name: lang === 'en' ? 'Users' : '用户管理' }),
    ).toBeVisible();
    await expect(page.getByRole('cell', { name: 'demo.qc', exact: true })).toBeVisible();

    // Bearer in session storage, refresh token in session storage too when not remembered (spec §3).
    const stored = await page.evaluate(() => ({
      bearer: sessionStorage.getItem('qcdesk.bearerToken'),
      refresh: sessionStorage.getItem('qcdesk.refreshToken'),
      remembered: localStorage.getItem('qcdesk.refreshToken'),
    }));
    expect(stored.bearer).toBeTruthy();
    expect(stored.refresh).toBeTruthy();
    expect(stored.remembered).toBeNull();

    await signOut(page, lang);
    expect(await page.evaluate(() => sessionStorage.getItem('qcdesk.bearerToken'))).toBeNull();
    await page.goto(`/${lang}/user`);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(problems).toEqual([]);
  });
}

test('a wrong password is refused on the form', async ({ page, baseURL }) => {
  // The spec's own user: failures count towards a lockout of the account.
  const user = await createOwnUser(baseURL!, DEMO_USERS.QC, 'wrongpw');
  await page.goto('/en/login');
  const form = page.getByTestId('login-password-form');
  await form.getByLabel('Username').fill(user.username);
  await form.getByLabel('Password', { exact: true }).fill('Wrong#1234');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByRole('alert')).toContainText('The username or password is wrong');
  await expect(page).toHaveURL(/\/en\/login$/);
});

test('remember me keeps the session in a new tab through the refresh token', async ({ page, context }) => {
  await page.goto('/en/login');
  await submitLogin(page, 'en', DEMO_USERS.QC, { remember: true });
  await expect(page.getByTestId('home-greeting')).toContainText('Demo QC engineer');
  expect(await page.evaluate(() => localStorage.getItem('qcdesk.refreshToken'))).toBeTruthy();

  // A new tab has no bearer token: the check answers 401, the refresh token buys a new one, the check repeats.
  const tab = await context.newPage();
  const refreshed = tab.waitForResponse((r) => r.url().includes('/api/access-token'));
  await tab.goto('/en/user');
  // A QC engineer may not open the users list.
  await expect(tab).toHaveURL(/\/en\/invalidate\?from=%2Fen%2Fuser$/);
  expect((await refreshed).status()).toBe(200);
  await tab.goto('/en');
  await expect(tab.getByTestId('home-greeting')).toContainText('Demo QC engineer');
});

test('an expired bearer token is refreshed once and the call repeated', async ({ page }) => {
  await signIn(page, DEMO_USERS.QC_MGR);
  await page.evaluate(() => sessionStorage.setItem('qcdesk.bearerToken', 'expired.token.value'));
  const refreshed = page.waitForResponse((r) => r.url().includes('/api/access-token'));
  await page.goto('/en/user');
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('qcdesk.bearerToken'))).not.toBe(
    'expired.token.value',
  );
});

test('a refused refresh token ends the session: "token expired" and Login', async ({ page }) => {
  await signIn(page, DEMO_USERS.LAB);
  await page.evaluate(() => {
    sessionStorage.setItem('qcdesk.bearerToken', 'expired.token.value');
    sessionStorage.setItem('qcdesk.refreshToken', 'not-a-refresh-token');
  });
  // The toast lives 2 s: watched from before the load, since on a busy machine the sign-in page can
  // take longer than that to show after it (a clean-clone CI run missed it twice).
  const toast = expect(page.locator('.ant-message')).toContainText('token expired');
  await page.goto('/en/material');
  await toast;
  await expect(page).toHaveURL(`/en/login?redirect=${encodeURIComponent('/en/material')}`);
  expect(await page.evaluate(() => sessionStorage.getItem('qcdesk.refreshToken'))).toBeNull();
});

test('QR sign-in is completed from a second browser context', async ({ page, browser }) => {
  await page.goto('/en/login');
  await page.getByTestId('login-mode').getByRole('button', { name: 'Scan' }).click();
  const image = page.getByTestId('login-qr-image');
  await expect(image).toBeVisible();
  const url = await image.getAttribute('data-url');
  expect(url).toMatch(/\/en\/login\?qr=/);

  // The phone: already signed in, it opens the code's link and approves.
  const phone = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 740 } });
  const phonePage = await phone.newPage();
  await signIn(phonePage, DEMO_USERS.SALES);
  await phonePage.goto(url!);
  await expect(phonePage.getByTestId('qr-confirm-panel')).toContainText('Demo Sales');
  await phonePage.getByTestId('qr-approve').click();
  await expect(phonePage.getByTestId('qr-confirm-result')).toContainText('The other device is now signed in');
  await phone.close();

  // The waiting page receives the session by polling and goes on.
  await expect(page).toHaveURL(/\/en$/, { timeout: 15_000 });
  await expect(page.getByTestId('home-greeting')).toContainText('Demo Sales');
});

test('an interim link that was already used says "token has expired"', async ({ page }) => {
  await page.goto('/en/login?interim=not-a-real-token');
  await expect(page.getByTestId('interim-failed')).toContainText('token has expired');
});

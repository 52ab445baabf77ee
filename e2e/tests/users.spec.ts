import { type Browser, expect, type Page } from '@playwright/test';
import { createUser, getUser, searchUsers } from '@qcdesk/contract/identity';
import { searchMail } from '@qcdesk/contract/mail';
import { DEMO_USERS } from './accounts';
import { Api, createOwnGroup, createOwnUser, uniqueSuffix } from './api';
import { test } from './fixtures';
import {
  expectA11yOnce,
  expectNoHorizontalOverflow,
  go,
  type Lang,
  LOOKING,
  pickOption,
  screenshotsAt,
  settled,
  shoot,
  signIn,
} from './helpers';

// Issue 3 (web): users, groups and roles screens, the dev mailbox, and the sign-in modes that go by mail.

const NEW_PASSWORD = 'Fresh#2024x';

/** The newest mail to `to` in the dev mailbox, read by an administrator (`admin` must be signed in). */
async function latestMailText(page: Page, to: string): Promise<string> {
  await go(page, '/en/config/mailbox');
  await page.getByPlaceholder('To').fill(to);
  await page.getByRole('button', { name: 'Search' }).click();
  // The address's only mail: until the search answers, the first row is anybody's newest mail; the
  // mail is queued, so Search is pressed again until it has arrived.
  await expect(async () => {
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('mail-open')).toHaveCount(1, { timeout: 2_000 });
  }).toPass();
  const open = page.getByTestId('mail-open').first();
  await open.click();
  const text = await page.getByTestId('mail-text').innerText();
  await page.keyboard.press('Escape');
  return text;
}

/**
 * What `pattern` finds in the newest mail to `to` once `count` mails went there, read through the
 * API (polled: mail is queued). The mailbox screen is read by the first test here and by
 * material-test.spec.ts; these tests need only the code or link.
 */
async function fromLatestMail(baseURL: string, to: string, count: number, pattern: RegExp): Promise<string> {
  const admin = await Api.signedIn(baseURL);
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const { list } = await admin.call(searchMail, { to, pageSize: 10 });
        found = list.length >= count ? pattern.exec(list[0]!.text)?.[0] : undefined;
        return found !== undefined;
      },
      { message: `mail ${count} to ${to}, matching ${pattern}` },
    )
    .toBe(true);
  return found!;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' });
  return context.newPage();
}

test('an administrator creates a user, who sets a password from the welcome mail and signs in', async ({
  page,
  browser,
}) => {
  const username = `e2e.${uniqueSuffix()}`;
  await signIn(page, 'admin', 'en', { at: '/en/user' });
  await page.getByTestId('user-create').click();
  await expect(page).toHaveURL(/\/en\/user\/new$/);
  const form = page.getByTestId('user-form');
  // Required fields say so before anything is sent.
  await page.getByTestId('user-save').click();
  await expect(form.getByText('Username must not be empty')).toBeVisible();

  await form.getByLabel('Username').fill(username);
  await form.getByLabel('E-mail').fill(`${username}@example.com`);
  await form.getByLabel('Name', { exact: true }).fill('测试用户');
  await form.getByLabel('English name').fill('Test User');
  await pickOption(page, form, 'Department', 'Quality control');
  await pickOption(page, form, 'Position', 'QC');
  await pickOption(page, form, 'Role', 'QC engineer');
  await page.getByTestId('user-save').click();

  await expect(page).toHaveURL(/\/en\/user\/\d+$/);
  const detail = page.getByTestId('user-detail');
  await expect(detail).toContainText(username);
  await expect(detail).toContainText('Not verified');

  // The welcome mail waits in the dev mailbox (no SMTP server here).
  const mail = await latestMailText(page, `${username}@example.com`);
  const link = /https?:\/\/\S+\/en\/password\?token=\S+/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();

  const visitor = await newPage(browser);
  await visitor.goto(link!);
  await expect(visitor.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await visitor.getByLabel('New password', { exact: true }).fill('123456');
  await visitor.getByLabel('Repeat new password').fill('654321');
  await visitor.getByRole('button', { name: 'Save password' }).click();
  // Spec §5: the password rule and the repeat check speak before the server is asked.
  await expect(visitor.getByText('not all digits or all letters').first()).toBeVisible();
  await expect(visitor.getByText('The passwords do not match')).toBeVisible();
  await visitor.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await visitor.getByLabel('Repeat new password').fill(NEW_PASSWORD);
  // The messages fold away (animated) before the button settles where it is clicked.
  await expect(visitor.getByText('The passwords do not match')).toHaveCount(0);
  await expect(visitor.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await visitor.getByRole('button', { name: 'Save password' }).click();
  await expect(visitor).toHaveURL(/\/en\/login$/);

  // Login says the password is set, with the account filled in (issue 12).
  await expect(visitor.getByTestId('login-password-set')).toContainText('Your password is set');
  const form2 = visitor.getByTestId('login-password-form');
  await expect(form2.getByLabel('Username')).toHaveValue(username);
  await form2.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await form2.getByRole('button', { name: 'Sign in' }).click();
  await expect(visitor.getByTestId('home-greeting')).toContainText('Test User');
  await visitor.context().close();

  // Locked, the user cannot sign in; unlocked, they can again.
  await go(page, '/en/user');
  await page.getByPlaceholder('Name').fill(username);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: '测试用户' }).click();
  await page.getByTestId('user-lock').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Lock' }).click();
  await expect(page.getByTestId('user-detail')).toContainText('Frozen');
  await expect(page.getByTestId('user-lock')).toHaveText('Unlock');
});

// Issue 25: a client user's client is picked by its code or name and shown by name; the demo client
// user belongs to the client of the demo orders and sees them.
const CLIENT_TEXT = {
  en: { client: 'Client', nordic: 'NORDHOME · Nordic Home AB', pacific: 'PACTOYS · Pacific Toys Inc.' },
  zh: { client: '客户', nordic: 'NORDHOME · Nordic Home AB', pacific: 'PACTOYS · Pacific Toys Inc.' },
} as const;

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a client user's client is picked by its code and shown by name`, async ({
    page,
    baseURL,
  }) => {
    const text = CLIENT_TEXT[lang];
    // The spec's own client user, made like demo.client (so of its client).
    const admin = await Api.signedIn(baseURL!);
    const model = (await admin.call(searchUsers, { name: DEMO_USERS.CLIENT })).list.find(
      (u) => u.username === DEMO_USERS.CLIENT,
    )!;
    const like = await admin.call(getUser, { id: model.id });
    const username = `e2e.client.${uniqueSuffix()}`;
    const { id } = await admin.call(createUser, {
      username,
      name: `客户用户${username.slice(-6)}`,
      email: `${username}@example.com`,
      departmentId: like.departmentId,
      position: like.position,
      roleId: like.roleId,
      clientId: like.clientId,
    });

    await signIn(page, 'admin', lang, { at: `/${lang}/user/${id}` });
    await expect(page.getByTestId('user-detail')).toContainText(text.nordic);
    await page.getByTestId('user-edit').click();
    const field = page.getByTestId('user-form').getByLabel(text.client, { exact: true });
    await expect(field).toHaveValue(text.nordic);
    await field.fill('pactoys');
    await page.locator('.ant-select-dropdown:visible').getByText(text.pacific).click();
    await page.getByTestId('user-save').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/user/${id}$`));
    await expect(page.getByTestId('user-detail')).toContainText(text.pacific);
    await settled(page);
    await screenshotsAt(page, lang, 'users-client');

    // The seeded demo client user sees its client's demo orders.
    await signIn(page, DEMO_USERS.CLIENT, lang, { at: `/${lang}/order?orderNo=NH24-0315` });
    await expect(page.getByTestId('order-link').filter({ hasText: 'NH24-0315' }).first()).toBeVisible();
  });
}

test('groups: toggling a group re-sends its update', async ({ page, baseURL }) => {
  // The spec's own group: freezing a seeded one would take modules from the demo users meanwhile.
  const group = await createOwnGroup(baseURL!, 'toggle');
  await signIn(page, 'admin', 'en', { at: '/en/user?tab=groups' });
  const toggle = page.getByRole('switch', { name: `Group ${group.name} active`, exact: true });
  await expect(toggle).toBeChecked();
  const update = page.waitForRequest((r) => r.url().includes('/api/group/update'));
  await toggle.click();
  await update;
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
});

test('positions and roles are listed with their permissions', async ({ page }) => {
  await signIn(page, DEMO_USERS.QC_MGR, 'en', { at: '/en/user?tab=roles' });
  await expect(page.getByRole('cell', { name: 'INSPECTOR', exact: true })).toBeVisible();
  await expect(page.getByText('Supervisor', { exact: true })).toBeVisible();
  // Without role.edit the list is read-only.
  await expect(page.getByTestId('role-create')).toHaveCount(0);
  await expect(page.getByTestId('role-edit')).toHaveCount(0);
  // A QC manager may read users but not create them.
  await go(page, '/en/user');
  await expect(page.getByTestId('user-create')).toHaveCount(0);
});

test('an administrator creates a role with a few permissions, then renames it', async ({ page }) => {
  test.setTimeout(180_000);
  const code = `E2E_${uniqueSuffix().toUpperCase()}`;
  await signIn(page, 'admin', 'en', { at: '/en/user?tab=roles' });
  await page.getByTestId('role-create').click();
  const form = page.getByTestId('role-form');
  // Required fields say so before anything is sent.
  await page.getByTestId('role-save').click();
  await expect(form.getByText('Code must not be empty')).toBeVisible();

  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Chinese name').fill('端到端角色');
  await form.getByLabel('English name').fill('E2E role');
  // The group box ticks the whole group.
  await form.getByRole('group', { name: 'Clients' }).getByRole('checkbox', { name: 'Clients' }).check();
  await form.getByRole('group', { name: 'Test reports' }).getByRole('checkbox', { name: 'Export' }).check();
  await expect(form.getByText(/^4 of \d+ selected$/)).toBeVisible();
  await expect(form.getByLabel('Code')).toHaveValue(code);
  await roleScreenshots(page, 'en', 'role-form');
  const created = page.waitForResponse((r) => r.url().includes('/api/config/role/create'));
  await page.getByTestId('role-save').click();
  expect((await created).status()).toBe(200);
  await expect(page.getByTestId('role-form')).toHaveCount(0);

  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('E2E role');
  await expect(row).toContainText('4 permissions');
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Expand row' }).click();
  await expect(page.getByText('Clients: Search, Edit, Administer')).toBeVisible();
  await expect(page.getByText('Test reports: Export')).toBeVisible();

  await row.getByRole('button', { name: `Edit ${code}` }).click();
  await expect(form.getByLabel('Code')).toBeDisabled();
  await expect(
    form.getByRole('group', { name: 'Clients' }).getByRole('checkbox', { name: 'Administer' }),
  ).toBeChecked();
  await form.getByLabel('English name').fill('E2E role renamed');
  const updated = page.waitForResponse((r) => r.url().includes('/api/config/role/update'));
  await page.getByTestId('role-save').click();
  expect((await updated).status()).toBe(200);
  await expect(row).toContainText('E2E role renamed');
  await roleScreenshots(page, 'en', 'roles');

  // Freezing asks first; activating gives the role back.
  await row.getByTestId('role-toggle').click();
  await page
    .getByRole('dialog', { name: 'Freeze the role E2E role renamed?' })
    .getByRole('button', { name: 'Freeze' })
    .click();
  await expect(row).toContainText('Frozen');
  await row.getByTestId('role-toggle').click();
  await page
    .getByRole('dialog', { name: 'Activate the role E2E role renamed?' })
    .getByRole('button', { name: 'Activate' })
    .click();
  await expect(row).toContainText('Active');

  // Deleting asks first; a deleted role can be restored. (A role users hold is refused by the server.)
  await row.getByTestId('role-delete').click();
  await page
    .getByRole('dialog', { name: 'Delete the role E2E role renamed?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(row).toContainText('Deleted');
  await row.getByTestId('role-undelete').click();
  await expect(row).toContainText('Active');

  // The same role in Chinese: its Chinese name, the permission groups labelled in Chinese.
  await go(page, '/zh/user?tab=roles');
  const zhRow = page.getByRole('row').filter({ hasText: code });
  await expect(zhRow).toContainText('端到端角色');
  await expect(zhRow).toContainText('4 项权限');
  await roleScreenshots(page, 'zh', 'roles');
  await zhRow.getByRole('button', { name: `编辑 ${code}` }).click();
  await expect(form.getByLabel('英文名称')).toHaveValue('E2E role renamed');
  await expect(
    form.getByRole('group', { name: '测试报告' }).getByRole('checkbox', { name: '导出' }),
  ).toBeChecked();
  await roleScreenshots(page, 'zh', 'role-form');
});

/** Screenshots at phone and PC width; the page must not scroll sideways, the PC one passes axe. */
async function roleScreenshots(page: Page, lang: Lang, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await expectNoHorizontalOverflow(page, `${name} at ${width}px in ${lang}`);
    // Let the drawer and the layout follow the new width before the capture, from the top.
    if (LOOKING) {
      await page.waitForTimeout(400);
      const drawer = page.locator('.ant-drawer-body');
      if ((await drawer.count()) > 0) await drawer.evaluate((body) => body.scrollTo(0, 0));
      else await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `users-${name}-${lang}-${width}`, { fullPage: (await drawer.count()) === 0 });
    }
    await expectA11yOnce(page, lang, width);
  }
}

test('an administrator acts as another user and comes back', async ({ page }) => {
  await signIn(page, 'admin', 'en', { at: '/en/user' });
  await page.getByPlaceholder('Name').fill('demo.sales');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: '演示业务员' }).click();
  await page.getByTestId('user-impersonate').click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByTestId('home-greeting')).toContainText('Demo Sales');
  await expect(page.getByTestId('impersonation-banner')).toContainText('impersonated by');
  await page.getByTestId('impersonation-banner').getByRole('button', { name: 'Back to my account' }).click();
  await expect(page).toHaveURL(/\/en\/user$/);
  await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
  await expect(page.getByTestId('user-menu')).toContainText('Administrator');
});

test('sign-in by e-mail code, the code read from the dev mailbox', async ({ page, baseURL }) => {
  const auditor = await createOwnUser(baseURL!, DEMO_USERS.AUDITOR, 'auditor');
  const visitor = page;
  await visitor.goto('/en/login');
  await visitor.getByTestId('login-mode').getByRole('button', { name: 'E-mail code' }).click();
  const form = visitor.getByTestId('login-code-form');
  await form.getByLabel('Username or e-mail').fill(auditor.username);
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form.getByRole('button', { name: /Again in \d+ s/ })).toBeVisible();

  const code = await fromLatestMail(baseURL!, auditor.email, 2, /\b\d{6}\b/);
  await form.getByLabel('Code').fill(code);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(visitor.getByTestId('home-greeting')).toContainText(auditor.englishName);
});

test('forgot password: the reset link from the mail sets a new password', async ({ page, baseURL }) => {
  // The spec's own user: a reset ends every session of the account and changes its password.
  const manager = await createOwnUser(baseURL!, DEMO_USERS.SALES_MGR, 'salesmgr');
  const visitor = page;
  await visitor.goto('/en/login');
  await visitor.getByRole('link', { name: 'Forgot password?' }).click();
  await visitor.getByLabel('Username or e-mail').fill(manager.username);
  await visitor.getByRole('button', { name: 'Send reset link' }).click();
  await expect(visitor.getByTestId('forget-password-sent')).toBeVisible();

  // The second mail: the reset link, not the welcome mail's (both lead to the same page).
  const link = await fromLatestMail(baseURL!, manager.email, 2, /https?:\/\/\S+\/en\/password\?token=\S+/);
  await visitor.goto(link);
  await visitor.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await visitor.getByLabel('Repeat new password').fill(NEW_PASSWORD);
  await visitor.getByRole('button', { name: 'Save password' }).click();
  await expect(visitor).toHaveURL(/\/en\/login$/);
  const form = visitor.getByTestId('login-password-form');
  await form.getByLabel('Username').fill(manager.username);
  await form.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(visitor.getByTestId('home-greeting')).toContainText(manager.englishName);
});

test('the settings page saves the preferences', async ({ page, baseURL }) => {
  // The spec's own user: the mail preference decides whether pushes reach the demo lab user.
  const lab = await createOwnUser(baseURL!, DEMO_USERS.LAB, 'lab');
  await signIn(page, lab.username, 'en', { at: '/en/settings' });
  const preferences = page.getByTestId('settings-preferences');
  const save = page.waitForResponse((r) => r.url().includes('/api/user/setting/update'));
  await preferences.getByRole('switch').click();
  await preferences.getByRole('button', { name: 'Save' }).click();
  expect((await save).status()).toBe(200);
  await expect(page.locator('.ant-message')).toContainText('Settings saved');
});

test('a changed e-mail must be verified: sign-in goes on to VerifyAccount, the code comes by mail', async ({
  page,
  browser,
  baseURL,
}) => {
  // The spec's own inspector: an unverified account cannot sign in until verified (routing.spec
  // signs in as the demo inspector).
  const inspector = await createOwnUser(baseURL!, DEMO_USERS.INSPECTOR, 'inspector');
  const email = `inspector.${uniqueSuffix()}@example.com`;
  await signIn(page, 'admin', 'en', { at: '/en/user' });
  await page.getByPlaceholder('Name').fill(inspector.username);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: inspector.name }).click();
  await page.getByTestId('user-edit').click();
  await expect(page).toHaveURL(/\?edit=1$/);
  const form = page.getByTestId('user-form');
  await form.getByLabel('E-mail').fill(email);
  await page.getByTestId('user-save').click();
  await expect(page.getByTestId('user-detail')).toContainText(email);
  await expect(page.getByTestId('user-detail')).toContainText('Not verified');

  const visitor = await newPage(browser);
  await visitor.goto('/en/inspection/task');
  const login = visitor.getByTestId('login-password-form');
  await login.getByLabel('Username').fill(inspector.username);
  await login.getByLabel('Password', { exact: true }).fill(inspector.password);
  await login.getByRole('button', { name: 'Sign in' }).click();
  // Spec §8: -1002 shows the message and carries the session to the verification step.
  await expect(visitor).toHaveURL(/\/en\/verify\?redirect=%2Fen%2Finspection%2Ftask$/);
  await expect(visitor.locator('.ant-message')).toContainText('Account must be verified');
  await visitor.getByRole('button', { name: 'Send code' }).click();
  // The address shows masked.
  await expect(visitor.getByText(/The code was sent to \S+@example\.com/)).toBeVisible();

  const code = await fromLatestMail(baseURL!, email, 1, /\b\d{6}\b/);
  await visitor.getByLabel('Verification code').fill(code);
  await visitor.getByRole('button', { name: 'Verify' }).click();
  await expect(visitor).toHaveURL(/\/en\/inspection\/task$/);
  // The inspector lands on their own tasks (issue 26).
  await expect(visitor.getByRole('heading', { name: 'Inspection tasks', level: 1 })).toBeVisible();
  await visitor.context().close();
});

import { expect, type Page } from '@playwright/test';
import { DEMO_USERS } from './accounts';
import { uniqueSuffix } from './api';
import { test } from './fixtures';
import { go, pickOption, screenshotsAt, settled, shoot, signIn } from './helpers';

// Issue 12: forms people live in. A changed form asks before it is left (and not after a save or a
// cancel); a number out of its range keeps what was typed and says so instead of being clamped; a
// create page says what it creates; a server fault reads in the UI's language.

const TEXT = {
  en: {
    newClient: 'New client',
    home: 'Home',
    name: 'Name',
    country: 'Country',
    germany: 'Germany',
    type: 'Type',
    importer: 'Importer',
    advanceDays: 'Advance days',
    range: 'Enter a number from 0 to 30',
    leaveTitle: 'Leave this page?',
    leave: 'Leave',
    stay: 'Stay',
    cancel: 'Cancel',
    internal: 'Internal Server Error',
  },
  zh: {
    newClient: '新建客户',
    home: '首页',
    name: '名称',
    country: '国家',
    germany: '德国',
    type: '类型',
    importer: '进口商',
    advanceDays: '提前天数',
    range: '请输入0到30之间的数字',
    leaveTitle: '离开此页面？',
    leave: '离开',
    stay: '留下',
    cancel: '取消',
    internal: '系统错误，请联系管理员',
  },
} as const;

type Text = (typeof TEXT)[keyof typeof TEXT];

/** The breadcrumb's Home link: the way out people take from a half-filled form. */
const homeLink = (page: Page, text: Text) =>
  page.getByTestId('breadcrumbs').getByRole('link', { name: text.home });

/** A button's name: antd spaces out a two-character Chinese label (取 消). */
const named = (label: string) => new RegExp(`^${[...label].join('\\s?')}$`);

const leaveDialog = (page: Page, text: Text) => page.getByRole('dialog').filter({ hasText: text.leaveTitle });

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a changed form asks before it is left, numbers keep what was typed, errors read in ${lang}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[lang];
    const name = `E2E ${lang} Forms ${uniqueSuffix()}`;
    // A create page says what it creates, in the breadcrumb and the tab title.
    await signIn(page, DEMO_USERS.SALES, lang, { at: `/${lang}/client/new` });
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/client/create')) creates.push(request.url());
    });

    const form = page.getByTestId('client-form');
    await expect(page.getByTestId('breadcrumbs')).toContainText(text.newClient);
    await expect(page).toHaveTitle(new RegExp(`^${text.newClient} · `));

    // Untouched, the form is left without a word.
    await homeLink(page, text).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}$`));
    await page.goBack();
    await expect(form).toBeVisible();

    // Half-filled: Home asks first. Stay keeps the page and the input.
    await form.getByLabel(text.name, { exact: true }).fill(name);
    await homeLink(page, text).click();
    await expect(leaveDialog(page, text)).toBeVisible();
    await leaveDialog(page, text)
      .getByRole('button', { name: named(text.stay) })
      .click();
    await expect(leaveDialog(page, text)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/${lang}/client/new$`));
    await expect(form.getByLabel(text.name, { exact: true })).toHaveValue(name);

    // Closing or reloading the tab asks too (the browser's own prompt); dismissed, the input stays.
    const unload = page.waitForEvent('dialog');
    void page.reload().catch(() => {});
    const prompt = await unload;
    expect(prompt.type()).toBe('beforeunload');
    await prompt.dismiss();
    await expect(form.getByLabel(text.name, { exact: true })).toHaveValue(name);

    // Advance days 31 (hint 0–30): kept as typed, the field says the range, nothing is sent.
    await pickOption(page, form, text.country, text.germany, text.germany);
    await pickOption(page, form, text.type, text.importer);
    const days = form.getByLabel(text.advanceDays);
    await days.fill('31');
    await days.blur();
    await expect(days).toHaveValue('31');
    await page.getByTestId('client-save').click();
    await expect(form.getByText(text.range)).toBeVisible();
    await expect(days).toHaveValue('31');
    await expect(page).toHaveURL(new RegExp(`/${lang}/client/new$`));
    expect(creates).toEqual([]);
    await screenshotsAt(page, lang, 'forms-client-range', () => false);

    // A server fault reads in the UI's language (a plain 500, as a proxy answers it).
    await days.fill('5');
    await page.route('**/api/client/create**', (route) =>
      route.fulfill({ status: 500, body: '', headers: { 'content-type': 'text/plain' } }),
    );
    await page.getByTestId('client-save').click();
    await expect(form.getByRole('alert').filter({ hasText: text.internal })).toBeVisible();
    await page.unroute('**/api/client/create**');

    // Saved, the record opens and leaving it asks nothing.
    await page.getByTestId('client-save').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/client/\\d+$`));
    await expect(page.getByTestId('client-detail').getByRole('heading', { name })).toBeVisible();
    await homeLink(page, text).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}$`));
    await expect(leaveDialog(page, text)).toHaveCount(0);

    // Leave drops the input and goes (the question looked at on a phone and a PC first).
    await go(page, `/${lang}/client/new`);
    await form.getByLabel(text.name, { exact: true }).fill(`${name} 2`);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await homeLink(page, text).click();
      await expect(leaveDialog(page, text)).toBeVisible();
      // The dialog zooms in: shoot it where it settles.
      await expect(page.locator('.ant-modal').filter({ hasText: text.leaveTitle })).not.toHaveClass(/zoom/);
      await settled(page);
      await shoot(page, `forms-leave-${lang}-${width}`);
      if (width === 375) {
        await leaveDialog(page, text)
          .getByRole('button', { name: named(text.stay) })
          .click();
        await expect(leaveDialog(page, text)).toBeHidden();
      }
    }
    await leaveDialog(page, text)
      .getByRole('button', { name: named(text.leave) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${lang}$`));

    // An explicit Cancel asks nothing either.
    await go(page, `/${lang}/client/new`);
    await form.getByLabel(text.name, { exact: true }).fill(`${name} 3`);
    await form.getByRole('button', { name: named(text.cancel) }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/client$`));
    await expect(leaveDialog(page, text)).toHaveCount(0);
  });
}

const SHOTS = {
  en: {
    sort: 'Sort order',
    sortRange: 'Enter a number from -1,000,000 to 1,000,000',
    passwordSet: 'Your password is set',
  },
  zh: { sort: '排序', sortRange: '请输入-1,000,000到1,000,000之间的数字', passwordSet: '密码已设置' },
} as const;

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: the other forms at 375 and 1280 — a role's sort out of range, Login after a password was set`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const text = SHOTS[lang];
    await signIn(page, 'admin', lang, { at: `/${lang}/user?tab=roles` });
    await page.getByTestId('role-create').click();
    const roleForm = page.getByTestId('role-form');
    const sort = roleForm.getByLabel(text.sort);
    await sort.fill('2000000');
    await sort.blur();
    await page.getByTestId('role-save').click();
    await expect(roleForm.getByText(text.sortRange)).toBeVisible();
    await expect(sort).toHaveValue('2000000');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page);
      await shoot(page, `forms-role-${lang}-${width}`);
    }

    // Login as a set-password link leaves it: the message, and the name filled in (router state).
    const context = await browser.newContext({ baseURL: baseURL! });
    const visitor = await context.newPage();
    await visitor.goto(`/${lang}/login`);
    await visitor.evaluate((username) => {
      window.history.replaceState({ usr: { passwordSet: true, username }, key: 'set', idx: 0 }, '');
    }, DEMO_USERS.QC);
    await visitor.reload();
    await expect(visitor.getByTestId('login-password-set')).toContainText(text.passwordSet);
    await expect(visitor.getByTestId('login-password-form').getByRole('textbox').first()).toHaveValue(
      DEMO_USERS.QC,
    );
    await screenshotsAt(visitor, lang, 'forms-login-password-set');
    await context.close();
  });
}

import { expect, type Locator, type Page } from '@playwright/test';
import { searchClients } from '@qcdesk/contract/client';
import { configListOperations } from '@qcdesk/contract/config';
import { TEST_RESULT } from '@qcdesk/contract/enumerations';
import { searchMail } from '@qcdesk/contract/mail';
import { searchMaterials } from '@qcdesk/contract/material';
import {
  createMaterialTest,
  getMaterialTest,
  MATERIAL_TEST_STATUS,
  searchMaterialTests,
} from '@qcdesk/contract/material-test';
import { searchOriginalSamples } from '@qcdesk/contract/original-sample';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, createOwnUser, uploadAs } from './api';
import { test } from './fixtures';
import {
  DEV_TEAL,
  expectNoSeriousA11yViolations,
  go,
  type Lang,
  LOOKING,
  screenshotsAt,
  settled,
  signIn,
  submitLogin,
} from './helpers';

// The minor findings of issue 12, each in both languages: names in the reader's language, screens
// that fit at 375 px, the change log in words and numbers, a push that needs a report, readable
// contrast, tags with room, pages that fit a signed-in user, the refused address on Invalidate, a
// search that clears, and a sandbox that says what it is.

const LANGS = ['zh', 'en'] as const;

/** How many lines a box's text takes (its distinct line tops). */
const textLines = (box: Locator) =>
  box.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

async function apiOf(baseURL: string | undefined): Promise<Api> {
  return Api.signedIn(baseURL!);
}

test.describe('people are named in the UI language; the user detail fits a phone', () => {
  for (const lang of LANGS) {
    test(`${lang}: user detail at 375 and 1280`, async ({ page, baseURL }) => {
      const own = await createOwnUser(baseURL!, DEMO_USERS.QC, 'detail');
      await signIn(page, 'admin', lang, { at: `/${lang}/user/${own.id}` });
      const detail = page.getByTestId('user-detail');
      // The heading names the user as the UI language does: the English name in English.
      await expect(detail.getByRole('heading', { level: 1 })).toHaveText(
        lang === 'en' ? own.englishName : own.name,
      );
      await expect(detail).toContainText(own.name);
      await expect(detail).toContainText(own.englishName);

      await page.setViewportSize({ width: 375, height: 900 });
      await settled(page);
      // Labels keep to one line (not 用/户/名 one character per line), the e-mail stays whole.
      const username = detail.locator('.ant-descriptions-item-label', {
        hasText: lang === 'en' ? 'Username' : '用户名',
      });
      await expect.poll(() => textLines(username)).toBe(1);
      const email = detail.locator('.ant-descriptions-item-content', { hasText: own.email });
      await expect.poll(() => textLines(email)).toBe(1);

      await screenshotsAt(page, lang, 'minor-user-detail');
    });
  }

  test('en: the lock confirmation and the client form name people in English', async ({ page, baseURL }) => {
    const own = await createOwnUser(baseURL!, DEMO_USERS.QC, 'confirm');
    await signIn(page, 'admin', 'en', { at: `/en/user/${own.id}` });
    await page.getByRole('button', { name: 'Lock' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(own.englishName);
    await expect(dialog).not.toContainText(own.name);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A picker shows the English name first in English.
    await go(page, '/en/client/new');
    const form = page.getByTestId('client-form');
    await form.getByLabel('Sales', { exact: true }).fill('Demo sales');
    const option = page
      .locator('.ant-select-dropdown:visible')
      .getByText(/^Demo Sales \(演示/)
      .first();
    await expect(option).toBeVisible();
  });
});

test.describe('holiday calendar at 375', () => {
  for (const lang of LANGS) {
    test(`${lang}: the month picker shows the whole month`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 900 });
      // September: the longest month name in English.
      await signIn(page, 'admin', lang, { at: `/${lang}/config/holiday?month=2026-09` });
      const input = page.getByRole('textbox', { name: lang === 'en' ? 'Choose a month' : '选择月份' });
      await expect(input).toHaveValue(lang === 'en' ? 'September 2026' : '2026年9月');
      expect(await input.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await screenshotsAt(page, lang, 'minor-holiday-calendar');
    });
  }
});

test.describe('change log in words and numbers', () => {
  for (const lang of LANGS) {
    test(`${lang}: child keys by name, decimals as numbers`, async ({ page, baseURL }) => {
      const api = await apiOf(baseURL);
      const sample = (await api.call(searchOriginalSamples, { itemNo: 'PB-2024-001', pageSize: 5 })).list[0]!;
      const client = (await api.call(searchClients, { name: 'Nordic Home', pageSize: 5 })).list[0]!;
      await signIn(page, 'admin', lang, { at: `/${lang}/originalsample/${sample.id}` });
      const log = page.getByRole('region', { name: lang === 'en' ? 'Change log' : '修改记录' });
      // parts[FABRIC] reads as the part's name, and its percentage as a number.
      await expect(log).toContainText(lang === 'en' ? 'Parts Fabric' : '部件 面料');
      await expect(log).not.toContainText('FABRIC');
      await expect(log).toContainText(lang === 'en' ? 'Percentage: 100' : '占比: 100');
      await expect(log).not.toContainText('100.00');
      await screenshotsAt(page, lang, 'minor-change-log-sample');

      await go(page, `/${lang}/client/${client.id}`);
      const clientLog = page.getByRole('region', { name: lang === 'en' ? 'Change log' : '修改记录' });
      await expect(clientLog).toContainText(lang === 'en' ? 'Major AQL: (empty) → 2.5' : '→ 2.5');
      await expect(clientLog).not.toContainText('2.500');
    });
  }
});

test.describe('client detail tags', () => {
  for (const lang of LANGS) {
    test(`${lang}: tags keep a gap between them`, async ({ page, baseURL }) => {
      const api = await apiOf(baseURL);
      const client = (await api.call(searchClients, { name: 'Nordic Home', pageSize: 5 })).list[0]!;
      await signIn(page, 'admin', lang, { at: `/${lang}/client/${client.id}` });
      const tags = page.getByTestId('client-detail').getByTestId('tag-list').first().locator('.ant-tag');
      await expect(tags).toHaveCount(2);
      const [first, second] = [await tags.nth(0).boundingBox(), await tags.nth(1).boundingBox()];
      const gap =
        second!.y > first!.y + first!.height / 2
          ? second!.y - first!.y - first!.height
          : second!.x - first!.x - first!.width;
      expect(gap).toBeGreaterThanOrEqual(4);
      await screenshotsAt(page, lang, 'minor-client-detail');
    });
  }
});

/** The demo's completed material test without a report file (material-test.seed.ts), not yet pushed. */
async function testWithoutReport(api: Api): Promise<string> {
  const page = await api.call(searchMaterialTests, { status: 20, pageSize: 50 });
  for (const row of page.list) {
    const detail = await api.call(getMaterialTest, { id: row.id });
    if (detail.reportFiles.length === 0 && detail.pushCount === 0) return detail.id;
  }
  throw new Error('no completed material test without a report');
}

const PUSH_TEXT = {
  en: {
    push: 'Push',
    pushAgain: 'Push again',
    needsReport: 'No report file yet',
    noFiles: 'No report files yet.',
    once: '(sent once)',
    twice: '(sent 2 times)',
  },
  zh: {
    push: '推送',
    pushAgain: '重新推送',
    needsReport: '尚无报告文件',
    noFiles: '暂无报告文件。',
    once: '（已推送1次）',
    twice: '（已推送2次）',
  },
} as const;

test.describe('material test push', () => {
  for (const lang of LANGS) {
    test(`${lang}: a completed test without a report cannot be pushed, and says why; its empty list reads at AA`, async ({
      page,
      baseURL,
    }) => {
      const id = await testWithoutReport(await apiOf(baseURL));
      await signIn(page, 'admin', lang, { at: `/${lang}/materialtest/${id}` });
      const text = PUSH_TEXT[lang];
      await expect(page.getByTestId('material-test-push')).toBeDisabled();
      await expect(page.getByTestId('push-needs-report')).toContainText(text.needsReport);
      await expect(page.getByText(text.noFiles)).toBeVisible();
      // "No report files yet." was #bfbfbf on white (1.83:1).
      const colour = await page.getByText(text.noFiles).evaluate((el) => getComputedStyle(el).color);
      expect(colour).not.toBe('rgba(0, 0, 0, 0.25)');
      await expectNoSeriousA11yViolations(page);
      await screenshotsAt(page, lang, 'minor-material-test-no-report');
    });

    test(`${lang}: pushes are counted in words, and the pusher is greeted in their language`, async ({
      page,
      baseURL,
    }) => {
      const text = PUSH_TEXT[lang];
      // The completed test is recorded through the API as the lab user: the form and the mailbox
      // screen are material-test.spec.ts's journey; the count of pushes and the mail's greeting
      // are this test's.
      const { id, testNo } = await completedTestOfLab(baseURL!);
      await signIn(page, DEMO_USERS.LAB, lang, { at: `/${lang}/materialtest/${id}` });
      const detail = page.getByTestId('material-test-detail');
      await expect(detail.getByRole('heading').first()).toHaveText(testNo);

      for (const [button, count] of [
        [text.push, text.once],
        [text.pushAgain, text.twice],
      ] as const) {
        await expect(page.getByTestId('material-test-push')).toHaveText(button);
        await page.getByTestId('material-test-push').click();
        await page.getByRole('dialog').getByRole('button', { name: text.push }).click();
        await expect(detail).toContainText(count);
      }
      await expect(detail).not.toContainText('time(s)');
      await screenshotsAt(page, lang, 'minor-material-test-pushed');

      // The pusher's own copy greets them by the name of the mail's language.
      const mail = await mailTo(baseURL!, `${DEMO_USERS.LAB}@qcdesk.local`, testNo);
      if (lang === 'en') {
        expect(mail).toContain('Hello Demo Lab');
      } else {
        expect(mail).toContain('演示');
        expect(mail).toContain('，您好');
      }
    });
  }
});

/** A completed material test of ABS with a report file, recorded by the demo lab user. */
async function completedTestOfLab(baseURL: string): Promise<{ id: string; testNo: string }> {
  const lab = await Api.signedIn(baseURL, DEMO_USERS.LAB, DEMO_PASSWORD);
  const material = (await lab.call(searchMaterials, { upc: '6901234500011', pageSize: 5 })).list[0]!;
  const sgs = (await lab.call(configListOperations.lab.search, { keyword: 'SGS-SZ' })).list.find(
    (row) => row.code === 'SGS-SZ',
  )!;
  const report = await uploadAs(
    baseURL,
    lab,
    'minor-report.pdf',
    '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n',
    'application/pdf',
  );
  const created = await lab.call(createMaterialTest, {
    materialId: material.id,
    labId: sgs.id,
    startDate: new Date().toISOString().slice(0, 10),
    result: TEST_RESULT.pass,
    reportFileIds: [report],
  });
  expect(created.status).toBe(MATERIAL_TEST_STATUS.completed);
  return { id: created.id, testNo: created.testNo };
}

/** The text of the newest mail to `to` that names `about`, read from the dev mailbox by the administrator. */
async function mailTo(baseURL: string, to: string, about: string): Promise<string> {
  const admin = await Api.signedIn(baseURL);
  let found: string | undefined;
  await expect
    .poll(async () => {
      const mails = await admin.call(searchMail, { to, pageSize: 20 });
      found = mails.list.find((mail) => mail.text.includes(about))?.text;
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

const SIGNED_IN_TEXT = {
  en: {
    title: 'The server cannot be reached',
    retry: 'Try again',
    home: 'Home',
    account: 'My account and password',
  },
  zh: { title: '无法连接服务器', retry: '重试', home: '首页', account: '我的账号与密码' },
} as const;

test.describe('pages that fit a signed-in user', () => {
  for (const lang of LANGS) {
    test(`${lang}: the network-error page offers Retry and Home, never sign-in`, async ({ page }) => {
      const text = SIGNED_IN_TEXT[lang];
      await signIn(page, DEMO_USERS.QC, lang);
      await page.route('**/api/**', (route) => route.abort('connectionfailed'));
      await page.goto(`/${lang}/client`);
      await expect(page).toHaveURL(new RegExp(`/${lang}/network-error\\?redirect=`));
      await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
      await expect(page.getByTestId('network-retry')).toHaveText(text.retry);
      await expect(page.getByTestId('network-home')).toHaveText(text.home);
      await expect(page.getByTestId('sign-in-link')).toHaveCount(0);
      await screenshotsAt(page, lang, 'minor-network-error', () => false);

      // Back online, Home goes home.
      await page.unroute('**/api/**');
      await page.getByTestId('network-home').click();
      await expect(page).toHaveURL(new RegExp(`/${lang}$`));
      await expect(page.getByTestId('home-greeting')).toBeVisible();
    });

    test(`${lang}: help shows home and the own account to a signed-in user, sign-in to others`, async ({
      page,
    }) => {
      const text = SIGNED_IN_TEXT[lang];
      await page.goto(`/${lang}/help`);
      const links = page.getByTestId('help-links');
      await expect(links.getByRole('link')).toHaveText(
        lang === 'en' ? ['Sign in', 'Forgot password'] : ['登录', '忘记密码'],
      );
      // Signed in (through the API: the Login form is sign-in.spec.ts's), the same page.
      await signIn(page, DEMO_USERS.QC, lang, { at: `/${lang}/help` });
      await expect(links.getByRole('link')).toHaveText([text.home, text.account]);
      await expect(page.getByTestId('sign-in-link')).toHaveCount(0);
      await screenshotsAt(page, lang, 'minor-help-signed-in');
      await links.getByRole('link', { name: text.account }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/settings$`));
    });
  }
});

test.describe('the no-permission page names the refused address', () => {
  for (const lang of LANGS) {
    test(`${lang}: Invalidate keeps ?from= and shows it`, async ({ page }) => {
      // Signed in straight onto the refused address: the guard sends it on to Invalidate.
      const refused = `/${lang}/user?name=wang`;
      await signIn(page, DEMO_USERS.CLIENT, lang, { at: refused });
      await expect(page).toHaveURL(`/${lang}/invalidate?from=${encodeURIComponent(refused)}`);
      await expect(
        page.getByRole('heading', { name: lang === 'en' ? 'No permission' : '没有权限' }),
      ).toBeVisible();
      await expect(page.getByTestId('invalidate-from')).toHaveText(refused);
      await screenshotsAt(page, lang, 'minor-invalidate');

      // Only a path of this app is shown: an outside address in a link is not.
      await go(page, `/${lang}/invalidate?from=${encodeURIComponent('https://evil.example/x')}`);
      await expect(page.getByTestId('invalidate-page')).toBeVisible();
      await expect(page.getByTestId('invalidate-from')).toHaveCount(0);
    });
  }
});

test.describe('home search', () => {
  for (const lang of LANGS) {
    test(`${lang}: a one-character search shows its error and clears the results before it`, async ({
      page,
    }) => {
      await signIn(page, DEMO_USERS.QC_MGR, lang, { at: `/${lang}/search` });
      const input = page.getByTestId('home-search-input');
      await input.fill('Nordic');
      await page.getByTestId('home-search-submit').click();
      await expect(page.getByTestId('home-search-results')).toBeVisible();

      await input.fill('N');
      await page.getByTestId('home-search-submit').click();
      await expect(
        page.getByText(lang === 'en' ? 'Enter at least 2 characters' : '请至少输入2个字符'),
      ).toBeVisible();
      await expect(page.getByTestId('home-search-results')).toHaveCount(0);
      await screenshotsAt(page, lang, 'minor-home-search-too-short');

      // A valid search shows results again.
      await input.fill('Nordic');
      await page.getByTestId('home-search-submit').click();
      await expect(page.getByTestId('home-search-results')).toBeVisible();
    });
  }
});

/** The computed colours of an element. */
const colours = (element: Locator) =>
  element.evaluate((el) => {
    const style = getComputedStyle(el);
    return { color: style.color, background: style.backgroundColor };
  });

async function expectSwitch(page: Page, lang: Lang, dev: boolean) {
  const toggle = page.getByTestId('environment-switch');
  await expect(toggle).toHaveAttribute('aria-checked', String(dev));
  // Named for what it turns on, showing the environment it is in, with a tooltip saying where it goes.
  await expect(toggle).toHaveAccessibleName(lang === 'en' ? 'Sandbox' : '测试环境');
  const words = lang === 'en' ? { on: 'Sandbox', off: 'Product' } : { on: '测试', off: '正式' };
  await expect(toggle.locator('.ant-switch-inner-checked')).toHaveText(words.on);
  await expect(toggle.locator('.ant-switch-inner-unchecked')).toHaveText(words.off);
  // The word in view (the other waits outside the switch's clipped box) is the current state's.
  const inView = () =>
    toggle.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const spans = [...el.querySelectorAll('.ant-switch-inner-checked, .ant-switch-inner-unchecked')];
      return spans
        .filter((s) => {
          const r = s.getBoundingClientRect();
          return r.left >= box.left - 1 && r.right <= box.right + 1;
        })
        .map((s) => s.textContent);
    });
  await expect.poll(inView).toEqual([dev ? words.on : words.off]);
  await expect(toggle).toHaveAttribute(
    'title',
    new RegExp(dev ? (lang === 'en' ? '^Sandbox' : '^测试环境') : lang === 'en' ? '^Product' : '^正式环境'),
  );
}

test.describe('sandbox badge and switch', () => {
  for (const lang of LANGS) {
    test(`${lang}: the badge is teal like the sandbox theme; both switch states are words`, async ({
      page,
    }) => {
      await page.goto(`/${lang}/login`);
      await expectSwitch(page, lang, false);
      await page.getByTestId('environment-switch').click();
      await expectSwitch(page, lang, true);
      const badge = page.getByTestId('sandbox-badge');
      await expect(badge).toHaveText(lang === 'en' ? 'Sandbox' : '测试环境');
      // Teal on pale teal, not white on magenta (#c41d7f).
      expect(await colours(badge)).toEqual({ color: 'rgb(0, 109, 117)', background: 'rgb(230, 255, 251)' });
      // The switch's colour eases into the teal; the page is judged once it has.
      await page.mouse.move(0, 0);
      await expect
        .poll(async () => (await colours(page.getByTestId('environment-switch'))).background)
        .toBe(DEV_TEAL);
      await screenshotsAt(page, lang, 'minor-sandbox-login');

      // Signing in to the sandbox, with its badge on the home page, is sandbox.spec.ts's flow: here
      // only for the screenshot of the sandbox's home page.
      if (LOOKING) {
        await submitLogin(page, lang, 'admin');
        await expect(page.getByTestId('home-greeting')).toBeVisible();
        await expect(page.getByTestId('sandbox-badge')).toBeVisible();
        await screenshotsAt(page, lang, 'minor-sandbox-home');
      }
      await page.getByTestId('environment-switch').click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/login`));
      await expectSwitch(page, lang, false);
    });
  }
});

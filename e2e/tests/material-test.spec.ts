import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './accounts';
import {
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  type Lang,
  SCREENSHOTS,
  settled,
  signIn,
} from './helpers';

// Issue 6 (web): a lab user records a material test with its report and pushes it by mail; the mail
// waits in the dev mailbox (read by an administrator). Both languages.

const TEXT = {
  en: {
    material: 'Material',
    lab: 'Lab',
    sgs: 'SGS Shenzhen',
    testItems: 'Test items',
    result: 'Result',
    pass: 'Pass',
    completed: 'Completed',
    pushed: 'Pushed',
    push: 'Push',
    mailSent: 'The mail has been sent, please check',
  },
  zh: {
    material: '材料',
    lab: '实验室',
    sgs: 'SGS深圳实验室',
    testItems: '测试项目',
    result: '结果',
    pass: '合格',
    completed: '已完成',
    pushed: '已推送',
    push: '推送',
    mailSent: '邮件已发送，请查收',
  },
} as const;

/** A minimal PDF: the upload checks the file's signature against its name. */
const REPORT = {
  name: 'abs-report.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
};

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a lab user records a material test with its report and pushes it; the mail is sent`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[lang];
    await signIn(page, DEMO_USERS.LAB, lang);

    await page.goto(`/${lang}/materialtest`);
    await page.getByTestId('material-test-create').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/materialtest/new$`));
    const form = page.getByTestId('material-test-form');

    // The material auto-complete asks material/search as people type.
    await form.getByLabel(text.material, { exact: true }).fill('ABS');
    await page.locator('.ant-select-dropdown:visible').getByText('6901234500011 | ABS塑料粒子').click();
    await expect(form.getByLabel(text.material, { exact: true })).toHaveValue('6901234500011 | ABS塑料粒子');
    await pickOption(page, form, text.lab, text.sgs, 'SGS');
    await pickOption(page, form, text.result, text.pass);
    await form.locator('input[type=file]').setInputFiles(REPORT);
    await expect(form.getByRole('link', { name: REPORT.name })).toBeVisible();
    await page.getByTestId('material-test-save').click();

    // A result and a report file complete the test at once (DOMAIN.md §4.13).
    await expect(page).toHaveURL(new RegExp(`/${lang}/materialtest/\\d+$`));
    const detail = page.getByTestId('material-test-detail');
    await expect(page.getByTestId('material-test-status')).toHaveText(text.completed);
    const testNo = (await detail.getByRole('heading').first().innerText()).trim();
    expect(testNo).toMatch(/^MT\d{10}$/);

    await page.getByTestId('material-test-push').click();
    await page.getByRole('dialog').getByRole('button', { name: text.push }).click();
    await expect(page.locator('.ant-message')).toContainText(text.mailSent);
    await expect(page.getByTestId('material-test-status')).toHaveText(text.pushed);
    await expect(detail).toContainText(`${DEMO_USERS.LAB}@qcdesk.local`);

    await screenshots(page, lang, 'detail');
    await page.goto(`/${lang}/materialtest`);
    await expect(page.getByRole('link', { name: testNo })).toBeVisible();
    await screenshots(page, lang, 'list');

    // The pushed mail waits in the dev mailbox (no SMTP server here), read by an administrator.
    const admin = await (await browser.newContext({ locale: 'en-US' })).newPage();
    await signIn(admin, 'admin', 'en');
    await admin.goto('/en/config/mailbox');
    await admin.getByPlaceholder('To').fill(`${DEMO_USERS.LAB}@qcdesk.local`);
    await admin.getByRole('button', { name: 'Search' }).click();
    const open = admin.getByTestId('mail-open').first();
    await expect(open).toContainText(testNo);
    await open.click();
    await expect(admin.getByTestId('mail-text')).toContainText(testNo);
    await admin.context().close();
  });
}

/** Full-page screenshots at PC and phone width; the phone page must not scroll sideways. */
async function screenshots(page: Page, lang: Lang, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    // The layout follows the new width a frame or two later (tables become cards on phones).
    await expectNoHorizontalOverflow(page, `${name} at ${width}px in ${lang}`);
    // The shell's header is sticky: a full-page capture of a scrolled page would paint it mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: `${SCREENSHOTS}material-test-${name}-${lang}-${width}.png`,
      fullPage: true,
    });
    if (width === 1280 && lang === 'en') await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * Chooses an option of an antd Select and waits until the field shows it: a click during the
 * dropdown's opening animation can miss on a busy machine, so it tries again once. Long lists are
 * virtual (only the options in view exist), so a searchable select is narrowed by typing first.
 */
async function pickOption(
  page: Page,
  scope: Locator,
  label: string,
  option: string,
  search?: string,
): Promise<void> {
  const field = scope.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
  for (let attempt = 0; attempt < 2; attempt++) {
    await scope.getByLabel(label, { exact: true }).click();
    // One input event: keys typed one by one can land in an input the select re-renders mid-word.
    if (search) await page.keyboard.insertText(search);
    const item = page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true });
    await item.waitFor({ state: 'visible' });
    await item.click();
    try {
      await expect(field).toContainText(option, { timeout: 3000 });
      return;
    } catch (error) {
      if (attempt === 1) throw error;
    }
  }
}

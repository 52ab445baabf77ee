import { expect } from '@playwright/test';
import { DEMO_USERS } from './accounts';
import { test } from './fixtures';
import { go, pickOption, screenshotsAt, signIn } from './helpers';

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
    // A lab flow, then an administrator reading the mailbox in a second browser: 2 min was not
    // enough on the loaded 2-core machine (the mailbox page was still loading when time ran out).
    test.setTimeout(180_000);
    const text = TEXT[lang];
    await signIn(page, DEMO_USERS.LAB, lang, { at: `/${lang}/materialtest` });
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

    await screenshotsAt(page, lang, 'material-test-detail', (width) => width === 1280 && lang === 'en');
    await go(page, `/${lang}/materialtest`);
    await expect(page.getByRole('link', { name: testNo })).toBeVisible();
    await screenshotsAt(page, lang, 'material-test-list', (width) => width === 1280 && lang === 'en');

    // The pushed mail waits in the dev mailbox (no SMTP server here), read by an administrator.
    const admin = await (await browser.newContext({ locale: 'en-US' })).newPage();
    await signIn(admin, 'admin', 'en', { at: '/en/config/mailbox' });
    await admin.getByPlaceholder('To').fill(`${DEMO_USERS.LAB}@qcdesk.local`);
    await admin.getByRole('button', { name: 'Search' }).click();
    const open = admin.getByTestId('mail-open').first();
    await expect(open).toContainText(testNo);
    await open.click();
    await expect(admin.getByTestId('mail-text')).toContainText(testNo);
    await admin.context().close();
  });
}

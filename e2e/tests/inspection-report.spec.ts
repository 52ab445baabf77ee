import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS } from './accounts';
import { test } from './fixtures';
import { go, settled, shoot, signIn } from './helpers';
import { png } from './images';
import { dispatchedTask } from './own-task';

// Issue 27 (inspection reports): the inspector, on a 375-wide phone, opens the dispatched task,
// creates its report, enters the quantities, records a defect with a photo, fills cartons and
// weights, sets the pre-result and submits. At 1280 the auditor approves: a pass is approved at
// level 1; a rework pre-result goes to level 2, which an administrator approves. Both languages.

const TEXT = {
  en: { submitted: 'Submitted', approved: 'Approved', levelTwo: 'Pending level 2', submit: 'Submit' },
  zh: { submitted: '待审核', approved: '已审核', levelTwo: '待复核', submit: '提交' },
} as const;

/** The story's pre-result: a pass (approved at level 1) in English, a rework (level 2) in Chinese. */
const PRE_RESULT = {
  en: { label: 'Pass (exemption)', remark: '' },
  zh: { label: '返工', remark: '返工后复验' },
} as const;

/** Opens a collapsed part on a phone (a card on wider screens is open already). */
async function openPart(section: Locator) {
  const header = section.locator('.ant-collapse-header');
  if ((await header.count()) && (await header.getAttribute('aria-expanded')) === 'false')
    await header.click();
}

/** Waits until no part has an unsaved or saving change. */
async function allSaved(page: Page) {
  await expect(
    page.locator('[data-testid="inspection-report-save-state"][data-status="pending"]'),
  ).toHaveCount(0);
  await expect(
    page.locator('[data-testid="inspection-report-save-state"][data-status="saving"]'),
  ).toHaveCount(0);
  await expect(
    page.locator('[data-testid="inspection-report-save-state"][data-status="failed"]'),
  ).toHaveCount(0);
  await settled(page);
}

async function pickIn(page: Page, select: Locator, option: string | null) {
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const item = option
    ? dropdown.getByTitle(option, { exact: true })
    : dropdown.locator('.ant-select-item-option').first();
  await item.click();
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: the inspector reports on a phone and submits; the auditor approves (${lang === 'en' ? 'level 1' : 'level 2 by an admin'})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const text = TEXT[lang];
    const { order, client, factory, taskId } = await dispatchedTask(baseURL!, lang);

    // The inspector on a phone: the task, Create report, the report opens checked out to them.
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, DEMO_USERS.INSPECTOR, lang, { at: `/${lang}/inspection/task?id=${taskId}` });
    await page.getByTestId('inspection-task-create-report').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/inspection/report/\\d+$`));
    const reportId = /report\/(\d+)$/.exec(page.url())![1]!;
    await expect(page.getByTestId('inspection-report-release')).toBeVisible();

    // Quantities: 500 presented and packed; the server's plan answers (500 at level II: 50 drawn).
    await page.getByTestId('inspection-report-presented-0').fill('500');
    await page.getByTestId('inspection-report-packed-0').fill('499');
    await page.getByTestId('inspection-report-packed-0-plus').click();
    await expect(page.getByTestId('inspection-report-packed-0')).toHaveValue('500');
    await allSaved(page);
    await expect(page.getByTestId('inspection-report-drawn')).not.toHaveText('-');

    // A minor defect with a photo.
    await page.getByTestId('inspection-report-defect-add').click();
    const defect = page.getByTestId('inspection-report-defect');
    await pickIn(page, defect.getByRole('combobox').first(), null);
    await defect.locator('input[type=file]').setInputFiles({
      name: 'scratch.png',
      mimeType: 'image/png',
      buffer: png(320, 240, lang === 'en' ? 10 : 90),
    });
    await expect(defect.locator('img')).toHaveCount(1);
    await allSaved(page);

    // Cartons and weights.
    const cartons = page.getByTestId('inspection-report-section-cartons');
    await openPart(cartons);
    await cartons.getByTestId('inspection-report-cartonQty').fill('50');
    await cartons.getByTestId('inspection-report-pcsPerCarton').fill('10');
    await cartons.getByTestId('inspection-report-openedCartons').fill('5');
    const weights = page.getByTestId('inspection-report-section-weights');
    await openPart(weights);
    await weights.getByTestId('inspection-report-grossSpec').fill('12.5');
    await weights.getByTestId('inspection-report-grossActual').fill('12.4');
    await allSaved(page);

    // The pre-result (with its remark for a rework), then submit.
    const pre = PRE_RESULT[lang];
    if (pre.remark) await page.getByTestId('inspection-report-result-remark').fill(pre.remark);
    await pickIn(page, page.getByTestId('inspection-report-pre-result'), pre.label);
    await allSaved(page);
    await shoot(page, `inspection-report-editor-${lang}-375`, { fullPage: true });
    await page.getByTestId('inspection-report-submit').click();
    await page.getByRole('dialog').getByRole('button', { name: text.submit, exact: true }).click();
    await expect(page.getByTestId('inspection-report-status')).toHaveText(text.submitted);

    // The auditor at 1280: the audit part, approve with the pre-result.
    // The auditor's to-do list holds the submitted report; its number opens it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO_USERS.AUDITOR, lang, {
      at: `/${lang}/inspection/report?orderNo=${order.orderNo}`,
    });
    const link = page.getByTestId('inspection-report-link');
    await expect(link).toHaveCount(1);
    await settled(page);
    await shoot(page, `inspection-report-list-${lang}-1280`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/inspection/report/${reportId}$`));
    await expect(page.getByTestId('inspection-report-audit')).toBeVisible();
    await expect(page.getByTestId('inspection-report-severity')).toBeVisible();
    await settled(page);
    await shoot(page, `inspection-report-audit-${lang}-1280`, { fullPage: true });
    await page.getByTestId('inspection-report-approve').click();
    await page.getByTestId('inspection-report-approve-ok').click();
    await expect(page.getByTestId('inspection-report-status')).toHaveText(
      lang === 'en' ? text.approved : text.levelTwo,
    );
    if (lang === 'zh') {
      await expect(page.getByTestId('inspection-report-triggers')).toBeVisible();
      await signIn(page, DEMO_USERS.ADMIN, lang, { at: `/${lang}/inspection/report/${reportId}` });
      await page.getByTestId('inspection-report-approve').click();
      await page.getByTestId('inspection-report-approve-ok').click();
      await expect(page.getByTestId('inspection-report-status')).toHaveText(text.approved);

      // The approved lot counts for the client's factory: its sampling severity on the client screen.
      await go(page, `/${lang}/client/${client.id}`);
      const severities = page.getByTestId('client-severities');
      await expect(severities).toContainText((factory.nameZh ?? factory.nameEn)!);
      await expect(severities).toContainText('正常');
      await shoot(page, `inspection-report-client-severities-${lang}-1280`, { fullPage: true });
    }
  });
}

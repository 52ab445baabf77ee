import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS } from './accounts';
import { uniqueSuffix } from './api';
import { test } from './fixtures';
import {
  expectA11yOnce,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  go,
  type Lang,
  LOOKING,
  settled,
  shoot,
  signIn,
  WIDTHS,
} from './helpers';

// Issue 5 (web): the master-data back office `/{language}/config/{configType}`.

// Each flow walks a row through its whole life: more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const unique = () => uniqueSuffix().toUpperCase();

/** Chooses an option of an antd Select by its text, trying once more when a click lands mid-animation. */
async function pickOption(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  const field = scope.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
  for (let attempt = 0; attempt < 2; attempt++) {
    await input.click();
    const item = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: option })
      .first();
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

/** Confirms the open confirmation dialog with its button. */
async function confirmWith(page: Page, button: string | RegExp) {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Fills the keyword and searches. The button is found by a name that may carry a prefix: antd keeps
 * the "loading" icon (and its label) a moment after a fetch ends.
 */
async function search(page: Page, keywordLabel: string, submit: string | RegExp, keyword: string) {
  await page.getByRole('search').getByPlaceholder(keywordLabel).fill(keyword);
  await page.getByRole('search').getByRole('button', { name: submit }).click();
}

test('an administrator creates, searches, modifies, freezes, deletes and undeletes a row (English)', async ({
  page,
}) => {
  const code = `E2E${unique()}`;
  await signIn(page, 'admin', 'en', { at: '/en/config/express' });
  await expect(page.getByRole('heading', { level: 1, name: 'Express (courier)' })).toBeVisible();
  await expect(page.getByText('SF Express')).toBeVisible();

  await page.getByTestId('config-create').click();
  const form = page.getByTestId('config-form');
  // The registry's rules speak before anything is sent.
  await page.getByTestId('config-save').click();
  await expect(form.getByText('Code must not be empty')).toBeVisible();
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Chinese name').fill('测试快递');
  await form.getByLabel('English name').fill('Test Courier 测试');
  await form.getByLabel('Tracking URL').fill('https://track.example.com/?no={no}');
  await page.getByTestId('config-save').click();
  await expect(form.getByText('English name must not contain Chinese characters')).toBeVisible();
  await form.getByLabel('English name').fill('Test Courier');
  // Enter submits the form.
  await form.getByLabel('English name').press('Enter');
  const detail = page.getByTestId('config-detail');
  await expect(detail).toContainText(code);
  await expect(detail).toContainText('Test Courier');
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);

  // The server's refusal marks its field: codes are unique among valid rows.
  await page.getByTestId('config-create').click();
  await form.getByLabel('Code').fill('SF');
  await form.getByLabel('Chinese name').fill('重复');
  await form.getByLabel('English name').fill('Duplicate');
  await page.getByTestId('config-save').click();
  await expect(form.locator('.ant-form-item').filter({ hasText: 'Code already exists' })).toBeVisible();
  // Escape would drop what was typed: the drawer asks first (issue 25).
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Discard' }).click();
  await expect(form).toHaveCount(0);

  await search(page, 'Keyword', 'Search', code);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('row').filter({ hasText: code }).getByTestId('config-open').click();
  await page.getByTestId('config-edit').click();
  await form.getByLabel('English name').fill('Test Courier Ltd');
  await page.getByTestId('config-save').click();
  await expect(detail).toContainText('Test Courier Ltd');
  // The change log says who changed what.
  await expect(detail.getByRole('region', { name: 'Change log' })).toContainText(
    'Test Courier → Test Courier Ltd',
  );
  await shoot(page, 'config-detail-en-1280');

  await page.getByTestId('config-freeze').click();
  await confirmWith(page, 'Freeze');
  await expect(detail).toContainText('Frozen');
  await expect(page.getByTestId('config-freeze')).toHaveText('Activate');

  await page.getByTestId('config-delete').click();
  await expect(page.locator('.ant-modal-confirm .ant-btn-dangerous')).toHaveText('Delete');
  await confirmWith(page, 'Delete');
  await expect(detail).toContainText('This row is deleted');
  await page.keyboard.press('Escape');
  // Deleted rows leave the list, and are listed on their own for undeleting.
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0);
  await page.getByRole('search').getByLabel('Deleted rows').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Yes', { exact: true }).click();
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await page.getByRole('row').filter({ hasText: code }).getByTestId('config-open').click();
  await page.getByTestId('config-undelete').click();
  await confirmWith(page, 'Undelete');
  await expect(detail).not.toContainText('This row is deleted');
  await expect(page.getByTestId('config-edit')).toBeVisible();
});

test('an administrator edits a list in Chinese: enum and reference fields, and a row in use', async ({
  page,
}) => {
  const code = `D${unique()}`;
  await signIn(page, 'admin', 'zh', { at: '/zh/config/defect' });
  await expect(page.getByRole('heading', { level: 1, name: '缺陷' })).toBeVisible();
  await page.getByTestId('config-create').click();
  const form = page.getByTestId('config-form');
  await form.getByLabel('编码').fill(code);
  await form.getByLabel('中文名称').fill('测试缺陷');
  await form.getByLabel('英文名称').fill('Test defect');
  await pickOption(page, form, '默认缺陷等级', '严重');
  await pickOption(page, form, '部件', /面料/);
  await page.getByTestId('config-save').click();
  const detail = page.getByTestId('config-detail');
  await expect(detail).toContainText('测试缺陷');
  await expect(detail).toContainText('面料');
  await page.keyboard.press('Escape');

  await search(page, '关键字', /查\s?询$/, code);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Test defect');
  await expect(row).toContainText('面料');
  await row.getByTestId('config-open').click();
  await page.getByTestId('config-edit').click();
  await form.getByLabel('中文名称').fill('测试缺陷（改）');
  await page.getByTestId('config-save').click();
  await expect(detail).toContainText('测试缺陷（改）');
  await page.keyboard.press('Escape');

  // A part that defects point at cannot be deleted: the server says to freeze it instead.
  await go(page, '/zh/config/part');
  await search(page, '关键字', /查\s?询$/, 'FABRIC');
  await page.getByRole('row').filter({ hasText: 'FABRIC' }).getByTestId('config-open').click();
  await page.getByTestId('config-delete').click();
  await confirmWith(page, /^删\s?除$/);
  await expect(page.getByTestId('config-action-error')).toContainText('数据已被使用，不能删除，请冻结');
});

test('a row someone else changed meanwhile is refused, reloaded, and then saved', async ({
  page,
  browser,
}) => {
  // Each page signed in on the express list.
  const openDhl = async (p: Page) => {
    await search(p, 'Keyword', 'Search', 'DHL');
    await p.getByRole('row').filter({ hasText: 'DHL' }).getByTestId('config-open').click();
    await p.getByTestId('config-edit').click();
  };
  await signIn(page, 'admin', 'en', { at: '/en/config/express' });
  await openDhl(page);

  const context = await browser.newContext({ locale: 'en-US' });
  const other = await context.newPage();
  await signIn(other, 'admin', 'en', { at: '/en/config/express' });
  await openDhl(other);
  await other.getByTestId('config-form').getByLabel('Remark').fill('Changed elsewhere');
  await other.getByTestId('config-save').click();
  await expect(other.getByTestId('config-detail')).toContainText('Changed elsewhere');
  await context.close();

  const form = page.getByTestId('config-form');
  await form.getByLabel('English name').fill('DHL Express (Asia)');
  await page.getByTestId('config-save').click();
  await expect(form.getByRole('alert')).toContainText('The record was changed by someone else');
  // The form now holds the row as it is: the other change is kept when this one is saved.
  await expect(form.getByLabel('Remark')).toHaveValue('Changed elsewhere');
  await form.getByLabel('English name').fill('DHL Express (Asia)');
  await page.getByTestId('config-save').click();
  const detail = page.getByTestId('config-detail');
  await expect(detail).toContainText('DHL Express (Asia)');
  await expect(detail).toContainText('Changed elsewhere');
});

test('XLSX: the export imports back, and a workbook of another list is refused row by row', async ({
  page,
}) => {
  await signIn(page, 'admin', 'en', { at: '/en/config/defect' });
  await expect(page.getByText('Sharp edge')).toBeVisible();
  const defects = page.waitForEvent('download');
  await page.getByTestId('config-export').click();
  const defectFile = await (await defects).path();

  await go(page, '/en/config/express');
  await expect(page.getByText('SF Express')).toBeVisible();
  const express = page.waitForEvent('download');
  await page.getByTestId('config-export').click();
  const download = await express;
  expect(download.suggestedFilename()).toMatch(/^express-.*\.xlsx$/);

  // The chooser offers workbooks only (issue 12).
  await expect(page.locator('input[type=file]')).toHaveAttribute('accept', '.xlsx');
  // The export is headed by the column labels, not field keys.
  const workbook = await readFile(await download.path());
  await page.locator('input[type=file]').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: XLSX,
    buffer: workbook,
  });
  // A preview first: what importing would do, nothing written yet.
  const preview = page.getByTestId('config-import-preview');
  await expect(preview).toContainText(/Importing creates 0 rows and updates \d+/);
  await page.getByTestId('config-import-apply').click();
  await expect(page.locator('.ant-message').filter({ hasText: 'Imported' })).toContainText(
    /Imported: 0 created, \d+ updated/,
  );

  await page.locator('input[type=file]').setInputFiles({
    name: 'defect.xlsx',
    mimeType: XLSX,
    buffer: await readFile(defectFile),
  });
  const errors = page.getByTestId('config-import-errors');
  await expect(preview).toContainText(/\d+ errors found: correct the workbook/);
  await expect(errors.getByRole('row').filter({ hasText: 'Default class' })).toContainText('invalid format');
  await expect(page.getByTestId('config-import-apply')).toHaveCount(0);
  await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();
});

test('a QC manager sees only the QC lists, and edits them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO_USERS.QC_MGR, 'en', { at: '/en/config' });
  const overview = page.getByTestId('config-overview');
  await expect(overview.getByRole('heading', { name: 'QC' })).toBeVisible();
  await expect(overview.getByRole('link', { name: 'Defect' })).toBeVisible();
  await expect(overview.getByRole('link', { name: 'Holiday' })).toBeVisible();
  await expect(overview.getByRole('heading', { name: 'General' })).toHaveCount(0);
  await expect(overview.getByRole('heading', { name: 'Lab' })).toHaveCount(0);
  await expect(overview.getByRole('link', { name: 'Express (courier)' })).toHaveCount(0);
  const picker = page.getByTestId('config-picker');
  await expect(picker.getByRole('link', { name: 'Lab', exact: true })).toHaveCount(0);
  await picker.getByRole('link', { name: 'Defect' }).click();
  await expect(page).toHaveURL(/\/en\/config\/defect$/);
  await expect(page.getByTestId('config-create')).toBeVisible();

  // A list with child rows (contacts as JSON) and references.
  await go(page, '/en/config/factory');
  await page.getByTestId('config-create').click();
  await expect(page.getByTestId('config-form').getByLabel('Contacts')).toBeVisible();
  await shoot(page, 'config-form-factory-en-1280');
  await page.keyboard.press('Escape');

  await go(page, '/en/config/lab');
  await expect(
    page.getByRole('heading', { name: 'This list does not exist or is not open to you' }),
  ).toBeVisible();
});

test('mail administrators find the mail errors and the outbox beside the lists', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin', 'en', { at: '/en/config/mailerror' });
  await expect(page.getByRole('heading', { level: 1, name: 'Mail errors' })).toBeVisible();
  await expect(page.getByRole('search')).toBeVisible();
  await settled(page);
  await shoot(page, 'config-mailerror-en-1280');
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId('config-picker').getByRole('link', { name: 'Mail outbox' }).click();
  await expect(page).toHaveURL(/\/en\/config\/mailbox$/);
  await expect(page.getByRole('heading', { name: 'Mail outbox' })).toBeVisible();
});

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`screenshots at 375/768/1280 (${lang}), no overflow, no serious a11y findings`, async ({ page }) => {
    // Three widths, each screenshotted and checked twice by axe.
    test.setTimeout(180_000);
    const title = lang === 'zh' ? '缺陷' : 'Defect';
    const sample = lang === 'zh' ? '锐利边缘' : 'Sharp edge';
    // Opened once, on a phone (signed in there), then widened (looking mode opens it afresh at each
    // width): the list lays itself out again on a resize, and a load costs the browser the app's
    // start (ADR 0012).
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await signIn(page, 'admin', lang, { at: `/${lang}/config/defect` });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      if (LOOKING && width !== WIDTHS[0]) await page.goto(`/${lang}/config/defect`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(sample).first()).toBeVisible();
      await settled(page);
      await expectNoHorizontalOverflow(page, `${width}px in ${lang}`);
      await shoot(page, `config-${lang}-${width}`, { fullPage: true });
      await expectA11yOnce(page, lang, width);

      await page.getByTestId('config-create').click();
      await expect(page.getByTestId('config-form')).toBeVisible();
      await shoot(page, `config-form-${lang}-${width}`);
      await expectA11yOnce(page, lang, width);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('config-form')).toHaveCount(0);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await go(page, `/${lang}/config`);
    await expect(page.getByTestId('config-overview')).toBeVisible();
    await settled(page);
    await shoot(page, `config-overview-${lang}-1280`, { fullPage: true });
    await expectA11yOnce(page, lang, 1280);
  });
}

test('an administrator marks a day a holiday on the holiday calendar, in both languages and three widths', async ({
  page,
}) => {
  // A flow, then six screenshots each checked by axe.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // October 2026 holds seeded holidays of every kind (National Day, its adjusted days off and
  // working Saturday); the 30th is a plain Friday.
  await signIn(page, 'admin', 'en', { at: '/en/config/holiday?month=2026-10' });
  await expect(page.getByRole('heading', { level: 1, name: 'Holiday' })).toBeVisible();
  const calendar = page.getByTestId('holiday-calendar');
  const day = (date: string) => calendar.locator(`[data-testid="holiday-day"][data-date="${date}"]`);
  await expect(day('2026-10-01')).toHaveAttribute('data-kind', 'holiday');
  await expect(day('2026-10-01')).toContainText('National Day');
  await expect(day('2026-10-10')).toHaveAttribute('data-kind', 'adjustedWorkday');
  await expect(day('2026-10-10')).toContainText('Work');

  await day('2026-10-30').click();
  const form = page.getByTestId('holiday-form');
  await expect(form).toContainText('Without an entry this day is: Working day.');
  await form.getByRole('radio', { name: 'Statutory holiday' }).check();
  await form.getByLabel('Chinese name').fill('公司周年庆');
  await form.getByLabel('English name').fill('Company anniversary');
  await form.getByTestId('holiday-save').click();
  await expect(form).toHaveCount(0);
  await expect(day('2026-10-30')).toHaveAttribute('data-kind', 'holiday');
  await expect(day('2026-10-30')).toContainText('Company anniversary');
  await expect(page.getByTestId('holiday-entries')).toContainText('Company anniversary');

  // The view and the month are in the address: a reload shows the same; the table lists the row.
  await page.reload();
  await expect(day('2026-10-30')).toContainText('Company anniversary');
  await page.getByTestId('holiday-view').getByText('Table').click();
  await expect(page).toHaveURL(/view=table/);
  await search(page, 'Keyword', 'Search', 'anniversary');
  await expect(page.getByRole('row').filter({ hasText: 'Company anniversary' })).toContainText('2026-10-30');
  await page.getByTestId('holiday-view').getByText('Calendar').click();
  await expect(page).not.toHaveURL(/view=table/);
  await expect(day('2026-10-30')).toContainText('Company anniversary');

  for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // Once per language, widened after (each width afresh in looking mode), as the lists above;
      // the other language is opened inside the app, as the language switch does.
      if (width === WIDTHS[0]) await go(page, `/${lang}/config/holiday?month=2026-10`);
      else if (LOOKING) await page.goto(`/${lang}/config/holiday?month=2026-10`);
      await expect(day('2026-10-30')).toHaveAttribute('data-kind', 'holiday');
      await expect(page.getByTestId('holiday-entries')).toContainText(
        lang === 'zh' ? '公司周年庆' : 'Company anniversary',
      );
      await settled(page);
      await expectNoHorizontalOverflow(page, `${width}px in ${lang}`);
      await shoot(page, `config-holiday-${lang}-${width}`, { fullPage: true });
      await expectA11yOnce(page, lang, width);
    }
  }

  // The day's form: at 1280 in English, then on a phone in Chinese, where the entry is removed
  // (after a confirmation) and the day is a working day again.
  await day('2026-10-30').click();
  await expect(form.getByLabel('English name')).toHaveValue('Company anniversary');
  await shoot(page, 'config-holiday-form-en-1280');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 800 });
  await go(page, '/zh/config/holiday?month=2026-10');
  await day('2026-10-30').click();
  await expect(form.getByLabel('英文名称')).toHaveValue('Company anniversary');
  await shoot(page, 'config-holiday-form-zh-375');
  await form.getByTestId('holiday-remove').click();
  await confirmWith(page, /移除设置/);
  await expect(form).toHaveCount(0);
  await expect(day('2026-10-30')).toHaveAttribute('data-kind', 'workday');
  await expect(page.getByTestId('holiday-entries')).not.toContainText('公司周年庆');
});

import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { createClient } from '@qcdesk/contract/client';
import { configListOperations } from '@qcdesk/contract/config';
import { check } from '@qcdesk/contract/identity';
import { createOrder } from '@qcdesk/contract/order';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, uniqueSuffix } from './api';
import { test } from './fixtures';
import { go, type Lang, screenshotsAt, signIn } from './helpers';

// Issue 15: a first sample goes through its check items with a photo (QC), comes out NG, an auditor
// sends it back for rework ("退回重做 / Rejected") with a corrective action, QC registers and checks
// the second round and the auditor approves it ("批准量产 / Approved"); the result-details screen
// shows both rounds. Both languages; screenshots at 375 and 1280.

const TEXT = {
  en: {
    product: 'Order product',
    ok: 'OK',
    ng: 'NG',
    checked: 'Checked',
    audited: 'Audited',
    rejected: 'Rejected',
    approved: 'Approved',
    corrective: 'Corrective action',
    confirm: 'OK',
    home: 'Home',
    leave: 'Leave this page?',
    stay: 'Stay',
  },
  zh: {
    product: '订单产品',
    ok: '合格',
    ng: '不合格',
    checked: '已检查',
    audited: '已判定',
    rejected: '退回重做',
    approved: '批准量产',
    corrective: '整改措施',
    confirm: '确定',
    home: '首页',
    leave: '离开此页面？',
    stay: '留下',
  },
} as const;

/** A 1×1 PNG: the upload checks the file's first bytes against its name. */
const PHOTO = {
  name: 'colour-card.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** An order of the sales user's own new client with one product, for this run alone. */
async function ownProduct(baseURL: string) {
  const sales = await Api.signedIn(baseURL, DEMO_USERS.SALES, DEMO_PASSWORD);
  const me = await sales.call(check, {});
  const [country] = (await sales.call(configListOperations.country.search, {})).list;
  const [factory] = (await sales.call(configListOperations.factory.search, {})).list;
  if (!country || !factory) throw new Error('no seeded country or factory');
  const suffix = uniqueSuffix().toUpperCase();
  const client = await sales.call(createClient, {
    code: `E2EFS${suffix}`,
    name: `E2E first-sample client ${suffix}`,
    countryId: country.id,
    type: 1,
    salesId: me.uid,
  });
  const order = await sales.call(createOrder, {
    clientId: client.id,
    clientPo: `PO-FS-${suffix}`,
    products: [
      {
        itemNo: `FS-${suffix}`,
        name: `Wooden train ${suffix}`,
        factoryId: factory.id,
        quantity: 500,
        deliveryDate: '2030-06-30',
      },
    ],
  });
  return order.products[0]!.productNo;
}

/** The contexts a test opened for its other users, closed after it (a page left open keeps its app running). */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

async function pageAs(browser: Browser, user: string, lang: Lang, at: string): Promise<Page> {
  const context = await browser.newContext();
  opened.push(context);
  const page = await context.newPage();
  await signIn(page, user, lang, { at });
  return page;
}

/** Every check item OK, the colour NG with a remark and a photo; saved and completed. */
async function checkItems(page: Page, lang: Lang, colourNg: boolean, shoot?: () => Promise<void>) {
  const text = TEXT[lang];
  const items = page.locator('[data-testid^="check-item-"]');
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    await items
      .nth(i)
      .locator('label.ant-radio-button-wrapper')
      .filter({ hasText: new RegExp(`^${text.ok}$`) })
      .click();
  }
  if (colourNg) {
    const colour = page.getByTestId('check-item-SC-COLOUR');
    await colour
      .locator('label.ant-radio-button-wrapper')
      .filter({ hasText: new RegExp(`^${text.ng}$`) })
      .click();
    await colour.getByRole('textbox').fill(lang === 'en' ? 'The colour is too light' : '颜色偏浅');
    await colour.locator('input[type=file]').setInputFiles(PHOTO);
    await expect(colour.getByRole('img', { name: PHOTO.name })).toBeVisible();

    // Unsaved checks are not dropped by a menu click (issue 25): it asks, and Stay keeps them.
    await page.getByTestId('side-menu').getByRole('link', { name: text.home }).click();
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: text.leave });
    await ask.getByRole('button', { name: text.stay }).click();
    await expect(ask).toHaveCount(0);
    await expect(page).toHaveURL(/\/firstsample\/\d+$/);
    await expect(colour.getByRole('textbox')).toHaveValue(
      lang === 'en' ? 'The colour is too light' : '颜色偏浅',
    );
    await expect(colour.getByRole('img', { name: PHOTO.name })).toBeVisible();
  }
  if (shoot) await shoot();
  await page.getByTestId('first-sample-save-checks').click();
  await expect(page.getByTestId('first-sample-save-checks')).toBeDisabled();
  await page.getByTestId('first-sample-complete-check').click();
  await page.getByRole('dialog').getByRole('button', { name: text.confirm }).click();
  await expect(page.getByTestId('first-sample-status')).toHaveText(text.checked);
}

async function judge(page: Page, lang: Lang, result: string, corrective?: string) {
  const text = TEXT[lang];
  await page.getByTestId('first-sample-judge').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(result, { exact: true }).click();
  if (corrective) await dialog.getByLabel(text.corrective).fill(corrective);
  await page.getByTestId('first-sample-judge-ok').click();
  await expect(page.getByTestId('first-sample-status')).toHaveText(text.audited);
  await expect(page.getByTestId('first-sample-result')).toHaveText(result);
}

async function screenshots(page: Page, lang: Lang, name: string) {
  await expect(page.locator('.qcdesk-toast')).toHaveCount(0, { timeout: 10_000 });
  await page.mouse.move(0, 0);
  await screenshotsAt(page, lang, `first-sample-${name}`);
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a first sample is checked with a photo, sent back for rework, checked again and approved`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const text = TEXT[lang];
    const productNo = await ownProduct(baseURL!);
    const qc = await pageAs(browser, DEMO_USERS.QC, lang, `/${lang}/firstsample`);

    await qc.getByTestId('first-sample-create').click();
    const form = qc.getByTestId('first-sample-form');
    await form.getByLabel(text.product, { exact: true }).fill(productNo);
    await qc.locator('.ant-select-dropdown:visible').getByText(productNo, { exact: false }).first().click();
    await qc.getByTestId('first-sample-save').click();
    await expect(qc).toHaveURL(new RegExp(`/${lang}/firstsample/\\d+$`));
    const firstUrl = qc.url();

    await checkItems(qc, lang, true, () => screenshots(qc, lang, 'checking'));
    await screenshots(qc, lang, 'checked');

    const auditor = await pageAs(browser, DEMO_USERS.AUDITOR, lang, firstUrl);
    await judge(
      auditor,
      lang,
      text.rejected,
      lang === 'en' ? 'Match the approved colour card' : '按确认色卡重新调色',
    );

    await qc.reload();
    await qc.getByTestId('first-sample-next-round').click();
    await expect(qc).not.toHaveURL(firstUrl);
    await expect(qc.getByTestId('first-sample-detail')).toContainText(lang === 'en' ? 'Round 2' : '第2轮');
    await checkItems(qc, lang, false);

    // The second round, opened inside the auditor's app.
    const second = new URL(qc.url());
    await go(auditor, `${second.pathname}${second.search}`);
    await judge(auditor, lang, text.approved);
    await screenshots(auditor, lang, 'approved');

    await auditor.getByTestId('first-sample-result-link').click();
    await expect(auditor).toHaveURL(/\/firstsample\/result\/\d+$/);
    const rounds = auditor.getByTestId('first-sample-rounds');
    await expect(rounds.getByTestId('round-1')).toContainText(text.rejected);
    await expect(rounds.getByTestId('round-1')).toContainText(
      lang === 'en' ? 'Match the approved colour card' : '按确认色卡重新调色',
    );
    await expect(rounds.getByTestId('round-1').getByRole('img', { name: PHOTO.name })).toBeVisible();
    await expect(rounds.getByTestId('round-2')).toContainText(text.approved);
    await screenshots(auditor, lang, 'result');

    await go(auditor, `/${lang}/firstsample`);
    await expect(auditor.getByTestId('first-sample-link').first()).toBeVisible();
    await screenshots(auditor, lang, 'list');
  });
}

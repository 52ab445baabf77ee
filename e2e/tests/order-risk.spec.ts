import { expect } from '@playwright/test';
import { ORDER_FEED_COLUMNS } from '@qcdesk/contract/order';
import ExcelJS from 'exceljs';
import { DEMO_USERS } from './accounts';
import { uniqueSuffix } from './api';
import { test } from './fixtures';
import { screenshotsAt, signIn } from './helpers';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Issue 16 (web): the QC manager reads the high-risk tests the demo orders' sync derived (per
// product: which items are open, tested or waived), opens one, waives it with a reason and resets it
// again; the order's products show each product's test status at a glance, linking to its risk.
// Both languages, at phone and PC widths.

const TEXT = {
  en: {
    title: 'High-risk tests',
    pending: 'Pending',
    waived: 'Waived',
    waive: 'Waive',
    reset: 'Reset',
    open: 'Open',
    more: 'More filters',
    client: 'Client',
  },
  zh: {
    title: '高风险测试',
    pending: '待测',
    waived: '豁免',
    waive: '豁免',
    reset: '重置',
    open: '未完成',
    more: '展开',
    client: '客户',
  },
} as const;

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: the QC manager reads the high-risk tests, waives one and resets it`, async ({ page }) => {
    test.setTimeout(120_000);
    const text = TEXT[lang];
    // Each language takes a demo order of its own (other specs' orders make risks too): the list
    // opens filtered by its order no, from the address as a bookmarked search would.
    const orderNo = lang === 'en' ? 'NH24-0315' : 'PT24-0788';
    await signIn(page, DEMO_USERS.QC_MGR, lang, { at: `/${lang}/orderrisk?orderNo=${orderNo}` });
    await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
    const first = page.getByRole('link', { name: new RegExp(`^${orderNo}-\\d+$`) }).first();
    await expect(first).toBeVisible();
    await screenshotsAt(page, lang, 'order-risk-list', (width) => width === 1280 && lang === 'en');

    await expect(page.getByTestId('order-risk-export')).toBeVisible();
    // The search bar's client and department pickers, behind "more filters".
    await page.getByRole('button', { name: text.more }).click();
    await expect(page.getByRole('combobox', { name: text.client })).toBeVisible();
    await screenshotsAt(page, lang, 'order-risk-search', () => false);
    const productNo = (await first.textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/orderrisk/\\d+$`));
    const status = page.getByTestId('order-risk-detail').getByTestId('order-risk-status');
    await expect(status).toHaveText(text.pending);
    await expect(page.getByTestId('order-risk-items')).toBeVisible();
    await screenshotsAt(page, lang, 'order-risk-detail', (width) => width === 1280 && lang === 'en');

    await page.getByTestId('order-risk-waive').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(lang === 'en' ? 'Client waiver' : '客户豁免');
    await dialog.getByRole('button', { name: text.waive }).click();
    await expect(status).toHaveText(text.waived);

    await page.getByTestId('order-risk-reset').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /OK|确定|确 定/ })
      .click();
    await expect(status).toHaveText(text.pending);

    // Issue 16: the order's products show the product's test status; the tag opens the risk.
    const riskUrl = page.url();
    await page.getByTestId('order-risk-detail').getByRole('link', { name: orderNo }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/order/\\d+$`));
    const product = page.getByTestId('order-product').filter({ hasText: productNo });
    const tag = product.getByTestId('test-status');
    await expect(tag).toHaveText(text.open);
    await expect(tag).toHaveAttribute('data-status', 'open');
    await screenshotsAt(page, lang, 'order-test-status', () => false);
    await product.getByRole('link', { name: text.open }).click();
    await expect(page).toHaveURL(riskUrl);
  });
}

// Issue 16: an order imported from a file (demo.sales, the order file screen) gets its high-risk
// tests; the QC manager syncs them from the order's products and reads each product's status.
const SYNC = {
  en: { synced: /Test risks synced: \d+ created/, open: 'Open' },
  zh: { synced: /高风险测试已同步：新建\d+/, open: '未完成' },
} as const;

/** A file of two lines of one PACTOYS order (its client has mandatory test requirements). */
async function importFile(orderNo: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('orders');
  sheet.addRow([...ORDER_FEED_COLUMNS]);
  sheet.addRow([...ORDER_FEED_COLUMNS]);
  const delivery = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  for (const i of [1, 2]) {
    const line: Record<string, string | number> = {
      orderNo,
      clientPo: `PO-${orderNo}`,
      client: 'PACTOYS',
      itemNo: `RS-ITEM-${i}`,
      name: `同步测试 Sync test ${i}`,
      factory: 'F-HM-SZ',
      quantity: 100 * i,
      quantityUnit: 'pcs',
      deliveryDate: delivery,
    };
    sheet.addRow(ORDER_FEED_COLUMNS.map((key) => line[key] ?? null));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: QC syncs the high-risk tests of an imported order from its products`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    const orderNo = `RS-${uniqueSuffix().toUpperCase()}`;
    const sales = await (await browser.newContext()).newPage();
    await signIn(sales, DEMO_USERS.SALES, lang, { at: `/${lang}/orderfile` });
    await sales
      .getByTestId('order-import-upload')
      .locator('input[type=file]')
      .setInputFiles({ name: 'orders.xlsx', mimeType: XLSX, buffer: await importFile(orderNo) });
    await sales.getByTestId('order-import-start').click();
    await expect(sales.getByTestId('order-import-done')).toBeVisible({ timeout: 30_000 });
    await sales.close();

    await signIn(page, DEMO_USERS.QC_MGR, lang, { at: `/${lang}/order?orderNo=${orderNo}` });
    await page.getByRole('link', { name: orderNo }).first().click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/order/\\d+$`));
    await page.getByTestId('order-risk-sync').click();
    await expect(page.getByText(SYNC[lang].synced)).toBeVisible();
    const tags = page.getByTestId('order-product').getByTestId('test-status');
    await expect(tags).toHaveCount(2);
    for (const tag of await tags.all()) await expect(tag).toHaveText(SYNC[lang].open);
    await screenshotsAt(page, lang, 'order-risk-sync', () => false);
  });
}

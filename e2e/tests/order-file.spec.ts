import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { ORDER_FEED_COLUMNS, searchOrders } from '@qcdesk/contract/order';
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, uniqueSuffix } from './api';
import { test } from './fixtures';
import { go, type Lang, screenshotsAt, settled, signIn } from './helpers';

// Issue 14, the order file (`orderfile`): demo.sales (order.import) opens the import from the order
// list, downloads the template, fills it with three lines of a demo client of theirs where one has
// quantity 0, and imports it: the row error names the row and the column, and nothing is written. The fixed file imports; the order is then found from
// the home search by the ending of its client PO and opened. Both languages, screenshots at 375 and 1280.

const TEXT = {
  en: {
    orders: 'Orders',
    title: 'Import orders',
    quantity: 'Quantity',
    range: 'Quantity is out of range',
    nothing: 'Nothing was written',
    row: 'Row 3',
    done: 'The file was imported',
    summary: 'Orders created: 1 · replaced: 0 · lines: 3',
    searchFor: 'Search for',
    notXlsx: 'Only XLSX files can be imported',
  },
  zh: {
    orders: '订单',
    title: '导入订单',
    quantity: '数量',
    range: '数量超出范围',
    nothing: '未写入任何数据',
    row: '第 3 行',
    done: '文件已导入',
    summary: '新建订单：1 · 替换：0 · 行数：3',
    searchFor: '搜索内容',
    notXlsx: '只能导入 XLSX 文件',
  },
} as const;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A date `days` from today as the file writes it (YYYY-MM-DD). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * An order file with the template's header row and three lines of one order; `quantity` of line 2.
 * Line 2's delivery date is a date cell as Excel makes one (issue 25: refused as the serial 46467).
 */
async function orderFile(header: string[], orderNo: string, po: string, quantity: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('orders');
  sheet.addRow(header);
  const lines = [100, quantity, 300].map((q, i) => ({
    orderNo,
    clientPo: po,
    client: 'PACTOYS',
    itemNo: `OF-ITEM-${i + 1}`,
    name: `导入测试 Import test ${i + 1}`,
    factory: 'F-HM-SZ',
    quantity: q,
    quantityUnit: 'pcs',
    deliveryDate: i === 1 ? new Date(`${inDays(61)}T00:00:00Z`) : inDays(60 + i),
  }));
  for (const line of lines) sheet.addRow(header.map((key) => line[key as keyof typeof line] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function pickFile(page: Page, content: Buffer) {
  await page
    .getByTestId('order-import-upload')
    .locator('input[type=file]')
    .setInputFiles({ name: 'orders.xlsx', mimeType: XLSX, buffer: content });
  await expect(page.getByTestId('order-import-file')).toContainText('orders.xlsx');
}

async function screenshots(page: Page, lang: Lang, name: string) {
  await page.mouse.move(0, 0);
  await screenshotsAt(page, lang, `order-file-${name}`);
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a sales user imports an order file, fixes a bad row, and finds the order`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const text = TEXT[lang];
    // demo.sales: the clients in a sales user's scope are their own (an own user would have none);
    // the spec's orders are its own (unique order no and PO).
    const user = DEMO_USERS.SALES;
    const api = await Api.signedIn(baseURL!, user, DEMO_PASSWORD);
    const suffix = uniqueSuffix().toUpperCase();
    const orderNo = `OF-${suffix}`;
    const po = `POF${suffix}`;

    // The order list's Import opens the screen.
    await signIn(page, user, lang, { at: `/${lang}/order` });
    await expect(page.getByRole('heading', { name: text.orders, level: 1 })).toBeVisible();
    await page.getByTestId('order-import-open').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/orderfile$`));
    await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();

    // The template: an XLSX whose row 1 holds the column keys and row 2 their zh/en headers.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('order-import-template').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const template = new ExcelJS.Workbook();
    await template.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const header = (template.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toEqual([...ORDER_FEED_COLUMNS]);
    expect(String(template.worksheets[0]!.getRow(2).getCell(1).value)).toBe('订单号 / Order no');

    // A file that is not XLSX is refused before any upload.
    await page
      .getByTestId('order-import-upload')
      .locator('input[type=file]')
      .setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from('orderNo\n1\n') });
    await expect(page.getByTestId('order-import-problem')).toContainText(text.notXlsx);
    await expect(page.getByTestId('order-import-start')).toBeDisabled();

    // Line 2 (row 3 of the file) has quantity 0: the import names it and writes nothing.
    await pickFile(page, await orderFile(header, orderNo, po, 0));
    await page.getByTestId('order-import-start').click();
    await expect(page).toHaveURL(/\?job=\d+$/);
    const refused = page.getByTestId('order-import-refused');
    await expect(refused).toContainText(text.nothing, { timeout: 30_000 });
    const errors = page.getByTestId('order-import-error');
    await expect(errors).toHaveCount(1);
    await expect(errors.first()).toContainText(text.quantity);
    await expect(errors.first()).toContainText(text.range);
    await expect(errors.first()).toContainText('3');
    expect((await api.call(searchOrders, { orderNo: suffix, count: true })).list).toEqual([]);
    // The rows come back as a file: the bad cell noted, the row's errors in a last column.
    const errorFile = page.waitForEvent('download');
    await page.getByTestId('order-import-error-file').click();
    const annotated = new ExcelJS.Workbook();
    await annotated.xlsx.load((await readFile((await (await errorFile).path())!)) as unknown as ArrayBuffer);
    const errorRow = annotated.worksheets[0]!.getRow(3);
    expect(String(errorRow.getCell(header.length + 1).value)).toContain('quantity: ');
    expect(errorRow.getCell(header.indexOf('quantity') + 1).note).toBeTruthy();

    // The job id is in the URL: a reload shows the same result.
    const refusedUrl = page.url();
    await page.reload();
    await expect(errors).toHaveCount(1);
    await screenshots(page, lang, 'errors');
    await page.setViewportSize({ width: 375, height: 900 });
    await expect(errors.first()).toContainText(text.row);
    await page.setViewportSize({ width: 1280, height: 720 });

    // The fixed file, picked on the same page, imports.
    await pickFile(page, await orderFile(header, orderNo, po, 200));
    await page.getByTestId('order-import-start').click();
    await expect(page).not.toHaveURL(refusedUrl);
    await expect(page).toHaveURL(/\?job=\d+$/);
    const jobUrl = page.url();
    // Leaving the screen and coming back through the order list shows the same import.
    await go(page, `/${lang}/order`);
    await page.getByTestId('order-import-open').click();
    await expect(page).toHaveURL(jobUrl);
    const done = page.getByTestId('order-import-done');
    await expect(done).toContainText(text.done, { timeout: 30_000 });
    await expect(done).toContainText(text.summary);
    await expect(done.getByRole('link', { name: orderNo })).toBeVisible();
    await settled(page);
    await screenshots(page, lang, 'done');
    const found = await api.call(searchOrders, { orderNo: suffix, count: true });
    expect(found.list.map((p) => p.quantity).sort((a, b) => a - b)).toEqual([100, 200, 300]);
    // The date cell came in as its day.
    expect(found.list.map((p) => p.deliveryDate).sort()).toEqual([inDays(60), inDays(61), inDays(62)]);

    // The home search finds the order by the ending of its client PO, and the hit opens it.
    await go(page, `/${lang}/search`);
    await page.getByLabel(text.searchFor).fill(po.slice(-6));
    await page.getByTestId('home-search-submit').click();
    const group = page.getByTestId('home-search-group-order');
    await group.getByRole('link', { name: orderNo }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/order/\\d+$`));
    await expect(page.getByRole('heading', { name: orderNo, level: 1 })).toBeVisible();
    await expect(page.getByTestId('order-detail')).toContainText(po);
  });
}

import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS } from './accounts';
import { test } from './fixtures';
import { type Lang, pickOption, screenshotsAt, settled, signIn, signOut } from './helpers';

// Order forms (issue 14; DOMAIN.md §2.4): a sales user creates an order for their own client with two
// products (a quantity out of range is refused on its field first), changes a product's delivery
// date and finds the change in the change log, adds a line to the order, moves it and removes it
// (issue 25), deletes the order through the confirm dialog and restores it; a QC manager selects a product and assigns it a QC. The order is the spec's own (a
// generated order no). Both languages, screenshots at 375 and 1280.

const TEXT = {
  en: {
    client: 'Client',
    clientName: 'Nordic Home AB',
    clientSearch: 'Nordic',
    department: 'Sales team 1',
    inspection: 'AQL level II',
    itemNo: 'Item no',
    name: 'Product name',
    factory: 'Factory',
    factoryName: 'Yiwu Jiale Crafts Factory',
    quantity: 'Quantity',
    deliveryDate: 'Delivery date',
    line: (n: number) => `Product ${n}`,
    quantityError: /1.*9,?999,?999/,
    deleteButton: /Delete$/,
    restore: /Restore$/,
    deleted: 'This order is deleted.',
    qc: 'QC',
    qcName: 'Demo QC engineer',
    productType: 'Product type',
    repeat: 'Repeat',
    clientPo: 'Client PO',
    inspectionRequirement: 'Inspection requirements',
    changeLog: 'Change log',
  },
  zh: {
    client: '客户',
    clientName: 'Nordic Home AB',
    clientSearch: 'Nordic',
    department: '业务一部',
    inspection: 'AQL II级',
    itemNo: '货号',
    name: '品名',
    factory: '工厂',
    factoryName: '义乌佳乐工艺品厂',
    quantity: '数量',
    deliveryDate: '交货期',
    line: (n: number) => `产品 ${n}`,
    quantityError: /1.*9,?999,?999/,
    deleteButton: /删\s?除$/,
    restore: /恢\s?复$/,
    deleted: '该订单已删除',
    qc: 'QC',
    qcName: '演示品管',
    productType: '产品类型',
    repeat: '翻单',
    clientPo: '客户PO',
    inspectionRequirement: '验货要求',
    changeLog: '修改记录',
  },
} as const;

/** A business date `days` from today (UTC), as the date fields take it. */
function dateIn(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function typeDate(field: Locator, value: string, key: 'Tab' | 'Enter' = 'Tab') {
  await field.click();
  await field.fill(value);
  // Tab and Enter both commit the typed date; Enter never submits the form (issue 25).
  await field.press(key);
  await expect(field).toHaveValue(value);
}

async function fillLine(
  page: Page,
  lang: Lang,
  n: number,
  values: { itemNo: string; quantity: string; date: string },
) {
  const text = TEXT[lang];
  const line = page.getByRole('region', { name: text.line(n), exact: true });
  await line.getByLabel(text.itemNo, { exact: true }).fill(values.itemNo);
  await line.getByLabel(text.name, { exact: true }).fill(`E2E ${values.itemNo}`);
  await pickOption(page, line, text.factory, text.factoryName, 'F-JL');
  await line.getByLabel(text.quantity, { exact: true }).fill(values.quantity);
  await typeDate(line.getByLabel(text.deliveryDate, { exact: true }), values.date);
  return line;
}

async function screenshots(page: Page, lang: Lang, name: string) {
  await page.mouse.move(0, 0);
  await screenshotsAt(page, lang, `order-form-${name}`);
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a sales user creates, edits, deletes and restores an order; a QC manager assigns a QC`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const text = TEXT[lang];
    const creates: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/order/create') creates.push(request.url());
    });
    await signIn(page, DEMO_USERS.SALES, lang, { at: `/${lang}/order` });
    await page.getByTestId('order-create').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/order/new$`));
    const form = page.getByTestId('order-form');

    // The client brings its department, sales and requirements.
    const client = form.getByLabel(text.client, { exact: true });
    await client.fill(text.clientSearch);
    await page.locator('.ant-select-dropdown:visible').getByText(text.clientName).click();
    await expect(page.getByTestId('order-form-department')).toHaveText(text.department);
    await expect(form.locator('textarea').nth(1)).toHaveValue(new RegExp(text.inspection));

    const suffix = Date.now().toString(36).toUpperCase();
    const first = await fillLine(page, lang, 1, { itemNo: `A-${suffix}`, quantity: '0', date: dateIn(20) });
    await page.getByTestId('order-line-add').click();
    await fillLine(page, lang, 2, { itemNo: `B-${suffix}`, quantity: '36', date: dateIn(40) });
    await screenshots(page, lang, 'new');

    // Quantity 0 is outside 1..9,999,999: the field says so and nothing is saved.
    await page.getByTestId('order-save').click();
    await expect(first.locator('.ant-form-item-explain-error')).toHaveText(text.quantityError);
    await expect(page).toHaveURL(new RegExp(`/${lang}/order/new$`));
    await first.getByLabel(text.quantity, { exact: true }).fill('1200');
    // The form is complete now: Enter in a date confirms the picker, Enter in a line's text field
    // does nothing (a form with a line list saves only from its button).
    await typeDate(first.getByLabel(text.deliveryDate, { exact: true }), dateIn(21), 'Enter');
    await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
    await first.getByLabel(text.itemNo, { exact: true }).press('Enter');
    await settled(page);
    await expect(page).toHaveURL(new RegExp(`/${lang}/order/new$`));
    await page.getByTestId('order-save').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/order/\\d+$`));
    expect(creates).toHaveLength(1);
    const orderUrl = page.url();
    const detail = page.getByTestId('order-detail');
    await expect(detail.getByRole('heading', { level: 1 })).toHaveText(/^OD\d{10}$/);
    await expect(page.getByTestId('order-product')).toHaveCount(2);
    await expect(detail).toContainText(text.inspection);

    // The header (order/update) and the requirements (order/require/update), each with the version read.
    await page.getByTestId('order-edit').click();
    await expect(page).toHaveURL(/\?edit=1$/);
    await page.getByTestId('order-form').getByLabel(text.clientPo, { exact: true }).fill(`PO-${suffix}`);
    await page.getByTestId('order-save').click();
    await expect(page).toHaveURL(orderUrl);
    await expect(detail).toContainText(`PO-${suffix}`);
    await page.getByTestId('order-requirements-edit').click();
    const requirements = page.getByTestId('order-requirements');
    await requirements.getByLabel(text.inspectionRequirement, { exact: true }).fill(`AQL 1.0 ${suffix}`);
    await requirements.getByTestId('order-requirements-save').click();
    await expect(requirements).toBeHidden();
    await expect(detail).toContainText(`AQL 1.0 ${suffix}`);

    // A product's delivery date: the dialog sends it with the order's version; the log shows it.
    const later = dateIn(55);
    await page.getByTestId('order-product-edit').first().click();
    const item = page.getByTestId('order-item');
    await typeDate(item.getByLabel(text.deliveryDate, { exact: true }), later);
    await screenshots(page, lang, 'item');
    await page.getByTestId('order-item-save').click();
    await expect(item).toBeHidden();
    await expect(page.getByTestId('order-product').first()).toContainText(later);
    await expect(page.getByRole('region', { name: text.changeLog })).toContainText(later);

    // The second product becomes a repeat order (a selection of the order's products).
    await page.getByTestId('order-product').nth(1).getByRole('checkbox').check();
    await page.getByTestId('order-bulk-type').click();
    await pickOption(page, page.getByTestId('order-type'), text.productType, text.repeat);
    await page.getByTestId('order-type-save').click();
    await expect(page.getByTestId('order-type')).toBeHidden();
    await expect(page.getByTestId('order-product').nth(1)).toContainText(text.repeat);

    // Issue 25: a line added to the existing order (the new-order line fields), moved up, then
    // removed through the confirm dialog; the log names it by its generated product no.
    await page.getByTestId('order-line-new-open').click();
    const added = page.getByTestId('order-line-new');
    await added.getByLabel(text.itemNo, { exact: true }).fill(`C-${suffix}`);
    await added.getByLabel(text.name, { exact: true }).fill(`E2E C-${suffix}`);
    await pickOption(page, added, text.factory, text.factoryName, 'F-JL');
    await added.getByLabel(text.quantity, { exact: true }).fill('12');
    await typeDate(added.getByLabel(text.deliveryDate, { exact: true }), dateIn(30));
    await screenshots(page, lang, 'line-new');
    await added.getByTestId('order-line-new-save').click();
    await expect(added).toBeHidden();
    const products = page.getByTestId('order-product');
    await expect(products).toHaveCount(3);
    await expect(products.nth(2)).toContainText(`C-${suffix}`);
    await products.nth(2).getByTestId('order-product-up').click();
    await expect(products.nth(1)).toContainText(`C-${suffix}`);
    await products.nth(1).getByTestId('order-product-delete').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: text.deleteButton }).click();
    await expect(page.getByTestId('order-product-edit')).toHaveCount(2);
    await expect(page.getByRole('region', { name: text.changeLog })).toContainText(/OD\d{10}-03/);

    // Delete through the confirm dialog: the order stays on its page, marked deleted; then restore it.
    await page.getByRole('button', { name: text.deleteButton }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: text.deleteButton }).click();
    await expect(page.getByRole('alert').filter({ hasText: text.deleted })).toBeVisible();
    await settled(page);
    await screenshots(page, lang, 'deleted');
    await page.getByRole('button', { name: text.restore }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: text.restore }).click();
    await expect(page.getByRole('alert').filter({ hasText: text.deleted })).toHaveCount(0);
    await expect(page.getByTestId('order-product-edit')).toHaveCount(2);

    // A QC manager selects the first product (generic selection) and assigns it a QC.
    await signOut(page, lang);
    await signIn(page, DEMO_USERS.QC_MGR, lang, { at: orderUrl });
    await expect(page.getByTestId('order-product-edit')).toHaveCount(0);
    await page.getByTestId('order-product').first().getByRole('checkbox').check();
    await page.getByTestId('order-bulk-qc').click();
    const dialog = page.getByTestId('order-qc');
    await dialog.getByLabel(text.qc, { exact: true }).fill('demo.qc');
    await page.locator('.ant-select-dropdown:visible').getByText(text.qcName).first().click();
    await screenshots(page, lang, 'assign');
    await page.getByTestId('order-qc-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-product').first()).toContainText(text.qcName);
    await expect(page.getByTestId('order-product').nth(1)).not.toContainText(text.qcName);
    await screenshots(page, lang, 'detail');
  });
}

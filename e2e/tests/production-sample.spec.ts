import { expect, type Page } from '@playwright/test';
import { createClient, searchClients } from '@qcdesk/contract/client';
import { configListOperations } from '@qcdesk/contract/config';
import { check } from '@qcdesk/contract/identity';
import { createOrder } from '@qcdesk/contract/order';
import { createProductionSample } from '@qcdesk/contract/production-sample';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, uniqueSuffix } from './api';
import { test } from './fixtures';
import { go, type Lang, pickOption, screenshotsAt, settled, signIn } from './helpers';

// Production samples (spec §2 ProductionSample, ProductionSampleDetail; DOMAIN.md §4.7, §5.3): a QC
// engineer (productionsample.edit) registers a sample; the auditor (productionsample.audit) audits it
// "improve" — the remark is asked for first — and re-audits it; the audit results list shows it.
// A QC manager (productionsample.cancel) cancels another sample through "Cancel production sample?".
// Both languages, screenshots of list, detail and form at 375 and 1280.

const TEXT = {
  en: {
    title: 'Production samples',
    itemNo: 'Item no',
    client: 'Client',
    clientName: 'Nordic Home AB',
    clientSearch: 'Nordic',
    provider: 'Provider',
    factoryName: 'Yiwu Jiale Crafts Factory',
    quantity: 'Quantity',
    created: 'The production sample was registered',
    registered: 'Registered',
    audited: 'Audited',
    cancelled: 'Cancelled',
    improve: 'Improve',
    sign: 'Sign',
    remark: 'Audit remark',
    remarkRequired: 'Improve and unqualified need an audit remark',
    auditedDone: 'The sample was audited',
    reauditedDone: 'The sample was re-audited',
    auditResults: 'Audit results',
    noOrder: 'Without an order',
    search: /^Search$/,
    changeLog: 'Change log',
    confirm: 'Cancel production sample?',
    cancelOk: 'Cancel sample',
    cancelledDone: 'The production sample was cancelled',
    isCancelled: 'This production sample is cancelled.',
    psLink: 'Link to production sample',
    psUnlink: 'Unlink production sample',
    productionSample: 'Production sample',
    ok: /^OK$/,
    placed: 'Order placed',
  },
  zh: {
    title: '大货样',
    itemNo: '货号',
    client: '客户',
    clientName: 'Nordic Home AB',
    clientSearch: 'Nordic',
    provider: '供样工厂',
    factoryName: '义乌佳乐工艺品厂',
    quantity: '数量',
    created: '大货样已登记',
    registered: '待审核',
    audited: '已审核',
    cancelled: '已取消',
    improve: '改进',
    sign: '签样',
    remark: '审核备注',
    remarkRequired: '改进和不合格需填写审核备注',
    auditedDone: '已审样',
    reauditedDone: '已重新审样',
    auditResults: '审样结果',
    noOrder: '未下单',
    search: /查\s?询$/,
    changeLog: '修改记录',
    confirm: '取消大货样？',
    cancelOk: '取消大货样',
    cancelledDone: '大货样已取消',
    isCancelled: '该大货样已取消。',
    psLink: '关联大货样',
    psUnlink: '取消关联大货样',
    productionSample: '大货样',
    ok: /^确\s?定$/,
    placed: '已下单',
  },
} as const;

async function screenshots(page: Page, lang: Lang, name: string): Promise<void> {
  // The pictures show the page at rest: no toast over the header, no button under the pointer.
  await page.mouse.move(0, 0);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await screenshotsAt(page, lang, `production-sample-${name}`);
}

/** Finds samples by the end of their item no in the list's current view. */
async function searchItemNo(page: Page, lang: Lang, ending: string) {
  await settled(page);
  const search = page.getByRole('search');
  // Right after a view tab the search bar takes the new view's filters from the URL; text typed in
  // that instant is replaced, so the search is typed again until the URL carries it.
  await expect(async () => {
    await search.getByLabel(TEXT[lang].itemNo, { exact: true }).fill(ending);
    await search.getByRole('button', { name: TEXT[lang].search }).click();
    await expect(page).toHaveURL(new RegExp(`itemNo=${ending}`), { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await settled(page);
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a QC engineer registers a production sample, the auditor audits and re-audits it`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const text = TEXT[lang];
    const stamp = uniqueSuffix().toUpperCase();
    const itemNo = `PS-${lang.toUpperCase()}-${stamp}`;
    await signIn(page, DEMO_USERS.QC, lang, { at: `/${lang}/productionsample` });
    await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
    await page.getByTestId('production-sample-create').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/productionsample/new$`));
    const form = page.getByTestId('production-sample-form');
    await expect(form.getByLabel(text.itemNo, { exact: true })).toBeVisible();
    await screenshots(page, lang, 'form');

    await form.getByLabel(text.itemNo, { exact: true }).fill(itemNo);
    await form.getByLabel(text.client, { exact: true }).fill(text.clientSearch);
    await page.locator('.ant-select-dropdown:visible').getByText(text.clientName).click();
    await pickOption(page, form, text.provider, text.factoryName, 'F-JL');
    await form.getByLabel(text.quantity, { exact: true }).fill('6');
    await page.getByTestId('production-sample-save').click();

    await expect(page).toHaveURL(new RegExp(`/${lang}/productionsample/\\d+$`));
    await expect(page.locator('.ant-message')).toContainText(text.created);
    const detail = page.getByTestId('production-sample-detail');
    await expect(detail.getByRole('heading', { name: itemNo })).toBeVisible();
    await expect(detail).toContainText(text.registered);
    await expect(detail).toContainText(text.factoryName);
    // The QC engineer edits, but neither audits nor cancels (DOMAIN.md §5.3).
    await expect(page.getByTestId('production-sample-edit')).toBeVisible();
    await expect(page.getByTestId('production-sample-cancel')).toHaveCount(0);
    await expect(page.getByTestId('production-sample-audit-form')).toHaveCount(0);
    const sampleUrl = page.url();

    // The auditor audits it "improve": the remark is asked for before anything is sent.
    await signIn(page, DEMO_USERS.AUDITOR, lang, { at: sampleUrl });
    const audit = page.getByTestId('production-sample-audit-form');
    await audit.getByLabel(text.improve, { exact: true }).check();
    await page.getByTestId('production-sample-audit-save').click();
    await expect(audit.getByText(text.remarkRequired)).toBeVisible();
    const remark = `Burrs on the wheels ${stamp}`;
    await audit.getByLabel(text.remark, { exact: true }).fill(remark);
    await page.getByTestId('production-sample-audit-save').click();
    await expect(page.locator('.ant-message')).toContainText(text.auditedDone);
    await expect(detail).toContainText(text.audited);
    await expect(detail).toContainText(remark);
    await expect(detail.locator('.ant-badge', { hasText: text.improve })).toBeVisible();

    // Re-audit: the form opens on the result given, and the new one replaces it.
    await page.getByTestId('production-sample-reaudit').click();
    await expect(audit.getByLabel(text.improve, { exact: true })).toBeChecked();
    await audit.getByLabel(text.sign, { exact: true }).check();
    await page.getByTestId('production-sample-audit-save').click();
    await expect(page.locator('.ant-message')).toContainText(text.reauditedDone);
    await expect(detail.locator('.ant-badge', { hasText: text.sign })).toBeVisible();
    await expect(page.getByTestId('production-sample-reaudit')).toBeVisible();
    const log = page.getByRole('region', { name: text.changeLog });
    await expect(log.locator('time')).toHaveCount(3);
    await screenshots(page, lang, 'detail');

    // The audit results list (audited samples) holds it; so does the list of samples without an order.
    await go(page, `/${lang}/productionsample`);
    await page.getByTestId('production-sample-views').getByText(text.auditResults).click();
    await expect(page).toHaveURL(/view=audited/);
    await searchItemNo(page, lang, stamp);
    await expect(page.getByRole('link', { name: itemNo })).toHaveCount(1);
    await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await screenshots(page, lang, 'list');
    await page.getByTestId('production-sample-views').getByText(text.noOrder).click();
    await expect(page).toHaveURL(/view=noOrder/);
    await searchItemNo(page, lang, stamp);
    await expect(page.getByRole('link', { name: itemNo })).toHaveCount(1);
  });

  test(`${lang}: a QC manager cancels a production sample after "Cancel production sample?"`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[lang];
    const qc = await Api.signedIn(baseURL ?? '', DEMO_USERS.QC, DEMO_PASSWORD);
    const client = (await qc.call(searchClients, { name: text.clientName, pageSize: 5 })).list[0];
    const factory = (await qc.call(configListOperations.factory.search, {})).list[0];
    if (!client || !factory) throw new Error('no demo client or factory');
    const itemNo = `PS-CANCEL-${lang.toUpperCase()}-${uniqueSuffix().toUpperCase()}`;
    const sample = await qc.call(createProductionSample, {
      itemNo,
      clientId: client.id,
      providerFactoryId: factory.id,
      quantity: 3,
    });

    await signIn(page, DEMO_USERS.QC_MGR, lang, { at: `/${lang}/productionsample/${sample.id}` });
    const detail = page.getByTestId('production-sample-detail');
    await expect(detail).toContainText(text.registered);

    // Keeping it changes nothing; confirming cancels it.
    await page.getByTestId('production-sample-cancel').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text.confirm);
    await expect(dialog).toContainText(itemNo);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(detail).toContainText(text.registered);

    await page.getByTestId('production-sample-cancel').click();
    await dialog.getByRole('button', { name: text.cancelOk }).click();
    await expect(page.locator('.ant-message')).toContainText(text.cancelledDone);
    await expect(detail).toContainText(text.cancelled);
    await expect(detail).toContainText(text.isCancelled);
    await expect(page.getByTestId('production-sample-cancel')).toHaveCount(0);
    await expect(page.getByTestId('production-sample-edit')).toHaveCount(0);
    await screenshots(page, lang, 'cancelled');

    // `orderproduct` is the same screen (spec §2).
    await go(page, `/${lang}/orderproduct`);
    await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
    await expect(page.getByTestId('production-sample-views')).toBeVisible();
  });
}

/** An order of the sales user's own new client, and a production sample of that client (by an admin). */
async function orderAndSample(baseURL: string) {
  const sales = await Api.signedIn(baseURL, DEMO_USERS.SALES, DEMO_PASSWORD);
  const admin = await Api.signedIn(baseURL, DEMO_USERS.ADMIN, DEMO_PASSWORD);
  const me = await sales.call(check, {});
  const [country] = (await sales.call(configListOperations.country.search, {})).list;
  const [factory] = (await sales.call(configListOperations.factory.search, {})).list;
  if (!country || !factory) throw new Error('no seeded country or factory');
  const suffix = uniqueSuffix().toUpperCase();
  const client = await sales.call(createClient, {
    code: `E2EPS${suffix}`,
    name: `E2E sample client ${suffix}`,
    countryId: country.id,
    type: 1,
    salesId: me.uid,
  });
  const order = await sales.call(createOrder, {
    clientId: client.id,
    clientPo: `PO-PS-${suffix}`,
    products: [1, 2].map((n) => ({
      itemNo: `PSO-${suffix}-${n}`,
      name: `Toy ${n}`,
      factoryId: factory.id,
      quantity: 50 * n,
      deliveryDate: '2030-06-30',
    })),
  });
  const sample = await admin.call(createProductionSample, {
    itemNo: `PSL-${suffix}`,
    clientId: client.id,
    providerFactoryId: factory.id,
    quantity: 2,
  });
  return { order, sample, products: order.products.map((p) => p.productNo) };
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a sales user links an order product to a production sample, which then has an order`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[lang];
    const data = await orderAndSample(baseURL ?? '');
    const [first] = data.products;
    await signIn(page, DEMO_USERS.SALES, lang, { at: `/${lang}/order/${data.order.id}` });
    const rows = page.getByTestId('order-product');
    await rows.filter({ hasText: first! }).getByRole('checkbox').check();
    await page.getByTestId('order-ps-link').click();
    const dialog = page.getByTestId('order-ps');
    await dialog.getByLabel(text.productionSample, { exact: true }).fill(data.sample.itemNo.slice(-6));
    await page.locator('.ant-select-dropdown:visible').getByText(data.sample.itemNo).click();
    await page.getByTestId('order-ps-save').click();
    await expect(dialog).toBeHidden();
    const link = rows.filter({ hasText: first! }).getByRole('link', { name: data.sample.itemNo });
    await expect(link).toHaveAttribute('href', `/${lang}/productionsample/${data.sample.id}`);
    await screenshots(page, lang, 'order-link');

    // The sample now has an order, and lists the product.
    await link.click();
    const detail = page.getByTestId('production-sample-detail');
    await expect(detail).toContainText(text.placed);
    await expect(page.getByTestId('production-sample-products')).toContainText(first!);
    // With its test status (issue 24): nothing tested yet.
    await expect(page.getByTestId('production-sample-product').getByTestId('test-status')).toHaveAttribute(
      'data-status',
      'none',
    );

    // Unlinking after a confirmation takes it away again.
    await go(page, `/${lang}/order/${data.order.id}`);
    await rows.filter({ hasText: first! }).getByRole('checkbox').check();
    await page.getByTestId('order-ps-unlink').click();
    await page.getByRole('dialog').getByRole('button', { name: text.ok }).click();
    await expect(
      rows.filter({ hasText: first! }).getByRole('link', { name: data.sample.itemNo }),
    ).toHaveCount(0);
  });
}

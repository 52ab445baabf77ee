import { expect } from '@playwright/test';
import { searchMail } from '@qcdesk/contract/mail';
import { DEMO_USERS } from './accounts';
import { Api, uniqueSuffix } from './api';
import { test } from './fixtures';
import { go, pickOption, screenshotsAt, signIn } from './helpers';

// Issue 6 (web): a sales user creates a client with test requirements, finds it from the home search
// and edits it, in both languages; a sales user cannot edit a client of another sales (E_SCOPE).

const TEXT = {
  en: {
    nameRequired: 'Name must not be empty',
    name: 'Name',
    country: 'Country',
    germany: 'Germany',
    type: 'Type',
    importer: 'Importer',
    destinations: 'Destination countries',
    usa: 'United States (US)',
    usaSearch: 'United States',
    testItem: 'Test item',
    en71: 'EN 71-1 mechanical & physical properties',
    advanceDays: 'Advance days',
    inspectionRequirement: 'Inspection requirement',
    created: 'The client was created',
    saved: 'Saved',
    searchFor: 'Search for',
    clients: 'Clients',
    sales: 'Sales',
    salesManager: 'Demo Sales manager',
    invalidPermission: 'Invalid Permission',
    mailSent: 'The mail has been sent, please check',
    exportDone: 'The file is on its way to your mailbox',
    exportSubject: 'QCDesk export: Clients',
  },
  zh: {
    nameRequired: '名称不能为空',
    name: '名称',
    country: '国家',
    germany: '德国',
    type: '类型',
    importer: '进口商',
    destinations: '目的国',
    usa: '美国 (US)',
    usaSearch: '美国',
    testItem: '测试项目',
    en71: 'EN 71-1 物理机械性能',
    advanceDays: '提前天数',
    inspectionRequirement: '验货要求',
    created: '客户已创建',
    saved: '已保存',
    searchFor: '搜索内容',
    clients: '客户',
    sales: '业务员',
    salesManager: '演示业务经理',
    invalidPermission: '没有权限',
    mailSent: '邮件已发送，请查收',
    exportDone: '文件已发往您的邮箱',
    exportSubject: 'QCDesk 导出：客户',
  },
} as const;

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a sales user creates a client with test requirements, finds it from the home search and edits it`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[lang];
    const name = `E2E ${lang} Toys ${uniqueSuffix()}`;
    await signIn(page, DEMO_USERS.SALES, lang, { at: `/${lang}/client` });
    await page.getByTestId('client-create').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/client/new$`));
    const form = page.getByTestId('client-form');
    // Required fields say so before anything is sent.
    await page.getByTestId('client-save').click();
    await expect(form.getByText(text.nameRequired)).toBeVisible();

    await form.getByLabel(text.name, { exact: true }).fill(name);
    await pickOption(page, form, text.country, text.germany, text.germany);
    await pickOption(page, form, text.type, text.importer);
    // A sales user creates clients for themselves: the sales field is filled and fixed.
    await expect(form.getByLabel(text.sales, { exact: true })).toBeDisabled();
    await expect(form.getByLabel(text.sales, { exact: true })).toHaveValue(/Demo Sales|演示业务员/);
    await pickOption(page, form, text.destinations, text.usa, text.usaSearch);
    await page.keyboard.press('Escape');
    await page.getByTestId('client-test-add').click();
    await pickOption(page, form.getByTestId('client-test-row'), text.testItem, text.en71, 'EN 71-1');
    await page.getByTestId('client-save').click();

    await expect(page).toHaveURL(new RegExp(`/${lang}/client/\\d+$`));
    const detail = page.getByTestId('client-detail');
    await expect(detail.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('client-tests')).toContainText(text.en71);
    const clientUrl = page.url();

    // The home search finds it by a part of its name, and the hit opens it.
    await go(page, `/${lang}/search`);
    await page.getByLabel(text.searchFor).fill(name.slice(4));
    await page.getByTestId('home-search-submit').click();
    const group = page.getByTestId('home-search-group-client');
    await expect(group).toContainText(text.clients);
    await group.getByRole('link', { name }).click();
    await expect(page).toHaveURL(clientUrl);

    // Modify: one setting and a requirement text; the version travels with the update.
    await page.getByTestId('client-edit').click();
    await expect(page).toHaveURL(/\?edit=1$/);
    const edit = page.getByTestId('client-form');
    await edit.getByLabel(text.advanceDays).fill('5');
    await edit.getByLabel(text.inspectionRequirement).fill('AQL II; drop-test the export cartons.');
    await page.getByTestId('client-save').click();
    await expect(page).toHaveURL(clientUrl);
    await expect(detail).toContainText('AQL II; drop-test the export cartons.');
    await expect(detail.locator('.ant-descriptions-item-content').filter({ hasText: /^5$/ })).toHaveCount(1);

    // The change log records the three writes: create, test requirements, update.
    await expect(page.getByRole('region', { name: /Change log|修改记录/ }).locator('time')).toHaveCount(3);

    await screenshotsAt(page, lang, 'clients-detail', (width) => width === 1280 && lang === 'en');
    await go(page, `/${lang}/client`);
    await expect(page.getByRole('link', { name }).first()).toBeVisible();
    await screenshotsAt(page, lang, 'clients-list', (width) => width === 1280 && lang === 'en');
    await go(page, `/${lang}/search?q=${encodeURIComponent(name.slice(4))}`);
    await expect(page.getByTestId('home-search-group-client')).toBeVisible();
    await screenshotsAt(page, lang, 'clients-search', (width) => width === 1280 && lang === 'en');
  });
}

test('a sales user cannot modify a client of another sales: the server says Invalid Permission', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `E2E Other ${uniqueSuffix()}`;
  // An administrator (client.admin) creates a client for the sales manager, picked by name.
  await signIn(page, 'admin', 'en', { at: '/en/client/new' });
  const form = page.getByTestId('client-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await pickOption(page, form, 'Country', 'Germany', 'Germany');
  await pickOption(page, form, 'Type', 'Retailer');
  const sales = form.getByLabel('Sales', { exact: true });
  await sales.fill('manager');
  await page.locator('.ant-select-dropdown:visible').getByText(TEXT.en.salesManager).click();
  await expect(sales).toHaveValue(/Demo Sales manager/);
  await page.getByTestId('client-save').click();
  await expect(page).toHaveURL(/\/en\/client\/\d+$/);
  await expect(page.getByTestId('client-detail')).toContainText('Demo Sales manager');
  const url = new URL(page.url());

  const other = await page.context().browser()!.newContext({ locale: 'zh-CN' });
  const sales1 = await other.newPage();
  await signIn(sales1, DEMO_USERS.SALES, 'zh', { at: `/zh${url.pathname.slice(3)}?edit=1` });
  await expect(sales1.getByText(TEXT.zh.invalidPermission).first()).toBeVisible();
  await expect(sales1.getByTestId('client-form')).toHaveCount(0);
  await other.close();
});

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: Export mails the client list of the current filter`, async ({ page, baseURL }) => {
    const text = TEXT[lang];
    await signIn(page, DEMO_USERS.SALES, lang, { at: `/${lang}/client` });
    await page.getByRole('textbox', { name: text.name, exact: true }).fill('E2E');
    await page.getByRole('button', { name: /^(Search|查\s?询)$/ }).click();
    const exportButton = page.getByTestId('client-export');
    await exportButton.click();
    await expect(page.getByText(text.mailSent)).toBeVisible();
    // The job runs in the server's worker; the button waits for it, then says where the file went.
    await expect(page.getByText(text.exportDone)).toBeVisible({ timeout: 30_000 });
    await expect(exportButton).toBeEnabled();
    await screenshotsAt(page, lang, 'clients-export', (width) => width === 1280);

    const admin = await Api.signedIn(baseURL!);
    await expect
      .poll(async () => {
        const mails = await admin.call(searchMail, { to: `${DEMO_USERS.SALES}@qcdesk.local`, pageSize: 20 });
        return mails.list.some((mail) => mail.subject === text.exportSubject);
      })
      .toBe(true);
  });
}

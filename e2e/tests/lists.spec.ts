import { expect, type Locator, type Page } from '@playwright/test';
import { createMaterial, searchMaterials } from '@qcdesk/contract/material';
import { Api, createOwnUser, uniqueSuffix } from './api';
import { test } from './fixtures';
import { go, type Lang, settled, signIn } from './helpers';

// Issue 12, the list kit: every list keeps its search, page, page size and sort in the URL (Back,
// reload, breadcrumb), a bare URL opens the user's last search of the list, and the table toolbar
// remembers the columns and density. At PC width no column is cut or out of reach; long pages keep
// the table header in view. The screenshots of every list are lists-screenshots.spec.ts.

const TEXT = {
  en: {
    clients: 'Clients',
    name: 'Name',
    search: /^Search$/,
    reset: /^Reset$/,
    page: (n: number) => `Page ${n}`,
    columns: 'Column settings',
    country: 'Country',
    density: 'Density',
    compact: 'Compact',
    columnsReset: 'Reset',
    refresh: 'Refresh',
    group: 'Group',
    state: 'State',
    modify: (name: string) => `Modify ${name}`,
    active: 'Active',
  },
  zh: {
    clients: '客户',
    name: '名称',
    search: /^查\s?询$/,
    reset: /^重\s?置$/,
    page: (n: number) => `第 ${n} 页`,
    columns: '列设置',
    country: '国家',
    density: '密度',
    compact: '紧凑',
    columnsReset: '重置',
    refresh: '刷新',
    group: '用户组',
    state: '状态',
    modify: (name: string) => `修改 ${name}`,
    active: '启用',
  },
} as const;

/** A seeded client (apps/server client.seed.ts) the issue filtered by. */
const HUAMEI = '华美贸易（香港）有限公司';

const searchBar = (page: Page) => page.getByRole('search');

async function searchFor(page: Page, lang: Lang, label: string, value: string) {
  await searchBar(page).getByLabel(label, { exact: true }).fill(value);
  await searchBar(page).getByRole('button', { name: TEXT[lang].search }).click();
}

/** The table's body rows (not antd's hidden measure row). */
const rows = (page: Page) => page.locator('.ant-table-tbody > tr.ant-table-row');

/** Twelve materials of the spec's own, found by `name`: two pages of ten. */
async function twelveMaterials(baseURL: string): Promise<string> {
  const admin = await Api.signedIn(baseURL);
  const model = (await admin.call(searchMaterials, { pageSize: 1 })).list[0]!;
  const name = `E2E lists ${uniqueSuffix()}`;
  for (let i = 1; i <= 12; i++) {
    await admin.call(createMaterial, {
      upc: `L${uniqueSuffix()}${i}`.slice(0, 32),
      name: `${name} ${String(i).padStart(2, '0')}`,
      riskLevelId: model.riskLevel.id,
      materialTypeId: model.materialType.id,
    });
  }
  return name;
}

/**
 * Every column header of the table shows whole inside the table at this width: nothing cut
 * ("Activ"), nothing beyond the right edge, and the table needs no sideways scrolling.
 */
async function expectEveryColumnInView(page: Page, what: string) {
  const problems = await page.evaluate(() => {
    const table = document.querySelector('.ant-table-container');
    if (!table) return ['no table'];
    const box = table.getBoundingClientRect();
    const found: string[] = [];
    for (const th of table.querySelectorAll<HTMLElement>('thead th')) {
      const rect = th.getBoundingClientRect();
      const text = th.textContent?.trim() ?? '';
      if (rect.width === 0) continue;
      if (rect.right > box.right + 1 || rect.left < box.left - 1) found.push(`${text}: outside the table`);
      const title = th.querySelector<HTMLElement>('.ant-table-column-title') ?? th;
      if (title.scrollWidth > title.clientWidth + 1) found.push(`${text}: cut`);
    }
    for (const scroller of table.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
      if (scroller.scrollWidth > scroller.clientWidth + 1) found.push('the table scrolls sideways');
    }
    return found;
  });
  expect(problems, what).toEqual([]);
}

async function expectInView(locator: Locator) {
  await expect(locator).toBeVisible();
  await expect(locator).toBeInViewport({ ratio: 1 });
}

for (const lang of ['en', 'zh'] as const) {
  const text = TEXT[lang];

  test(`${lang}: a client filter survives a detail and Back, a reload and the breadcrumb`, async ({
    page,
  }) => {
    await signIn(page, 'admin', lang, { at: `/${lang}/client` });
    await searchFor(page, lang, text.name, '华美');
    await expect(page).toHaveURL(new RegExp(`/${lang}/client\\?name=${encodeURIComponent('华美')}$`));
    await expect(rows(page)).toHaveCount(1);

    await page.getByRole('link', { name: HUAMEI }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/client/\\d+$`));
    await page.goBack();
    await expect(page).toHaveURL(/\?name=/);
    await expect(searchBar(page).getByLabel(text.name, { exact: true })).toHaveValue('华美');
    await expect(rows(page)).toHaveCount(1);

    await page.reload();
    await expect(searchBar(page).getByLabel(text.name, { exact: true })).toHaveValue('华美');
    await expect(rows(page)).toHaveCount(1);

    // The breadcrumb of the detail leads back to the list as it was left.
    await page.getByRole('link', { name: HUAMEI }).click();
    await page.getByTestId('breadcrumbs').getByRole('link', { name: text.clients, exact: true }).click();
    await expect(page).toHaveURL(/\?name=/);
    await expect(rows(page)).toHaveCount(1);

    // Search with the same filter runs it again; so does the toolbar's refresh.
    let searches = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/client/search')) searches += 1;
    });
    await searchBar(page).getByRole('button', { name: text.search }).click();
    await expect.poll(() => searches).toBe(1);
    await page.getByRole('button', { name: text.refresh }).click();
    await expect.poll(() => searches).toBe(2);
  });

  test(`${lang}: materials page 2, a detail and Back: page 2 again`, async ({ page, baseURL }) => {
    const name = await twelveMaterials(baseURL!);
    await signIn(page, 'admin', lang, { at: `/${lang}/material` });
    await searchFor(page, lang, text.name, name);
    await expect(page).toHaveURL(/[?&]name=/);
    await expect(rows(page).first()).toContainText(name);
    await expect(rows(page)).toHaveCount(10);
    await page.getByRole('button', { name: text.page(2), exact: true }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(rows(page)).toHaveCount(2);
    const second = (await rows(page).first().getByRole('link').first().textContent())!;

    await rows(page).first().getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/material/\\d+$`));
    await page.goBack();
    await expect(page.getByRole('button', { name: text.page(2), exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).first().getByRole('link').first()).toHaveText(second);

    // Long pages keep the table header in view under the shell's header.
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.getByLabel(/Records per page|每页条数/).click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText(/^20 \/ page$|^20 条\/页$/)
      .click();
    await expect(page).toHaveURL(/pageSize=20/);
    await expect(rows(page)).toHaveCount(12);
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const header = page.getByRole('columnheader', { name: 'UPC' });
    await expect(header).toBeInViewport();
    const top = (await header.boundingBox())!.y;
    expect(top).toBeGreaterThanOrEqual(60);
    expect(top).toBeLessThan(80);
  });

  test(`${lang}: a bare URL (the menu after a reload, a typed address) opens the user's last search`, async ({
    page,
  }) => {
    await signIn(page, 'admin', lang, { at: `/${lang}/client` });
    await searchFor(page, lang, text.name, 'Nordic');
    await expect(page).toHaveURL(/\?name=Nordic$/);
    await expect(rows(page)).toHaveCount(1);

    // A fresh load forgets the tab's route memory: the menu's link is the bare list URL.
    await page.goto(`/${lang}`);
    await page.getByTestId('side-menu').getByRole('link', { name: text.clients, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/client\\?name=Nordic$`));
    await expect(searchBar(page).getByLabel(text.name, { exact: true })).toHaveValue('Nordic');
    await expect(rows(page)).toHaveCount(1);

    await page.goto(`/${lang}/client`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/client\\?name=Nordic$`));
    await expect(rows(page)).toHaveCount(1);

    // Reset is a search too: the bare URL then opens the whole list.
    await searchBar(page).getByRole('button', { name: text.reset }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/client$`));
    await page.goto(`/${lang}/client`);
    await expect(rows(page).first()).toBeVisible();
    await expect(searchBar(page).getByLabel(text.name, { exact: true })).toHaveValue('');
    await expect(page).toHaveURL(new RegExp(`/${lang}/client$`));
    expect(await rows(page).count()).toBeGreaterThan(1);
  });

  test(`${lang}: the column settings and the density are remembered`, async ({ page }) => {
    await signIn(page, 'admin', lang, { at: `/${lang}/client` });
    const country = page.getByRole('columnheader', { name: text.country, exact: true });
    await expect(country).toBeVisible();

    await page.getByRole('button', { name: text.columns }).click();
    const settings = page.getByTestId('column-settings');
    await settings.getByRole('checkbox', { name: text.country }).uncheck();
    await expect(country).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: text.density }).click();
    await page.getByRole('menuitem', { name: text.compact }).click();
    await expect(page.locator('.ant-table-small')).toHaveCount(1);

    await page.reload();
    await expect(rows(page).first()).toBeVisible();
    await expect(country).toHaveCount(0);
    await expect(page.locator('.ant-table-small')).toHaveCount(1);

    await page.getByRole('button', { name: text.columns }).click();
    await settings.getByRole('button', { name: text.columnsReset }).click();
    await expect(country).toBeVisible();
  });

  test(`${lang}: groups sort by their header, and the sort is in the URL`, async ({ page }) => {
    await signIn(page, 'admin', lang, { at: `/${lang}/user?tab=groups` });
    const header = page.getByRole('columnheader', { name: text.group });
    const names = () => rows(page).locator('td:first-child').allTextContents();
    await expect(rows(page).first()).toBeVisible();
    await header.click();
    await expect(page).toHaveURL(/[?&]g\.sort=name&g\.order=asc/);
    const ascending = await names();
    expect(ascending).toEqual(
      [...ascending].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })),
    );
    await header.click();
    await expect(page).toHaveURL(/[?&]g\.sort=name&g\.order=desc/);
    await expect.poll(names).toEqual([...ascending].reverse());
    await page.reload();
    await expect.poll(names).toEqual([...ascending].reverse());
    await expect(header).toHaveAttribute('aria-sort', 'descending');
  });

  test(`${lang}: clients sort by name on the server, and the sort is in the URL`, async ({ page }) => {
    await signIn(page, 'admin', lang, { at: `/${lang}/client` });
    const header = page.getByRole('columnheader', { name: text.name });
    const names = () => rows(page).locator('td:first-child a').allTextContents();
    await expect(rows(page).first()).toBeVisible();
    await header.click();
    await expect(page).toHaveURL(/[?&]sort=name&order=asc/);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await settled(page);
    const ascending = await names();
    await header.click();
    await expect(page).toHaveURL(/[?&]sort=name&order=desc/);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    // Other specs add clients meanwhile, so compare ends rather than whole pages: the server's
    // descending first page starts where no ascending first page can.
    await expect.poll(async () => (await names())[0]).not.toBe(ascending[0]);
    await page.reload();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(async () => (await names())[0]).not.toBe(ascending[0]);
  });

  test(`${lang}: at 1280 no column is cut or out of reach`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    // A mail in the outbox: the welcome mail of a user of the spec's own.
    await createOwnUser(baseURL!, 'demo.qc', `lists${lang}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'admin', lang, { at: `/${lang}/user?tab=groups` });

    await expect(rows(page).first()).toBeVisible();
    await expectInView(page.getByRole('columnheader', { name: text.state }));
    await expectInView(page.getByRole('button', { name: text.modify('业务员 Sales') }));
    await expectEveryColumnInView(page, 'Users › Groups');

    // The other lists are opened inside the app, as the menu does.
    for (const path of ['client', 'material', 'materialtest', 'originalsample', 'standard/common', 'user']) {
      await go(page, `/${lang}/${path}`);
      await expect(page.locator('.ant-table-thead')).toBeVisible();
      await settled(page);
      await expectEveryColumnInView(page, path);
    }
    await go(page, `/${lang}/client`);
    await expect(rows(page).first()).toBeVisible();
    await expectInView(rows(page).first().getByText(text.active));

    for (const path of ['config/system', 'config/mailbox', 'config/mailerror']) {
      await go(page, `/${lang}/config/${path.split('/')[1]}`);
      await expect(page.locator('.ant-table-thead')).toBeVisible();
      await settled(page);
      await expectEveryColumnInView(page, path);
    }
  });
}

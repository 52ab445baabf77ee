import { expect, type Page } from '@playwright/test';
import { DEMO_USERS } from './accounts';
import { test } from './fixtures';
import { type Lang, screenshotsAt, settled, signIn } from './helpers';

// Orders (spec §2 Order, OrderDetail; spec §3 Product filters): an administrator finds a seeded demo
// order (apps/server order.seed.ts, QCDESK_DEMO_USERS=1) by the end of its order no, sees one row per
// product, narrows by PO ending, exports that filter, and opens the order: its fields, products,
// shipment, contract files and change log. Both languages, screenshots at 375 and 1280.

const TEXT = {
  en: {
    title: 'Orders',
    orderNo: 'Order no',
    po: 'Client PO',
    search: /^Search$/,
    products: 'Products',
    shipping: 'Shipment',
    contract: 'Contract files',
    changeLog: 'Change log',
    client: 'Pacific',
    mailSent: 'The mail has been sent, please check',
    exportDone: 'The file is on its way to your mailbox',
  },
  zh: {
    title: '订单',
    orderNo: '订单号',
    po: '客户PO',
    search: /查\s?询$/,
    products: '产品',
    shipping: '出货',
    contract: '合同文件',
    changeLog: '修改记录',
    client: 'Pacific',
    mailSent: '邮件已发送，请查收',
    exportDone: '文件已发往您的邮箱',
  },
} as const;

/** The seeded order with three products (two factories) of client PACTOYS. */
const ORDER = { no: 'PT24-0788', ending: '0788', po: 'PT-PO-77881', poEnding: '77881', products: 3 };

async function screenshots(page: Page, lang: Lang, name: string): Promise<void> {
  // The pictures show the page at rest: no toast over the header, no button under the pointer.
  await page.mouse.move(0, 0);
  await screenshotsAt(page, lang, `orders-${name}`);
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: an administrator finds a seeded order by its order no ending and opens it`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[lang];
    await signIn(page, DEMO_USERS.ADMIN, lang, { at: `/${lang}/order` });
    await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
    const search = page.getByRole('search');
    await search.getByLabel(text.orderNo, { exact: true }).fill(ORDER.ending);
    await search.getByRole('button', { name: text.search }).click();
    await settled(page);
    // One row per product of the order, and no other order's.
    const rows = page.locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(ORDER.products);
    await expect(page.getByRole('link', { name: ORDER.no })).toHaveCount(ORDER.products);
    await expect(rows.first()).toContainText(ORDER.po);
    await expect(page).toHaveURL(new RegExp(`orderNo=${ORDER.ending}`));
    await screenshots(page, lang, 'list');

    // The PO ending alone finds the same products.
    await search.getByLabel(text.orderNo, { exact: true }).fill('');
    await search.getByLabel(text.po, { exact: true }).fill(ORDER.poEnding);
    await search.getByRole('button', { name: text.search }).click();
    await settled(page);
    await expect(rows).toHaveCount(ORDER.products);
    await expect(rows.first()).toContainText(ORDER.no);
    // The export takes the list's filters: a queued job, mailed as a link, with the button's progress.
    await page.getByTestId('order-export').click();
    await expect(page.getByText(text.mailSent)).toBeVisible();
    await expect(page.getByText(text.exportDone)).toBeVisible({ timeout: 30_000 });

    await page.getByRole('link', { name: ORDER.no }).first().click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/order/\\d+$`));
    const detail = page.getByTestId('order-detail');
    await expect(detail.getByRole('heading', { name: ORDER.no, level: 1 })).toBeVisible();
    await expect(detail).toContainText(ORDER.po);
    await expect(detail).toContainText(text.client);
    await expect(page.getByRole('heading', { name: text.products, level: 2 })).toBeVisible();
    await expect(page.getByTestId('order-product')).toHaveCount(ORDER.products);
    await expect(page.getByRole('heading', { name: text.shipping, level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: text.contract, level: 2 })).toBeVisible();
    // The seed created the order through the service: the change log shows its creation.
    const log = page.getByRole('region', { name: text.changeLog });
    await expect(log.locator('time').first()).toBeVisible();
    await screenshots(page, lang, 'detail');
  });
}

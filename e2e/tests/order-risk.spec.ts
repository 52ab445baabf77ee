import { expect, test } from '@playwright/test';
import { DEMO_USERS } from './accounts';
import { screenshotsAt, signIn } from './helpers';

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
    await signIn(page, DEMO_USERS.QC_MGR, lang);
    // Each language takes a demo order of its own (other specs' orders make risks too): the list
    // opens filtered by its order no, from the address as a bookmarked search would.
    const orderNo = lang === 'en' ? 'NH24-0315' : 'PT24-0788';
    await page.goto(`/${lang}/orderrisk?orderNo=${orderNo}`);
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

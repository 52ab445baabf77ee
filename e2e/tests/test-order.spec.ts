import { expect } from '@playwright/test';
import { configListOperations } from '@qcdesk/contract/config';
import { searchMail } from '@qcdesk/contract/mail';
import { updateOrderRisk } from '@qcdesk/contract/order-risk';
import { DEMO_USERS } from './accounts';
import { Api } from './api';
import { test } from './fixtures';
import { go, type Lang, pickOption, screenshotsAt, signIn } from './helpers';
import { ownClientOrder } from './own-order';

// Issue 16 (web): a QC engineer puts two products of an order in the order-test cart, creates a test
// order to SGS from the cart (the products' open risk items, priced in RMB) and submits it; the lab
// contact of the department (LabCs) is mailed. Both languages, at phone and PC widths.

const TEXT = {
  en: {
    lab: 'Lab',
    testType: 'Test type',
    labName: 'SGS Shenzhen',
    chemical: 'Chemical',
    draft: 'Draft',
    submitted: 'Submitted',
    submit: 'Submit to lab',
  },
  zh: {
    lab: '实验室',
    testType: '测试类型',
    labName: 'SGS深圳实验室',
    chemical: '化学',
    draft: '草稿',
    submitted: '已送测',
    submit: '提交送测',
  },
} as const;

/** An order of the sales user's own new client (department SALES1) with two products, each with a risk item. */
async function ownOrder(baseURL: string) {
  const { order } = await ownClientOrder(baseURL, 'TO', 'test-order');
  const admin = await Api.signedIn(baseURL);
  const items = await admin.call(configListOperations.testitem.search, {
    keyword: 'T-',
    pageSize: 50,
  } as never);
  const idOf = (code: string) => items.list.find((i) => i.code === code)!.id;
  for (const [p, code] of [
    [order.products[0]!, 'T-AZO'],
    [order.products[1]!, 'T-HCHO'],
  ] as const) {
    await admin.call(updateOrderRisk, { productId: p.id, items: [{ testItemId: idOf(code) }] });
  }
  return { admin, order };
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: QC puts two products in the test cart, creates and submits a test order; the lab is mailed`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const text = TEXT[lang];
    const { admin, order } = await ownOrder(baseURL!);
    await signIn(page, DEMO_USERS.QC, lang as Lang, { at: `/${lang}/order/${order.id}` });
    const tags = page.getByTestId('order-test-cart-toggle');
    await expect(tags).toHaveCount(2);
    await tags.nth(0).click();
    await tags.nth(1).click();
    await expect(tags.nth(0)).toHaveAttribute('data-in-cart', 'true');
    await expect(tags.nth(1)).toHaveAttribute('data-in-cart', 'true');
    await screenshotsAt(page, lang, 'test-order-order-cart');
    await page.getByTestId('order-test-cart-open').click();

    await expect(page).toHaveURL(new RegExp(`/${lang}/ordertest/new$`));
    const form = page.getByTestId('test-order-form');
    await expect(page.getByTestId('test-order-cart-product')).toHaveCount(2);
    await expect(page.getByTestId('test-order-line')).toHaveCount(2);
    await pickOption(page, form, text.lab, text.labName);
    await pickOption(page, form, text.testType, text.chemical);
    await screenshotsAt(page, lang, 'test-order-create');
    await page.getByTestId('test-order-create-submit').click();

    await expect(page).toHaveURL(new RegExp(`/${lang}/ordertest/\\d+$`));
    const detail = page.getByTestId('test-order-detail');
    await expect(detail).toContainText(text.draft);
    await expect(page.getByTestId('test-order-amount')).toHaveText('800.00 RMB');
    await expect(page.getByTestId('test-order-product')).toHaveCount(2);
    const testOrderNo = (await detail.locator('h1').first().textContent())?.trim() ?? '';
    expect(testOrderNo).toMatch(/^TO\d{10}$/);
    await screenshotsAt(page, lang, 'test-order-detail');

    await page.getByTestId('test-order-submit').click();
    await page.getByRole('dialog').getByRole('button', { name: text.submit }).click();
    await expect(detail).toContainText(text.submitted);

    // The department's LabCs contact of SGS (min.zhao@sgs.example.com) is mailed the order.
    await expect
      .poll(async () => {
        const mails = await admin.call(searchMail, { to: 'min.zhao@sgs.example.com', pageSize: 20 });
        return mails.list.some((m) => m.subject.includes(testOrderNo));
      })
      .toBe(true);

    await go(page, `/${lang}/ordertest?testOrderNo=${testOrderNo}`);
    await expect(page.getByTestId('test-order-link').first()).toHaveText(testOrderNo);
    await screenshotsAt(page, lang, 'test-order-list');
  });
}

import { expect, type Page } from '@playwright/test';
import { createClient } from '@qcdesk/contract/client';
import { configListOperations } from '@qcdesk/contract/config';
import { check } from '@qcdesk/contract/identity';
import { createOrder } from '@qcdesk/contract/order';
import { createOriginalSample } from '@qcdesk/contract/original-sample';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, uniqueSuffix } from './api';
import { test } from './fixtures';
import { go, type Lang, screenshotsAt, settled, signIn } from './helpers';

// Contracts (spec §2 Contract, DOMAIN.md §4.14) and sample links (DOMAIN.md §6.1, order/relation):
// a sales user opens the contract of an order of their own client from the order detail, uploads
// "Contract A.pdf", uploads it again (the newer file replaces the first), deletes it through the
// confirmation and restores it; then puts the client's original sample and another client's into
// the cart, links a product to the first and sees the link, and is told why the second cannot be.
// Both languages, own data (a client pair, an order, two samples per run), screenshots at 375 and 1280.

const TEXT = {
  en: {
    manage: 'Manage files',
    contract: 'Contract',
    files: 'Files',
    deleteButton: /^Delete$/,
    restore: 'Restore Contract A.pdf',
    deleteFile: 'Delete Contract A.pdf',
    addToCart: (itemNo: string) => `Add to cart: ${itemNo}`,
    link: 'Link to original sample',
    linkOk: /^Link$/,
    unlink: 'Unlink original sample',
    ok: /^OK$/,
    otherClient: 'The original sample belongs to another client and cannot be linked',
  },
  zh: {
    manage: '管理文件',
    contract: '合同',
    files: '文件',
    deleteButton: /^删\s?除$/,
    restore: '恢复Contract A.pdf',
    deleteFile: '删除Contract A.pdf',
    addToCart: (itemNo: string) => `加入购物车：${itemNo}`,
    link: /(^|\s)关联原样$/,
    linkOk: /^关\s?联$/,
    unlink: '取消关联原样',
    ok: /^确\s?定$/,
    otherClient: '原样属于其他客户，不能关联',
  },
} as const;

/** A small real PDF: the upload checks the file's signature against its name. */
const pdf = (padding: number) => ({
  name: 'Contract A.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\n${'%'.repeat(padding)}\ntrailer <<>>\n%%EOF\n`),
});

/** An order of the sales user's own client with two products, and a sample of that client and of another. */
async function ownData(baseURL: string) {
  const sales = await Api.signedIn(baseURL, DEMO_USERS.SALES, DEMO_PASSWORD);
  const me = await sales.call(check, {});
  const [country] = (await sales.call(configListOperations.country.search, {})).list;
  const [factory] = (await sales.call(configListOperations.factory.search, {})).list;
  if (!country || !factory) throw new Error('no seeded country or factory');
  const suffix = uniqueSuffix().toUpperCase();
  const client = (label: string) =>
    sales.call(createClient, {
      code: `E2EC${label}${suffix}`,
      name: `E2E contract client ${label} ${suffix}`,
      countryId: country.id,
      type: 1,
      salesId: me.uid,
    });
  const own = await client('A');
  const other = await client('B');
  const product = (n: number) => ({
    itemNo: `CT-${suffix}-${n}`,
    name: `Toy ${n}`,
    factoryId: factory.id,
    quantity: 100 * n,
    deliveryDate: '2030-06-30',
  });
  const order = await sales.call(createOrder, {
    clientId: own.id,
    clientPo: `PO-${suffix}`,
    products: [product(1), product(2)],
  });
  const sample = (clientId: string, label: string) =>
    sales.call(createOriginalSample, {
      itemNo: `OS${label}${suffix}`,
      name: `Sample ${label}`,
      clientId,
    });
  return {
    order,
    products: order.products.map((p) => p.productNo),
    ownSample: await sample(own.id, 'A'),
    otherSample: await sample(other.id, 'B'),
  };
}

async function screenshots(page: Page, lang: Lang, name: string): Promise<void> {
  // The pictures show the page at rest: no toast over the header, no button under the pointer.
  await expect(page.locator('.qcdesk-toast')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await screenshotsAt(page, lang, `contracts-${name}`);
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a sales user manages contract files and links products to original samples`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const text = TEXT[lang];
    const data = await ownData(baseURL!);

    // The order's contract card leads to the contract screen.
    await signIn(page, DEMO_USERS.SALES, lang, { at: `/${lang}/order/${data.order.id}` });
    await page.getByRole('link', { name: text.manage }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/contract/${data.order.id}$`));
    const detail = page.getByTestId('contract-detail');
    await expect(detail.getByRole('heading', { level: 1 })).toContainText(data.order.orderNo);
    await expect(detail.getByRole('link', { name: data.order.orderNo })).toBeVisible();

    // Upload, then upload again under the same name: one valid entry, the newer (larger) one.
    const input = page.getByTestId('contract-upload').locator('input[type=file]');
    const valid = page.locator('[data-testid=contract-file][data-valid="1"]');
    const replaced = page.locator('[data-testid=contract-file][data-valid="0"]');
    await input.setInputFiles(pdf(10));
    await expect(valid).toHaveCount(1);
    await expect(valid).toContainText('Contract A.pdf');
    const firstSize = await valid.getByTestId('contract-file-size').innerText();
    await expect(valid.getByRole('link', { name: 'Contract A.pdf' })).toHaveAttribute(
      'href',
      /\/api\/file\/\d+\?exp=/,
    );
    await input.setInputFiles(pdf(2000));
    await expect(replaced).toHaveCount(1);
    await expect(valid).toHaveCount(1);
    await expect(valid.getByTestId('contract-file-size')).not.toHaveText(firstSize);
    await settled(page);
    await screenshots(page, lang, 'files');

    // Delete through the confirmation; the file stays restorable.
    await valid.getByRole('button', { name: text.deleteFile }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.deleteButton }).click();
    await expect(valid).toHaveCount(0);
    await expect(replaced).toHaveCount(2);
    await replaced.last().getByRole('button', { name: text.restore }).click();
    await expect(valid).toHaveCount(1);

    // Both samples into the original-sample cart from the list.
    for (const sample of [data.ownSample, data.otherSample]) {
      await go(page, `/${lang}/originalsample?itemNo=${sample.itemNo}&complete=all`);
      await page.getByRole('button', { name: text.addToCart(sample.itemNo) }).click();
    }

    // Link the first product to the client's own sample.
    await go(page, `/${lang}/order/${data.order.id}`);
    const [first, second] = data.products;
    const rows = page.getByTestId('order-product');
    await rows.filter({ hasText: first! }).getByRole('checkbox').check();
    await page.getByRole('button', { name: text.link }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: `${data.ownSample.itemNo} | Sample A` }).check();
    await dialog.getByRole('button', { name: text.linkOk }).click();
    await expect(dialog).toBeHidden();
    await expect(
      rows.filter({ hasText: first! }).getByRole('link', { name: data.ownSample.itemNo }),
    ).toHaveAttribute('href', `/${lang}/originalsample/${data.ownSample.id}`);

    // Another client's sample is refused, in the page's language; nothing is linked.
    await rows.filter({ hasText: second! }).getByRole('checkbox').check();
    await page.getByRole('button', { name: text.link }).click();
    await dialog.getByRole('radio', { name: `${data.otherSample.itemNo} | Sample B` }).check();
    await dialog.getByRole('button', { name: text.linkOk }).click();
    await expect(dialog.getByTestId('order-link-problem')).toHaveText(text.otherClient);
    await screenshots(page, lang, 'link-refused');
    await dialog.getByRole('button', { name: /Cancel|取\s?消/ }).click();
    await expect(
      rows.filter({ hasText: second! }).getByRole('link', { name: data.otherSample.itemNo }),
    ).toHaveCount(0);
    await screenshots(page, lang, 'order-links');

    // Unlinking (after a confirmation) takes the link away again.
    await rows.filter({ hasText: first! }).getByRole('checkbox').check();
    await page.getByRole('button', { name: text.unlink }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.ok }).click();
    await expect(
      rows.filter({ hasText: first! }).getByRole('link', { name: data.ownSample.itemNo }),
    ).toHaveCount(0);
  });
}

import { expect } from '@playwright/test';
import { createClient } from '@qcdesk/contract/client';
import { configListOperations } from '@qcdesk/contract/config';
import { check } from '@qcdesk/contract/identity';
import { createOrder } from '@qcdesk/contract/order';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, uniqueSuffix } from './api';
import { test } from './fixtures';
import { go, screenshotsAt, settled, signIn } from './helpers';
import { png } from './images';

// Thumbnails (issue 15, docs/adr/0014-thumbnails.md): photos uploaded as contract files show as
// small thumbnails, made by the server beside the original, in the order's file list. One language
// (the list's texts are covered by contracts.spec.ts), screenshots at 375 and 1280.

test('photos uploaded as contract files show as server-made thumbnails in the order', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const sales = await Api.signedIn(baseURL!, DEMO_USERS.SALES, DEMO_PASSWORD);
  const me = await sales.call(check, {});
  const [country] = (await sales.call(configListOperations.country.search, {})).list;
  const [factory] = (await sales.call(configListOperations.factory.search, {})).list;
  if (!country || !factory) throw new Error('no seeded country or factory');
  const suffix = uniqueSuffix().toUpperCase();
  const client = await sales.call(createClient, {
    code: `E2EP${suffix}`,
    name: `E2E photo client ${suffix}`,
    countryId: country.id,
    type: 1,
    salesId: me.uid,
  });
  const order = await sales.call(createOrder, {
    clientId: client.id,
    clientPo: `PO-P-${suffix}`,
    products: [
      {
        itemNo: `PH-${suffix}`,
        name: 'Toy',
        factoryId: factory.id,
        quantity: 10,
        deliveryDate: '2030-06-30',
      },
    ],
  });

  await signIn(page, DEMO_USERS.SALES, 'en', { at: `/en/contract/${order.id}` });
  const input = page.getByTestId('contract-upload').locator('input[type=file]');
  const valid = page.locator('[data-testid=contract-file][data-valid="1"]');
  await input.setInputFiles({ name: 'Sample front.png', mimeType: 'image/png', buffer: png(1200, 800, 0) });
  await expect(valid).toHaveCount(1);
  await input.setInputFiles({ name: 'Sample back.png', mimeType: 'image/png', buffer: png(800, 1200, 90) });
  await expect(valid).toHaveCount(2);

  await go(page, `/en/order/${order.id}`);
  const thumbnails = page.getByTestId('order-contract').locator('img');
  await expect(thumbnails).toHaveCount(2);
  for (const thumbnail of await thumbnails.all()) {
    await expect(thumbnail).toHaveAttribute('src', /\/api\/file\/\d+\/thumbnail\?exp=\d+&sig=/);
    // Loaded: the server made a webp of at most 320 px a side.
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const natural = await thumbnail.evaluate((img: HTMLImageElement) => [
      img.naturalWidth,
      img.naturalHeight,
    ]);
    expect(Math.max(...natural)).toBe(320);
  }
  await settled(page);
  await page.getByTestId('order-contract').scrollIntoViewIfNeeded();
  await screenshotsAt(page, 'en', 'photos-order-contract');
});

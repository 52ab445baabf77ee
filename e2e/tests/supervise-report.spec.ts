import { expect, type Page } from '@playwright/test';
import { formatMessage } from '@qcdesk/contract/messages';
import {
  checkoutSuperviseReport,
  createSuperviseReport,
  getSuperviseReport,
  releaseSuperviseReport,
  updateSuperviseReport,
} from '@qcdesk/contract/supervise-report';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, createOwnUser, uploadAs } from './api';
import { test } from './fixtures';
import { businessToday, go, type Lang, screenshotsAt, signIn } from './helpers';
import { png } from './images';
import { ownClientOrder } from './own-order';

// Issue 29 (supervise reports): a loading report made from a shipping (through the API) is filled
// by its inspector on a phone — checked out, the container no first with a wrong check digit (the
// ISO 6346 error seen as typed), then right, the seal no, the loaded cartons, the mandatory
// checkpoints; a submit lists the checkpoint still missing its photo, the photo is taken and the
// report submitted. An auditor approves it at the desk, and the order's shipment shows the
// approved report. Both languages; screenshots at 375 and 1280.

const TEXT = {
  en: { pass: 'Pass', submit: 'Submit', approve: 'Approve', submitted: 'Submitted', approved: 'Approved' },
  zh: { pass: '通过', submit: '提交', approve: '审核通过', submitted: '待审核', approved: '已审核' },
} as const;

/** ISO 6346: CSQU 305438 has the check digit 3. */
const CONTAINER_OK = 'CSQU3054383';
const CONTAINER_BAD = 'CSQU3054384';

/**
 * The story's data through the API: an order of a new client on a new shipment, an inspector of
 * its own (like demo.inspector), the QC manager's supervise report of the shipment for them, and
 * the photos of three of the four photo checkpoints already taken (the screen adds the fourth).
 */
async function setUp(baseURL: string, lang: Lang) {
  const { order } = await ownClientOrder(baseURL, `SV${lang.toUpperCase()}`, 'Supervise', { shipped: true });
  if (!order.shipping) throw new Error('the order has no shipment');
  const inspector = await createOwnUser(baseURL, DEMO_USERS.INSPECTOR, `svinsp${lang}`);
  const qcmgr = await Api.signedIn(baseURL, DEMO_USERS.QC_MGR, DEMO_PASSWORD);
  const report = await qcmgr.call(createSuperviseReport, {
    shippingId: order.shipping.id,
    loadingDate: businessToday(),
    inspectorId: inspector.id,
    assistantIds: [],
    containerType: '40HQ',
  });
  const api = await Api.signedIn(baseURL, inspector.username, inspector.password);
  const held = await api.call(checkoutSuperviseReport, { id: report.id });
  const photoLines = held.checkpoints.filter((c) => c.photoRequired && c.mandatory).slice(1);
  const photos = await Promise.all(
    photoLines.map((_c, i) => uploadAs(baseURL, api, `site-${i}.png`, png(64, 48, 40 + i * 90), 'image/png')),
  );
  const saved = await api.call(updateSuperviseReport, {
    id: report.id,
    version: held.version,
    checkpoints: photoLines.map((c, i) => ({ id: c.id, photoIds: [photos[i]!] })),
  });
  await api.call(releaseSuperviseReport, { id: report.id, force: false });
  const [first] = held.checkpoints.filter((c) => c.photoRequired && c.mandatory);
  if (!first) throw new Error('no mandatory photo checkpoint in the master list');
  const name = (c: { checkpoint: { nameZh: string | null; nameEn: string | null } }) =>
    (lang === 'zh' ? c.checkpoint.nameZh : c.checkpoint.nameEn) ?? '';
  return {
    order,
    inspector,
    report: saved,
    mandatory: held.checkpoints.filter((c) => c.mandatory).map(name),
    photoMissing: name(first),
  };
}

const dialog = (page: Page) => page.getByRole('dialog').last();

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: the inspector fills a loading report on a phone and submits it; an auditor approves it`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const text = TEXT[lang];
    const { order, inspector, report, mandatory, photoMissing } = await setUp(baseURL!, lang);

    // The inspector, on a phone: check out, then the container.
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, inspector.username, lang, { at: `/${lang}/supervisereport/${report.id}` });
    const detail = page.getByTestId('supervise-report-detail');
    await expect(detail.locator('h1')).toHaveText(report.reportNo);
    await page.getByTestId('supervise-report-checkout').click();
    const editor = page.getByTestId('supervise-report-editor');
    await expect(editor).toBeVisible();
    const containerNo = page.getByTestId('supervise-report-container-no');
    await containerNo.fill(CONTAINER_BAD);
    const wrong = formatMessage('E_CONTAINER_NO', lang, { value: CONTAINER_BAD });
    await expect(editor.getByText(wrong)).toBeVisible();
    await containerNo.fill(CONTAINER_OK);
    await expect(editor.getByText(wrong)).toBeHidden();
    await page.getByTestId('supervise-report-seal-no').fill(`SEAL-${lang}-0815`);
    for (const cartons of await page.getByTestId('supervise-report-loaded-cartons').all())
      await cartons.fill('50');

    // The mandatory checkpoints passed; a submit lists the one still missing its photo.
    for (const name of mandatory) {
      const checkpoint = page.getByTestId('supervise-report-checkpoint').filter({ hasText: name });
      await checkpoint.getByText(text.pass, { exact: true }).click();
    }
    await page.getByTestId('supervise-report-submit').click();
    await dialog(page).getByRole('button', { name: text.submit, exact: true }).click();
    const problems = page.getByTestId('supervise-report-problems');
    await expect(problems).toContainText(formatMessage('E_SR_PHOTO', lang, { name: photoMissing }));
    await expect(problems.locator('li')).toHaveCount(1);

    // The photo taken on that checkpoint; the report submitted.
    const withPhoto = page.getByTestId('supervise-report-checkpoint').filter({ hasText: photoMissing });
    await withPhoto
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'container.png', mimeType: 'image/png', buffer: png(64, 48, 300) });
    await expect(withPhoto.locator('img')).toHaveCount(1);
    await expect(problems).toBeHidden();
    await screenshotsAt(page, lang, 'supervise-report-editor');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId('supervise-report-submit').click();
    await dialog(page).getByRole('button', { name: text.submit, exact: true }).click();
    await expect(page.getByTestId('supervise-report-status')).toHaveText(text.submitted);
    await expect(detail).toContainText(CONTAINER_OK);

    // An auditor, at the desk: approves it.
    await signIn(page, DEMO_USERS.AUDITOR, lang, { at: `/${lang}/supervisereport/${report.id}` });
    await page.getByTestId('supervise-report-approve').click();
    await dialog(page).getByRole('button', { name: text.approve, exact: true }).click();
    await expect(page.getByTestId('supervise-report-status')).toHaveText(text.approved);
    await screenshotsAt(page, lang, 'supervise-report-approved');

    // The order's shipment shows the approved report.
    await go(page, `/${lang}/order/${order.id}`);
    const listed = page.getByTestId('order-supervise-report').filter({ hasText: report.reportNo });
    await expect(listed).toContainText(text.approved);
    const api = await Api.signedIn(baseURL!, DEMO_USERS.AUDITOR, DEMO_PASSWORD);
    expect((await api.call(getSuperviseReport, { id: report.id })).containerNo).toBe(CONTAINER_OK);
  });
}

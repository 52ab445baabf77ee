import { expect, type Page } from '@playwright/test';
import { checkoutInspectionBooking, updateInspectionBooking } from '@qcdesk/contract/inspection-booking';
import {
  approveSuperviseReport,
  CHECKPOINT_RESULT,
  checkoutSuperviseReport,
  listSuperviseReports,
  submitSuperviseReport,
  updateSuperviseReport,
} from '@qcdesk/contract/supervise-report';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, createOwnUser, uploadAs } from './api';
import { BOOKING_TEXT, bookOnPhone, closedWorkingDay, submitBooking } from './booking-form';
import { test } from './fixtures';
import { addDays, businessToday, type Lang, nameIn, pickOption, screenshotsAt, signIn } from './helpers';
import { png } from './images';
import { ownClientOrder } from './own-order';

// Issue 29 (field work), the whole story: a client user books the loading supervision (CLC) of its
// order's product on a phone and submits it. The booking admin checks it out and assigns an
// inspector on the booked day, when the factory is closed (the warning answered, nothing saved), then
// on the next working day; the inspector fills the loading report (checkpoints with photos, the
// container no) and submits it; an auditor approves it. Those steps have their own screens' specs
// (inspection-booking, supervise-report), so they go through the API here. On screen: the QC
// manager opens the report's PDF and sends it with the send dialog (the client's report e-mail
// proposed, another address added), and the client, on a phone, retrieves the sent report from its
// booking and opens its PDF. Both languages; screenshots at 375 and 1280.

const TEXT = {
  en: {
    ...BOOKING_TEXT.en,
    typeName: 'Loading supervision booking',
    containerType: 'Container type',
    orderProduct: 'Order product',
    sent: 'Sent',
    sendOthers: 'Other addresses',
    openPdf: 'Open PDF',
  },
  zh: {
    ...BOOKING_TEXT.zh,
    typeName: '监装预约',
    containerType: '柜型',
    orderProduct: '订单产品',
    sent: '已发送',
    sendOthers: '其他地址',
    openPdf: '查看 PDF',
  },
} as const;

/** ISO 6346: CSQU 305438 has the check digit 3. */
const CONTAINER_NO = 'CSQU3054383';

/**
 * The story's data through the API: an order of a new client (its report e-mail the buyer's) on a
 * shipment, a client user of that client, an inspector of its own, and two consecutive working days
 * well ahead (a Wednesday eight or more weeks away, clear of the other specs' days, and the next
 * working day) with the order's factory closed on the first.
 */
async function setUp(baseURL: string, lang: Lang) {
  const buyer = `buyer.fieldwork.${lang}@example.com`;
  const { client, order, factories } = await ownClientOrder(
    baseURL,
    `FW${lang.toUpperCase()}`,
    'Field work',
    {
      shipped: true,
      reportEmails: [buyer],
    },
  );
  const booker = await createOwnUser(baseURL, DEMO_USERS.CLIENT, `fwclient${lang}`, { clientId: client.id });
  const inspector = await createOwnUser(baseURL, DEMO_USERS.INSPECTOR, `fwinsp${lang}`);
  const qcmgr = await Api.signedIn(baseURL, DEMO_USERS.QC_MGR, DEMO_PASSWORD);
  const from = addDays(businessToday(), lang === 'en' ? 56 : 70);
  const factory = factories[0]!;
  const { closed, open } = await closedWorkingDay(
    qcmgr,
    factory.id,
    from,
    3,
    `e2e field work closure ${lang}`,
  );
  const product = order.products[0]!;
  return { buyer, booker, inspector, qcmgr, factory, product, closed, open };
}

/**
 * The booking admin's part through the API: checks the booking out, assigns the inspector on the
 * closed day (W_FACTORY_CLOSED answered, nothing saved), then on the next working day.
 */
async function assign(qcmgr: Api, bookingId: string, inspectorId: string, closed: string, open: string) {
  const held = await qcmgr.call(checkoutInspectionBooking, { id: bookingId });
  const base = { id: bookingId, version: held.version, inspectorId };
  const warned = await qcmgr.call(updateInspectionBooking, { ...base, assignedDate: closed });
  expect(warned.saved).toBe(false);
  expect(warned.warnings.map((w) => w.key)).toContain('W_FACTORY_CLOSED');
  const assigned = await qcmgr.call(updateInspectionBooking, { ...base, assignedDate: open, confirm: true });
  expect(assigned.saved).toBe(true);
}

/**
 * The inspector's and the auditor's part through the API: the loading report checked out, the
 * container and seal, the loaded cartons, every checkpoint passed with a photo where one is asked,
 * submitted; then approved.
 */
async function fillAndApprove(baseURL: string, inspector: { username: string; password: string }) {
  const api = await Api.signedIn(baseURL, inspector.username, inspector.password);
  const [mine] = (await api.call(listSuperviseReports, {})).list;
  if (!mine) throw new Error('the assignment made no supervise report');
  const held = await api.call(checkoutSuperviseReport, { id: mine.id });
  const photos = held.checkpoints.filter((c) => c.photoRequired);
  const ids = await Promise.all(
    photos.map((_c, i) => uploadAs(baseURL, api, `load-${i}.png`, png(64, 48, 30 + i * 70), 'image/png')),
  );
  const saved = await api.call(updateSuperviseReport, {
    id: mine.id,
    version: held.version,
    containerNo: CONTAINER_NO,
    sealNo: 'SEAL-FW-0042',
    products: held.products.map((p) => ({ id: p.id, loadedCartons: 40, loadedQuantity: p.quantity })),
    checkpoints: held.checkpoints.map((c) => ({
      id: c.id,
      result: CHECKPOINT_RESULT.pass,
      ...(c.photoRequired ? { photoIds: [ids[photos.indexOf(c)]!] } : {}),
    })),
  });
  const submitted = await api.call(submitSuperviseReport, { id: mine.id, version: saved.version });
  const auditor = await Api.signedIn(baseURL, DEMO_USERS.AUDITOR, DEMO_PASSWORD);
  return auditor.call(approveSuperviseReport, { id: mine.id, version: submitted.version });
}

const dialog = (page: Page) => page.getByRole('dialog').last();

/** Opens the report's PDF in the page (made now) and closes it again. */
async function openPdf(page: Page) {
  await page.getByTestId('report-pdf-preview').click();
  await expect(page.getByTestId('report-pdf-frame')).toBeVisible({ timeout: 30_000 });
  await dialog(page)
    .getByRole('button', { name: /close|关闭/i })
    .click();
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a client books a loading supervision on a phone; the report, assigned, filled and approved, is sent with the send dialog and retrieved by the client from the booking`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const text = TEXT[lang];
    const { buyer, booker, inspector, qcmgr, factory, product, closed, open } = await setUp(baseURL!, lang);

    // The client user, on a phone: the CLC booking of the order's product, submitted.
    const form = await bookOnPhone(page, booker.username, lang, {
      type: text.typeName,
      factory: nameIn(factory, lang),
      date: closed,
      contact: 'Chen Hui',
      phone: '+86 769 2222 0000',
    });
    await pickOption(page, form, text.containerType, '40HQ');
    await form.getByLabel(text.orderProduct, { exact: true }).fill(product.productNo);
    await page.locator('.ant-select-dropdown:visible').getByText(product.productNo).first().click();
    await form.getByLabel(text.quantity, { exact: true }).fill('500');
    await screenshotsAt(page, lang, 'field-work-booking-form');
    await page.setViewportSize({ width: 375, height: 800 });
    await form.getByTestId('inspection-booking-save').click();
    const detail = page.getByTestId('inspection-booking-detail');
    await expect(detail.getByText(text.draft, { exact: true })).toBeVisible();
    await expect(page.getByText(product.productNo).first()).toBeVisible();
    await submitBooking(page, lang);
    const bookingPath = new URL(page.url()).pathname;
    const bookingId = /\/inspection\/booking\/(\d+)$/.exec(bookingPath)?.[1];
    if (!bookingId) throw new Error(`not a booking page: ${bookingPath}`);

    // Assigned (the closure warned first), filled, submitted and approved: through the API.
    await assign(qcmgr, bookingId, inspector.id, closed, open);
    const report = await fillAndApprove(baseURL!, inspector);

    // The QC manager, at the desk: the final PDF opened, then the send dialog.
    await signIn(page, DEMO_USERS.QC_MGR, lang, { at: `/${lang}/supervisereport/${report.id}` });
    const reportPage = page.getByTestId('supervise-report-detail');
    await expect(reportPage.locator('h1')).toHaveText(report.reportNo);
    await openPdf(page);
    await page.getByTestId('supervise-report-send').click();
    const recipients = page.getByTestId('report-send-recipients');
    await expect(recipients).toContainText(buyer);
    const other = `forwarder.${lang}@example.com`;
    await dialog(page).getByLabel(text.sendOthers, { exact: true }).fill(other);
    await page.keyboard.press('Enter');
    await screenshotsAt(page, lang, 'field-work-send', () => false);
    await page.getByTestId('report-send-ok').click();
    const sends = page.getByTestId('report-sends');
    await expect(sends).toContainText(buyer);
    await expect(sends).toContainText(other);
    await expect(page.getByTestId('supervise-report-status')).toHaveText(text.sent);
    await screenshotsAt(page, lang, 'field-work-sent');

    // The client, on a phone: the booking's reports card links the sent loading report.
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, booker.username, lang, { at: bookingPath });
    const reports = page.getByTestId('inspection-booking-reports');
    await expect(reports).toContainText(report.reportNo);
    await screenshotsAt(page, lang, 'field-work-booking-reports');
    await page.setViewportSize({ width: 375, height: 800 });
    await reports.getByRole('link', { name: report.reportNo }).click();
    await expect(reportPage.locator('h1')).toHaveText(report.reportNo);
    await expect(page.getByTestId('supervise-report-status')).toHaveText(text.sent);
    await expect(page.getByTestId('report-pdf-preview')).toHaveText(text.openPdf);
    await openPdf(page);
    await screenshotsAt(page, lang, 'field-work-client-report');
  });
}

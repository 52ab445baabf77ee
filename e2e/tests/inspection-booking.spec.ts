import { expect, type Page } from '@playwright/test';
import { configListOperations } from '@qcdesk/contract/config';
import { check } from '@qcdesk/contract/identity';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, createOwnUser } from './api';
import { BOOKING_TEXT, bookOnPhone, closedWorkingDay, submitBooking } from './booking-form';
import { test } from './fixtures';
import {
  addDays,
  businessToday,
  type Lang,
  nameIn,
  pickOption,
  screenshotsAt,
  signIn,
  typeDate,
} from './helpers';

// Issue 29 (inspection bookings): an external client user books a pre-shipment inspection on a
// phone (booking type, factory, date, the type's PO numbers, a free-text product) and submits it.
// The QC manager (booking admin) finds it in the assignment view with the inspectors' load, checks
// it out and assigns demo.inspector on the booked day, when the factory is closed: the warning is
// seen and declined, and the assignment goes to the next working day instead. Both languages;
// screenshots at 375 and 1280.

const TEXT = {
  en: {
    ...BOOKING_TEXT.en,
    typeName: 'Pre-shipment inspection booking',
    po: 'Client PO numbers',
    freeText: 'Or describe it',
    scheduled: 'Scheduled',
    closed: 'The factory is closed on that date',
    cancel: 'Cancel',
    saveAnyway: 'Save anyway',
  },
  zh: {
    ...BOOKING_TEXT.zh,
    typeName: '出货前检验预约',
    po: '客户PO号',
    freeText: '或填写产品',
    scheduled: '已安排',
    closed: '工厂当天停工',
    cancel: '取消',
    saveAnyway: '仍然保存',
  },
} as const;

/**
 * The story's data through the API: a client user of its own (like demo.client), two consecutive
 * working days well ahead (a Tuesday five weeks or more away, clear of the other specs' plans, and
 * the next working day), and a closure of the first seeded factory on the first of them.
 */
async function setUp(baseURL: string, lang: Lang) {
  const booker = await createOwnUser(baseURL, DEMO_USERS.CLIENT, `booker${lang}`);
  const qcmgr = await Api.signedIn(baseURL, DEMO_USERS.QC_MGR, DEMO_PASSWORD);
  const [factory] = (await qcmgr.call(configListOperations.factory.search, {})).list;
  if (!factory) throw new Error('no seeded factory');
  const from = addDays(businessToday(), lang === 'en' ? 35 : 49);
  const { closed, open } = await closedWorkingDay(qcmgr, factory.id, from, 2, `e2e booking closure ${lang}`);
  return { booker, factory, closed, open };
}

const dialog = (page: Page) => page.getByRole('dialog').last();

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a client books an inspection on a phone; the booking admin checks it out and assigns it, the factory's closure warned`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const text = TEXT[lang];
    const { booker, factory, closed, open } = await setUp(baseURL!, lang);

    // The client user, on a phone: the booking form.
    const form = await bookOnPhone(page, booker.username, lang, {
      type: text.typeName,
      factory: nameIn(factory, lang),
      date: closed,
      contact: 'Wang Li',
      phone: '+86 755 8888 0000',
    });
    await form.getByLabel(text.po, { exact: true }).fill(`PO-${lang}-77`);
    await form.getByLabel(text.freeText, { exact: true }).fill('Plush bear 35 cm');
    await form.getByLabel(text.quantity, { exact: true }).fill('1200');
    await screenshotsAt(page, lang, 'inspection-booking-form');
    await page.setViewportSize({ width: 375, height: 800 });
    await form.getByTestId('inspection-booking-save').click();

    // The booking: a draft, then submitted.
    const detail = page.getByTestId('inspection-booking-detail');
    await expect(detail.getByText(text.draft, { exact: true })).toBeVisible();
    const bookingNo = ((await detail.locator('h1').textContent()) ?? '').trim();
    expect(bookingNo).toMatch(/^BK\d{10}$/);
    await expect(detail).toContainText(`PO-${lang}-77`);
    await submitBooking(page, lang);
    await screenshotsAt(page, lang, 'inspection-booking-submitted');

    // The booking admin: the assignment view with the inspectors' load, then the booking.
    await signIn(page, DEMO_USERS.QC_MGR, lang, { at: `/${lang}/inspection/booking?view=schedule` });
    const item = page.getByTestId('inspection-booking-schedule-item').filter({ hasText: bookingNo });
    await expect(item).toBeVisible();
    await expect(page.getByTestId('inspection-booking-load')).toBeVisible();
    await screenshotsAt(page, lang, 'inspection-booking-schedule');
    await item.getByRole('link', { name: new RegExp(bookingNo) }).click();
    await expect(detail.locator('h1')).toHaveText(bookingNo);
    await page.getByTestId('inspection-booking-checkout').click();
    await expect(page.getByTestId('inspection-booking-assign')).toBeVisible();

    // Assigned on the booked day: the factory is closed — seen, declined.
    await page.getByTestId('inspection-booking-assign').click();
    const assign = dialog(page);
    await pickOption(page, assign, lang === 'en' ? 'Inspector' : '验货员', await inspectorName(lang));
    const assignedDate = lang === 'en' ? 'Assigned date' : '安排日期';
    await expect(assign.getByLabel(assignedDate, { exact: true })).toHaveValue(closed);
    await assign.getByRole('button', { name: lang === 'en' ? 'Assign' : '分配', exact: true }).click();
    const warned = dialog(page);
    await expect(warned).toContainText(text.closed);
    await screenshotsAt(page, lang, 'inspection-booking-warning', () => false);
    await warned.getByRole('button', { name: text.cancel, exact: true }).click();
    await expect(page.getByText(text.closed)).toBeHidden();

    // Then the next working day: assigned, the booking scheduled.
    const again = dialog(page);
    await typeDate(again.getByLabel(assignedDate, { exact: true }), open);
    await again.getByRole('button', { name: lang === 'en' ? 'Assign' : '分配', exact: true }).click();
    const busy = page.getByRole('button', { name: text.saveAnyway, exact: true });
    // Another spec may have booked demo.inspector that day: that warning is confirmed.
    if (await busy.isVisible({ timeout: 2000 }).catch(() => false)) await busy.click();
    await expect(detail.getByText(text.scheduled, { exact: true })).toBeVisible();
    await expect(detail).toContainText(open);
    await screenshotsAt(page, lang, 'inspection-booking-scheduled');
  });
}

/** demo.inspector's name as the inspector select shows it (with the day's man-days, if any). */
async function inspectorName(lang: Lang): Promise<string> {
  const api = await Api.signedIn(test.info().project.use.baseURL!, DEMO_USERS.INSPECTOR, DEMO_PASSWORD);
  const me = await api.call(check, {});
  return lang === 'en' ? (me.englishName ?? me.name) : me.name;
}

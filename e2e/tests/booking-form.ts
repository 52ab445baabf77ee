import { expect, type Locator, type Page } from '@playwright/test';
import { holidayCalendar } from '@qcdesk/contract/config';
import { createFactorySchedule, SCHEDULE_TYPE } from '@qcdesk/contract/factory-schedule';
import type { Api } from './api';
import { addDays, type Lang, pickOption, signIn, typeDate } from './helpers';

// What the booking specs share (inspection-booking, field-work): the booking form's labels, its
// head filled as a client does, and a factory closed on a working day with the next working day.

export const BOOKING_TEXT = {
  en: {
    bookingType: 'Booking type',
    factory: 'Factory',
    inspectionDate: 'Inspection date',
    contactName: 'Contact on site',
    contactPhone: 'Contact phone',
    quantity: 'Quantity',
    draft: 'Draft',
    submitted: 'Submitted',
    submit: 'Submit',
  },
  zh: {
    bookingType: '预约类型',
    factory: '工厂',
    inspectionDate: '验货日期',
    contactName: '现场联系人',
    contactPhone: '联系电话',
    quantity: '数量',
    draft: '草稿',
    submitted: '已提交',
    submit: '提交',
  },
} as const;

/**
 * A new booking on a phone (375 wide) as `username`: the form's head filled (its type, factory and
 * date, the contact on site and their phone); answers the form for the rest.
 */
export async function bookOnPhone(
  page: Page,
  username: string,
  lang: Lang,
  head: { type: string; factory: string; date: string; contact: string; phone: string },
): Promise<Locator> {
  const text = BOOKING_TEXT[lang];
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, username, lang, { at: `/${lang}/inspection/booking/new` });
  const form = page.getByTestId('inspection-booking-form');
  await expect(form).toBeVisible();
  await pickOption(page, form, text.bookingType, head.type);
  await pickOption(page, form, text.factory, head.factory);
  await typeDate(form.getByLabel(text.inspectionDate, { exact: true }), head.date);
  await form.getByLabel(text.contactName, { exact: true }).fill(head.contact);
  await form.getByLabel(text.contactPhone, { exact: true }).fill(head.phone);
  return form;
}

/** Submits the booking from its page (a draft) and waits until it shows Submitted. */
export async function submitBooking(page: Page, lang: Lang) {
  const text = BOOKING_TEXT[lang];
  const detail = page.getByTestId('inspection-booking-detail');
  await page.getByTestId('inspection-booking-submit').click();
  await page.getByRole('dialog').last().getByRole('button', { name: text.submit, exact: true }).click();
  await expect(detail.getByText(text.submitted, { exact: true })).toBeVisible();
}

/**
 * The first working day on `weekday` (0 Sunday … 6 Saturday) from `from` on, closed for the factory
 * (a closure of its schedule), and the next working day after it.
 */
export async function closedWorkingDay(
  api: Api,
  factoryId: string,
  from: string,
  weekday: number,
  remark: string,
): Promise<{ closed: string; open: string }> {
  const { days } = await api.call(holidayCalendar, { startDate: from, endDate: addDays(from, 42) });
  const index = days.findIndex((d) => d.working && new Date(`${d.date}T00:00:00Z`).getUTCDay() === weekday);
  const closed = days[index]?.date;
  const open = days.slice(index + 1).find((d) => d.working)?.date;
  if (!closed || !open) throw new Error(`no working day ${weekday} after ${from}`);
  await api.call(createFactorySchedule, {
    factoryId,
    type: SCHEDULE_TYPE.closure,
    startDate: closed,
    endDate: closed,
    remark,
  });
  return { closed, open };
}

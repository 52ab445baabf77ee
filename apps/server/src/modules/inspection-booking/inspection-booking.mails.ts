import { defineMail } from '../../platform/mail/mail-templates';

// The mails of inspection bookings (DOMAIN.md §4.6), listed in the area's defineModule({ mails }).

/** A submitted booking (or an urgent request), to the booking admins. */
export const BOOKING_SUBMITTED_MAIL = defineMail('inspection-booking-submitted', {
  zh: {
    subject: '验货预约 {bookingNo}：{factory} {inspectionDate}{urgent}',
    body: [
      '{name}，您好：',
      '{client} 的验货预约 {bookingNo}（{bookingType}，工厂 {factory}，验货日期 {inspectionDate}）已由 {sender} 提交，待分配。产品如下：',
    ],
    highlight: 'lines',
  },
  en: {
    subject: 'Inspection booking {bookingNo}: {factory} {inspectionDate}{urgent}',
    body: [
      'Hello {name},',
      'Booking {bookingNo} of {client} ({bookingType}, factory {factory}, inspection date {inspectionDate}) was submitted by {sender} and waits for assignment. The products:',
    ],
    highlight: 'lines',
  },
});

/** An assigned (or rescheduled) booking, to its author. */
export const BOOKING_ASSIGNED_MAIL = defineMail('inspection-booking-assigned', {
  zh: {
    subject: '验货预约已安排 {bookingNo}：{assignedDate}',
    body: ['{name}，您好：', '您的验货预约 {bookingNo}（工厂 {factory}）已安排：'],
    highlight: 'assignment',
  },
  en: {
    subject: 'Inspection booking scheduled {bookingNo}: {assignedDate}',
    body: ['Hello {name},', 'Your booking {bookingNo} (factory {factory}) is scheduled:'],
    highlight: 'assignment',
  },
});

/** A scheduled booking whose plan a planner cancelled (§4.6 "plan cancelled → 20, RESET"), to the booking admins. */
export const BOOKING_RESET_MAIL = defineMail('inspection-booking-reset', {
  zh: {
    subject: '验货预约需重新安排 {bookingNo}：{factory} {inspectionDate}',
    body: [
      '{name}，您好：',
      '{client} 的验货预约 {bookingNo}（工厂 {factory}，验货日期 {inspectionDate}）原定 {assignment} 的验货计划已由 {sender} 取消，预约已退回待分配，请重新安排。原因：',
    ],
    highlight: 'reason',
  },
  en: {
    subject: 'Inspection booking to reschedule {bookingNo}: {factory} {inspectionDate}',
    body: [
      'Hello {name},',
      'The plan of booking {bookingNo} of {client} (factory {factory}, inspection date {inspectionDate}), scheduled {assignment}, was cancelled by {sender}: the booking waits for assignment again. The reason:',
    ],
    highlight: 'reason',
  },
});

import type { Warning } from '@qcdesk/contract/warnings';
import { and, eq, inArray } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { factories } from '../../db/schema/config';
import { roles, userSettings, users } from '../../db/schema/identity';
import { orderProducts, orders } from '../../db/schema/order';
import { addDays, earliestDateIn, isWorkingDayIn } from '../../domain/calendar';
import type { Principal } from '../../platform/auth';
import { businessDate, businessDateTime } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/mail-outbox';
import { getSystemParam } from '../../platform/system-params';
import { loadHolidays } from '../config/holiday.service';
import { INSPECTION_APPLY_SUBMITTED_MAIL } from './inspection-apply.mails';
import { applyItems } from './inspection-apply.queries';
import {
  checkAdvanceDays,
  exemptFromAdvanceDays,
  INSPECTION_APPLY_ENTITY,
  type InspectionApplyRecord,
  submitWarnings,
} from './inspection-apply.rules';

// What a submit checks (DOMAIN.md §6.7, §6.8, §7.3) before anything is written: the advance days
// over the holiday calendar with the 17:00 cutoff (E_ADVANCE_DAYS; urgent and re-inspections
// exempt), and the warnings W_AFTER_DELIVERY and W_NON_WORKING_DAY; and the mail to QC managers.

export interface SubmitShape {
  applyType: number;
  expectedDate: string;
  clientId: bigint;
  orderProductIds: readonly bigint[];
}

/** E_ADVANCE_DAYS when too late; answers the warnings of the submit. */
export async function submitChecks(db: Db, s: SubmitShape, now: Date = new Date()): Promise<Warning[]> {
  const today = businessDate(now);
  const until = addDays(s.expectedDate > today ? s.expectedDate : today, 90);
  const calendar = await loadHolidays(db, today, until);
  if (!exemptFromAdvanceDays(s.applyType)) {
    const [client] = await db
      .select({ advanceDays: clients.advanceDays })
      .from(clients)
      .where(eq(clients.id, s.clientId));
    const advanceDays = client?.advanceDays ?? 0;
    const cutoff = await getSystemParam(db, 'booking.cutoff');
    const time = businessDateTime(now).slice(11);
    const earliest = earliestDateIn(calendar, today, time, String(cutoff), advanceDays, until);
    if (earliest === null || s.expectedDate < earliest)
      checkAdvanceDays(s.expectedDate, earliest ?? until, advanceDays);
  }
  const products =
    s.orderProductIds.length === 0
      ? []
      : await db
          .select({ deliveryDate: orderProducts.deliveryDate })
          .from(orderProducts)
          .where(inArray(orderProducts.id, [...s.orderProductIds]));
  return submitWarnings({
    expectedDate: s.expectedDate,
    deliveryDates: products.map((p) => p.deliveryDate),
    workingDay: isWorkingDayIn(calendar, s.expectedDate),
  });
}

/** The completeness of a submit (§7.3): ≥ 1 item (E_REQUIRED). */
export function assertItems(items: readonly unknown[]): void {
  if (items.length === 0) throw new AppError('E_REQUIRED', { field: 'items' }, { field: 'items' });
}

/** The active QC managers with their mail language. */
async function qcManagers(db: Db) {
  return db
    .select({
      email: users.email,
      name: users.name,
      englishName: users.englishName,
      language: userSettings.language,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(and(eq(roles.code, 'QC_MGR'), eq(users.state, 1), eq(users.valid, 1)));
}

/** The order no and factory names of an application, for its mails. */
export async function mailFacts(db: Db, apply: InspectionApplyRecord) {
  const [order] = await db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(eq(orders.id, apply.orderId));
  const [factory] = await db.select().from(factories).where(eq(factories.id, apply.factoryId));
  const items = await applyItems(db, apply.id);
  return {
    orderNo: order?.orderNo ?? '',
    factory,
    lines: items.map((i) => `${i.productNo} · ${i.name} × ${i.applyQuantity}`).join('\n'),
  };
}

/** §4.1 submit: mail the QC managers, each in their language. */
export async function mailSubmitted(db: Db, apply: InspectionApplyRecord, user: Principal) {
  const facts = await mailFacts(db, apply);
  for (const m of await qcManagers(db)) {
    const lang = m.language ?? 'zh';
    await enqueueMail(db, {
      to: m.email,
      template: INSPECTION_APPLY_SUBMITTED_MAIL,
      lang,
      params: {
        name: lang === 'en' ? (m.englishName ?? m.name) : m.name,
        applyNo: apply.applyNo,
        orderNo: facts.orderNo,
        factory: (lang === 'en' ? facts.factory?.nameEn : facts.factory?.nameZh) ?? '',
        expectedDate: apply.expectedDate,
        lines: facts.lines,
        sender: user.displayName,
      },
      entity: INSPECTION_APPLY_ENTITY,
      entityId: apply.id,
      createdBy: user.userId,
    });
  }
}

import { eq } from 'drizzle-orm';
import { factories } from '../../db/schema/config';
import { orders } from '../../db/schema/order';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { enqueueMail } from '../../platform/mail/mail-outbox';
import { userRecipient } from '../../platform/mail/recipients';
import { INSPECTION_REPORT_REJECTED_MAIL } from './inspection-report.mails';
import type { InspectionReportRecord } from './inspection-report.rules';

// The mails of inspection reports' transitions (DOMAIN.md §4.4): a rejected report to its inspector.

/** The inspector of a report sent back, in their language, with the auditor's reason. */
export async function mailInspector(db: Db, r: InspectionReportRecord, user: Principal, reason: string) {
  const p = await userRecipient(db, r.inspectorId);
  if (!p) return;
  const [facts] = await db
    .select({ orderNo: orders.orderNo, nameZh: factories.nameZh, nameEn: factories.nameEn })
    .from(orders)
    .innerJoin(factories, eq(factories.id, r.factoryId))
    .where(eq(orders.id, r.orderId));
  await enqueueMail(db, {
    to: p.email,
    template: INSPECTION_REPORT_REJECTED_MAIL,
    lang: p.lang,
    params: {
      name: p.name,
      reportNo: r.reportNo,
      orderNo: facts?.orderNo ?? '',
      factory: (p.lang === 'en' ? facts?.nameEn : facts?.nameZh) ?? '',
      sender: user.displayName,
      reason,
    },
  });
}

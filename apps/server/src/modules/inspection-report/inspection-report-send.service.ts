import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { enumLabel } from '@qcdesk/contract/enumerations';
import {
  INSPECTION_REPORT_STATUS,
  REPORT_ATTACH_MAX_BYTES,
  REPORT_SHARE_DAYS,
} from '@qcdesk/contract/inspection-report';
import { eq } from 'drizzle-orm';
import { factories } from '../../db/schema/config';
import { inspectionReports } from '../../db/schema/inspection-report';
import { orders } from '../../db/schema/order';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/mail-outbox';
import { lockVersion } from '../../platform/records';
import { findFile } from '../files/files.service';
import { INSPECTION_REPORT_SENT_MAIL, SENT_MAIL_PARTS } from './inspection-report.mails';
import {
  INSPECTION_REPORT_ENTITY,
  type InspectionReportRecord,
  inspectionReportMachine,
} from './inspection-report.rules';
import { readableReport, reportDetail } from './inspection-report-detail.service';
import { storeFinalPdf } from './inspection-report-pdf.service';
import {
  chosenRecipients,
  recordReportSend,
  reportRecipients,
  reportSendRecord,
  type SendDeps,
  sharePasswordWanted,
  shareReportPdf,
} from './inspection-report-share.service';

// Sending an approved report (DOMAIN.md §4.4, §6.10; issue 28): the final PDF and a share link
// (`/s/{code}`, 30 days, a password when the client wants one) mailed to the client's report
// e-mails, its sales and the factory contact, each in their language; over 20 MB the link only
// (those parts are inspection-report-share.service.ts, which supervise reports' send shares). The
// send is kept on the report (who, when, to whom, revision) and in its change log; 30 → 40, and a
// resend in 40 or 50 keeps the status ("revised" after a reopen).

type Ops = typeof areas.inspectionReport;
const { approved, sent, confirmed } = INSPECTION_REPORT_STATUS;
const SENDABLE: readonly number[] = [approved, sent, confirmed];

/** inspection/report/send/recipients: what a send would do now. */
export async function getSendRecipients(db: Db, input: { id: bigint }, user: Principal) {
  const r = await readableReport(db, input.id, user);
  const size = r.pdf?.revision === r.revision ? r.pdf.size : null;
  return {
    recipients: await reportRecipients(db, r),
    password: await sharePasswordWanted(db, r.clientId),
    revised: r.revision > 0,
    size,
    linkOnly: size !== null && size > REPORT_ATTACH_MAX_BYTES,
  };
}

/** The final PDF of the current revision: the stored one, else made now (its job has not run yet). */
async function finalPdf(db: Db, deps: SendDeps, r: InspectionReportRecord, user: Principal) {
  const runtime = await deps.files.ready();
  if (r.pdf?.revision === r.revision) {
    const file = await findFile(db, BigInt(r.pdf.fileId));
    if (file) return { file, size: r.pdf.size };
  }
  const made = await storeFinalPdf(db, runtime, r, user);
  return { file: made.file, size: made.pdf.size };
}

/** inspection/report/send. */
export async function sendInspectionReport(
  db: Db,
  deps: SendDeps,
  input: ParsedInputOf<Ops['sendInspectionReport']>,
  user: Principal,
) {
  await readableReport(db, input.id, user);
  const r = await lockVersion(db, inspectionReports, input.id, input.version);
  if (!SENDABLE.includes(r.status)) throw new AppError('E_REPORT_NOT_APPROVED');
  const to = chosenRecipients(await reportRecipients(db, r), input.to);
  const { file, size } = await finalPdf(db, deps, r, user);
  const share = await shareReportPdf(db, deps, { file, size, clientId: r.clientId }, user);
  const [facts] = await db
    .select({ orderNo: orders.orderNo, zh: factories.nameZh, en: factories.nameEn })
    .from(orders)
    .innerJoin(factories, eq(factories.id, r.factoryId))
    .where(eq(orders.id, r.orderId));
  for (const p of to) {
    const lang = p.lang;
    const parts = SENT_MAIL_PARTS;
    await enqueueMail(db, {
      to: p.email,
      template: INSPECTION_REPORT_SENT_MAIL,
      lang,
      params: {
        name: p.name ?? p.email,
        reportNo: r.reportNo,
        orderNo: facts?.orderNo ?? '',
        factory: (lang === 'en' ? facts?.en : facts?.zh) ?? '',
        result: enumLabel('InspectionResult', r.result, lang),
        revised: r.revision > 0 ? parts.revised[lang] : '',
        revisedNote: r.revision > 0 ? parts.revisedNote[lang].replace('{n}', String(r.revision)) : '',
        ...share.parts(lang),
        days: REPORT_SHARE_DAYS,
        link: share.url,
      },
      entity: INSPECTION_REPORT_ENTITY,
      entityId: r.id,
      createdBy: user.userId,
      attachments: share.attachments,
    });
  }
  const record = reportSendRecord(user, to, share, r.revision);
  const set = { sends: [...r.sends, record], sentAt: new Date(record.at) };
  const reason = `${r.revision > 0 ? 'revised; ' : ''}to ${record.to.join(', ')}`;
  await recordReportSend(db, {
    machine: inspectionReportMachine,
    table: inspectionReports,
    entity: INSPECTION_REPORT_ENTITY,
    report: r,
    approved,
    user,
    reason,
    set,
  });
  return reportDetail(db, r.id, user);
}

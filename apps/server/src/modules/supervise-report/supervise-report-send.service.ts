import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { enumLabel } from '@qcdesk/contract/enumerations';
import { REPORT_SHARE_DAYS } from '@qcdesk/contract/inspection-report';
import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { eq } from 'drizzle-orm';
import { superviseReports } from '../../db/schema/supervise-report';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/mail-outbox';
import { lockVersion } from '../../platform/records';
import {
  chosenRecipients,
  recordReportSend,
  reportRecipients,
  reportSendRecord,
  type SendDeps,
  sharePasswordWanted,
  shareReportPdf,
} from '../inspection-report/inspection-report-share.service';
import { SUPERVISE_REPORT_SENT_MAIL } from './supervise-report.mails';
import { SUPERVISE_REPORT_ENTITY, superviseReportMachine } from './supervise-report.rules';
import { assertReadable, superviseDetail } from './supervise-report.service';
import { storeSupervisePdf } from './supervise-report-pdf.service';

// Sending an approved loading report (DOMAIN.md §4.5 "40 send → 50, mail as inspection report",
// §6.10): the inspection report's send (inspection-report-share.service.ts: the recipients, the
// share link of 30 days with its password, the attachment or the link only over 20 MB) with the
// loading report's PDF, stored at the send. 40 → 50; a resend in 50 keeps the status; both logged
// with their recipients, and kept on the report (`sends`, as inspection reports keep theirs).

type Ops = typeof areas.superviseReport;
const { approved, sent } = SUPERVISE_REPORT_STATUS;

/** supervisereport/send/recipients: who a send would mail now. */
export async function getSuperviseSendRecipients(db: Db, input: { id: bigint }, user: Principal) {
  await assertReadable(db, input.id, user);
  const [r] = await db
    .select({ clientId: superviseReports.clientId, factoryId: superviseReports.factoryId })
    .from(superviseReports)
    .where(eq(superviseReports.id, input.id));
  if (!r) throw new AppError('E_NOT_FOUND');
  return { recipients: await reportRecipients(db, r), password: await sharePasswordWanted(db, r.clientId) };
}

/** supervisereport/send (40 → 50, a resend in 50). */
export async function sendSuperviseReport(
  db: Db,
  deps: SendDeps,
  input: ParsedInputOf<Ops['sendSuperviseReport']>,
  user: Principal,
) {
  await assertReadable(db, input.id, user);
  const r = await lockVersion(db, superviseReports, input.id, input.version);
  if (r.status !== approved && r.status !== sent) throw new AppError('E_REPORT_NOT_APPROVED');
  const to = chosenRecipients(await reportRecipients(db, r), input.to);
  const { file, size, detail } = await storeSupervisePdf(db, await deps.files.ready(), r.id, user);
  const share = await shareReportPdf(db, deps, { file, size, clientId: r.clientId }, user);
  for (const p of to)
    await enqueueMail(db, {
      to: p.email,
      template: SUPERVISE_REPORT_SENT_MAIL,
      lang: p.lang,
      params: {
        name: p.name ?? p.email,
        reportNo: r.reportNo,
        containerNo: r.containerNo ?? '',
        sealNo: r.sealNo ?? '',
        factory: (p.lang === 'en' ? detail.factory.nameEn : detail.factory.nameZh) ?? '',
        loadingDate: r.loadingDate,
        orderNos: detail.orderNos.join(', '),
        result: enumLabel('InspectionResult', r.result, p.lang),
        ...share.parts(p.lang),
        days: REPORT_SHARE_DAYS,
        link: share.url,
      },
      entity: SUPERVISE_REPORT_ENTITY,
      entityId: r.id,
      createdBy: user.userId,
      attachments: share.attachments,
    });
  const reason = `to ${to.map((p) => p.email).join(', ')}`;
  const record = reportSendRecord(user, to, share, 0);
  const set = { sends: [...r.sends, record], sentAt: new Date(record.at) };
  await recordReportSend(db, {
    machine: superviseReportMachine,
    table: superviseReports,
    entity: SUPERVISE_REPORT_ENTITY,
    report: r,
    approved,
    user,
    reason,
    set,
  });
  return superviseDetail(db, r.id, user);
}

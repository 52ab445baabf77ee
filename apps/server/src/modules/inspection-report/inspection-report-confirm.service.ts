import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { inspectionReports } from '../../db/schema/inspection-report';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockVersion } from '../../platform/records';
import { transition } from '../../platform/transition';
import { inspectionReportMachine } from './inspection-report.rules';
import { readableReport, reportDetail } from './inspection-report-detail.service';
import { reportProducts } from './inspection-report-parts.service';

// The report's side of an instruction (DOMAIN.md §4.4 confirm, issue 28): a sent report in the
// caller's scope (E_SCOPE: another client's) is confirmed, 40 → 50, with the confirmed result.

/** The report an instruction answers, locked at its version: in scope, sent (E_REPORT_NOT_SENT). */
export async function reportToConfirm(db: Db, id: bigint, version: number, user: Principal) {
  await readableReport(db, id, user);
  const r = await lockVersion(db, inspectionReports, id, version);
  if (r.status !== INSPECTION_REPORT_STATUS.sent) throw new AppError('E_REPORT_NOT_SENT');
  const products = (await reportProducts(db, id)).map((p) => ({
    orderProductId: p.line.orderProductId,
    applyQuantity: p.line.presentedQuantity,
  }));
  return { report: r, products };
}

/** 40 → 50 with the confirmed result (the instruction in the change log's reason). */
export async function confirmReport(
  db: Db,
  r: { id: bigint; version: number },
  confirmedResult: number,
  reason: string,
  user: Principal,
) {
  await transition(db, {
    machine: inspectionReportMachine,
    table: inspectionReports,
    id: r.id,
    version: r.version,
    action: 'confirm',
    user,
    reason,
    set: { confirmedResult },
  });
}

export { reportDetail as confirmedReportDetail };

import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { inspectionReports } from '../../db/schema/inspection-report';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { recordFlags } from '../../platform/flags';
import { cappedTotal, searchPage } from '../../platform/paging';
import { scopeOf } from '../../platform/scope';
import {
  type ReportSearch,
  reportListOrder,
  reportListWhere,
  reportPage,
  reportSearchWhere,
} from './inspection-report.queries';
import { reportDetail } from './inspection-report-detail.service';

// Inspection reports (验货报告, DOMAIN.md §2.6, §4.4): the reads. The writes are the create service,
// the checkout holder's (write, result) and the audit's (audit).

export { INSPECTION_REPORT_ENTITY } from './inspection-report.rules';

type Ops = typeof areas.inspectionReport;

/** inspection/report/search: spec §3 filters, the to-do by default (`work`), final reports unless `interim`. */
export async function searchInspectionReports(db: Db, input: ReportSearch, user: Principal) {
  const where = reportSearchWhere(db, input, await scopeOf(db, user), user);
  return searchPage(db, { table: inspectionReports, where, input, list: () => reportPage(db, input, where) });
}

/** The dashboard's count (issue 30): this list's search WHERE in the caller's scope, capped like its total. */
export async function countInspectionReports(db: Db, filters: Partial<ReportSearch>, user: Principal) {
  return cappedTotal(db, inspectionReports, reportSearchWhere(db, filters, await scopeOf(db, user), user));
}

/** inspection/report/list: a task's or a product's reports, or the report-no auto-complete. */
export async function listInspectionReports(
  db: Db,
  input: ParsedInputOf<Ops['listInspectionReports']>,
  user: Principal,
) {
  const rows = await db
    .select()
    .from(inspectionReports)
    .where(reportListWhere(db, input, await scopeOf(db, user)))
    .orderBy(...reportListOrder)
    .limit(input.limit);
  return {
    list: rows.map((r) => ({
      id: r.id,
      reportNo: r.reportNo,
      interim: r.interim,
      status: r.status,
      result: r.result,
      inspectionDate: r.inspectionDate,
    })),
  };
}

/** inspection/report/details with its flags: `modify` while the caller holds the checkout. */
export async function getInspectionReport(db: Db, id: bigint, user: Principal) {
  const detail = await reportDetail(db, id, user);
  return {
    detail,
    flags: recordFlags({
      user,
      record: {},
      editPermission: detail.actions.includes('update') ? 'insp.report.edit' : null,
      inScope: true,
    }),
  };
}

import { areas, type ParsedInputOf } from '@qcdesk/contract';
import { inspectionReports } from '../../db/schema/inspection-report';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerOperation, serve, serveDetail } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { INSPECTION_REPORT_REJECTED_MAIL, INSPECTION_REPORT_SENT_MAIL } from './inspection-report.mails';
import { reportScope } from './inspection-report.queries';
import {
  getInspectionReport,
  INSPECTION_REPORT_ENTITY,
  listInspectionReports,
  searchInspectionReports,
} from './inspection-report.service';
import {
  approveInspectionReport,
  cancelInspectionReport,
  interimInspectionReport,
  rejectInspectionReport,
  reopenInspectionReport,
  submitInspectionReport,
} from './inspection-report-audit.service';
import { createInspectionReport } from './inspection-report-create.service';
import type { reportDetail } from './inspection-report-detail.service';
import { getReportPdf, REPORT_PDF_JOB, reportPdfHandler } from './inspection-report-pdf.service';
import { withReportUrls } from './inspection-report-photos.service';
import {
  createReportResult,
  getReportResult,
  setReportPreResult,
  updateReportQuantity,
  updateReportResult,
} from './inspection-report-result.service';
import { searchSafetyTests } from './inspection-report-safety.service';
import { drawReportSamples, sendReportSamples } from './inspection-report-samples.service';
import {
  factorySeverities,
  getAqlPlan,
  getAqlSeverity,
  updateAqlSeverity,
} from './inspection-report-sampling.service';
import { getSendRecipients, sendInspectionReport } from './inspection-report-send.service';
import { checkoutReport, releaseReport, updateInspectionReport } from './inspection-report-write.service';

// Inspection reports (DOMAIN.md §2.6, §4.4; issue 27): every operation is a service function, and
// the sampling reads (`aql/plan`, the switching rules) are this area's.

const ops = areas.inspectionReport;

type Detail = Awaited<ReturnType<typeof reportDetail>>;
type SendInput = ParsedInputOf<typeof ops.sendInspectionReport>;

function registerInspectionReportOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const read = { transaction: false };
  const publicUrl = deps.config.publicUrl;
  // Every answer that is a report detail carries its photos', its PDF's and its share links' URLs.
  const urls = async (detail: Detail) => withReportUrls(detail, await deps.files.ready(), publicUrl);
  const signed =
    <I>(service: (db: Db, input: I, user: Principal) => Promise<Detail>) =>
    async (db: Db, input: I, user: Principal) =>
      urls(await service(db, input, user));
  serve(registry, ops.searchInspectionReports, searchInspectionReports, read);
  serve(registry, ops.listInspectionReports, listInspectionReports, read);
  serveDetail(
    registry,
    ops.getInspectionReport,
    async (db, id, user) => {
      const { detail, flags } = await getInspectionReport(db, id, user);
      return { detail: await urls(detail), flags };
    },
    read,
  );
  serve(registry, ops.getReportResult, signed(getReportResult), read);
  serve(registry, ops.createInspectionReport, signed(createInspectionReport));
  serve(registry, ops.checkoutInspectionReport, signed(checkoutReport));
  serve(registry, ops.releaseInspectionReport, signed(releaseReport));
  serve(registry, ops.updateInspectionReport, signed(updateInspectionReport));
  serve(registry, ops.updateReportQuantity, signed(updateReportQuantity));
  serve(registry, ops.createReportResult, signed(createReportResult));
  serve(registry, ops.updateReportResult, signed(updateReportResult));
  serve(registry, ops.setReportPreResult, signed(setReportPreResult));
  serve(registry, ops.submitInspectionReport, signed(submitInspectionReport));
  serve(registry, ops.interimInspectionReport, signed(interimInspectionReport));
  serve(registry, ops.approveInspectionReport, signed(approveInspectionReport));
  serve(registry, ops.rejectInspectionReport, signed(rejectInspectionReport));
  serve(registry, ops.reopenInspectionReport, signed(reopenInspectionReport));
  serve(registry, ops.cancelInspectionReport, signed(cancelInspectionReport));
  serve(registry, ops.drawReportSamples, signed(drawReportSamples));
  serve(registry, ops.sendReportSamples, signed(sendReportSamples));
  serve(registry, ops.searchSafetyTests, searchSafetyTests, read);
  serve(registry, ops.getAqlPlan, getAqlPlan, read);
  serve(registry, ops.getAqlSeverity, getAqlSeverity, read);
  serve(registry, ops.updateAqlSeverity, updateAqlSeverity);
  serve(registry, ops.factorySeverities, factorySeverities, read);
  const sendDeps = { config: deps.config, files: deps.files };
  registerOperation(
    registry,
    ops.getReportPdf,
    (input, ctx) => getReportPdf(ctx.db, deps.files, input, ctx.user),
    read,
  );
  serve(registry, ops.getReportSendRecipients, getSendRecipients, read);
  serve(
    registry,
    ops.sendInspectionReport,
    signed((db, input: SendInput, user) => sendInspectionReport(db, sendDeps, input, user)),
  );
  deps.jobs.handle(REPORT_PDF_JOB, reportPdfHandler(deps.files));
}

export const inspectionReportModule = defineModule({
  name: 'inspectionReport',
  mails: [INSPECTION_REPORT_REJECTED_MAIL, INSPECTION_REPORT_SENT_MAIL],
  register: registerInspectionReportOperations,
  changeLog: [
    {
      entity: INSPECTION_REPORT_ENTITY,
      permission: ops.getInspectionReport.permission,
      readable: readableIn(inspectionReports, reportScope),
      fields: {
        taskId: 'inspectionTask',
        inspectionTypeId: 'inspectiontype',
        factoryId: 'factory',
        clientId: 'client',
        departmentId: 'department',
        inspectorId: 'user',
        checkedOutBy: 'user',
        auditL1By: 'user',
        auditL2By: 'user',
        status: { enum: 'InspectionReportStatus' },
        preResult: { enum: 'InspectionResult' },
        result: { enum: 'InspectionResult' },
        computedResult: { enum: 'InspectionResult' },
        productType: { enum: 'ProductType' },
      },
      actions: {
        checkout: { zh: '签出', en: 'Checked out' },
        release: { zh: '签入', en: 'Released' },
        forceRelease: { zh: '强制签入', en: 'Released by force' },
        quantity: { zh: '修改数量', en: 'Quantities changed' },
        result: { zh: '录入结果', en: 'Result recorded' },
        submit: { zh: '提交', en: 'Submitted' },
        interim: { zh: '出具中期报告', en: 'Issued as interim' },
        approve: { zh: '审核通过', en: 'Approved' },
        escalate: { zh: '一级审核，待复核', en: 'Approved at level 1, to level 2' },
        approveL2: { zh: '复核通过', en: 'Approved at level 2' },
        reject: { zh: '退回', en: 'Sent back' },
        rejectL2: { zh: '复核退回', en: 'Sent back at level 2' },
        reopen: { zh: '重新打开', en: 'Reopened' },
        cancel: { zh: '作废', en: 'Cancelled' },
        labSamples: { zh: '抽取送检样品', en: 'Lab samples drawn' },
        samplesSent: { zh: '样品已寄出', en: 'Lab samples sent' },
        send: { zh: '发送报告', en: 'Report sent' },
        resend: { zh: '重新发送报告', en: 'Report sent again' },
        confirm: { zh: '下达验货指示', en: 'Confirmed by an instruction' },
      },
    },
  ],
  names: {
    inspectionReport: {
      table: inspectionReports,
      key: inspectionReports.id,
      names: (row) => ({ zh: String(row.reportNo), en: String(row.reportNo) }),
    },
  },
});

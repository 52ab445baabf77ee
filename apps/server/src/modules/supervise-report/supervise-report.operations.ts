import { areas } from '@qcdesk/contract';
import { superviseReports } from '../../db/schema/supervise-report';
import { defineModule, type ModuleDeps, namedBy } from '../../platform/module';
import { type OperationRegistry, registerOperation, serve, serveDetail } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { SUPERVISE_REPORT_SENT_MAIL } from './supervise-report.mails';
import { superviseScope } from './supervise-report.queries';
import { seedSuperviseReports } from './supervise-report.seed';
import {
  getSuperviseReport,
  listSuperviseReports,
  SUPERVISE_REPORT_ENTITY,
  searchSuperviseReports,
} from './supervise-report.service';
import {
  approveSuperviseReport,
  cancelSuperviseReport,
  rejectSuperviseReport,
} from './supervise-report-audit.service';
import { checkoutSuperviseReport, releaseSuperviseReport } from './supervise-report-checkout.service';
import { submitSuperviseReport, updateSuperviseReport } from './supervise-report-edit.service';
import { getSuperviseReportPdf } from './supervise-report-pdf.service';
import { getSuperviseSendRecipients, sendSuperviseReport } from './supervise-report-send.service';
import { createSuperviseReport } from './supervise-report-write.service';

const ops = areas.superviseReport;

function registerSuperviseReportOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const read = { transaction: false };
  serve(registry, ops.searchSuperviseReports, searchSuperviseReports, read);
  serve(registry, ops.listSuperviseReports, listSuperviseReports, read);
  serveDetail(registry, ops.getSuperviseReport, getSuperviseReport, read);
  serve(registry, ops.createSuperviseReport, createSuperviseReport);
  serve(registry, ops.checkoutSuperviseReport, checkoutSuperviseReport);
  serve(registry, ops.releaseSuperviseReport, releaseSuperviseReport);
  serve(registry, ops.updateSuperviseReport, updateSuperviseReport);
  serve(registry, ops.submitSuperviseReport, submitSuperviseReport);
  serve(registry, ops.approveSuperviseReport, approveSuperviseReport);
  serve(registry, ops.rejectSuperviseReport, rejectSuperviseReport);
  serve(registry, ops.cancelSuperviseReport, cancelSuperviseReport);
  registerOperation(
    registry,
    ops.getSuperviseReportPdf,
    (input, ctx) => getSuperviseReportPdf(ctx.db, deps.files, input, ctx.user),
    read,
  );
  serve(registry, ops.getSuperviseSendRecipients, getSuperviseSendRecipients, read);
  const sendDeps = { config: deps.config, files: deps.files };
  serve(registry, ops.sendSuperviseReport, (db, input, user) =>
    sendSuperviseReport(db, sendDeps, input, user),
  );
}

export const superviseReportModule = defineModule({
  name: 'superviseReport',
  register: registerSuperviseReportOperations,
  mails: [SUPERVISE_REPORT_SENT_MAIL],
  seed: seedSuperviseReports,
  changeLog: [
    {
      entity: SUPERVISE_REPORT_ENTITY,
      permission: ops.getSuperviseReport.permission,
      readable: readableIn(superviseReports, superviseScope),
      fields: {
        shippingId: 'shipping',
        bookingId: 'inspectionBooking',
        planId: 'inspectionPlan',
        clientId: 'client',
        departmentId: 'department',
        factoryId: 'factory',
        inspectorId: 'user',
        approvedBy: 'user',
        checkedOutBy: 'user',
        status: { enum: 'SuperviseReportStatus' },
        result: { enum: 'InspectionResult' },
        'checkpoints[]': { source: 'supervisecheckpoint', by: 'code' },
        'checkpoints[].result': { enum: 'InspectionTestResult' },
        'checkpoints[].photoIds': 'file',
      },
      actions: {
        checkout: { zh: '签出', en: 'Checked out' },
        release: { zh: '释放', en: 'Released' },
        forceRelease: { zh: '强制释放', en: 'Force released' },
        submit: { zh: '提交', en: 'Submitted' },
        approve: { zh: '审核', en: 'Approved' },
        reject: { zh: '退回', en: 'Rejected' },
        cancel: { zh: '取消', en: 'Cancelled' },
        send: { zh: '发送报告', en: 'Report sent' },
        resend: { zh: '重新发送报告', en: 'Report sent again' },
      },
    },
  ],
  names: { superviseReport: namedBy(superviseReports, 'reportNo') },
});

import { areas } from '@qcdesk/contract';
import { superviseReports } from '../../db/schema/supervise-report';
import { defineModule, type ModuleDeps, namedBy } from '../../platform/module';
import { type OperationRegistry, serve, serveDetail } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { superviseScope } from './supervise-report.queries';
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
import {
  checkoutSuperviseReport,
  releaseSuperviseReport,
  submitSuperviseReport,
  updateSuperviseReport,
} from './supervise-report-edit.service';
import { createSuperviseReport } from './supervise-report-write.service';

const ops = areas.superviseReport;

function registerSuperviseReportOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
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
}

export const superviseReportModule = defineModule({
  name: 'superviseReport',
  register: registerSuperviseReportOperations,
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
      },
      actions: {
        checkout: { zh: '签出', en: 'Checked out' },
        release: { zh: '释放', en: 'Released' },
        forceRelease: { zh: '强制释放', en: 'Force released' },
        submit: { zh: '提交', en: 'Submitted' },
        approve: { zh: '审核', en: 'Approved' },
        reject: { zh: '退回', en: 'Rejected' },
        cancel: { zh: '取消', en: 'Cancelled' },
      },
    },
  ],
  names: { superviseReport: namedBy(superviseReports, 'reportNo') },
});

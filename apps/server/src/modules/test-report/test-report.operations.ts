import { areas } from '@qcdesk/contract';
import { testReports } from '../../db/schema/test-report';
import { actorOf } from '../../platform/auth';
import { defineModule, type ModuleDeps, onHook } from '../../platform/module';
import {
  type OperationRegistry,
  registerOperation,
  serve,
  serveDetailWith,
  serveWith,
} from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import {
  TEST_ORDER_CANCELLED,
  TEST_ORDER_RECEIVED,
  TEST_ORDER_SUBMITTED,
} from '../test-order/test-order-transitions.service';
import { testReportExport } from './test-report.export';
import { TEST_REPORT_RESULT_MAIL } from './test-report.mails';
import { testReportScope } from './test-report.queries';
import { seedTestReports } from './test-report.seed';
import {
  getTestReport,
  listTestReports,
  searchTestReports,
  TEST_REPORT_ENTITY,
  type TestReportDeps,
} from './test-report.service';
import { reportForSubmittedOrder, reportsOfCancelledOrder } from './test-report-hooks.service';
import { importLabResults } from './test-report-lab.service';
import {
  enterResult,
  invalidateReport,
  publishReport,
  rejectReport,
  retestReport,
  settleOrderOf,
  verifyReport,
} from './test-report-status.service';
import { createTestReport, updateTestReport, updateTestReportItems } from './test-report-write.service';

const ops = areas.testReport;

function registerTestReportOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const files = deps.files;
  const service: TestReportDeps = { files: () => files.ready() };
  const read = { transaction: false };
  serve(registry, ops.searchTestReports, searchTestReports, read);
  serve(registry, ops.listTestReports, listTestReports, read);
  serveDetailWith(registry, service, ops.getTestReport, getTestReport);
  serveWith(registry, service, ops.createTestReport, createTestReport);
  serveWith(registry, service, ops.updateTestReport, updateTestReport);
  serveWith(registry, service, ops.updateTestReportItems, updateTestReportItems);
  serveWith(registry, service, ops.enterTestReportResult, enterResult);
  registerOperation(
    registry,
    ops.importTestReportResults,
    (input, ctx) => importLabResults(ctx.db, service, input, ctx.user),
    read,
  );
  serveWith(registry, service, ops.verifyTestReport, verifyReport);
  serveWith(registry, service, ops.rejectTestReport, rejectReport);
  serveWith(registry, service, ops.publishTestReport, publishReport);
  serveWith(registry, service, ops.retestTestReport, retestReport);
  serveWith(registry, service, ops.invalidateTestReport, invalidateReport);
}

export const testReportModule = defineModule({
  name: 'testReport',
  mails: [TEST_REPORT_RESULT_MAIL],
  register: registerTestReportOperations,
  seed: seedTestReports,
  changeLog: [
    {
      entity: TEST_REPORT_ENTITY,
      permission: ops.getTestReport.permission,
      readable: readableIn(testReports, testReportScope),
      fields: {
        labId: 'lab',
        testTypeId: 'testtype',
        clientId: 'client',
        departmentId: 'department',
        previousReportId: 'testReport',
        testOrderId: 'testOrder',
        resultBy: 'user',
        verifiedBy: 'user',
        status: { enum: 'TestReportStatus' },
        retestFromStatus: { enum: 'TestReportStatus' },
        reportType: { enum: 'TestReportType' },
        result: { enum: 'TestResult' },
        orderProductIds: 'orderProduct',
        // A creation logs each product's test items (`items[P-01]`: ids); later writes its results.
        'items[]': 'testitem',
        'items[].result': { enum: 'TestResult' },
      },
      actions: {
        item: { zh: '录入项目结果', en: 'Entered item results' },
        result: { zh: '出具结果', en: 'Issued the result' },
        verify: { zh: '审核', en: 'Verified' },
        reject: { zh: '退回', en: 'Sent back' },
        publish: { zh: '发布', en: 'Published' },
        retest: { zh: '重测', en: 'Sent for retest' },
        retestCancelled: { zh: '重测已取消', en: 'Retest cancelled' },
        invalidate: { zh: '作废', en: 'Invalidated' },
      },
    },
  ],
  // How other areas' change logs (order risk items, retest orders) name a report: its number.
  names: {
    testReport: {
      table: testReports,
      key: testReports.id,
      names: (row) => {
        const no = row.reportNo === null ? null : String(row.reportNo);
        return { zh: no ?? `待出 #${String(row.id)}`, en: no ?? `Pending #${String(row.id)}` };
      },
    },
  },
  hooks: [
    onHook(TEST_ORDER_SUBMITTED, (db, payload, user) => reportForSubmittedOrder(db, payload, user)),
    onHook(TEST_ORDER_CANCELLED, (db, payload, user) => reportsOfCancelledOrder(db, payload, user)),
    // A received order whose reports are already all done (entered before the receive) settles.
    onHook(TEST_ORDER_RECEIVED, (db, { testOrderId }, user) => settleOrderOf(db, testOrderId, actorOf(user))),
  ],
  exports: [testReportExport],
});

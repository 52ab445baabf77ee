import { areas } from '@qcdesk/contract';
import { dailyWorkReports } from '../../db/schema/daily-work-report';
import { defineModule } from '../../platform/module';
import { type OperationRegistry, registerOperation, serve } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { DAILY_REPORT_SENT_MAIL } from './daily-work-report.mails';
import { dailyReportScope } from './daily-work-report.queries';
import { DAILY_REPORT_ENTITY } from './daily-work-report.rules';
import { assignOrderSearch, getDailyReport, searchDailyReports } from './daily-work-report.service';
import { dailyScores, predictScores } from './daily-work-report-score.service';
import {
  checkDailyReport,
  rejectDailyReport,
  sendDailyReport,
  submitDailyReport,
} from './daily-work-report-transitions.service';
import { createDailyReport, updateDailyReport } from './daily-work-report-write.service';

const ops = areas.dailyWorkReport;
const read = { transaction: false };

function registerDailyWorkReportOperations(registry: OperationRegistry): void {
  serve(registry, ops.searchDailyReports, searchDailyReports, read);
  registerOperation(
    registry,
    ops.getDailyReport,
    async (input, ctx) => {
      const { detail, flags } = await getDailyReport(ctx.db, input, ctx.user);
      ctx.setFlags(flags);
      return detail;
    },
    read,
  );
  serve(registry, ops.assignOrderSearch, assignOrderSearch, read);
  serve(registry, ops.createDailyReport, createDailyReport);
  serve(registry, ops.updateDailyReport, updateDailyReport);
  serve(registry, ops.submitDailyReport, submitDailyReport);
  serve(registry, ops.rejectDailyReport, rejectDailyReport);
  serve(registry, ops.checkDailyReport, checkDailyReport);
  registerOperation(registry, ops.sendDailyReport, async (input, ctx) => {
    const detail = await sendDailyReport(ctx.db, input, ctx.user);
    ctx.setMessage('MAIL_SENT');
    return detail;
  });
  serve(registry, ops.dailyScores, dailyScores, read);
  serve(registry, ops.predictScores, predictScores, read);
}

export const dailyWorkReportModule = defineModule({
  name: 'dailyWorkReport',
  mails: [DAILY_REPORT_SENT_MAIL],
  register: registerDailyWorkReportOperations,
  changeLog: [
    {
      entity: DAILY_REPORT_ENTITY,
      permission: ops.searchDailyReports.permission,
      readable: readableIn(dailyWorkReports, dailyReportScope),
      fields: {
        inspectorId: 'user',
        attendanceId: 'attendance',
        checkedBy: 'user',
        status: { enum: 'DailyReportStatus' },
      },
      actions: {
        submit: { zh: '提交', en: 'Submitted' },
        check: { zh: '审核', en: 'Checked' },
        reject: { zh: '退回', en: 'Returned' },
        send: { zh: '发送', en: 'Sent' },
      },
    },
  ],
});

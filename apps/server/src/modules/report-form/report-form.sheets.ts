import { enumLabel } from '@qcdesk/contract/enumerations';
import type { ReportFormKind } from '@qcdesk/contract/report-form';
import { dayTypeIn } from '../../domain/calendar';
import { overtimeOf } from '../../domain/report-overtime';
import { labelIn, personIn } from '../../platform/list-export';
import { type DailyRow, dailyBatch, qcApprovals, RF_BATCH, userNames } from './report-form.queries';
import {
  col,
  dayTypeText,
  type FormRow,
  hundredths,
  resultText,
  SUBTOTAL,
  scaled,
  TOTAL,
  tenths,
  weekdayText,
} from './report-form.rules';
import { type FormSheet, reportBatches } from './report-form-context';
import { feeForm } from './report-form-fee';

// The four forms of DOMAIN.md §6.12: each its columns and its rows, a batch at a time (streamed
// into the workbook), ending in a totals row.

const inspectionColumns = [
  col('date', '日期', 'Date', 12),
  col('reportNo', '报告号', 'Report no', 18),
  col('interim', '中期', 'Interim', 8),
  col('inspectionType', '验货类型', 'Inspection type'),
  col('client', '客户', 'Client', 24),
  col('department', '部门', 'Department'),
  col('sales', '业务员', 'Sales'),
  col('orderNo', '订单号', 'Order no', 18),
  col('clientPo', '客户PO', 'Client PO'),
  col('factory', '工厂', 'Factory', 24),
  col('lead', '主验', 'Lead inspector'),
  col('assistants', '助验', 'Assistants', 20),
  col('quantity', '数量', 'Quantity', 10),
  col('aql', '水平/AQL', 'Level/AQL'),
  col('letter', '字码', 'Letter', 8),
  col('sampleSize', '抽样数', 'Sample size', 10),
  col('critical', '致命', 'Critical', 8),
  col('major', '严重', 'Major', 8),
  col('minor', '轻微', 'Minor', 8),
  col('preResult', '初判结果', 'Pre-result'),
  col('result', '结果', 'Result'),
  col('status', '状态', 'Status'),
  col('sentAt', '发送日期', 'Sent date', 18),
  col('manDays', '人天', 'Man-days', 10),
  col('score', '得分', 'Score', 10),
];

const inspectionForm: FormSheet = {
  columns: inspectionColumns,
  async *rows(ctx) {
    const { lang } = ctx;
    const total = { quantity: 0, sampleSize: 0, critical: 0, major: 0, minor: 0, manDays: 0, score: 0 };
    for await (const batch of reportBatches(ctx)) {
      const assistants = await userNames(ctx.db, [...new Set(batch.flatMap((r) => r.assistantIds))]);
      yield batch.map((r) => {
        const shares = Math.max(1, r.planTasks);
        const manDays = Math.round((scaled(r.planManDays, 10) * 10) / shares) / 100;
        total.quantity += r.quantity;
        total.sampleSize += r.sampleSize;
        total.critical += r.critical;
        total.major += r.major;
        total.minor += r.minor;
        total.manDays += Math.round(manDays * 100);
        total.score += r.score;
        return {
          date: r.inspectionDate,
          reportNo: r.reportNo,
          interim: r.interim ? (lang === 'en' ? 'Yes' : '是') : '',
          inspectionType: labelIn(r.inspectionType, lang),
          client: `${r.client.code} ${r.client.name}`,
          department: labelIn(r.department, lang),
          sales: personIn(r.sales?.name ? r.sales : null, lang),
          orderNo: r.orderNo,
          clientPo: r.clientPo,
          factory: labelIn(r.factory, lang),
          lead: personIn(r.lead, lang),
          assistants: r.assistantIds.map((id) => personIn(assistants.get(id), lang)).join(', '),
          quantity: r.quantity,
          aql: `${r.samplingLevel} / ${r.majorAql} / ${r.minorAql}`,
          letter: r.plan?.letter ?? '',
          sampleSize: r.sampleSize,
          critical: r.critical,
          major: r.major,
          minor: r.minor,
          preResult: resultText(r.preResult, lang),
          result: resultText(r.result, lang),
          status: enumLabel('InspectionReportStatus', r.status, lang),
          sentAt: r.sentAt,
          manDays,
          score: hundredths(r.score),
        };
      });
    }
    yield [
      { date: TOTAL[lang], ...total, manDays: hundredths(total.manDays), score: hundredths(total.score) },
    ];
  },
};

const overtimeColumns = [
  col('inspector', '验货员', 'Inspector'),
  col('department', '部门', 'Department'),
  col('date', '日期', 'Date', 12),
  col('weekday', '星期', 'Weekday', 8),
  col('dayType', '日期类型', 'Day type', 10),
  col('attendance', '考勤', 'Attendance'),
  col('hours', '工时', 'Hours', 8),
  col('overtime', '加班工时', 'OT hours', 10),
  col('rate', '倍率', 'Rate', 8),
  col('weighted', '折算加班工时', 'Weighted OT hours', 14),
  col('reportNos', '报告号', 'Report nos', 30),
];

interface Subtotal {
  key: string;
  name: string;
  hours: number;
  overtime: number;
  weighted: number;
}

const overtimeForm: FormSheet = {
  columns: overtimeColumns,
  async *rows(ctx) {
    const { lang } = ctx;
    const total = { hours: 0, overtime: 0, weighted: 0 };
    // The running subtotal of one inspector's month, written when the inspector or month changes.
    const month: { open: Subtotal | null } = { open: null };
    const close = (): FormRow[] => {
      const sub = month.open;
      return sub === null
        ? []
        : [
            {
              inspector: sub.name,
              date: `${SUBTOTAL[lang]} ${sub.key.split('|')[1]}`,
              hours: tenths(sub.hours),
              overtime: tenths(sub.overtime),
              weighted: hundredths(sub.weighted),
            },
          ];
    };
    let after: { inspectorId: bigint; workDate: string } | null = null;
    for (;;) {
      const batch: DailyRow[] = await dailyBatch(ctx.db, ctx.filters, ctx.scope, after);
      const rows: FormRow[] = [];
      for (const d of batch) {
        const key = `${d.inspectorId}|${d.workDate.slice(0, 7)}`;
        if (month.open?.key !== key) {
          rows.push(...close());
          month.open = { key, name: personIn(d.inspector, lang), hours: 0, overtime: 0, weighted: 0 };
        }
        const current = month.open;
        const dayType = dayTypeIn(ctx.calendar, d.workDate);
        const ot = overtimeOf({
          dayType,
          hoursTenths: d.hoursTenths,
          countsAsWork: d.countsAsWork,
          standardTenths: Math.round(ctx.standardHours * 10),
        });
        current.hours += ot.hoursTenths;
        current.overtime += ot.overtimeTenths;
        current.weighted += ot.weightedHundredths;
        total.hours += ot.hoursTenths;
        total.overtime += ot.overtimeTenths;
        total.weighted += ot.weightedHundredths;
        rows.push({
          inspector: personIn(d.inspector, lang),
          department: labelIn(d.department, lang),
          date: d.workDate,
          weekday: weekdayText(d.workDate, lang),
          dayType: dayTypeText(dayType, lang),
          attendance: labelIn(d.attendance, lang),
          hours: tenths(ot.hoursTenths),
          overtime: tenths(ot.overtimeTenths),
          rate: tenths(ot.rateTenths),
          weighted: hundredths(ot.weightedHundredths),
          reportNos: d.reportNos.join(', '),
        });
      }
      if (batch.length < RF_BATCH) {
        rows.push(...close());
        yield rows;
        break;
      }
      yield rows;
      const last = batch.at(-1);
      after = last ? { inspectorId: last.inspectorId, workDate: last.workDate } : null;
    }
    yield [
      {
        inspector: TOTAL[lang],
        hours: tenths(total.hours),
        overtime: tenths(total.overtime),
        weighted: hundredths(total.weighted),
      },
    ];
  },
};

const qcColumns = [
  col('user', 'QC/审核员', 'QC / auditor'),
  col('month', '月份', 'Month', 10),
  col('approvedL1', '一级审核', 'Approved L1', 12),
  col('approvedL2', '二级审核', 'Approved L2', 12),
  col('failed', '不合格', 'Failed', 10),
  col('meanHours', '提交至一级审核平均小时', 'Mean hours submit → L1', 16),
  col('failRate', '不合格率%', 'Fail rate %', 12),
];

const qcForm: FormSheet = {
  columns: qcColumns,
  async *rows(ctx) {
    const { lang } = ctx;
    const rows = await qcApprovals(ctx.db, ctx.filters, ctx.scope);
    const names = await userNames(ctx.db, [...new Set(rows.map((r) => r.userId))]);
    const total = { approvedL1: 0, approvedL2: 0, failed: 0 };
    yield rows
      .filter((r) => ctx.filters.inspectorId === undefined || r.userId === ctx.filters.inspectorId)
      .map((r) => {
        total.approvedL1 += r.l1;
        total.approvedL2 += r.l2;
        total.failed += r.failed;
        return {
          user: personIn(names.get(r.userId), lang),
          month: r.month,
          approvedL1: r.l1,
          approvedL2: r.l2,
          failed: r.failed,
          meanHours: r.meanHours,
          failRate: r.l1 === 0 ? null : Math.round((r.failed / r.l1) * 1000) / 10,
        };
      });
    yield [{ user: TOTAL[lang], ...total }];
  },
};

export const FORMS: Record<ReportFormKind, FormSheet> = {
  inspection: inspectionForm,
  fee: feeForm,
  overtime: overtimeForm,
  qc: qcForm,
};

import { z } from 'zod';
import { businessDate } from './config';
import { JOB_STATES } from './list-export';
import { defineOperation } from './operation';
import { dateOut, dateRangeOk, dateTimeOut, idIn, idOut } from './schemas';
import { defineTexts } from './texts';

// Report forms (报表, DOMAIN.md §6.12): the inspection, fee, overtime and QC forms of a date range,
// exported as XLSX and delivered by e-mail. The call checks the range (≤ export.maxRangeDays) and
// the department's scope, queues the job and answers "邮件已发送，请查收 / The mail has been sent,
// please check" with the job's id (`job/progress` follows it); the mail links to "my exports"
// (`reportform/exports`), where each file is kept 7 days and re-signed on each click.

export const REPORT_FORMS = ['inspection', 'fee', 'overtime', 'qc'] as const;
export type ReportFormKind = (typeof REPORT_FORMS)[number];

/** How long a finished form stays in "my exports". */
export const REPORT_FORM_KEEP_DAYS = 7;

export const reportFormFilters = z
  .object({
    form: z.enum(REPORT_FORMS),
    startTime: businessDate,
    endTime: businessDate,
    departmentId: idIn.optional(),
    clientId: idIn.optional(),
    inspectorId: idIn.optional(),
  })
  .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } });

export type ReportFormFilters = z.output<typeof reportFormFilters>;

export const exportReportForm = defineOperation({
  path: 'reportform/export',
  method: 'POST',
  permission: 'reportform.export',
  summary:
    'Queues a report form (inspection, fee, overtime, QC: DOMAIN.md §6.12) of startTime–endTime (≤ export.maxRangeDays, E_RF_RANGE), department (in scope, else E_SCOPE), client and inspector; answers the mail-sent text and the job id. The same form and filters asked again while the first is queued or running join it (the same job id).',
  input: reportFormFilters,
  // Its own schema (the list exports' shape): the list-export tests find list exports by theirs.
  output: z.object({ jobId: idOut }),
});

export const reportFormExportRow = z.object({
  id: idOut,
  jobId: idOut,
  form: z.enum(REPORT_FORMS),
  startTime: dateOut,
  endTime: dateOut,
  state: z.enum(JOB_STATES),
  percent: z.number().int().min(0).max(100),
  rows: z.number().int().nullable(),
  fileName: z.string().nullable(),
  createdAt: dateTimeOut,
  expiresAt: dateTimeOut,
});

export type ReportFormExportRow = z.output<typeof reportFormExportRow>;

export const myReportFormExports = defineOperation({
  path: 'reportform/exports',
  method: 'GET',
  permission: 'reportform.export',
  summary: 'My exports: the caller’s report forms of the last 7 days, newest first, with their job state.',
  input: z.object({}),
  output: z.object({ list: z.array(reportFormExportRow) }),
});

export const downloadReportForm = defineOperation({
  path: 'reportform/download',
  method: 'POST',
  permission: 'reportform.export',
  summary:
    'A freshly signed URL (valid 600 s) of one of my finished report forms; another user’s export is refused (E_SCOPE), an expired or unfinished one answers E_RF_GONE.',
  input: z.object({ id: idIn }),
  output: z.object({ url: z.string(), name: z.string() }),
});

/** A month of the fee form, `yyyy-MM`. */
const feeMonth = z
  .string()
  .refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v), { params: { reason: 'E_FORMAT' } });

export const closeFeeMonth = defineOperation({
  path: 'reportform/close-month',
  method: 'POST',
  permission: 'reportform.close',
  summary:
    "Closes a month of the fee form (a billing-period lock, issue 30): its fee lines are frozen as they are now, and a later change of a report of that month (reopened, re-approved with another result) shows only as a correction line — the difference, marked with the month it corrects — in the next open month's fee form, frozen in turn when that month is closed. A month that has not ended is E_RF_MONTH_OPEN; a closed one E_RF_CLOSED.",
  input: z.object({ month: feeMonth }),
  output: z.object({ month: z.string(), lines: z.number().int(), corrections: z.number().int() }),
});

/** The error keys only this area raises (texts.ts). */
export const texts = defineTexts({
  errors: {
    E_RF_RANGE: {
      zh: '报表的日期范围不能超过{max}天',
      en: 'The date range of a report form must not exceed {max} days',
    },
    E_RF_MONTH_OPEN: {
      zh: '月份{month}尚未结束，不能结账',
      en: 'The month {month} has not ended and cannot be closed yet',
    },
    E_RF_CLOSED: { zh: '月份{month}已结账', en: 'The month {month} is already closed' },
    E_RF_GONE: {
      zh: '该报表文件尚未生成或已过期',
      en: 'This report form is not ready yet or has expired',
    },
  },
  fields: {
    form: { zh: '报表', en: 'Form' },
    month: { zh: '月份', en: 'Month' },
  },
});

import { z } from 'zod';
import { businessDate } from './config';
import { enumSchema } from './enumerations';
import { defineOperation } from './operation';
import {
  dateOut,
  dateTimeOut,
  idIn,
  idOut,
  optStr,
  refOut,
  searchPageOf,
  searchPaging,
  sorting,
  userLabel,
  version,
} from './schemas';
import { defineTexts } from './texts';
import { confirmIn, warnable } from './warnings';

// Daily work reports (工作日报, DOMAIN.md §2.8, §4.12, §6.6): an inspector's day — attendance,
// works with hours, transport — one per inspector and work date. Scores come from the inspection
// reports approved for that day and are frozen when a QC manager checks the report; the scoring
// situation and the predicted scoring read them per inspector and month. Scores travel × 100.

/** DOMAIN.md §3.2 DailyReportStatus. */
export const DAILY_REPORT_STATUS = { draft: 10, submitted: 20, checked: 30, sent: 40, returned: 80 } as const;

/** DOMAIN.md §3.2 WorkType: 1–4 are field work linked to a task or report (§7.3). */
export const WORK_TYPE = {
  inspection: 1,
  loading: 2,
  sampling: 3,
  factoryAudit: 4,
  travel: 5,
  office: 6,
  training: 7,
  other: 8,
} as const;

export const WORK_ROLES = ['LEAD', 'ASSIST'] as const;

export const DAILY_REPORT_SORTS = ['workDate'] as const;

/** Hours of one work or one day: 0–24 in tenths (dec(4,1)). */
const hours = z.number().min(0).max(24).multipleOf(0.1);

export const workIn = z.object({
  /** enum WorkType */
  workType: enumSchema('WorkType'),
  taskId: idIn.optional(),
  reportId: idIn.optional(),
  orderProductId: idIn.optional(),
  factoryId: idIn.optional(),
  role: z.enum(WORK_ROLES).optional(),
  hours,
  vehicleId: idIn.optional(),
  mileage: z.number().min(0).max(999_999).multipleOf(0.1).optional(),
  remark: optStr(500),
});

export const workOut = z.object({
  workType: z.number().int(),
  taskId: idOut.nullable(),
  taskNo: z.string().nullable(),
  reportId: idOut.nullable(),
  reportNo: z.string().nullable(),
  orderProductId: idOut.nullable(),
  orderNo: z.string().nullable(),
  factory: refOut.nullable(),
  role: z.enum(WORK_ROLES).nullable(),
  hours: z.number(),
  vehicleId: idOut.nullable(),
  mileage: z.number().nullable(),
  remark: z.string().nullable(),
});

export const dailyReportRow = z.object({
  id: idOut,
  inspector: userLabel,
  workDate: dateOut,
  attendance: refOut.nullable(),
  hours: z.number(),
  /** × 100: frozen from check on, the live Σ before. */
  score: z.number().int(),
  assistScore: z.number().int(),
  /** enum DailyReportStatus */
  status: z.number().int(),
  checkedBy: userLabel.nullable(),
  checkedAt: dateTimeOut.nullable(),
  sentAt: dateTimeOut.nullable(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});

export const dailyReportDetail = dailyReportRow.extend({
  works: z.array(workOut),
  remark: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** What the caller may do now: `update`, `submit`, `check`, `reject`, `send`. */
  actions: z.array(z.string()),
  createdAt: dateTimeOut,
});

export type DailyReportRow = z.output<typeof dailyReportRow>;
export type DailyReportDetail = z.output<typeof dailyReportDetail>;
export type WorkOut = z.output<typeof workOut>;

const idVersion = { id: idIn, version };

export const searchDailyReports = defineOperation({
  path: 'dailyworkreport/search',
  method: 'POST',
  permission: 'dailyreport.search',
  summary:
    'Daily reports (spec §3): inspector, year and month of the work date, status, `work` (submitted ones for dailyreport.check, own drafts and returned ones); an inspector sees only their own. Newest work date first unless sorted.',
  input: z.object({
    inspectorId: idIn.optional(),
    year: z.number().int().min(2000).max(2200).optional(),
    month: z.number().int().min(1).max(12).optional(),
    status: enumSchema('DailyReportStatus').optional(),
    work: z.boolean().default(false),
    ...searchPaging,
    ...sorting(DAILY_REPORT_SORTS),
  }),
  output: searchPageOf(dailyReportRow),
});

export const getDailyReport = defineOperation({
  path: 'dailyworkreport/details',
  method: 'POST',
  permission: 'dailyreport.search',
  summary:
    'The report of an inspector and work date (the route `dailyworkreport/{year}/{month}/{day}/{id}`), or null when none was written yet; `score`/`assistScore` × 100. Another inspector’s report: E_SCOPE.',
  input: z.object({ inspectorId: idIn, workDate: businessDate }),
  output: z.object({ report: dailyReportDetail.nullable() }),
});

export const assignOrderSearch = defineOperation({
  path: 'dailyworkreport/assignorder/search',
  method: 'POST',
  permission: 'dailyreport.edit',
  summary:
    'The caller’s works of a day as the daily report prefills them: each task dated that day where the caller is lead or assistant (not cancelled), with its report when one exists.',
  input: z.object({ workDate: businessDate }),
  output: z.object({ list: z.array(workOut) }),
});

const reportFields = {
  attendanceId: idIn,
  works: z.array(workIn).max(50).optional(),
  remark: optStr(1000),
};

export const createDailyReport = defineOperation({
  path: 'dailyworkreport/create',
  method: 'POST',
  permission: 'dailyreport.edit',
  summary:
    'Write one’s own daily report (10) of a day up to today (E_DAILY_FUTURE; another inspector: E_DAILY_NOT_OWN; one per day: E_DUPLICATE). Without `works` they are prefilled by the assign-order search. Day total ≤ 24 h (E_DAILY_HOURS).',
  input: z.object({ workDate: businessDate, inspectorId: idIn.optional(), ...reportFields }),
  output: dailyReportDetail,
});

export const updateDailyReport = defineOperation({
  path: 'dailyworkreport/update',
  method: 'POST',
  permission: 'dailyreport.edit',
  summary: 'Change one’s own report in 10 or 80: attendance, works (the whole list), remark.',
  input: z.object({
    ...idVersion,
    attendanceId: idIn.optional(),
    works: z.array(workIn).max(50).optional(),
    remark: optStr(1000),
  }),
  output: dailyReportDetail,
});

export const submitDailyReport = defineOperation({
  path: 'dailyworkreport/submit',
  method: 'POST',
  permission: 'dailyreport.edit',
  summary:
    '10/80 → 20 by the owner; complete (§7.3): attendance, day ≤ 24 h, works of type 1–4 linked to a task or report (E_DAILY_WORK_LINK).',
  input: z.object(idVersion),
  output: dailyReportDetail,
});

export const rejectDailyReport = defineOperation({
  path: 'dailyworkreport/reject',
  method: 'POST',
  permission: 'dailyreport.check',
  summary: '20 → 80 with a reason.',
  input: z.object({ ...idVersion, reason: z.string().trim().min(1).max(500) }),
  output: dailyReportDetail,
});

export const checkDailyReport = defineOperation({
  path: 'dailyworkreport/check',
  method: 'POST',
  permission: 'dailyreport.check',
  summary:
    '20 → 30: score and assistScore frozen from the reports approved for that day. Never by the owner (E_DAILY_SELF_CHECK). While an inspection report of that inspector and day awaits approval it answers W_DAILY_REPORTS_PENDING and checks only with `confirm`.',
  input: z.object({ ...idVersion, ...confirmIn }),
  output: warnable(dailyReportDetail),
});

export const sendDailyReport = defineOperation({
  path: 'dailyworkreport/send',
  method: 'POST',
  permission: 'dailyreport.send',
  summary:
    '30 → 40: mailed to the inspector’s department manager and the sales of the worked orders; answers "the mail has been sent, please check".',
  input: z.object(idVersion),
  output: dailyReportDetail,
});

export const scoreRow = z.object({
  inspector: userLabel,
  year: z.number().int(),
  month: z.number().int(),
  /** × 100 */
  score: z.number().int(),
  assistScore: z.number().int(),
  reports: z.number().int(),
  manDays: z.number().int(),
  /** (score + assistScore) ÷ man-days, × 100, half-up. */
  scorePerManDay: z.number().int(),
  /** The predicted scoring only: open tasks of the month counted as passed. */
  openTasks: z.number().int(),
});

export type ScoreRow = z.output<typeof scoreRow>;

const scoreInput = z.object({
  year: z.number().int().min(2000).max(2200),
  month: z.number().int().min(1).max(12),
  inspectorId: idIn.optional(),
});

export const dailyScores = defineOperation({
  path: 'dailyworkreport/score',
  method: 'POST',
  permission: 'score.view',
  summary:
    'Scoring situation (§6.6): per inspector of the month Σ score, Σ assistScore (current, reopened reports included), reports, man-days, score per man-day; an inspector sees only their own row.',
  input: scoreInput,
  output: z.object({ list: z.array(scoreRow) }),
});

export const predictScores = defineOperation({
  path: 'dailyworkreport/score/predict',
  method: 'POST',
  permission: 'score.view',
  summary:
    'Predicted scoring (§6.6): the scoring situation plus the inspector’s open tasks (10–20) dated in the month, scored as passed final reports.',
  input: scoreInput,
  output: z.object({ list: z.array(scoreRow) }),
});

/** The error keys only this area raises (texts.ts). */
export const texts = defineTexts({
  errors: {
    E_DAILY_HOURS: {
      zh: '一天的工时合计不能超过24小时（现为{hours}小时）',
      en: 'The hours of a day must not exceed 24 (now {hours})',
    },
    E_DAILY_FUTURE: {
      zh: '不能填写未来日期的工作日报',
      en: 'A daily report cannot be written for a future date',
    },
    E_DAILY_NOT_OWN: {
      zh: '只能填写自己的工作日报',
      en: 'You can only write your own daily report',
    },
    E_DAILY_SELF_CHECK: { zh: '不能审核自己的工作日报', en: 'You cannot check your own daily report' },
    E_DAILY_WORK_LINK: {
      zh: '第{n}项工作须关联验货任务或报告',
      en: 'Work {n} must be linked to an inspection task or report',
    },
    W_DAILY_REPORTS_PENDING: {
      zh: '该验货员当天还有{n}份验货报告待审批，审核后得分将不再更新',
      en: 'The inspector still has {n} inspection {n|report|reports} of that day awaiting approval; the score will not change after the check',
    },
  },
  fields: {
    workDate: { zh: '工作日期', en: 'Work date' },
    attendanceId: { zh: '考勤', en: 'Attendance' },
    works: { zh: '工作', en: 'Works' },
    workType: { zh: '工作类型', en: 'Work type' },
    mileage: { zh: '里程', en: 'Mileage' },
  },
});

/**
 * A score × 100 as shown: ÷ 100 with one decimal, half-up on the integer (DOMAIN.md §6.6: 1234 →
 * "12.3", 1235 → "12.4"). Scores are never negative.
 */
export function scoreText(x100: number): string {
  const tenths = Math.floor((2 * x100 + 10) / 20);
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

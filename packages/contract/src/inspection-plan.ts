import { z } from 'zod';
import { businessDate } from './config';
import { enumSchema } from './enumerations';
import { defineOperation } from './operation';
import {
  dateOut,
  dateRangeOk,
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

// Inspection plans (验货计划, DOMAIN.md §2.6, §4.2; spec §3 "Plan"): the planner sends a lead
// inspector and up to 5 assistants to one factory for planDate..endDate, for applications in 20 of
// that factory (one task per application, inspection-task.ts). man-days 0.5–30 in steps of 0.5 are
// spread over the plan's working days and counted for every inspector of the plan. Warnings
// (docs/adr/0018-warnings.md) before saving: W_INSPECTOR_BUSY, W_FACTORY_CLOSED, W_NON_WORKING_DAY,
// W_AFTER_DELIVERY.

/** DOMAIN.md §3.2 InspectionPlanStatus. */
export const INSPECTION_PLAN_STATUS = {
  planned: 10,
  dispatched: 20,
  inProgress: 30,
  completed: 40,
  cancelled: 90,
} as const;

export const PLAN_ASSISTANTS_MAX = 5;
export const PLAN_APPLIES_MAX = 100;

/** The sortable columns of inspection/plan/search. */
export const INSPECTION_PLAN_SORTS = ['planNo', 'planDate'] as const;

/** Man-days: 0.5–30 (E_RANGE) in steps of 0.5 (E_FORMAT). */
export const manDaysIn = z
  .number()
  .min(0.5)
  .max(30)
  .refine((v) => Number.isInteger(v * 2), { params: { reason: 'E_FORMAT' } });

const assistantsIn = z.array(idIn).max(PLAN_ASSISTANTS_MAX);

export const inspectionPlanRow = z.object({
  id: idOut,
  planNo: z.string(),
  factory: refOut,
  planDate: dateOut,
  endDate: dateOut,
  leadInspector: userLabel,
  assistants: z.array(userLabel),
  /** dec(4,1) as its text ("1.5"). */
  manDays: z.string(),
  /** enum InspectionPlanStatus */
  status: z.number().int(),
  taskCount: z.number().int(),
  orderNos: z.array(z.string()),
  valid: z.number().int(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});

export const planTaskLine = z.object({
  id: idOut,
  taskNo: z.string(),
  applyId: idOut.nullable(),
  applyNo: z.string().nullable(),
  orderNo: z.string().nullable(),
  taskDate: dateOut,
  /** enum InspectionTaskStatus */
  status: z.number().int(),
});

export const inspectionPlanDetail = inspectionPlanRow.extend({
  remark: z.string().nullable(),
  reasonText: z.string().nullable(),
  dispatchedAt: dateTimeOut.nullable(),
  tasks: z.array(planTaskLine),
  createdBy: userLabel.nullable(),
  createdAt: dateTimeOut,
  actions: z.array(z.string()),
});

export type InspectionPlanRow = z.output<typeof inspectionPlanRow>;
export type InspectionPlanDetail = z.output<typeof inspectionPlanDetail>;

export const searchInspectionPlans = defineOperation({
  path: 'inspection/plan/search',
  method: 'POST',
  permission: 'inspplan.search',
  summary:
    'Plans (spec §3): order no ending, product no and factory containing, plan-date range, status; newest first unless sorted.',
  input: z
    .object({
      orderNo: optStr(32),
      productNo: optStr(40),
      factory: optStr(100),
      startTime: businessDate.optional(),
      endTime: businessDate.optional(),
      status: enumSchema('InspectionPlanStatus')
        .transform((v) => Number(v))
        .optional(),
      ...searchPaging,
      ...sorting(INSPECTION_PLAN_SORTS),
    })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: searchPageOf(inspectionPlanRow),
});

export const getInspectionPlan = defineOperation({
  path: 'inspection/plan/details',
  method: 'GET',
  permission: 'inspplan.search',
  summary: 'One plan with its tasks and the actions the caller may take.',
  input: z.object({ id: idIn }),
  output: inspectionPlanDetail,
});

export const createInspectionPlan = defineOperation({
  path: 'inspection/plan/create',
  method: 'POST',
  permission: 'inspplan.create',
  summary:
    'A plan (10, or 20 with `dispatch`) for applications in 20 of one factory (E_STATUS, E_FORMAT otherwise), one task per application (`{planNo}-nn`); planDate ≥ today; lead inspector and ≤ 5 assistants (active inspectors); man-days in steps of 0.5. Warnings W_INSPECTOR_BUSY, W_FACTORY_CLOSED, W_NON_WORKING_DAY, W_AFTER_DELIVERY unless `confirm`.',
  input: z
    .object({
      applyIds: z.array(idIn).min(1).max(PLAN_APPLIES_MAX),
      planDate: businessDate,
      endDate: businessDate.optional(),
      leadInspectorId: idIn,
      assistantIds: assistantsIn.default([]),
      manDays: manDaysIn.default(1),
      remark: optStr(500),
      dispatch: z.boolean().default(false),
      ...confirmIn,
    })
    .refine((v) => !v.endDate || v.endDate >= v.planDate, {
      path: ['endDate'],
      params: { reason: 'E_DATE_RANGE' },
    }),
  output: warnable(inspectionPlanDetail),
});

export const updateInspectionPlan = defineOperation({
  path: 'inspection/plan/update',
  method: 'POST',
  permission: 'inspplan.create',
  summary:
    'Change the dates, inspectors or man-days of a plan in 10 or 20 (in 20 the old and new inspectors and the factory are mailed); warnings as on create unless `confirm`.',
  input: z.object({
    id: idIn,
    version,
    planDate: businessDate.optional(),
    endDate: businessDate.optional(),
    leadInspectorId: idIn.optional(),
    assistantIds: assistantsIn.optional(),
    manDays: manDaysIn.optional(),
    remark: z.string().trim().max(500).nullable().optional(),
    ...confirmIn,
  }),
  output: warnable(inspectionPlanDetail),
});

const transitionIn = z.object({ id: idIn, version, reason: optStr(500) });

export const dispatchInspectionPlan = defineOperation({
  path: 'inspection/plan/dispatch',
  method: 'POST',
  permission: 'inspplan.create',
  summary:
    'Dispatch (下达, 10 → 20): the tasks become visible to the inspectors; the inspection notice is mailed to the factory contact, the inspectors and sales.',
  input: transitionIn,
  output: inspectionPlanDetail,
});

export const cancelInspectionPlan = defineOperation({
  path: 'inspection/plan/cancel',
  method: 'POST',
  permission: 'inspplan.create',
  summary:
    'Cancel a plan (10, 20 → 90, reason R): its tasks → 90, its applications back to 20 (reason RESET).',
  input: transitionIn,
  output: inspectionPlanDetail,
});

export const boardApplication = z.object({
  id: idOut,
  applyNo: z.string(),
  orderNo: z.string(),
  inspectionType: refOut,
  expectedDate: dateOut,
  deliveryDate: dateOut.nullable(),
  quantity: z.number().int(),
  itemCount: z.number().int(),
  /** enum ApplyType */
  applyType: z.number().int(),
  version: z.number().int(),
});

export const planBoard = defineOperation({
  path: 'inspection/plan/board',
  method: 'POST',
  permission: 'inspplan.create',
  summary:
    'The planning board in one call: for a date range (≤ 31 days), the open applications (20) grouped by factory and expected date, and each active inspector’s man-days per day across plans not cancelled.',
  input: z
    .object({ startTime: businessDate, endTime: businessDate, factory: optStr(100) })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: z.object({
    factories: z.array(
      z.object({
        factory: refOut,
        days: z.array(z.object({ date: dateOut, applications: z.array(boardApplication) })),
      }),
    ),
    inspectors: z.array(
      z.object({
        inspector: userLabel,
        /** man-days per date (decimal text), dates without work left out. */
        days: z.array(z.object({ date: dateOut, manDays: z.string() })),
      }),
    ),
  }),
});

export const texts = defineTexts({
  errors: {
    // Warnings (docs/adr/0018-warnings.md): answered with success=true, never as a refusal.
    W_INSPECTOR_BUSY: { zh: '验货员当天已有安排', en: 'The inspector is already booked that day' },
    W_FACTORY_CLOSED: { zh: '工厂当天停工', en: 'The factory is closed on that date' },
    E_PLAN_FACTORY: {
      zh: '一个验货计划只能安排同一工厂的验货申请',
      en: 'A plan takes applications of one factory only',
    },
    E_PLAN_LEAD_ASSISTANT: {
      zh: '主验货员不能同时是助理',
      en: 'The lead inspector cannot also be an assistant',
    },
    E_PLAN_INSPECTOR: { zh: '{field}须为在职验货员', en: '{field} must be an active inspector' },
  },
  fields: {
    planDate: { zh: '计划日期', en: 'Plan date' },
    manDays: { zh: '人天', en: 'Man-days' },
    leadInspectorId: { zh: '主验货员', en: 'Lead inspector' },
    assistantIds: { zh: '助理验货员', en: 'Assistants' },
    applyIds: { zh: '验货申请', en: 'Applications' },
    planNo: { zh: '计划号', en: 'Plan no' },
    dispatchedAt: { zh: '下达时间', en: 'Dispatched at' },
  },
});

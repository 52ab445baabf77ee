import { z } from 'zod';
import { businessDate } from './config';
import { defineOperation } from './operation';
import {
  dateOut,
  dateRangeOk,
  idIn,
  idOut,
  optStr,
  refOut,
  searchPageOf,
  searchPaging,
  sorting,
  userLabel,
} from './schemas';
import { defineTexts } from './texts';

// Inspection tasks (验货任务, DOMAIN.md §2.6, §4.3; spec §3 "Task"): one per application of a plan,
// `{planNo}-nn`. An inspector sees own tasks (lead or assistant) of plans in 20–40; inspectors
// cannot search applications, so a task answers what they need on site: items and quantities, the
// factory's address and contact, the client's inspection requirements.

/** DOMAIN.md §3.2 InspectionTaskStatus. */
export const INSPECTION_TASK_STATUS = {
  assigned: 10,
  inProgress: 20,
  reported: 30,
  closed: 40,
  aborted: 50,
  cancelled: 90,
} as const;

export const INSPECTION_TASK_SORTS = ['taskNo', 'taskDate'] as const;

export const taskItem = z.object({
  orderProductId: idOut,
  productNo: z.string(),
  itemNo: z.string(),
  name: z.string(),
  applyQuantity: z.number().int(),
  /** enum QuantityUnit */
  quantityUnit: z.number().int(),
});

export const inspectionTaskRow = z.object({
  id: idOut,
  taskNo: z.string(),
  planId: idOut,
  planNo: z.string(),
  applyId: idOut.nullable(),
  applyNo: z.string().nullable(),
  orderNo: z.string().nullable(),
  client: z.object({ id: idOut, code: z.string(), name: z.string() }).nullable(),
  factory: refOut.extend({ addressZh: z.string().nullable(), addressEn: z.string().nullable() }),
  inspectionType: refOut,
  inspector: userLabel,
  assistants: z.array(userLabel),
  taskDate: dateOut,
  reportBaseNo: z.string().nullable(),
  /** enum InspectionTaskStatus */
  status: z.number().int(),
  items: z.array(taskItem),
  version: z.number().int(),
});

export const inspectionTaskDetail = inspectionTaskRow.extend({
  factoryContacts: z.array(
    z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  ),
  inspectionRequirement: z.string().nullable(),
});

export type InspectionTaskRow = z.output<typeof inspectionTaskRow>;
export type InspectionTaskDetail = z.output<typeof inspectionTaskDetail>;

export const searchInspectionTasks = defineOperation({
  path: 'inspection/task/search',
  method: 'POST',
  permission: 'insptask.search',
  summary:
    'Tasks (spec §3): order no ending, product no and factory containing, task-date range; inspectors only their own (lead or assistant, plan 20–40); by task date unless sorted.',
  input: z
    .object({
      orderNo: optStr(32),
      productNo: optStr(40),
      factory: optStr(100),
      startTime: businessDate.optional(),
      endTime: businessDate.optional(),
      ...searchPaging,
      ...sorting(INSPECTION_TASK_SORTS),
    })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: searchPageOf(inspectionTaskRow),
});

export const getInspectionTask = defineOperation({
  path: 'inspection/task/details',
  method: 'GET',
  permission: 'insptask.search',
  summary:
    'One task with what the inspector needs on site: items and quantities, factory address and contacts, the client’s inspection requirements (E_SCOPE for another inspector’s task).',
  input: z.object({ id: idIn }),
  output: inspectionTaskDetail,
});

export const texts = defineTexts({
  fields: {
    taskNo: { zh: '任务号', en: 'Task no' },
    taskDate: { zh: '任务日期', en: 'Task date' },
  },
});

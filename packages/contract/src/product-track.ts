import { z } from 'zod';
import { businessDate } from './config';
import { enumSchema } from './enumerations';
import { defineOperation } from './operation';
import { dateTimeOut, idIn, idOut, optStr, version } from './schemas';

// Product tracking (DOMAIN.md §2.9 ProductTrack): planned and actual dates of an order product's
// milestones; NotifyProductTrack rules (a config list) say who hears of them.

const clearableDate = z.preprocess((v) => (v === '' ? null : v), businessDate.nullable().optional());

export const productTrackRow = z.object({
  id: idOut,
  version: z.number().int(),
  orderProductId: idOut,
  milestone: z.string(),
  plannedDate: z.string().nullable(),
  actualDate: z.string().nullable(),
  remark: z.string().nullable(),
  updatedAt: dateTimeOut,
});

export const getProductTrack = defineOperation({
  path: 'producttrack/get',
  method: 'GET',
  permission: 'order.search',
  summary: 'The milestones of one order product, in milestone order.',
  input: z.object({ orderProductId: idIn }),
  output: z.object({ list: z.array(productTrackRow) }),
});

export const createProductTrack = defineOperation({
  path: 'producttrack/create',
  method: 'POST',
  permission: 'order.edit',
  summary: 'Add a milestone to an order product (one per milestone).',
  input: z.object({
    orderProductId: idIn,
    milestone: enumSchema('ProductTrackMilestone'),
    plannedDate: clearableDate,
    actualDate: clearableDate,
    remark: optStr(500),
  }),
  output: productTrackRow,
});

export const updateProductTrack = defineOperation({
  path: 'producttrack/update',
  method: 'POST',
  permission: 'order.edit',
  summary: 'Change the dates or remark of a milestone; valid 0/1 deletes/undeletes it.',
  input: z.object({
    id: idIn,
    version,
    plannedDate: clearableDate,
    actualDate: clearableDate,
    remark: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(500).nullable().optional()),
    valid: z.union([z.literal(0), z.literal(1)]).optional(),
  }),
  output: productTrackRow,
});

import { z } from 'zod';
import { defineListExport } from './list-export';
import { materialLabel } from './material';
import { defineOperation } from './operation';
import {
  dateTimeOut,
  decimalOut,
  flag,
  idIn,
  idOut,
  optStr,
  refOut,
  searchPageOf,
  searchPaging,
  sorting,
  str,
  userLabel,
  version,
} from './schemas';
import { defineTexts } from './texts';

// Original samples (原样, DOMAIN.md §2.3): the client's reference sample with its parts and their
// materials; and the original-sample cart of DOMAIN.md §6.1.

const hasScale2 = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

export const partMaterialInput = z.object({
  materialId: idIn,
  /** Share of the part, 0–100 with 2 decimals. */
  percentage: z
    .number()
    .min(0)
    .max(100)
    .refine(hasScale2, { params: { reason: 'E_FORMAT' } })
    .nullable()
    .optional(),
  colour: optStr(50),
});

export const partInput = z.object({
  partId: idIn,
  materials: z.array(partMaterialInput).max(50).default([]),
});

export const originalSampleRow = z.object({
  id: idOut,
  itemNo: z.string(),
  name: z.string(),
  client: z.object({ id: idOut, code: z.string(), name: z.string() }).nullable(),
  /** ≥ 1 part and every part has ≥ 1 material (DOMAIN.md §2.3). */
  complete: z.boolean(),
  partCount: z.number().int(),
  valid: z.number().int(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});

export const originalSamplePart = z.object({
  id: idOut,
  part: refOut,
  materials: z.array(
    z.object({
      id: idOut,
      material: materialLabel,
      percentage: decimalOut.nullable(),
      colour: z.string().nullable(),
    }),
  ),
});

export const originalSampleDetail = originalSampleRow.extend({
  parts: z.array(originalSamplePart),
  createdBy: userLabel.nullable(),
  createdAt: dateTimeOut,
});

export type OriginalSampleRow = z.output<typeof originalSampleRow>;
export type OriginalSampleDetail = z.output<typeof originalSampleDetail>;

// ---------------------------------------------------------------------------------------------
// The cart (spec §3, §4; DOMAIN.md §6.1): entries {id, name: "itemNo | name"}, add, remove, clear,
// never twice. It lives in client storage; the server re-validates it (`originalsample/cart`).
// ---------------------------------------------------------------------------------------------

export const cartEntry = z.object({ id: idOut, name: z.string() });
export type OriginalSampleCartEntry = { id: string; name: string };

/** The name a cart entry shows: "itemNo | name". */
export const cartName = (itemNo: string, name: string): string => `${itemNo} | ${name}`;

/** Adds an entry unless its id is already in the cart (silently ignored, DOMAIN.md §6.1). */
export function addToCart(
  cart: readonly OriginalSampleCartEntry[],
  entry: OriginalSampleCartEntry,
): OriginalSampleCartEntry[] {
  return cart.some((e) => e.id === entry.id) ? [...cart] : [...cart, entry];
}

export function removeFromCart(
  cart: readonly OriginalSampleCartEntry[],
  id: string,
): OriginalSampleCartEntry[] {
  return cart.filter((e) => e.id !== id);
}

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

export const searchOriginalSamples = defineOperation({
  path: 'originalsample/search',
  method: 'POST',
  permission: 'originalsample.search',
  summary:
    'Original samples by item no (ends with), name (contains) and completeness (default: complete ones; null: all), in the caller’s scope, newest first.',
  input: z.object({
    itemNo: optStr(40),
    name: optStr(200),
    /** true (default): complete samples; false: incomplete ones; null: all. */
    complete: z.boolean().nullable().default(true),
    client: idIn.optional(),
    deleted: z.boolean().default(false),
    ...searchPaging,
    ...sorting(['itemNo', 'name', 'updatedAt']),
  }),
  output: searchPageOf(originalSampleRow),
});

export const exportOriginalSamples = defineListExport(searchOriginalSamples, {
  path: 'originalsample/export',
  summary:
    'The original samples of the search’s filters (in the caller’s scope) as XLSX, mailed to the caller as a download link; answers the job id.',
});

export const listOriginalSamples = defineOperation({
  path: 'originalsample/list',
  method: 'POST',
  permission: 'originalsample.search',
  summary:
    'The original-sample auto-complete: valid samples in scope whose item no or name contains the keyword, as cart entries.',
  input: z.object({
    keyword: optStr(100),
    client: idIn.optional(),
    limit: z.number().int().min(1).max(50).default(10),
  }),
  output: z.object({ list: z.array(cartEntry.extend({ itemNo: z.string() })) }),
});

export const originalSampleCart = defineOperation({
  path: 'originalsample/cart',
  method: 'POST',
  permission: 'originalsample.search',
  summary:
    'Re-validate an original-sample cart: the entries {id, name: "itemNo | name"} of the ids sent, in order, each once, dropping deleted or out-of-scope ones.',
  input: z.object({ ids: z.array(idIn).max(200) }),
  output: z.object({ list: z.array(cartEntry) }),
});

export const getOriginalSample = defineOperation({
  path: 'originalsample/details',
  method: 'GET',
  permission: 'originalsample.search',
  summary: 'One original sample with its parts and their materials.',
  input: z.object({ id: idIn }),
  output: originalSampleDetail,
});

export const createOriginalSample = defineOperation({
  path: 'originalsample/create',
  method: 'POST',
  permission: 'originalsample.edit',
  summary:
    'Register an original sample (item no unique per client), optionally with its parts and materials. Answers the detail.',
  input: z.object({
    itemNo: str(40),
    name: str(200),
    clientId: idIn.optional(),
    parts: z.array(partInput).max(100).default([]),
  }),
  output: originalSampleDetail,
});

export const updateOriginalSample = defineOperation({
  path: 'originalsample/update',
  method: 'POST',
  permission: 'originalsample.edit',
  summary: 'Change item no, name or client of an original sample; valid 0/1 deletes and undeletes it.',
  input: z.object({
    id: idIn,
    version,
    itemNo: str(40).optional(),
    name: str(200).optional(),
    clientId: idIn.nullable().optional(),
    valid: flag.optional(),
  }),
  output: originalSampleDetail,
});

export const updateOriginalSampleMaterials = defineOperation({
  path: 'originalsample/material/update',
  method: 'POST',
  permission: 'originalsample.edit',
  summary:
    'Replace the parts of an original sample and the materials of each part (parts match on part, materials on material). Answers the detail.',
  input: z.object({ id: idIn, version, parts: z.array(partInput).max(100) }),
  output: originalSampleDetail,
});

/** The error keys only this area raises (texts.ts); the shared ones are in messages.ts. */
export const texts = defineTexts({
  errors: {
    E_SAMPLE_CLIENT: {
      zh: '原样属于其他客户，不能关联',
      en: 'The original sample belongs to another client and cannot be linked',
    },
  },
});

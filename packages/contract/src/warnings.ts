import { z } from 'zod';

// Warnings (DOMAIN.md §7.4 "Warnings", docs/adr/0018-warnings.md): a write that finds something the
// user should see before saving (an inspector already booked, a date after delivery) answers
// `success=true` with `{ saved: false, warnings, result: null }` and writes nothing; the UI shows
// the warnings and resends the same input with `confirm: true`, which saves and answers
// `{ saved: true, warnings, result }`. Refusals stay errors (`success=false`). A leaf: the texts of
// the keys are declared by the areas that raise them (their `texts.errors`, W_ prefix).

/** The input field of a write that may warn: without `confirm: true` a warned write saves nothing. */
export const confirmIn = { confirm: z.boolean().default(false) };

/** One warning: its key, its parameters and its text in both languages. */
export const warningOut = z.object({
  /** W_AFTER_DELIVERY, W_NON_WORKING_DAY, W_INSPECTOR_BUSY, W_FACTORY_CLOSED, … */
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  zh: z.string(),
  en: z.string(),
});
export type Warning = z.output<typeof warningOut>;

/** The answer of a write that may warn: `result` is null (and nothing saved) when `saved` is false. */
export const warnable = <T extends z.ZodType>(result: T) =>
  z.object({
    saved: z.boolean(),
    warnings: z.array(warningOut),
    result: result.nullable(),
  });

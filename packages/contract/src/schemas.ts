import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PASSWORD_PATTERN } from './constants';

// Building blocks of DOMAIN.md §0 types. Every text is trimmed; an empty result counts as missing.

/** The largest id: PostgreSQL's bigint. */
export const MAX_ID = '9223372036854775807';

/**
 * `id` int64 travels as a decimal string (ids exceed JS safe integers), at most MAX_ID: 19 digits
 * past it reached the database as an out-of-range bigint, a fault (issue 32's fuzzing).
 */
export const id = z
  .string()
  .regex(/^[1-9][0-9]{0,18}$/)
  .refine((v) => v.length < MAX_ID.length || v <= MAX_ID);

/** An id in an input: the decimal string decoded to the database's bigint. */
export const idIn = id.transform((v) => BigInt(v));

/** An id in an output: the database's bigint encoded as a decimal string. */
export const idOut = z.bigint().transform((v) => v.toString());

/** A timestamp in an output: ISO-8601 UTC. */
export const dateTimeOut = z.date().transform((d) => d.toISOString());

/** A new password: the rule of spec §5 with its own message (E_PASSWORD_RULE). */
export const newPassword = z
  .string()
  .min(1)
  .refine((v) => PASSWORD_PATTERN.test(v), { params: { reason: 'E_PASSWORD_RULE' } });

/** E-mail (DOMAIN.md §7.2): simple RFC 5322 form, ≤ 100, stored lower-case. */
export const email = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .pipe(z.email())
  .transform((v) => v.toLowerCase());

/** str(n): trimmed, required, ≤ n characters. */
export const str = (max: number) => z.string().trim().min(1).max(max);

/** Optional str(n): trimmed; empty becomes undefined. */
export const optStr = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const version = z.number().int().min(0);

export const paging = {
  page: z.number().int().min(1).default(DEFAULT_PAGE),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Exact up to `totalCapped`; see docs/architecture.md "Data". */
    total: z.number().int(),
    totalCapped: z.boolean(),
  });

export const empty = z.object({}).strict();

/** DOMAIN.md §7.1: the spec's Chinese-character helper (CJK ideographs, extension A, compatibility). */
export const CHINESE_PATTERN = /[\u3400-\u9fff\uf900-\ufaff]/;
export const hasChinese = (v: string): boolean => CHINESE_PATTERN.test(v);

/** ActiveFlag / ValidFlag in an input: 0 or 1. */
export const flag = z.union([z.literal(0), z.literal(1)]);

/** Optional text in an update: '' clears the field (null), absent leaves it alone. */
export const clearable = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** An e-mail address that goes out on English documents: Chinese characters are E_NO_CHINESE. */
export const englishEmail = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((v) => !hasChinese(v), { params: { reason: 'E_NO_CHINESE' } })
  .pipe(email);

/** A decimal column (dec(p,s)) in an output: the driver's text read as a number. */
export const decimalOut = z.union([z.string(), z.number()]).transform((v) => Number(v));

/** A business date (`date` column, mode string) in an output. */
export const dateOut = z.string();

/**
 * Paging of a large search. The (capped) total costs more than the page itself on big tables, so
 * a client sends `count: false` when only the page changes and keeps the total it already has.
 */
export const searchPaging = {
  ...paging,
  count: z.boolean().default(true),
};

/**
 * The sort of a list (issue 12): `sort` names one of the search's sortable columns (each served by an
 * index; the area's search EXPLAIN test shows which), `order` its direction. Without `sort` the
 * search keeps its documented default order. The web keeps both in the URL (`?sort=name&order=desc`).
 */
export const sorting = <const F extends readonly [string, ...string[]]>(fields: F) => ({
  sort: z.enum(fields).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export type SortOrder = 'asc' | 'desc';

/** The answer of a search with `searchPaging`: `total` is null when `count` was false. */
export const searchPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().nullable(),
    totalCapped: z.boolean(),
  });

/** `startTime ≤ endTime` of a list filter (DOMAIN.md §7.1, E_DATE_RANGE on endTime). */
export const dateRangeOk = (v: { startTime?: string | undefined; endTime?: string | undefined }) =>
  !v.startTime || !v.endTime || v.startTime <= v.endTime;

/** A user as rows show it: both names, so the web picks one by language. */
export const userLabel = z.object({ id: idOut, name: z.string(), englishName: z.string().nullable() });

/**
 * A referenced master-data row as rows show it: id, code and both names (the same shape as the
 * config area's `refLabel` once encoded), so the web picks the name by language.
 */
export const refOut = z.object({
  id: idOut,
  code: z.string().nullable(),
  nameZh: z.string().nullable(),
  nameEn: z.string().nullable(),
});

/** A master-data code in an input (country codes of destination lists): upper-cased. */
export const codeIn = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z0-9_-]+$/.test(v), { params: { reason: 'E_FORMAT' } });

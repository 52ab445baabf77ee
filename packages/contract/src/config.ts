import { z } from 'zod';
import {
  CODE_PATTERN,
  CONFIG_EDIT_ALL,
  CONFIG_LISTS,
  type ConfigListDef,
  type ConfigListName,
  configSortKeys,
  editableFields,
  editPermission,
  type FieldDef,
} from './config-lists';
import { DATE_PICKER_YEARS } from './constants';
import { enumSchema } from './enumerations';
import { defineOperation, type OperationDef } from './operation';
import {
  date,
  dateTimeOut,
  email,
  idIn,
  idOut,
  optStr,
  pageOf,
  paging,
  type SortOrder,
  sorting,
  str,
  version,
} from './schemas';

// The configuration area (spec §7 "Configuration"): one operation family per master-data list,
// derived from config-lists.ts, plus the list of lists, the change log and the holiday calendar.

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;
const flag = z.union([z.literal(0), z.literal(1)]);

/** `YYYY-MM-DD`, a real calendar day within ±100 years of today (DOMAIN.md §7.1). */
export const businessDate = date.refine(
  (v) => {
    const d = new Date(`${v}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) return false;
    const years = Math.abs(d.getUTCFullYear() - new Date().getUTCFullYear());
    return years <= DATE_PICKER_YEARS;
  },
  { params: { reason: 'E_FORMAT' } },
);

const hasScale = (value: number, scale: number) => {
  const scaled = value * 10 ** scale;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

const itemSchema = (field: FieldDef): z.ZodType => {
  switch (field.of) {
    case 'code':
      return str(field.max ?? 32)
        .toUpperCase()
        .regex(CODE_PATTERN);
    case 'email':
      return email;
    case 'ref':
      return idIn;
    default:
      return str(field.max ?? 100);
  }
};

/** The schema of a present, non-empty value of a field. */
function valueSchema(field: FieldDef): z.ZodType {
  switch (field.type) {
    case 'text': {
      let text = str(field.max ?? 200);
      if (field.upperCase) text = text.toUpperCase();
      return field.pattern ? text.regex(field.pattern) : text;
    }
    case 'textEn':
      return str(field.max ?? 200).refine((v) => !CHINESE.test(v), { params: { reason: 'E_NO_CHINESE' } });
    case 'email':
      return email;
    case 'int': {
      const [min, max] = field.range ?? [-2_147_483_648, 2_147_483_647];
      return z.number().int().min(min).max(max);
    }
    case 'decimal': {
      const [min, max] = field.range ?? [0, 1e12];
      const scale = field.scale ?? 2;
      return z
        .number()
        .min(min)
        .max(max)
        .refine((v) => hasScale(v, scale), { params: { reason: 'E_FORMAT' } });
    }
    case 'bool':
      return z.boolean();
    case 'enum':
      return enumSchema(field.enum!);
    case 'ref':
      return idIn;
    case 'date':
      return businessDate;
    case 'json':
      return z.array(z.object(shapeOf(field.fields ?? [], 'create'))).max(200);
    case 'array':
      return z.array(itemSchema(field)).max(500);
  }
}

const blankToNull = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v);
const nullToEmpty = (v: unknown) => (v === null ? [] : v);

const isCollection = (field: FieldDef) => field.type === 'json' || field.type === 'array';

/** A collection with `minItems`: fewer items count as missing (E_REQUIRED), not out of range. */
const withMinItems = (field: FieldDef, schema: z.ZodType) => {
  const min = field.minItems ?? 0;
  if (min === 0) return schema;
  return schema.refine((v) => (v as unknown[]).length >= min, { params: { reason: 'E_REQUIRED' } });
};

/**
 * One field in a create (`create`: absent means the default) or an update (`update`: absent
 * means unchanged; null or '' clears an optional field; a required field cannot be cleared).
 */
export function fieldSchema(field: FieldDef, mode: 'create' | 'update'): z.ZodType {
  const value = withMinItems(field, valueSchema(field));
  if (isCollection(field)) {
    const dflt = (field.default as unknown[] | undefined) ?? [];
    if (mode === 'update') return z.preprocess(nullToEmpty, value.optional());
    if (field.required) return value;
    return z.preprocess(nullToEmpty, value.optional()).transform((v) => v ?? dflt);
  }
  if (field.required && field.default === undefined) return mode === 'create' ? value : value.optional();
  const optional = z.preprocess(blankToNull, value.nullable().optional());
  if (mode === 'update') {
    if (field.required) return value.optional();
    // Clearing a field that has a default puts the default back: its column holds no null (a sort
    // of null reached the database as a not-null violation, a fault; issue 32's fuzzing).
    if (field.default !== undefined) return optional.transform((v) => (v === null ? field.default : v));
    return optional;
  }
  return optional.transform((v) => v ?? field.default ?? null);
}

function shapeOf(fields: readonly FieldDef[], mode: 'create' | 'update'): Record<string, z.ZodType> {
  return Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f, mode)]));
}

/** A field of a row as the server answers it (ids as strings, decimals as numbers). */
function outputSchema(field: FieldDef): z.ZodType {
  switch (field.type) {
    case 'int':
      return z.number().int().nullable();
    case 'decimal':
      return z
        .union([z.string(), z.number()])
        .nullable()
        .transform((v) => (v === null ? null : Number(v)));
    case 'bool':
      return z.boolean().nullable();
    case 'enum':
      return z.union([z.number(), z.string()]).nullable();
    case 'ref':
      return idOut.nullable();
    case 'json':
      return z.array(z.record(z.string(), z.unknown()));
    case 'array':
      return z.array(z.string());
    default:
      return z.string().nullable();
  }
}

/** The label of a referenced row, so tables show names without a second call. */
export const refLabel = z.object({
  id: z.string(),
  code: z.string().nullable(),
  nameZh: z.string().nullable(),
  nameEn: z.string().nullable(),
});
export type RefLabel = z.infer<typeof refLabel>;

/** What a row of every list has: the master-data and audit blocks. */
const rowBlocks = {
  id: idOut,
  version: z.number().int(),
  active: z.number().int(),
  valid: z.number().int(),
  code: z.string().nullable().default(null),
  nameZh: z.string().nullable(),
  nameEn: z.string().nullable(),
  createdAt: dateTimeOut,
  updatedAt: dateTimeOut,
  /** Per ref field, the labels of the rows it points at. */
  refs: z.record(z.string(), z.array(refLabel)),
};

/** A row of any list: the blocks typed, the list's own fields (`sort`, `remark`, …) by name. */
export type ConfigRow = z.output<z.ZodObject<typeof rowBlocks>> & { [field: string]: unknown };

export type ConfigInput = Record<string, unknown>;

// -- Schemas of one list -----------------------------------------------------------------------

/** Schemas are built once per list: imports and the seed parse many rows with them. */
function perList<T>(build: (list: ConfigListDef) => T): (list: ConfigListDef) => T {
  const built = new Map<string, T>();
  return (list) => {
    let schema = built.get(list.name);
    if (schema === undefined) {
      schema = build(list);
      built.set(list.name, schema);
    }
    return schema;
  };
}

export const rowSchema = perList((list): z.ZodType<ConfigRow> => {
  const own = Object.fromEntries(editableFields(list).map((f) => [f.name, outputSchema(f)]));
  return z.object({ ...own, ...rowBlocks });
});

export const createSchema = perList(
  (list): z.ZodType<ConfigInput> =>
    z.object({
      ...shapeOf(editableFields(list), 'create'),
      active: flag.default(1),
    }),
);

export const updateSchema = perList(
  (list): z.ZodType<ConfigInput & { id: bigint; version: number }> =>
    z.object({
      id: idIn,
      version,
      ...shapeOf(editableFields(list), 'update'),
      /** Freeze (0) / activate (1). */
      active: flag.optional(),
      /** Delete (0) / undelete (1), DOMAIN.md §2.10. */
      valid: flag.optional(),
    }),
);

const filterShape = (list: ConfigListDef) => {
  const fields = editableFields(list);
  const shape: Record<string, z.ZodType> = {
    /** Contains, over code and both names (and the key of `system`). */
    keyword: optStr(100),
    id: idIn.optional(),
    /** Absent: both; only holders of config.search see frozen rows. */
    active: flag.optional(),
    /** Absent: valid rows; only holders of config.search see deleted rows. */
    valid: flag.optional(),
  };
  for (const search of list.search) {
    const field = fields.find((f) => f.name === search.field)!;
    if (search.match === 'range') {
      shape.startTime = businessDate.optional();
      shape.endTime = businessDate.optional();
    } else if (search.match === 'has') {
      shape[field.name] = optStr(100);
    } else {
      shape[field.name] = valueSchema(field).optional();
    }
  }
  return shape;
};

const dateRangeOk = (v: Record<string, unknown>) =>
  !v.startTime || !v.endTime || String(v.startTime) <= String(v.endTime);

/** A list search: the filters, the page and the sort (one of the list's `configSortKeys`). */
export type ConfigSearch = ConfigInput & {
  page: number;
  pageSize: number;
  sort?: string | undefined;
  order: SortOrder;
};

export const searchSchema = perList(
  (list): z.ZodType<ConfigSearch> =>
    z.object({ ...filterShape(list), ...paging, ...sorting(configSortKeys(list)) }).refine(dateRangeOk, {
      params: { reason: 'E_DATE_RANGE' },
      path: ['endTime'],
    }),
);

export const exportFilterSchema = perList(
  (list): z.ZodType<ConfigInput> =>
    z.object(filterShape(list)).refine(dateRangeOk, {
      params: { reason: 'E_DATE_RANGE' },
      path: ['endTime'],
    }),
);

/** A file answered inside the envelope (until the files area gives download tokens). */
export const fileAnswer = z.object({
  fileName: z.string(),
  contentType: z.string(),
  /** base64 */
  content: z.string(),
  rows: z.number().int(),
});

/** An XLSX workbook, base64; the request body limit (1 MB) bounds it. */
export const importInput = z.object({
  content: z
    .string()
    .min(1)
    .max(1_000_000)
    .regex(/^[A-Za-z0-9+/=\s]+$/),
  /** Check every row and say what would happen, writing nothing (the preview before applying). */
  preview: z.boolean().optional(),
});

/** One bad cell of an import; the refusal E_IMPORT_ROWS carries `{errors}` in its data. */
export const importError = z.object({
  /** Spreadsheet row number (1-based, as the user sees it). */
  row: z.number().int(),
  field: z.string(),
  reason: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importError>;

/** Rows created and updated; a preview counts what would be, and lists the bad cells instead of refusing. */
export const importAnswer = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(importError).optional(),
});

// -- Operations of one list --------------------------------------------------------------------

export interface ConfigListOperations {
  search: OperationDef<z.ZodType<ConfigSearch>, ReturnType<typeof pageOf<z.ZodType<ConfigRow>>>>;
  create: OperationDef<z.ZodType<ConfigInput>, z.ZodType<ConfigRow>>;
  update: OperationDef<z.ZodType<ConfigInput & { id: bigint; version: number }>, z.ZodType<ConfigRow>>;
  export: OperationDef<z.ZodType<ConfigInput>, typeof fileAnswer>;
  import: OperationDef<typeof importInput, typeof importAnswer>;
}

function listOperations(list: ConfigListDef): ConfigListOperations {
  const edit = editPermission(list);
  const alsoPermitted = edit === CONFIG_EDIT_ALL ? [] : [CONFIG_EDIT_ALL];
  const row = rowSchema(list);
  const title = list.title.en;
  return {
    search: defineOperation({
      path: `config/${list.name}`,
      method: 'GET',
      permission: 'signed-in',
      summary: `${title}: active rows for forms; frozen and deleted rows too with config.search.`,
      input: searchSchema(list),
      output: pageOf(row),
    }),
    create: defineOperation({
      path: `config/${list.name}/create`,
      method: 'POST',
      permission: edit,
      alsoPermitted,
      summary: `${title}: create a row.`,
      input: createSchema(list),
      output: row,
    }),
    update: defineOperation({
      path: `config/${list.name}/update`,
      method: 'POST',
      permission: edit,
      alsoPermitted,
      summary: `${title}: modify a row; active 0/1 freezes/activates, valid 0/1 deletes/undeletes.`,
      input: updateSchema(list),
      output: row,
    }),
    export: defineOperation({
      path: `config/${list.name}/export`,
      method: 'GET',
      // Exports feed imports: whoever edits the list exports it, frozen rows included.
      permission: edit,
      alsoPermitted,
      summary: `${title}: the filtered rows as an XLSX workbook.`,
      input: exportFilterSchema(list),
      output: fileAnswer,
    }),
    import: defineOperation({
      path: `config/${list.name}/import`,
      method: 'POST',
      permission: edit,
      alsoPermitted,
      summary: `${title}: create or update rows from an XLSX workbook (headed by the column labels in either language, or the field keys); nothing is written when any row is bad; \`preview\` checks and counts without writing.`,
      input: importInput,
      output: importAnswer,
    }),
  };
}

/** Every list's operations, by list name. */
export const configListOperations = Object.fromEntries(
  CONFIG_LISTS.map((list) => [list.name, listOperations(list)]),
) as Record<ConfigListName, ConfigListOperations>;

// -- The area's other operations ---------------------------------------------------------------

export const configs = defineOperation({
  path: 'config',
  method: 'GET',
  permission: 'signed-in',
  summary:
    'The master-data lists with their titles and whether the caller may edit them; extend = the caller sees frozen and deleted rows (config.search).',
  input: z.object({}),
  output: z.object({
    lists: z.array(
      z.object({
        name: z.string(),
        zh: z.string(),
        en: z.string(),
        group: z.enum(['general', 'qc', 'lab']),
        editable: z.boolean(),
      }),
    ),
    extend: z.boolean(),
  }),
});

const bilingualNames = z.object({ zh: z.string(), en: z.string() });

export const changeEntry = z.object({
  id: idOut,
  action: z.string(),
  /** The area's name of its own action (`submit` → 提交 / Submitted), when it declared one. */
  actionNames: bilingualNames.optional(),
  at: dateTimeOut,
  actorId: idOut.nullable(),
  actorName: z.string().nullable(),
  /** The English name, shown instead of `actorName` in the English UI when the user has one. */
  actorEnglishName: z.string().nullable().optional(),
  impersonatorId: idOut.nullable(),
  impersonatorName: z.string().nullable(),
  impersonatorEnglishName: z.string().nullable().optional(),
  reason: z.string().nullable(),
  changes: z.array(
    z.object({
      field: z.string(),
      from: z.unknown(),
      to: z.unknown(),
      /** The names of the rows a reference field pointed at (ids and codes stay in from/to). */
      fromNames: bilingualNames.optional(),
      toNames: bilingualNames.optional(),
      /** The names of the rows a child row's key stands for (`parts[FABRIC]`: FABRIC → 面料 / Fabric). */
      keyNames: z.record(z.string(), bilingualNames).optional(),
      /**
       * A whole child row (`products[P-01]` added or removed): the names of its reference and
       * enumeration properties (`factoryId` → 深圳华美玩具厂 / Shenzhen Huamei Toys).
       */
      fromPropertyNames: z.record(z.string(), bilingualNames).optional(),
      toPropertyNames: z.record(z.string(), bilingualNames).optional(),
    }),
  ),
});

export const changeLog = defineOperation({
  path: 'changelog',
  method: 'GET',
  permission: 'signed-in',
  summary:
    'The change log of one record, newest first: who, when, which fields from → to, impersonator (never for CLIENT users).',
  input: z.object({
    /** The record's kind: a list name for master data, the table name for other records. */
    entity: str(60),
    id: idIn,
    ...paging,
  }),
  output: pageOf(changeEntry),
});

export const DAY_TYPES = ['WORKDAY', 'REST', 'HOLIDAY'] as const;

export const holidayCalendar = defineOperation({
  path: 'config/holiday/calendar',
  method: 'GET',
  permission: 'signed-in',
  summary:
    'Each day of a range (≤ 366 days) with its day type (DOMAIN.md §6.12) and whether it is a working day (§6.7).',
  input: z
    .object({ startDate: businessDate, endDate: businessDate })
    .refine((v) => v.startDate <= v.endDate, { params: { reason: 'E_DATE_RANGE' }, path: ['endDate'] })
    .refine((v) => Date.parse(v.endDate) - Date.parse(v.startDate) <= 365 * 86_400_000, {
      params: { reason: 'E_RANGE' },
      path: ['endDate'],
    }),
  output: z.object({
    days: z.array(
      z.object({
        date: z.string(),
        dayType: z.enum(DAY_TYPES),
        working: z.boolean(),
        holidayType: z.number().int().nullable(),
        nameZh: z.string().nullable(),
        nameEn: z.string().nullable(),
      }),
    ),
  }),
});

/** The area's operations, flat, for the catalogue: every list's family written out. */
export const configOperations: Record<string, OperationDef> = {
  configs,
  changeLog,
  holidayCalendar,
  ...Object.fromEntries(
    Object.entries(configListOperations).flatMap(([name, ops]) =>
      Object.entries(ops).map(([kind, op]) => [`${name}.${kind}`, op as OperationDef]),
    ),
  ),
};

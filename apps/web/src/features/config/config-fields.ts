/**
 * The form of any master-data list, generated from its registry entry (config-lists.ts): which input
 * each field gets, how the inputs are laid out, how a value is checked before it is sent (the same
 * rules the server's schemas apply, so most refusals are caught at the field), and how form values
 * become a create or an update. Pure functions; the React side is config-form.tsx.
 */
import type { ConfigInput, ConfigRow } from '@qcdesk/contract/config';
import {
  CODE_PATTERN,
  type ConfigListDef,
  configFieldLabel,
  editableFields,
  type FieldDef,
} from '@qcdesk/contract/config-lists';
import { enumCodes } from '@qcdesk/contract/enumerations';
import { formatMessage, type Language, type Reason } from '@qcdesk/contract/messages';

export type WidgetKind =
  | 'text'
  | 'textarea'
  | 'int'
  | 'decimal'
  | 'bool'
  | 'enum'
  | 'ref'
  | 'refMulti'
  | 'date'
  | 'tags'
  | 'json';

/** Which input a field gets. */
export function widgetOf(field: FieldDef): WidgetKind {
  switch (field.type) {
    case 'text':
      return field.multiline ? 'textarea' : 'text';
    case 'textEn':
    case 'email':
      return 'text';
    case 'array':
      return field.of === 'ref' || (field.of === 'code' && field.ref) ? 'refMulti' : 'tags';
    default:
      return field.type;
  }
}

/** Whether a multi-reference field holds the referenced rows' codes (countrys) rather than their ids. */
export const refByCode = (field: FieldDef) => field.type === 'array' && field.of === 'code';

const FULL_WIDTH: ReadonlySet<WidgetKind> = new Set(['textarea', 'json']);

/** A row of the form: one full-width field, or up to two side by side. */
export type FormRow = readonly FieldDef[];

/** `nameZh` + `nameEn`, `addressZh` + `addressEn`: bilingual texts are edited side by side. */
const pairOf = (zh: FieldDef, en: FieldDef | undefined) =>
  en !== undefined && zh.name.endsWith('Zh') && en.name === `${zh.name.slice(0, -2)}En`;

/** The form's rows, in registry order: bilingual pairs together, long inputs alone, the rest in twos. */
export function formRows(list: ConfigListDef): FormRow[] {
  const fields = editableFields(list);
  const rows: FieldDef[][] = [];
  let open: FieldDef[] | null = null;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    const next = fields[i + 1];
    if (pairOf(field, next)) {
      rows.push([field, next!]);
      open = null;
      i++;
    } else if (FULL_WIDTH.has(widgetOf(field))) {
      rows.push([field]);
      open = null;
    } else if (open && open.length === 1) {
      open.push(field);
      open = null;
    } else {
      open = [field];
      rows.push(open);
    }
  }
  return rows;
}

// -- Checks ------------------------------------------------------------------------------------------

/** Why a value is refused: a server reason (same texts as the server's), or JSON that does not parse. */
export interface FieldProblem {
  reason: Reason | 'E_JSON';
  field: FieldDef;
  max?: number;
  /** For a child row of a json field: its 1-based number and the child field. */
  row?: number;
  child?: FieldDef;
}

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL_MAX = 100;
const DEFAULT_TEXT_MAX = 200;
const DEFAULT_ITEM_MAX = 100;

export function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

const hasScale = (value: number, scale: number) => {
  const scaled = value * 10 ** scale;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

function checkText(field: FieldDef, raw: string): FieldProblem | undefined {
  const text = field.upperCase ? raw.trim().toUpperCase() : raw.trim();
  const max = field.type === 'email' ? EMAIL_MAX : (field.max ?? DEFAULT_TEXT_MAX);
  if (text.length > max) return { reason: 'E_TOO_LONG', field, max };
  if (field.type === 'textEn' && CHINESE.test(text)) return { reason: 'E_NO_CHINESE', field };
  if (field.type === 'email' && !EMAIL.test(text)) return { reason: 'E_FORMAT', field };
  if (field.pattern && !field.pattern.test(text)) return { reason: 'E_FORMAT', field };
  return undefined;
}

function checkNumber(field: FieldDef, value: unknown): FieldProblem | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { reason: 'E_FORMAT', field };
  if (field.type === 'int' && !Number.isInteger(value)) return { reason: 'E_FORMAT', field };
  if (field.type === 'decimal' && !hasScale(value, field.scale ?? 2)) return { reason: 'E_FORMAT', field };
  if (field.range && (value < field.range[0] || value > field.range[1])) return { reason: 'E_RANGE', field };
  return undefined;
}

function checkItem(field: FieldDef, item: unknown): FieldProblem | undefined {
  if (field.of === 'ref')
    return typeof item === 'string' && /^[1-9]\d*$/.test(item) ? undefined : { reason: 'E_FORMAT', field };
  if (typeof item !== 'string') return { reason: 'E_FORMAT', field };
  const text = item.trim();
  if (field.of === 'code') {
    const code = text.toUpperCase();
    if (code.length > (field.max ?? 32)) return { reason: 'E_TOO_LONG', field, max: field.max ?? 32 };
    return CODE_PATTERN.test(code) ? undefined : { reason: 'E_FORMAT', field };
  }
  if (field.of === 'email')
    return EMAIL.test(text) && text.length <= EMAIL_MAX ? undefined : { reason: 'E_FORMAT', field };
  const max = field.max ?? DEFAULT_ITEM_MAX;
  return text.length > max ? { reason: 'E_TOO_LONG', field, max } : undefined;
}

/** Checks one child row of a json field (a contact, an AQL band, a booking field). */
function checkChildRow(field: FieldDef, row: unknown, number: number): FieldProblem | undefined {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return { reason: 'E_JSON', field };
  const values = row as Record<string, unknown>;
  const known = new Set((field.fields ?? []).map((f) => f.name));
  for (const key of Object.keys(values)) {
    if (!known.has(key)) return { reason: 'E_FORMAT', field, row: number };
  }
  for (const child of field.fields ?? []) {
    const problem = checkParsed(child, values[child.name]);
    if (problem) return { ...problem, field, row: number, child: problem.child ?? child };
  }
  return undefined;
}

/** A value as the operation receives it (json parsed, texts untrimmed). */
function checkParsed(field: FieldDef, value: unknown): FieldProblem | undefined {
  if (isBlank(value)) {
    const required = Boolean(field.required) || (field.minItems ?? 0) > 0;
    return required ? { reason: 'E_REQUIRED', field } : undefined;
  }
  switch (field.type) {
    case 'text':
    case 'textEn':
    case 'email':
      return typeof value === 'string' ? checkText(field, value) : { reason: 'E_FORMAT', field };
    case 'int':
    case 'decimal':
      return checkNumber(field, value);
    case 'bool':
      return typeof value === 'boolean' ? undefined : { reason: 'E_FORMAT', field };
    case 'enum':
      return enumCodes(field.enum!).includes(value as number | string)
        ? undefined
        : { reason: 'E_FORMAT', field };
    case 'ref':
      return typeof value === 'string' && /^[1-9]\d*$/.test(value)
        ? undefined
        : { reason: 'E_FORMAT', field };
    case 'date':
      return typeof value === 'string' && DATE.test(value) ? undefined : { reason: 'E_FORMAT', field };
    case 'array': {
      if (!Array.isArray(value)) return { reason: 'E_FORMAT', field };
      for (const item of value) {
        const problem = checkItem(field, item);
        if (problem) return problem;
      }
      return undefined;
    }
    case 'json': {
      if (!Array.isArray(value)) return { reason: 'E_JSON', field };
      for (let i = 0; i < value.length; i++) {
        const problem = checkChildRow(field, value[i], i + 1);
        if (problem) return problem;
      }
      return undefined;
    }
  }
}

/** The parsed child rows of a json field's text, or `undefined` when the text is not a JSON array. */
export function parseJsonRows(text: unknown): unknown[] | undefined {
  if (typeof text !== 'string' || text.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Checks a form value of a field; `undefined` when it may be sent. */
export function checkValue(field: FieldDef, value: unknown): FieldProblem | undefined {
  if (field.type === 'json') {
    const rows = parseJsonRows(value);
    if (rows === undefined) return { reason: 'E_JSON', field };
    return checkParsed(field, rows);
  }
  return checkParsed(field, value);
}

/**
 * A problem as people read it, in the server's words (contract messages), e.g. "Code has an
 * invalid format"; a child row's problem names the row: "Contacts, row 2: Name must not be empty".
 */
export function problemText(
  problem: FieldProblem,
  lang: Language,
  text: { json: (label: string) => string; row: (label: string, row: number, message: string) => string },
): string {
  const label = configFieldLabel(problem.field, lang);
  if (problem.reason === 'E_JSON') return text.json(label);
  const subject = problem.child ? configFieldLabel(problem.child, lang) : label;
  const message = formatMessage(problem.reason, lang, {
    field: subject,
    ...(problem.max !== undefined ? { max: problem.max } : {}),
  });
  return problem.row !== undefined ? text.row(label, problem.row, message) : message;
}

// -- Values ------------------------------------------------------------------------------------------

export type FormValues = Record<string, unknown>;

/** A json field's rows as the text its textarea edits. */
export const jsonText = (rows: unknown) =>
  Array.isArray(rows) && rows.length > 0 ? JSON.stringify(rows, null, 2) : '';

/** A stored value as its input holds it. */
function toFormValue(field: FieldDef, value: unknown): unknown {
  if (field.type === 'json') return jsonText(value);
  if (value === null) return undefined;
  return value;
}

/** What a new row's form starts with: the registry's defaults. */
export function createValues(list: ConfigListDef): FormValues {
  const values: FormValues = {};
  for (const field of editableFields(list)) {
    if (field.default === undefined) continue;
    values[field.name] = field.type === 'json' ? jsonText(field.default) : field.default;
  }
  return values;
}

/** What the form of an existing row starts with. */
export function rowValues(list: ConfigListDef, row: ConfigRow): FormValues {
  const values: FormValues = {};
  for (const field of editableFields(list)) values[field.name] = toFormValue(field, row[field.name]);
  return values;
}

/** A form value as the operation takes it; `null` for an empty input. */
export function toInputValue(field: FieldDef, value: unknown): unknown {
  if (field.type === 'json') {
    const rows = parseJsonRows(value) ?? [];
    return rows.length > 0 ? rows : null;
  }
  if (field.type === 'array') {
    const items = Array.isArray(value) ? value : [];
    const cleaned = items
      .map((item) => (typeof item === 'string' ? item.trim() : item))
      .filter((item) => item !== '' && item !== null && item !== undefined);
    return field.of === 'code' ? cleaned.map((item) => String(item).toUpperCase()) : cleaned;
  }
  if (isBlank(value)) return null;
  if (typeof value === 'string') return field.upperCase ? value.trim().toUpperCase() : value.trim();
  return value;
}

/** A create: empty inputs are left out, so the server applies the registry's defaults. */
export function toCreateInput(list: ConfigListDef, values: FormValues): ConfigInput {
  const input: ConfigInput = {};
  for (const field of editableFields(list)) {
    const value = toInputValue(field, values[field.name]);
    if (value === null || (Array.isArray(value) && value.length === 0)) continue;
    input[field.name] = value;
  }
  return input;
}

const comparable = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'null' : JSON.stringify(value);
  if (typeof value === 'number') return String(Number(value));
  return JSON.stringify(value);
};

/** An update: the row's id and version, and only the fields that changed (null clears one). */
export function toUpdateInput(
  list: ConfigListDef,
  row: ConfigRow,
  values: FormValues,
): ConfigInput & { id: string; version: number } {
  const input: ConfigInput & { id: string; version: number } = { id: row.id, version: row.version };
  for (const field of editableFields(list)) {
    const value = toInputValue(field, values[field.name]);
    if (comparable(value) === comparable(row[field.name])) continue;
    input[field.name] = value === null && (field.type === 'json' || field.type === 'array') ? [] : value;
  }
  return input;
}

/** The form field a server refusal names: `contacts.0.name` is about the contacts input. */
export function formFieldOf(list: ConfigListDef, path: string | undefined): string | undefined {
  const name = path?.split('.')[0];
  return name && editableFields(list).some((f) => f.name === name) ? name : undefined;
}

/** The 1-based child row a refusal path names (`contacts.1.name` → 2). */
export function rowOfPath(path: string | undefined): number | undefined {
  const index = path?.split('.')[1];
  return index !== undefined && /^\d+$/.test(index) ? Number(index) + 1 : undefined;
}

/** A json field's placeholder: one row with every child key, the shape to follow. */
export function jsonTemplate(field: FieldDef): string {
  const sample: Record<string, unknown> = {};
  for (const child of field.fields ?? []) {
    sample[child.name] =
      child.type === 'bool'
        ? false
        : child.type === 'int' || child.type === 'decimal'
          ? 0
          : child.type === 'array'
            ? []
            : '';
  }
  return JSON.stringify([sample], null, 2);
}

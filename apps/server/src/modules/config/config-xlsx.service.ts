import { Readable } from 'node:stream';
import {
  formatMessage,
  type Language,
  type MessageParams,
  type Reason,
  SEARCH_TOTAL_CAP,
} from '@qcdesk/contract';
import { type ConfigInput, createSchema, type ImportError, updateSchema } from '@qcdesk/contract/config';
import {
  type ConfigListDef,
  type ConfigListName,
  configFieldLabel,
  configList,
  editableFields,
  type FieldDef,
  naturalKey,
} from '@qcdesk/contract/config-lists';
import { enumerations } from '@qcdesk/contract/enumerations';
import { and, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type ExcelJS from 'exceljs';
import { clients } from '../../db/schema/client';
import { users } from '../../db/schema/identity';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { loadExcelJS } from '../../platform/lazy-packages';
import { validationRefusal } from '../../platform/registry';
import { sheetCells } from '../../platform/spreadsheet-text';
import { readXlsxRows } from '../../platform/xlsx-reader';
import { filterWhere, insertConfigRow, orderOf, presentRows, updateConfigRow } from './config.service';
import { CONFIG_TABLES, column } from './config-tables';

// XLSX export and import of any list (exceljs). Row 1 holds the column labels in the export's
// language (issue 12: people read them, not field keys); the import reads labels in either language
// or the keys, and skips a second header row of labels (the older two-row layout). References
// travel as the referenced row's code, lists comma-separated.

type Row = Record<string, unknown>;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ACTIVE: FieldDef = { name: 'active', type: 'int', range: [0, 1], default: 1 };

const sheetFields = (list: ConfigListDef): FieldDef[] => [...editableFields(list), ACTIVE];

const isIdRef = (field: FieldDef) => field.type === 'ref' || (field.type === 'array' && field.of === 'ref');

/** A cell as the import reads it: plain text, number, boolean or null. */
function cellValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return null;
  }
  return value;
}

function toCell(field: FieldDef, row: Row): ExcelJS.CellValue {
  const value = row[field.name];
  const refs = (row.refs as Record<string, { id: string; code: string | null }[]>)[field.name];
  if (isIdRef(field)) {
    const codes = refs?.map((r) => r.code ?? r.id) ?? [];
    // A reference whose row is gone travels as its id.
    if (codes.length === 0 && value !== null && value !== undefined && !Array.isArray(value))
      return String(value);
    return codes.join(', ') || null;
  }
  if (value === null || value === undefined) return null;
  if (field.type === 'array') return (value as string[]).join(', ');
  if (field.type === 'json') return JSON.stringify(value);
  if (field.type === 'decimal') return Number(value);
  return value as ExcelJS.CellValue;
}

export async function exportConfigRows(
  db: Db,
  name: ConfigListName,
  filters: ConfigInput,
  user: Principal,
  lang: Language,
) {
  const list = configList(name);
  const table = CONFIG_TABLES[name];
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(filterWhere(list, filters, user))
    .orderBy(...orderOf(list))
    .limit(SEARCH_TOTAL_CAP);
  const presented = await presentRows(db, list, rows as Row[]);
  const fields = sheetFields(list);

  const excel = await loadExcelJS();
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet(list.name);
  sheet.addRow(sheetCells(fields.map((f) => configFieldLabel(f, lang))));
  for (const row of presented) sheet.addRow(sheetCells(fields.map((f) => toCell(f, row))));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFEFEF' } };
  fields.forEach((f, i) => {
    sheet.getColumn(i + 1).width = Math.max(12, Math.min(40, configFieldLabel(f, lang).length * 2 + 4));
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    fileName: `${list.name}-${new Date().toISOString().slice(0, 10)}.xlsx`,
    contentType: XLSX_TYPE,
    content: buffer.toString('base64'),
    rows: presented.length,
  };
}

// -- Import -----------------------------------------------------------------------------------

class CellError {
  constructor(
    readonly field: string,
    readonly reason: Reason,
  ) {}
}

const TRUE = new Set(['1', 'true', 'yes', 'y', '是']);
const FALSE = new Set(['0', 'false', 'no', 'n', '否']);

const splitList = (value: unknown) =>
  String(value)
    .split(/[,，;；\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Finds the id of a referenced row by its code (users by username), among valid rows. */
async function idOfCode(db: Db, field: FieldDef, code: string): Promise<string> {
  if (field.ref === 'client') {
    const [client] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.code, code.toUpperCase()), eq(clients.valid, 1)));
    if (!client) throw new CellError(field.name, 'E_REF_NOT_FOUND');
    return client.id.toString();
  }
  if (field.ref === 'user') {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, code), eq(users.valid, 1)));
    if (!user) throw new CellError(field.name, 'E_REF_NOT_FOUND');
    return user.id.toString();
  }
  const table = CONFIG_TABLES[field.ref!];
  const [row] = (await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(column(table, 'code'), code.toUpperCase()), eq(table.valid, 1)))) as { id: bigint }[];
  if (!row) throw new CellError(field.name, 'E_REF_NOT_FOUND');
  return row.id.toString();
}

/** A cell → the value the operation's schema expects (the schema then validates it). */
async function fromCell(db: Db, field: FieldDef, raw: unknown): Promise<unknown> {
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  switch (field.type) {
    case 'int':
    case 'decimal':
      return typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : raw;
    case 'bool': {
      const text = String(raw).trim().toLowerCase();
      return TRUE.has(text) ? true : FALSE.has(text) ? false : raw;
    }
    case 'enum': {
      const numeric = typeof enumerations[field.enum!][0]?.code === 'number';
      return numeric && /^\d+$/.test(String(raw).trim()) ? Number(raw) : String(raw).trim();
    }
    case 'ref':
      return idOfCode(db, field, String(raw).trim());
    case 'array': {
      const items = splitList(raw);
      if (field.of !== 'ref') return items;
      const ids = [];
      for (const code of items) ids.push(await idOfCode(db, field, code));
      return ids;
    }
    case 'json':
      try {
        return JSON.parse(String(raw));
      } catch {
        throw new CellError(field.name, 'E_FORMAT');
      }
    default:
      return String(raw);
  }
}

/** The workbook's rows (its first sheet), read within the product's XLSX limits (issue 23). */
const sheetRows = (content: string) => readXlsxRows(Readable.from([Buffer.from(content, 'base64')]));

const headerKey = (text: string) => text.trim().toLowerCase();

/** The field a header cell names: its key, or its label in either language. */
function fieldOfHeader(fields: readonly FieldDef[], text: string): FieldDef | undefined {
  const key = headerKey(text);
  return fields.find(
    (f) =>
      headerKey(f.name) === key ||
      headerKey(configFieldLabel(f, 'zh')) === key ||
      headerKey(configFieldLabel(f, 'en')) === key,
  );
}

/** Thrown to roll a preview back once every row has been checked and counted. */
class PreviewDone extends Error {
  constructor(readonly answer: ImportAnswer) {
    super('preview');
  }
}

interface ImportAnswer {
  created: number;
  updated: number;
  errors?: ImportError[];
}

async function existingRow(db: Db, list: ConfigListDef, input: ConfigInput): Promise<Row | undefined> {
  const key = naturalKey(list);
  const value = key ? input[key] : undefined;
  if (!key || value === null || value === undefined) return undefined;
  const table = CONFIG_TABLES[list.name];
  const lookup = key === 'code' ? String(value).trim().toUpperCase() : value;
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(column(table, key), lookup), eq(table.valid, 1)));
  return row as Row | undefined;
}

/**
 * Creates or updates (matched by code, or the list's unique key) every row of the workbook. Each
 * row runs in a savepoint so all of them are checked; any bad row refuses the whole import with
 * E_IMPORT_ROWS and its row-level errors, and the operation's transaction writes nothing. A
 * preview runs the same checks and writes in a savepoint it rolls back, and answers the counts and
 * the bad cells instead of refusing.
 */
export async function importConfigRows(
  db: Db,
  name: ConfigListName,
  input: { content: string; preview?: boolean | undefined },
  user: Principal,
  lang: Language,
): Promise<ImportAnswer> {
  if (!input.preview) return applyRows(db, name, input.content, user, lang);
  try {
    await db.transaction(async (savepoint) => {
      const answer = await applyRows(savepoint, name, input.content, user, lang, true);
      throw new PreviewDone(answer);
    });
  } catch (error) {
    if (error instanceof PreviewDone) return error.answer;
    throw error;
  }
  throw new Error('unreachable: a preview always rolls back');
}

async function applyRows(
  db: Db,
  name: ConfigListName,
  content: string,
  user: Principal,
  lang: Language,
  preview = false,
): Promise<ImportAnswer> {
  const list = configList(name);
  const fields = sheetFields(list);
  const columns = new Map<number, FieldDef>();
  const errors: ImportError[] = [];
  const fail = (row: number, field: string, reason: Reason, params: MessageParams = {}) =>
    errors.push({ row, field, reason, message: formatMessage(reason, lang, { field, ...params }) });
  const text = (value: ExcelJS.CellValue) => String(cellValue(value) ?? '').trim();

  let created = 0;
  let updated = 0;
  for await (const { number, values } of sheetRows(content)) {
    if (number === 1) {
      values.forEach((value, index) => {
        if (!text(value)) return;
        const field = fieldOfHeader(fields, text(value));
        if (field) columns.set(index, field);
        else fail(1, text(value), 'E_FORMAT');
      });
      continue;
    }
    // The older layout: keys in row 1, labels in row 2.
    const isLabels =
      number === 2 &&
      [...columns].some(([index, field]) =>
        [configFieldLabel(field, 'zh'), configFieldLabel(field, 'en')].includes(text(values[index])),
      );
    if (isLabels) continue;
    const input: ConfigInput = {};
    try {
      for (const [index, field] of columns)
        input[field.name] = await fromCell(db, field, cellValue(values[index]));
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      fail(number, error.field, error.reason);
      continue;
    }
    if (Object.values(input).every((v) => v === null)) continue;

    const current = await existingRow(db, list, input);
    // An empty cell leaves a new row's field to its default, and clears an existing row's
    // optional field; required fields and the active flag cannot be cleared.
    for (const field of fields) {
      if (input[field.name] === null && (!current || field.required || field.name === 'active')) {
        delete input[field.name];
      }
    }
    const parsed = current
      ? updateSchema(list).safeParse({ ...input, id: String(current.id), version: current.version })
      : createSchema(list).safeParse(input);
    if (!parsed.success) {
      const refusal = validationRefusal(lang, parsed.error, input);
      errors.push({
        row: number,
        field: refusal.field ?? '',
        reason: refusal.reason ?? 'E_FORMAT',
        message: refusal.error,
      });
      continue;
    }
    try {
      await db.transaction(async (tx) => {
        if (current)
          await updateConfigRow(tx, name, parsed.data as ConfigInput & { id: bigint; version: number }, user);
        else await insertConfigRow(tx, name, parsed.data, user);
      });
      if (current) updated++;
      else created++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      fail(number, error.options.field ?? String(error.params.field ?? ''), error.reason, error.params);
    }
  }
  if (preview) return { created, updated, errors };
  if (errors.length > 0) throw new AppError('E_IMPORT_ROWS', { n: errors.length }, { data: { errors } });
  return { created, updated };
}

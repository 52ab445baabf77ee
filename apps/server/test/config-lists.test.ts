import { PERMISSIONS } from '@qcdesk/contract';
import {
  type ConfigRow,
  changeLog,
  configListOperations,
  configs,
  holidayCalendar,
} from '@qcdesk/contract/config';
import {
  CODE_PATTERN,
  CONFIG_LISTS,
  type ConfigListDef,
  type ConfigListName,
  configFieldLabel,
  configList,
  editableFields,
  type FieldDef,
  isConfigListName,
  mayEditList,
  naturalKey,
} from '@qcdesk/contract/config-lists';
import { enumerations } from '@qcdesk/contract/enumerations';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkingDays, dayTypeOf, isWorkingDay } from '../src/modules/config/holiday.service';
import type { Principal } from '../src/platform/auth';
import { getSystemParam } from '../src/platform/system-params';
import { startTestApp, type TestApp } from './support/test-app';
import { inlineRow, sheetXml, workbookParts, zipOf } from './support/xlsx-files';

// Every list of the registry is driven through create → search → update → freeze → delete →
// undelete through the envelope, with test data generated from the list's field definitions.

const principal = (userId: bigint, roleCode: string, permissions: readonly string[]): Principal => ({
  userId,
  username: roleCode.toLowerCase(),
  displayName: roleCode,
  permissions: new Set(permissions),
  roleCode,
});

const USERS = {
  admin: principal(1n, 'ADMIN', PERMISSIONS),
  qc: principal(2n, 'QC_MGR', ['config.search', 'config.edit.qc']),
  lab: principal(3n, 'LAB', ['config.search', 'config.edit.lab']),
  editor: principal(4n, 'SALES_MGR', ['config.edit']),
  user: principal(5n, 'SALES', ['client.search']),
  client: principal(6n, 'CLIENT', ['order.search']),
} as const;
type Token = keyof typeof USERS;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    authenticate: async (token) => (token && token in USERS ? USERS[token as Token] : null),
  });
  // The template is seeded with all seven ISO 2859-1 levels and all six service codes, closed
  // sets of keys: free one of each (and the rows using it) for the walk to create.
  await deleteByCode('aql', 'T1-S4');
  await deleteByCode('samplinglevel', 'S4');
  await deleteByCode('bookingtype', 'BK-SC');
  await deleteByCode('inspectiontype', 'SC');
});
afterAll(() => t.close());

const ops = (name: ConfigListName) => configListOperations[name];
const call = (op: Parameters<TestApp['client']['call']>[0], body: object, token: Token = 'admin') =>
  t.client.call(op, body, { token, lang: 'en' }).then((a) => a.result);
const ok = async <T = ConfigRow>(
  op: Parameters<TestApp['client']['call']>[0],
  body: object,
  token: Token = 'admin',
) => {
  const result = await call(op, body, token);
  if (!result.success) throw new Error(`${op.path}: ${JSON.stringify(result)}`);
  return result.data as T;
};

async function deleteByCode(name: ConfigListName, code: string) {
  const [row] = (await ok<{ list: ConfigRow[] }>(ops(name).search, { keyword: code })).list.filter(
    (r) => r.code === code,
  );
  if (row) await ok(ops(name).update, { id: row.id, version: row.version, valid: 0 });
}

/** Values a unique field already has among valid rows. */
async function takenValues(list: ConfigListDef, field: string): Promise<Set<unknown>> {
  const taken = new Set<unknown>();
  for (let page = 1; ; page++) {
    const result = await ok<{ list: ConfigRow[] }>(ops(list.name).search, { page, pageSize: 100 });
    for (const row of result.list) taken.add(row[field]);
    if (result.list.length < 100) return taken;
  }
}

// -- Test data from the registry ----------------------------------------------------------------

/** Lists whose rows refer to other lists come after those lists. */
function dependencyOrder(): ConfigListDef[] {
  const done = new Set<string>();
  const order: ConfigListDef[] = [];
  const visit = (list: ConfigListDef) => {
    if (done.has(list.name)) return;
    done.add(list.name);
    for (const field of list.fields) {
      if (field.ref && isConfigListName(field.ref) && field.ref !== list.name && field.of !== 'code') {
        visit(configList(field.ref));
      }
    }
    order.push(list);
  };
  CONFIG_LISTS.forEach(visit);
  return order;
}

/** Texts that fit a field: the pattern's own alternatives, or the samples that match it. */
function textsFor(field: FieldDef, n: number): string[] {
  const max = field.max ?? 200;
  if (!field.pattern) return [`${field.name} ${n}`.slice(0, max)];
  const alternatives = /^\^\(([^()]+)\)\$$/.exec(field.pattern.source)?.[1]?.split('|');
  const candidates = [...(alternatives ?? []), `A${n}`, `https://track.example.com/{no}`, `0755-${n}`];
  const fit = candidates.filter((c) => field.pattern!.test(c) && c.length <= max);
  if (fit.length === 0) throw new Error(`no sample for ${field.name}`);
  return fit;
}

/** Rules of config-rules.ts that the field definitions cannot express. */
const RULE_DATA: Partial<Record<ConfigListName, Record<string, unknown>>> = {
  system: { valueType: 'INT', value: '42' },
};

const created: Partial<
  Record<ConfigListName, { id: string; version: number; code: string | null; remark: unknown }>
> = {};
const referenced = new Set<ConfigListName>();
let serial = 0;

/** The candidates of a field; a unique field takes the first one no valid row has. */
function valueFor(list: ConfigListDef, field: FieldDef, n: number, taken?: Set<unknown>): unknown {
  const free = (candidates: readonly unknown[]) => candidates.find((c) => !taken?.has(c)) ?? candidates[0];
  switch (field.type) {
    case 'text':
      if (field.name === 'code' && list.code === 'auto') return undefined;
      return free(textsFor(field, n));
    case 'textEn':
      return `English ${n}`;
    case 'email':
      return `user${n}@example.com`;
    case 'int': {
      const [min, max] = field.range ?? [0, 1000];
      return Math.min(max, Math.max(min, 1));
    }
    case 'decimal': {
      const [min, max] = field.range ?? [0, 1000];
      return Math.min(max, Math.max(min, 1.5));
    }
    case 'bool':
      return true;
    case 'enum':
      return free(enumerations[field.enum!].map((e) => e.code));
    case 'date':
      return new Date(Date.UTC(2031, 0, 1 + n)).toISOString().slice(0, 10);
    case 'ref': {
      if (!isConfigListName(field.ref!) || field.ref === list.name) return undefined;
      referenced.add(field.ref);
      return created[field.ref]!.id;
    }
    case 'json':
      return [Object.fromEntries((field.fields ?? []).map((f) => [f.name, valueFor(list, f, n)]))];
    case 'array':
      if (field.of === 'ref' && isConfigListName(field.ref!)) {
        referenced.add(field.ref);
        return [created[field.ref]!.id];
      }
      return [];
  }
}

async function sampleRow(list: ConfigListDef): Promise<Record<string, unknown>> {
  const n = ++serial;
  const row: Record<string, unknown> = {};
  for (const field of editableFields(list)) {
    const taken = field.unique ? await takenValues(list, field.name) : undefined;
    const value = valueFor(list, field, n, taken);
    if (value !== undefined) row[field.name] = value;
  }
  return { ...row, ...RULE_DATA[list.name] };
}

const requiredField = (list: ConfigListDef) =>
  editableFields(list).find((f) => f.required && f.default === undefined)!;

// -- The walk ------------------------------------------------------------------------------------

describe('every list: create → search → update → freeze → delete → undelete', () => {
  for (const list of dependencyOrder()) {
    it(list.name, async () => {
      const { search, create, update } = ops(list.name);
      const input = await sampleRow(list);

      // One validation error: the first required field missing.
      const missing = requiredField(list);
      const refused = await call(create, { ...input, [missing.name]: undefined });
      expect(refused).toMatchObject({ success: false, reason: 'E_REQUIRED', field: missing.name });
      expect(refused.error).toBe(`${configFieldLabel(missing, 'en')} must not be empty`);

      const row = await ok(create, input);
      expect(row).toMatchObject({ version: 0, active: 1, valid: 1 });
      expect(typeof row.id).toBe('string');
      if (list.code === 'auto') expect(row.code).toMatch(new RegExp(`^${list.codePrefix}\\d{6}$`));
      for (const field of list.fields.filter((f) => f.type === 'ref' && input[f.name] !== undefined)) {
        expect(row[field.name]).toBe(input[field.name]);
        expect(row.refs[field.name]?.[0]?.id).toBe(input[field.name]);
      }

      // The natural key is unique among valid rows.
      const key = naturalKey(list)!;
      const duplicate = await call(create, { ...(await sampleRow(list)), [key]: row[key] });
      expect(duplicate).toMatchObject({ success: false, reason: 'E_DUPLICATE', field: key });

      // Search: by id for everyone, by keyword over code and names.
      const byId = await ok<{ list: ConfigRow[]; total: number }>(search, { id: row.id }, 'user');
      expect(byId.list.map((r) => r.id)).toEqual([row.id]);
      if (row.code) {
        const byKeyword = await ok<{ list: ConfigRow[] }>(search, { keyword: row.code.toLowerCase() });
        expect(byKeyword.list.map((r) => r.id)).toContain(row.id);
      }

      const changed = await ok(update, { id: row.id, version: 0, remark: 'changed' });
      expect(changed).toMatchObject({ version: 1, remark: 'changed' });
      expect(await call(update, { id: row.id, version: 0, remark: 'stale' })).toMatchObject({
        reason: 'E_VERSION',
      });

      // Freeze: gone from forms, still in the back-office view.
      await ok(update, { id: row.id, version: 1, active: 0 });
      expect((await ok<{ list: ConfigRow[] }>(search, { id: row.id }, 'user')).list).toEqual([]);
      expect((await ok<{ list: ConfigRow[] }>(search, { id: row.id, active: 0 })).list[0]?.active).toBe(0);
      await ok(update, { id: row.id, version: 2, active: 1 });

      // Delete and undelete.
      await ok(update, { id: row.id, version: 3, valid: 0 });
      expect((await ok<{ list: ConfigRow[] }>(search, { id: row.id })).list).toEqual([]);
      expect((await ok<{ list: ConfigRow[] }>(search, { id: row.id, valid: 0 })).list[0]?.valid).toBe(0);
      expect(await call(search, { id: row.id, valid: 0 }, 'user')).toMatchObject({ reason: 'E_PERMISSION' });
      expect(await call(update, { id: row.id, version: 4, remark: 'x' })).toMatchObject({
        reason: 'E_STATUS',
      });
      const restored = await ok(update, { id: row.id, version: 4, valid: 1 });
      expect(restored).toMatchObject({ version: 5, valid: 1, active: 1 });

      created[list.name] = { id: row.id, version: 5, code: row.code, remark: input.remark };
    });
  }
});

describe('references', () => {
  it('refuses to delete a row other rows use (E_IN_USE): freeze it instead', async () => {
    expect(referenced.size).toBeGreaterThan(15);
    for (const name of referenced) {
      const row = created[name]!;
      const result = await call(ops(name).update, { id: row.id, version: row.version, valid: 0 });
      expect(result, name).toMatchObject({ success: false, reason: 'E_IN_USE' });
    }
  });

  it('refuses new references to frozen rows (E_REF_INACTIVE) and to missing ones', async () => {
    const testType = created.testtype!;
    const frozen = await ok(ops('testtype').update, {
      id: testType.id,
      version: testType.version,
      active: 0,
    });
    const item = await sampleRow(configList('testitem'));
    expect(await call(ops('testitem').create, item)).toMatchObject({
      reason: 'E_REF_INACTIVE',
      field: 'testTypeId',
    });
    expect(await call(ops('testitem').create, { ...item, testTypeId: '999999' })).toMatchObject({
      reason: 'E_REF_NOT_FOUND',
      field: 'testTypeId',
    });
    const active = await ok(ops('testtype').update, { id: testType.id, version: frozen.version, active: 1 });
    created.testtype = { ...testType, version: active.version };
  });

  it('keeps a tree free of cycles and a location below its parent', async () => {
    const department = ops('department');
    const head = await ok(department.create, {
      code: 'T-HEAD',
      nameZh: '总部',
      nameEn: 'Head office',
      type: 4,
    });
    const branch = await ok(department.create, {
      code: 'T-BRANCH',
      nameZh: '分部',
      nameEn: 'Branch',
      type: 1,
      parentId: head.id,
    });
    expect(await call(department.update, { id: head.id, version: 0, parentId: branch.id })).toMatchObject({
      reason: 'E_FORMAT',
      field: 'parentId',
    });
    expect(await call(department.update, { id: head.id, version: 0, parentId: head.id })).toMatchObject({
      reason: 'E_FORMAT',
      field: 'parentId',
    });
    const province = await ok(ops('location').create, {
      code: 'P-1',
      nameZh: '省',
      nameEn: 'Province',
      level: 1,
    });
    expect(
      await call(ops('location').create, {
        code: 'C-2',
        nameZh: '市',
        nameEn: 'City',
        level: 1,
        parentId: province.id,
      }),
    ).toMatchObject({ reason: 'E_RANGE', field: 'level' });
  });
});

describe('permissions', () => {
  const mayCreate: Record<Token, (list: ConfigListDef) => boolean> = {
    admin: () => true,
    editor: () => true,
    qc: (list) => list.group === 'qc',
    lab: (list) => list.group === 'lab',
    user: () => false,
    client: () => false,
  };

  it('lets config.edit.qc and config.edit.lab write only their lists, config.edit all of them', async () => {
    for (const list of CONFIG_LISTS) {
      for (const token of Object.keys(mayCreate) as Token[]) {
        const result = await call(ops(list.name).create, {}, token);
        // A permitted caller gets past the gate and fails validation instead.
        expect(result.reason === 'E_PERMISSION', `${token} ${list.name}`).toBe(!mayCreate[token](list));
        expect(mayEditList(list, USERS[token].permissions)).toBe(mayCreate[token](list));
      }
    }
  });

  it('shows QC and lab staff only their lists in the back office', async () => {
    const names = async (token: Token) =>
      (await ok<{ lists: { name: string }[] }>(configs, {}, token)).lists.map((l) => l.name);
    const group = (g: string) => CONFIG_LISTS.filter((l) => l.group === g).map((l) => l.name);
    expect(await names('qc')).toEqual(group('qc'));
    expect(await names('lab')).toEqual(group('lab'));
    expect(await names('admin')).toHaveLength(CONFIG_LISTS.length);
    const forForms = await ok<{ lists: { editable: boolean }[]; extend: boolean }>(configs, {}, 'user');
    expect(forForms.extend).toBe(false);
    expect(forForms.lists.every((l) => !l.editable)).toBe(true);
    expect(await call(ops('lab').search, { valid: 0 }, 'qc')).toMatchObject({ reason: 'E_SCOPE' });
    expect(await call(ops('defect').search, { valid: 0 }, 'qc')).toMatchObject({ success: true });
    expect(await call(ops('lab').export, {}, 'qc')).toMatchObject({ reason: 'E_PERMISSION' });
  });

  it('lets every signed-in user read active rows, and nobody anonymous', async () => {
    expect(await call(ops('country').search, {}, 'client')).toMatchObject({ success: true });
    const anonymous = await t.client.call(ops('country').search, {});
    expect(anonymous.status).toBe(401);
  });
});

describe('change log', () => {
  it('answers who changed which field from what to what, newest first', async () => {
    for (const name of ['country', 'factory', 'system'] as ConfigListName[]) {
      const page = await ok<{
        list: { action: string; actorId: string; changes: { field: string; from: unknown; to: unknown }[] }[];
      }>(changeLog, { entity: name, id: created[name]!.id }, 'user');
      expect(page.list.map((e) => e.action)).toEqual([
        'undelete',
        'delete',
        'update',
        'update',
        'update',
        'create',
      ]);
      expect(page.list.at(-2)?.changes).toEqual([
        { field: 'remark', from: created[name]!.remark, to: 'changed' },
      ]);
      expect(page.list[0]?.changes).toEqual([{ field: 'valid', from: 0, to: 1 }]);
      expect(page.list[0]?.actorId).toBe('1');
    }
  });

  it('is never shown to CLIENT users, nor for records nobody registered', async () => {
    const body = { entity: 'country', id: created.country!.id };
    expect(await call(changeLog, body, 'client')).toMatchObject({ reason: 'E_PERMISSION' });
    expect(await call(changeLog, { ...body, entity: 'orders' }, 'user')).toMatchObject({
      reason: 'E_PERMISSION',
    });
  });
});

// -- XLSX ----------------------------------------------------------------------------------------

async function workbookOf(content: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(content, 'base64') as unknown as ExcelJS.Buffer);
  return workbook;
}

const base64Of = async (workbook: ExcelJS.Workbook) =>
  Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');

describe('XLSX', () => {
  it('round-trips every list: an exported workbook imports back unchanged', async () => {
    for (const list of CONFIG_LISTS) {
      const file = await ok<{ content: string; rows: number; fileName: string }>(ops(list.name).export, {});
      expect(file.rows, list.name).toBeGreaterThan(0);
      expect(file.fileName).toMatch(new RegExp(`^${list.name}-.*\\.xlsx$`));
      const answer = await ok<{ created: number; updated: number }>(ops(list.name).import, {
        content: file.content,
      });
      expect(answer, list.name).toEqual({ created: 0, updated: file.rows });
    }
  });

  it('heads the export with the column labels in the export language, not field keys (issue 12)', async () => {
    const zhAnswer = await t.client.call(ops('country').export, {}, { token: 'admin', lang: 'zh' });
    const zh = await workbookOf((zhAnswer.result.data as { content: string }).content);
    const en = await workbookOf((await ok<{ content: string }>(ops('country').export, {})).content);
    const headers = (workbook: ExcelJS.Workbook) =>
      (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(headers(zh)).toEqual(['编码', '中文名称', '英文名称', '成员国家', '排序', '备注', '启用']);
    expect(headers(en)).toEqual([
      'Code',
      'Chinese name',
      'English name',
      'Member countries',
      'Sort',
      'Remark',
      'Active',
    ]);
    expect(headers(en)).not.toContain('countrys');
    // Data starts right under the one header row.
    expect(en.worksheets[0]!.getRow(2).getCell(1).value).toMatch(/^[A-Z0-9-]+$/);
  });

  it('creates and updates rows from an edited workbook', async () => {
    const file = await ok<{ content: string }>(ops('country').export, {}, 'admin');
    const workbook = await workbookOf(file.content);
    const sheet = workbook.worksheets[0]!;
    const labels = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const column = (label: string) => labels.indexOf(label) + 1;
    sheet.getRow(2).getCell(column('English name')).value = 'Renamed by import';
    const added: Record<string, string> = {
      Code: 'xk',
      'Chinese name': '导入国',
      'English name': 'Imported',
      'Member countries': '',
    };
    sheet.addRow(labels.map((label) => added[label] ?? null));
    const answer = await ok<{ created: number; updated: number }>(ops('country').import, {
      content: await base64Of(workbook),
    });
    expect(answer.created).toBe(1);
    const imported = await ok<{ list: ConfigRow[] }>(ops('country').search, { keyword: 'XK' });
    expect(imported.list[0]).toMatchObject({ code: 'XK', nameEn: 'Imported', countrys: [] });
  });

  it('reports bad rows with their row number and writes nothing', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('factory');
    const fields = ['code', 'nameZh', 'nameEn', 'addressZh', 'locationId', 'factoryTypeId', 'contacts'];
    sheet.addRow(fields);
    sheet.addRow(fields.map((f) => configFieldLabel({ name: f, type: 'text' }, 'zh')));
    const location = created.location!.code;
    const fee = created.factorytypefee!.code;
    const contacts = JSON.stringify([{ name: '张三' }]);
    sheet.addRow(['IMP-OK', '好工厂', 'Good factory', '地址', location, fee, contacts]);
    sheet.addRow(['IMP-BAD1', '坏工厂', '坏', '地址', location, fee, contacts]);
    sheet.addRow(['IMP-BAD2', '坏工厂', 'Bad factory', '地址', 'NO-SUCH-PLACE', fee, contacts]);
    const result = await call(ops('factory').import, { content: await base64Of(workbook) });
    expect(result).toMatchObject({
      success: false,
      reason: 'E_IMPORT_ROWS',
      error: '2 errors found; nothing was imported',
    });
    expect((result.data as { errors: unknown[] }).errors).toEqual([
      {
        row: 4,
        field: 'nameEn',
        reason: 'E_NO_CHINESE',
        message: 'English name must not contain Chinese characters',
      },
      { row: 5, field: 'locationId', reason: 'E_REF_NOT_FOUND', message: 'Location does not exist' },
    ]);
    expect((await ok<{ list: ConfigRow[] }>(ops('factory').search, { keyword: 'IMP-' })).list).toEqual([]);
  });

  it('refuses a file that is not a workbook', async () => {
    const result = await call(ops('part').import, {
      content: Buffer.from('not a workbook').toString('base64'),
    });
    expect(result).toMatchObject({ success: false, reason: 'E_FILE_CONTENT' });
  });

  it('refuses a workbook bomb as a reading limit, at once, writing nothing (issue 23)', async () => {
    // One cell of 256 MB of whitespace, its header declaring 1 KB: 266 KB of base64.
    const bomb = zipOf(
      workbookParts({
        head: sheetXml(inlineRow(1, ['code', 'nameZh', 'nameEn'])).replace(
          '</sheetData>',
          '<row r="2"><c r="A2" t="inlineStr"><is><t>',
        ),
        fill: ' \n',
        mb: 256,
        tail: '</t></is></c></row></sheetData></worksheet>',
      }).map((part) => (part.name.includes('sheet1') ? { ...part, declaredSize: 1024 } : part)),
    );
    const started = performance.now();
    const result = await call(ops('part').import, { content: bomb.toString('base64') });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result).toMatchObject({
      success: false,
      reason: 'E_XLSX_LIMIT',
      error:
        'The file exceeds a reading limit: the characters of one cell must not exceed 32767; nothing was imported',
    });
    const preview = await call(ops('part').import, { content: bomb.toString('base64'), preview: true });
    expect(preview).toMatchObject({ success: false, reason: 'E_XLSX_LIMIT' });
  });

  it('reads headers as keys or labels in either language; a preview counts and lists errors, writing nothing', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('part');
    // English labels, a key, and a Chinese label, mixed as people might type them.
    sheet.addRow(['Code', 'nameZh', '英文名称']);
    sheet.addRow(['PV-ONE', '预览一', 'Preview one']);
    sheet.addRow(['PV-TWO', '预览二', '中文']);
    const content = await base64Of(workbook);
    const preview = await ok<{ created: number; updated: number; errors: unknown[] }>(ops('part').import, {
      content,
      preview: true,
    });
    expect(preview).toEqual({
      created: 1,
      updated: 0,
      errors: [
        {
          row: 3,
          field: 'nameEn',
          reason: 'E_NO_CHINESE',
          message: 'English name must not contain Chinese characters',
        },
      ],
    });
    expect((await ok<{ list: ConfigRow[] }>(ops('part').search, { keyword: 'PV-' })).list).toEqual([]);
    // Applied, the one bad row refuses it all, and says "1 error".
    const applied = await call(ops('part').import, { content });
    expect(applied).toMatchObject({ success: false, error: '1 error found; nothing was imported' });
    sheet.getRow(3).getCell(3).value = 'Preview two';
    const fixed = await base64Of(workbook);
    expect(await ok(ops('part').import, { content: fixed, preview: true })).toEqual({
      created: 2,
      updated: 0,
      errors: [],
    });
    expect((await ok<{ list: ConfigRow[] }>(ops('part').search, { keyword: 'PV-' })).list).toEqual([]);
    expect(await ok(ops('part').import, { content: fixed })).toEqual({ created: 2, updated: 0 });
    expect((await ok<{ list: ConfigRow[] }>(ops('part').search, { keyword: 'PV-' })).list).toHaveLength(2);
  });
});

// -- Holidays and system parameters --------------------------------------------------------------

describe('holidays and working days', () => {
  const holiday = (date: string, dayType: number) =>
    ok(ops('holiday').create, { date, dayType, nameZh: '国庆节', nameEn: 'National Day' });

  it('counts working days around holidays and adjusted working days', async () => {
    await holiday('2030-09-29', 3); // a Sunday worked
    await holiday('2030-10-01', 1);
    const second = await holiday('2030-10-02', 1);
    await holiday('2030-10-03', 2);
    const { db } = t.database;

    expect(await isWorkingDay(db, '2030-09-28')).toBe(false);
    expect(await isWorkingDay(db, '2030-09-29')).toBe(true);
    expect(await isWorkingDay(db, '2030-10-01')).toBe(false);
    expect(await isWorkingDay(db, '2030-10-04')).toBe(true);
    expect(await addWorkingDays(db, '2030-09-27', 1)).toBe('2030-09-29');
    expect(await addWorkingDays(db, '2030-09-30', 1)).toBe('2030-10-04');
    expect(await addWorkingDays(db, '2030-09-30', 3)).toBe('2030-10-08');
    expect(await addWorkingDays(db, '2030-09-30', 0)).toBe('2030-09-30');
    expect(await addWorkingDays(db, '2030-10-04', -1)).toBe('2030-09-30');
    expect(await dayTypeOf(db, '2030-10-01')).toBe('HOLIDAY');
    expect(await dayTypeOf(db, '2030-10-03')).toBe('REST');
    expect(await dayTypeOf(db, '2030-09-29')).toBe('WORKDAY');

    const calendar = await ok<{ days: { date: string; dayType: string; working: boolean }[] }>(
      holidayCalendar,
      { startDate: '2030-09-28', endDate: '2030-10-04' },
      'user',
    );
    expect(calendar.days.map((d) => d.working)).toEqual([false, true, true, false, false, false, true]);
    expect(
      await call(holidayCalendar, { startDate: '2030-10-04', endDate: '2030-09-28' }, 'user'),
    ).toMatchObject({
      reason: 'E_DATE_RANGE',
    });

    // A frozen holiday no longer counts.
    await ok(ops('holiday').update, { id: second.id, version: 0, active: 0 });
    expect(await isWorkingDay(db, '2030-10-02')).toBe(true);
    // The date is the holiday's key.
    expect(
      await call(ops('holiday').create, { date: '2030-10-01', dayType: 1, nameZh: '重', nameEn: 'Again' }),
    ).toMatchObject({
      reason: 'E_DUPLICATE',
      field: 'date',
    });
  });

  it('reads system parameters typed, with the defaults of DOMAIN.md §6.13', async () => {
    const { db } = t.database;
    const system = ops('system');
    const [seeded] = (await ok<{ list: ConfigRow[] }>(system.search, { key: 'checkout.ttlHours' })).list;
    expect(seeded).toMatchObject({ key: 'checkout.ttlHours', value: '8', valueType: 'INT' });
    expect(await getSystemParam(db, 'checkout.ttlHours')).toBe(8);
    expect(await getSystemParam(db, 'booking.cutoff')).toBe('17:00');
    const at = { id: seeded!.id, version: seeded!.version };
    expect(await call(system.update, { ...at, valueType: 'DEC' })).toMatchObject({
      reason: 'E_FORMAT',
      field: 'valueType',
    });
    expect(await call(system.update, { ...at, value: 'twelve' })).toMatchObject({
      reason: 'E_FORMAT',
      field: 'value',
    });
    const cutoff = (await ok<{ list: ConfigRow[] }>(system.search, { key: 'booking.cutoff' })).list[0]!;
    expect(
      await call(system.update, { id: cutoff.id, version: cutoff.version, value: '25:00' }),
    ).toMatchObject({
      reason: 'E_FORMAT',
      field: 'value',
    });
    const twelve = await ok(system.update, { ...at, value: '12' });
    expect(await getSystemParam(db, 'checkout.ttlHours')).toBe(12);
    // A frozen parameter falls back to its default.
    await ok(system.update, { id: twelve.id, version: twelve.version, active: 0 });
    expect(await getSystemParam(db, 'checkout.ttlHours')).toBe(8);
  });
});

describe('codes and names', () => {
  it('frees a deleted code for reuse, and refuses to undelete over the new holder', async () => {
    const part = ops('part');
    const old = await ok(part.create, { code: 'REUSED', nameZh: '旧', nameEn: 'Old' });
    await ok(part.update, { id: old.id, version: 0, valid: 0 });
    await ok(part.create, { code: 'reused', nameZh: '新', nameEn: 'New' });
    expect(await call(part.update, { id: old.id, version: 1, valid: 1 })).toMatchObject({
      reason: 'E_DUPLICATE',
      field: 'code',
    });
  });

  it('upper-cases codes, keeps them to [A-Z0-9_-] and answers in the request language', async () => {
    const part = await ok(ops('part').create, { code: ' wheel-2 ', nameZh: '轮子', nameEn: 'Wheel' });
    expect(part.code).toBe('WHEEL-2');
    expect(CODE_PATTERN.test(part.code!)).toBe(true);
    const zh = await t.client.call(
      ops('part').create,
      { code: 'a b', nameZh: '轮', nameEn: 'W' },
      { token: 'admin', lang: 'zh' },
    );
    expect(zh.result).toMatchObject({ reason: 'E_FORMAT', error: '编码格式不正确', field: 'code' });
  });
});

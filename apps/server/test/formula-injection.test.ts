import { PERMISSIONS } from '@qcdesk/contract';
import { type ConfigRow, configListOperations } from '@qcdesk/contract/config';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../src/platform/auth';
import { FORMULA_TEXTS } from './support/formula-texts';
import { startTestApp, type TestApp } from './support/test-app';

// Formula injection through the config list export (issue 32, ADR 0024): the texts a user typed
// that a spreadsheet would evaluate are string cells with a leading apostrophe, and the workbook
// imports back unchanged (the reader takes the apostrophe off).

const admin: Principal = {
  userId: 1n,
  username: 'admin',
  displayName: 'ADMIN',
  permissions: new Set(PERMISSIONS),
  roleCode: 'ADMIN',
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ authenticate: async (token) => (token === 'admin' ? admin : null) });
});
afterAll(() => t.close());

const ops = configListOperations.country;
async function ok<T>(op: Parameters<TestApp['client']['call']>[0], body: object): Promise<T> {
  const { result } = await t.client.call(op, body, { token: 'admin', lang: 'en' });
  if (!result.success) throw new Error(`${op.path}: ${JSON.stringify(result)}`);
  return result.data as T;
}

const search = async () =>
  (await ok<{ list: ConfigRow[] }>(ops.search, { keyword: 'FX-' })).list.sort((a, b) =>
    String(a.code).localeCompare(String(b.code)),
  );
const texts = (rows: ConfigRow[]) => rows.map((r) => ({ code: r.code, nameEn: r.nameEn, remark: r.remark }));

describe('config list export (formula injection)', () => {
  it('writes dangerous texts as quoted strings and imports them back unchanged', async () => {
    for (const [i, text] of FORMULA_TEXTS.entries()) {
      await ok(ops.create, { code: `FX-${i}`, nameZh: `公式${i}`, nameEn: text, remark: text });
    }
    const before = await search();
    expect(before).toHaveLength(FORMULA_TEXTS.length);
    // The texts are stored as typed, trimmed (the schemas trim, so a leading tab or carriage return
    // reaches the workbook from an import's annotated copy only: list-export-xlsx.test.ts).
    const stored = FORMULA_TEXTS.map((text) => text.trim());
    expect(before.map((r) => r.remark)).toEqual(stored);
    expect(before.map((r) => r.nameEn)).toEqual(stored);

    const file = await ok<{ content: string; rows: number }>(ops.export, { keyword: 'FX-' });
    expect(file.rows).toBe(FORMULA_TEXTS.length);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.content, 'base64') as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    const labels = (sheet.getRow(1).values as unknown[]).slice(1);
    const remarkAt = labels.indexOf('Remark') + 1;
    const nameAt = labels.indexOf('English name') + 1;
    let formulas = 0;
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.type === ExcelJS.ValueType.Formula || cell.formula) formulas++;
      }),
    );
    expect(formulas).toBe(0);
    stored.forEach((text, i) => {
      const row = sheet.getRow(i + 2);
      for (const at of [remarkAt, nameAt]) {
        expect(row.getCell(at).type, JSON.stringify(text)).toBe(ExcelJS.ValueType.String);
        // The neutraliser: one apostrophe before the text.
        expect(row.getCell(at).value).toBe(`'${text}`);
      }
    });

    const answer = await ok<{ created: number; updated: number }>(ops.import, { content: file.content });
    expect(answer).toEqual({ created: 0, updated: FORMULA_TEXTS.length });
    const after = await search();
    expect(texts(after)).toEqual(texts(before));
  });
});

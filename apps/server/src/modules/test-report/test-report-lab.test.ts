import { areas } from '@qcdesk/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf } from '../../../test/support/factories';
import { uploadFile } from '../../../test/support/files-helpers';
import { signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { labs, testItems, testTypes } from '../../db/schema/config';
import { testReports } from '../../db/schema/test-report';
import { businessDate } from '../../platform/business-time';
import { buildOrder } from '../order/order.factory';
import { reportOfTestOrder } from './test-report.factory';

// testreport/result/import (issue 25, faster lab entry): a lab's XLSX of a pending report read for
// the result dialog, every row checked, nothing written; refused to a role without testreport.result.

const ops = areas.testReport;
let t: TestApp;
let qc: string;
let lab: string;
let auditor: string;

beforeAll(async () => {
  t = await startTestApp();
  [qc, lab, auditor] = await Promise.all([signInAs(t, 'QC'), signInAs(t, 'LAB'), signInAs(t, 'AUDITOR')]);
});
afterAll(() => t.close());

const db = () => t.database.db;

const upload = (token: string, name: string, content: Buffer) => uploadFile(t, token, name, content);

async function labFile(rows: (string | null)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('results');
  sheet.addRow(['报告编号 / Report no', '测试项目 / Test item', '结果 / Result', '备注 / Remark']);
  for (const row of rows) sheet.addRow(row);
  return upload(lab, 'lab.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
}

/** A submitted test order of two lines (T-EN71-1, T-AZO): its pending report. */
async function pendingReport() {
  const { products } = await buildOrder(db(), { lines: [{ productType: 2 }, { productType: 2 }] });
  const draft = await t.client.ok(
    areas.testOrder.createTestOrder,
    {
      orderProductIds: products.map((p) => String(p.id)),
      labId: String(await idOf(db(), labs, 'SGS-SZ')),
      testTypeId: String(await idOf(db(), testTypes, 'CHEM')),
      currency: 'RMB',
      planTime: businessDate(),
      items: [
        {
          orderProductId: String(products[0]!.id),
          testItemId: String(await idOf(db(), testItems, 'T-EN71-1')),
        },
        { orderProductId: String(products[1]!.id), testItemId: String(await idOf(db(), testItems, 'T-AZO')) },
      ],
    } as never,
    { token: qc },
  );
  await t.client.ok(areas.testOrder.submitTestOrder, { id: draft.id, version: draft.version }, { token: qc });
  const report = await reportOfTestOrder(db(), draft.id);
  return t.client.ok(ops.getTestReport, { id: String(report!.id) }, { token: lab });
}

describe('testreport/result/import', () => {
  it('answers the items to fill in from a good file, writing nothing', async () => {
    const report = await pendingReport();
    const fileId = await labFile([
      ['SGS-LAB-1', 'T-EN71-1', '合格', null],
      ['SGS-LAB-1', 'Azo dyes', 'Fail', '4.2 mg/kg'],
    ]);
    const answer = await t.client.ok(ops.importTestReportResults, { id: report.id, fileId }, { token: lab });
    const [first, second] = report.items;
    expect(answer).toEqual({
      reportNo: 'SGS-LAB-1',
      items: [
        { itemId: first!.id, result: 1, remark: null },
        { itemId: second!.id, result: 3, remark: '4.2 mg/kg' },
      ],
      errors: [],
    });
    const after = await t.client.ok(ops.getTestReport, { id: report.id }, { token: lab });
    expect(after.items.map((i) => i.result)).toEqual([0, 0]);
    expect(after.version).toBe(report.version);
  });

  it('reports every row’s errors in both languages and fills nothing in', async () => {
    const report = await pendingReport();
    const fileId = await labFile([
      ['SGS-LAB-2', 'T-EN71-1', 'OK', null],
      ['SGS-LAB-3', 'T-LEAD', '1', null],
      [null, 'T-AZO', null, null],
    ]);
    const answer = await t.client.ok(ops.importTestReportResults, { id: report.id, fileId }, { token: lab });
    expect(answer.items).toEqual([]);
    expect(answer.errors.map((e) => [e.row, e.column, e.reason, e.value])).toEqual([
      [2, 'result', 'E_FORMAT', 'OK'],
      [3, 'reportNo', 'E_TR_OTHER_REPORT', 'SGS-LAB-3'],
      [3, 'item', 'E_REF_NOT_FOUND', 'T-LEAD'],
      [4, 'result', 'E_REQUIRED', ''],
    ]);
    expect(answer.errors[0]).toMatchObject({ zh: '结果格式不正确', en: 'Result has an invalid format' });
  });

  it('refuses a file that is not XLSX, a report past pending, and a role without testreport.result', async () => {
    const report = await pendingReport();
    const fileId = await labFile([['R-1', 'T-AZO', '1', null]]);
    const pdf = await upload(
      lab,
      'lab.pdf',
      Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    );
    const bad = await t.client.call(
      ops.importTestReportResults,
      { id: report.id, fileId: pdf },
      { token: lab },
    );
    expect(bad.result).toMatchObject({ success: false, reason: 'E_FILE_CONTENT' });
    const denied = await t.client.call(
      ops.importTestReportResults,
      { id: report.id, fileId },
      { token: auditor },
    );
    expect(denied.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    await db()
      .update(testReports)
      .set({ status: 20 })
      .where(eq(testReports.id, BigInt(report.id)));
    const late = await t.client.call(ops.importTestReportResults, { id: report.id, fileId }, { token: lab });
    expect(late.result).toMatchObject({ success: false, reason: 'E_STATUS' });
  });
});

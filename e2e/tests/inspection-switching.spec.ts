import { expect } from '@playwright/test';
import { configListOperations, holidayCalendar } from '@qcdesk/contract/config';

import { check } from '@qcdesk/contract/identity';
import { createInspectionApply } from '@qcdesk/contract/inspection-apply';
import { createInspectionPlan } from '@qcdesk/contract/inspection-plan';
import {
  approveInspectionReport,
  createInspectionReport,
  createReportResult,
  getAqlSeverity,
  INSPECTION_REPORT_STATUS,
  submitInspectionReport,
  updateInspectionReport,
  updateReportQuantity,
} from '@qcdesk/contract/inspection-report';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, uploadAs } from './api';
import { test } from './fixtures';
import { settled, signIn } from './helpers';
import { png } from './images';
import { ownClientOrder } from './own-order';

// Issue 27, the switching rules (ISO 2859-1 §9) as the client screen shows them: two lots of one
// client × factory × PSI not accepted move the factory to tightened inspection; five accepted lots
// bring it back to normal. The lots are inspected and approved through the API; the client screen,
// in both languages, is what is tested.

const TEXT = {
  en: { tightened: 'Tightened', normal: 'Normal' },
  zh: { tightened: '加严', normal: '正常' },
} as const;

const day = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('a factory goes to tightened inspection after two rejected lots and back after five accepted, on the client screen', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const url = baseURL!;
  const { order, client } = await ownClientOrder(url, 'SW', 'switching', {
    advanceDays: 0,
    factories: [0, 0],
  });
  const sales = await Api.signedIn(url, DEMO_USERS.SALES, DEMO_PASSWORD);
  const inspector = await Api.signedIn(url, DEMO_USERS.INSPECTOR, DEMO_PASSWORD);
  const auditor = await Api.signedIn(url, DEMO_USERS.AUDITOR, DEMO_PASSWORD);
  const qcmgr = await Api.signedIn(url, DEMO_USERS.QC_MGR, DEMO_PASSWORD);
  const types = (await sales.call(configListOperations.inspectiontype.search, {})).list;
  const psi = types.find((type) => type.code === 'PSI')!;
  const defect = (await sales.call(configListOperations.defect.search, {})).list[0]!;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const { days } = await sales.call(holidayCalendar, { startDate: day(today, 14), endDate: day(today, 42) });
  const date = days.find((d) => d.working)!.date;

  // Seven applications of 100 (lots of 100: letter F, n 20, major Ac 1 / Re 2), one plan.
  const lots = [0, 1, 2, 3, 4, 5, 6];
  const applyIds: string[] = [];
  for (const n of lots) {
    const product = order.products[n < 4 ? 0 : 1]!;
    const apply = await sales.call(createInspectionApply, {
      items: [{ orderProductId: product.id, applyQuantity: 100 }],
      inspectionTypeId: psi.id,
      applyType: 1,
      expectedDate: date,
      submit: true,
      confirm: true,
    });
    applyIds.push(apply.result!.list[0]!.id);
  }
  const inspectorId = (await inspector.call(check, {})).uid;
  const plan = await qcmgr.call(createInspectionPlan, {
    applyIds,
    planDate: date,
    leadInspectorId: inspectorId,
    assistantIds: [],
    manDays: 1,
    dispatch: true,
    confirm: true,
  });
  const tasks = plan.result!.tasks;
  expect(tasks).toHaveLength(7);

  const photo = (seed: number) =>
    uploadAs(url, inspector, `defect-${seed}.png`, png(64, 48, seed), 'image/png');

  /** One lot inspected and approved: `majors` major defects (2 reject a lot of 100). */
  async function lot(taskId: string, majors: number, seed: number) {
    let r = await inspector.call(createInspectionReport, { taskId });
    const product = r.products[0]!.orderProductId;
    r = await inspector.call(updateReportQuantity, {
      id: r.id,
      version: r.version,
      products: [{ orderProductId: product, presentedQuantity: 100, packedQuantity: 100 }],
    });
    r = await inspector.call(updateInspectionReport, {
      id: r.id,
      version: r.version,
      cartonData: { cartonQty: 10, pcsPerCarton: 10, openedCartons: 2, shippingMark: true },
      weights: { grossSpec: 8, grossActual: 8, unit: 'KG' },
      defects: majors
        ? [{ defectId: defect.id, defectClass: 2, qty: majors, photoIds: [await photo(seed)] }]
        : [],
    });
    const failed = majors >= 2;
    r = await inspector.call(createReportResult, {
      id: r.id,
      version: r.version,
      preResult: failed ? 4 : 1,
      ...(failed ? { resultRemark: '严重缺陷超标 / too many majors' } : {}),
    });
    r = await inspector.call(submitInspectionReport, { id: r.id, version: r.version });
    r = await auditor.call(approveInspectionReport, { id: r.id, version: r.version });
    if (r.status === INSPECTION_REPORT_STATUS.levelTwo)
      r = await qcmgr.call(approveInspectionReport, { id: r.id, version: r.version });
    expect(r.status).toBe(INSPECTION_REPORT_STATUS.approved);
  }

  const supplier = {
    clientId: client.id,
    factoryId: order.products[0]!.factory.id,
    inspectionTypeId: psi.id,
  };

  await lot(tasks[0]!.id, 2, 1);
  await lot(tasks[1]!.id, 2, 2);
  expect((await qcmgr.call(getAqlSeverity, supplier)).severity).toBe('tightened');
  for (const lang of ['en', 'zh'] as const) {
    await signIn(page, DEMO_USERS.QC_MGR, lang, { at: `/${lang}/client/${client.id}` });
    await settled(page);
    await expect(page.getByTestId('client-severities')).toContainText(TEXT[lang].tightened);
  }

  for (const n of [2, 3, 4, 5, 6]) await lot(tasks[n]!.id, 0, n);
  expect((await qcmgr.call(getAqlSeverity, supplier)).severity).toBe('normal');
  await page.goto(`/en/client/${client.id}`);
  await settled(page);
  await expect(page.getByTestId('client-severities')).toContainText(TEXT.en.normal);
});

import { enumLabel, TEST_RESULT } from '@qcdesk/contract/enumerations';
import { and, eq, inArray } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { labs, testTypes } from '../../db/schema/config';
import { orderProducts } from '../../db/schema/order';
import { testReportProducts, testReports } from '../../db/schema/test-report';
import { worstResult } from '../../domain/test-results';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { mailEach, onceEach, userRecipients } from '../../platform/mail/recipients';
import { recordRiskResults } from '../order-risk/order-risk-results.service';
import { markMilestone } from '../product-track/product-track-milestone.service';
import { setSampleTestResults } from '../production-sample/production-sample-test-result.service';
import { TEST_REPORT_RESULT_MAIL } from './test-report.mails';
import { itemRows } from './test-report.queries';
import { PUBLISHED, TEST_REPORT_ENTITY, type TestReportRecord } from './test-report.rules';

// The side effects of publishing a test report (DOMAIN.md §4.10 "publish"): the order-risk items
// it tested take its results (§4.11), the production samples of its products their worst
// published result (§6.4), the products' TESTED milestone the report date, and a fail or improve
// mails the client's sales and the products' QC.

export async function publishEffects(db: Db, report: TestReportRecord, user: Principal) {
  const actor = actorOf(user);
  const items = await itemRows(db, report.id);
  await recordRiskResults(
    db,
    report.id,
    items.map((i) => ({
      orderRiskItemId: i.item.orderRiskItemId,
      orderProductId: i.item.orderProductId,
      testItemId: i.item.testItemId,
      result: i.item.result,
    })),
    actor,
  );
  const productIds = [...new Set(items.map((i) => i.item.orderProductId))];
  await setSampleTestResults(db, await sampleResults(db, productIds), actor);
  await markMilestone(db, productIds, 'TESTED', report.reportDate ?? '', actor);
  if (report.result === TEST_RESULT.improve || report.result === TEST_RESULT.fail)
    await mailResult(db, report, items, productIds, user);
}

/** The production samples of the products: the worst result of the published reports of their products. */
async function sampleResults(db: Db, productIds: readonly bigint[]) {
  const out = new Map<bigint, number>();
  if (productIds.length === 0) return out;
  const samples = await db
    .selectDistinct({ id: orderProducts.productionSampleId })
    .from(orderProducts)
    .where(inArray(orderProducts.id, [...productIds]));
  const sampleIds = samples.flatMap((s) => (s.id === null ? [] : [s.id]));
  for (const sampleId of sampleIds) {
    const rows = await db
      .selectDistinct({ id: testReports.id, result: testReports.result })
      .from(testReports)
      .innerJoin(testReportProducts, eq(testReportProducts.testReportId, testReports.id))
      .innerJoin(orderProducts, eq(orderProducts.id, testReportProducts.orderProductId))
      .where(
        and(
          eq(orderProducts.productionSampleId, sampleId),
          eq(testReports.status, PUBLISHED),
          eq(testReports.valid, 1),
        ),
      );
    if (rows.length > 0) out.set(sampleId, worstResult(rows.map((r) => r.result)));
  }
  return out;
}

type Items = Awaited<ReturnType<typeof itemRows>>;

/** The client's sales and the products' QC, once each, in their language. */
async function mailResult(
  db: Db,
  report: TestReportRecord,
  items: Items,
  productIds: bigint[],
  user: Principal,
) {
  const [client] = await db.select().from(clients).where(eq(clients.id, report.clientId));
  const qcIds = (
    await db
      .selectDistinct({ id: orderProducts.qcId })
      .from(orderProducts)
      .where(inArray(orderProducts.id, productIds))
  ).map((r) => r.id);
  const recipients = await userRecipients(db, [client?.salesId ?? null, ...qcIds]);
  if (recipients.length === 0) return;
  const [lab] = await db.select().from(labs).where(eq(labs.id, report.labId));
  const [type] = await db.select().from(testTypes).where(eq(testTypes.id, report.testTypeId));
  const failed = items.filter(
    (i) => i.item.result === TEST_RESULT.improve || i.item.result === TEST_RESULT.fail,
  );
  await mailEach(db, onceEach(recipients), {
    template: TEST_REPORT_RESULT_MAIL,
    params: (r) => ({
      name: r.name,
      reportNo: report.reportNo ?? '',
      client: client?.name ?? '',
      lab: (r.lang === 'zh' ? lab?.nameZh : lab?.nameEn) ?? '',
      testType: (r.lang === 'zh' ? type?.nameZh : type?.nameEn) ?? '',
      reportDate: report.reportDate ?? '',
      result: enumLabel('TestResult', report.result, r.lang),
      lines: failed
        .map(
          (i) =>
            `${i.productNo} ${r.lang === 'zh' ? i.testItem.nameZh : i.testItem.nameEn}: ${enumLabel('TestResult', i.item.result, r.lang)}`,
        )
        .join('\n'),
      publisher: user.displayName,
    }),
    entity: TEST_REPORT_ENTITY,
    entityId: report.id,
    createdBy: user.userId,
  });
}

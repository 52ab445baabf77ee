import type { areas, ParsedInputOf } from '@qcdesk/contract';
import type { ComplianceReport, ProductCompliance } from '@qcdesk/contract/order';
import { and, eq, inArray } from 'drizzle-orm';
import { labs } from '../../db/schema/config';
import { orderProducts } from '../../db/schema/order';
import { testReports } from '../../db/schema/test-report';
import { complianceOf } from '../../domain/compliance';
import { resultForProduct } from '../../domain/product-test-status';
import type { Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { label } from '../../platform/labels';
import { scopeOf } from '../../platform/scope';
import { productScope } from './order.queries';
import { seesDeleted } from './order.rules';
import { publishedResults } from './order-test-status.service';

// Issue 25: a product's compliance (order detail, order export): every published test report that
// concerns it — the ones its test status reads (order-test-status.service.ts: published, or
// retested from published until the retest is) — with its validity, and the worst current result
// (domain/compliance.ts). Read by table, like the test status: test reports are a later area.

/** A report as the compliance lists it, before the input type of the contract's output. */
type Listed = Omit<ComplianceReport, 'id' | 'lab'> & { id: bigint; lab: ReturnType<typeof label> };
type Compliance = Omit<ProductCompliance, 'reports'> & { reports: Listed[] };

/** The compliance of each product on a business date (default today). */
export async function productCompliances(
  db: Db,
  productIds: readonly bigint[],
  today = businessDate(),
): Promise<Map<bigint, Compliance>> {
  const ids = [...new Set(productIds)];
  const results = await publishedResults(db, ids);
  const reportIds = [...new Set([...results.values()].flat().map((r) => r.reportId))];
  const reports =
    reportIds.length === 0
      ? []
      : await db
          .select({
            id: testReports.id,
            reportNo: testReports.reportNo,
            reportType: testReports.reportType,
            reportDate: testReports.reportDate,
            validUntil: testReports.validUntil,
            lab: { id: labs.id, code: labs.code, nameZh: labs.nameZh, nameEn: labs.nameEn },
          })
          .from(testReports)
          .innerJoin(labs, eq(labs.id, testReports.labId))
          .where(inArray(testReports.id, reportIds));
  const byId = new Map(reports.map((r) => [r.id, r]));
  return new Map(
    ids.map((id) => {
      const listed = (results.get(id) ?? []).flatMap((r) => {
        const report = byId.get(r.reportId);
        if (!report) return [];
        const { lab, ...rest } = report;
        return [
          { ...rest, lab: label(lab.id, lab.code, lab.nameZh, lab.nameEn), result: resultForProduct(r) },
        ];
      });
      return [id, complianceOf(listed, today)];
    }),
  );
}

/** order/product/compliance: a product of an order in the caller's scope (E_NOT_FOUND, E_SCOPE). */
export async function getProductCompliance(
  db: Db,
  input: ParsedInputOf<typeof areas.order.getProductCompliance>,
  user: Principal,
): Promise<Compliance> {
  const id = input.orderProductId;
  const [product] = await db
    .select({ valid: orderProducts.valid, orderValid: orderProducts.orderValid })
    .from(orderProducts)
    .where(eq(orderProducts.id, id));
  // Deleted products and orders are read only by those who see them on the order (order.edit).
  if (!product || ((product.valid !== 1 || product.orderValid !== 1) && !seesDeleted(user))) {
    throw new AppError('E_NOT_FOUND');
  }
  const [inScope] = await db
    .select({ id: orderProducts.id })
    .from(orderProducts)
    .where(and(eq(orderProducts.id, id), productScope(await scopeOf(db, user))));
  if (!inScope) throw new AppError('E_SCOPE');
  return (await productCompliances(db, [id])).get(id)!;
}

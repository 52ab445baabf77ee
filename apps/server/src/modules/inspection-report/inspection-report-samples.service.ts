import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { and, eq } from 'drizzle-orm';
import { expresses } from '../../db/schema/config';
import { inspectionReports } from '../../db/schema/inspection-report';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockVersion, updateRecord } from '../../platform/records';
import { createSampleTestOrder } from '../test-order/test-order-samples.service';
import { INSPECTION_REPORT_ENTITY, isTeam } from './inspection-report.rules';
import { reportDetail } from './inspection-report-detail.service';
import { reportProducts } from './inspection-report-parts.service';
import { holderSave } from './inspection-report-write.service';

// Samples drawn on site for testing (issue 27): recorded on the report under the checkout, they make
// a draft test order for the client's lab with the products' open order-risk items (the test-order
// area's createSampleTestOrder); the report and the order link each other. When the samples leave
// the factory, the courier and tracking no are recorded (while the report is not cancelled).

type Ops = typeof areas.inspectionReport;

/** inspection/report/sample/create: once per report (E_DUPLICATE). */
export async function drawReportSamples(
  db: Db,
  input: ParsedInputOf<Ops['drawReportSamples']>,
  user: Principal,
) {
  return holderSave(
    db,
    input,
    user,
    async (report) => {
      if (report.labSamples)
        throw new AppError('E_DUPLICATE', { field: 'labSamples' }, { field: 'labSamples' });
      const products = new Set((await reportProducts(db, report.id)).map((p) => p.product.id));
      const ids = input.samples.map((s) => s.orderProductId);
      if (ids.some((id) => !products.has(id)))
        throw new AppError('E_REF_NOT_FOUND', { field: 'orderProductId' }, { field: 'orderProductId' });
      if (new Set(ids).size !== ids.length)
        throw new AppError('E_DUPLICATE', { field: 'orderProductId' }, { field: 'orderProductId' });
      const order = await createSampleTestOrder(
        db,
        { orderProductIds: ids, labId: input.labId, inspectionReportId: report.id },
        actorOf(user),
      );
      return {
        labSamples: {
          samples: input.samples.map((s) => ({
            orderProductId: String(s.orderProductId),
            quantity: s.quantity,
            sealNo: s.sealNo,
          })),
          testOrderId: String(order.id),
          expressId: null,
          trackingNo: null,
          sentAt: null,
        },
      };
    },
    'labSamples',
  );
}

/** inspection/report/sample/send: the courier and tracking no, by the report's team. */
export async function sendReportSamples(
  db: Db,
  input: ParsedInputOf<Ops['sendReportSamples']>,
  user: Principal,
) {
  const report = await lockVersion(db, inspectionReports, input.id, input.version);
  if (report.valid !== 1) throw new AppError('E_NOT_FOUND');
  if (!isTeam(report, user.userId)) throw new AppError('E_SCOPE');
  if (!report.labSamples || report.status === INSPECTION_REPORT_STATUS.cancelled)
    throw new AppError('E_STATUS');
  const [express] = await db
    .select({ id: expresses.id })
    .from(expresses)
    .where(and(eq(expresses.id, input.expressId), eq(expresses.valid, 1), eq(expresses.active, 1)));
  if (!express) throw new AppError('E_REF_NOT_FOUND', { field: 'expressId' }, { field: 'expressId' });
  await updateRecord(db, {
    table: inspectionReports,
    id: report.id,
    version: report.version,
    entity: INSPECTION_REPORT_ENTITY,
    actor: actorOf(user),
    action: 'samplesSent',
    values: {
      labSamples: {
        ...report.labSamples,
        expressId: String(input.expressId),
        trackingNo: input.trackingNo,
        sentAt: new Date().toISOString(),
      },
    },
  });
  return reportDetail(db, report.id, user);
}

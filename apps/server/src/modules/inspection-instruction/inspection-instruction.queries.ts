import { desc, eq, type SQL } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { factories } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { inspectionApplies } from '../../db/schema/inspection-apply';
import { inspectionInstructions, inspectionReports } from '../../db/schema/inspection-report';
import { orders } from '../../db/schema/order';
import type { Db } from '../../platform/db';
import { onePage, type PageInput } from '../../platform/paging';

// The instruction rows (inspection/instruction/search and create's answer): with their report,
// order, client, factory, issuer and the re-inspection draft, newest first (the id index).

const selectRows = (db: Db) =>
  db
    .select({
      i: inspectionInstructions,
      reportNo: inspectionReports.reportNo,
      orderId: orders.id,
      orderNo: orders.orderNo,
      client: { id: clients.id, code: clients.code, name: clients.name },
      factory: { id: factories.id, code: factories.code, nameZh: factories.nameZh, nameEn: factories.nameEn },
      issuer: { id: users.id, name: users.name, englishName: users.englishName },
      apply: {
        id: inspectionApplies.id,
        applyNo: inspectionApplies.applyNo,
        status: inspectionApplies.status,
      },
    })
    .from(inspectionInstructions)
    .innerJoin(inspectionReports, eq(inspectionReports.id, inspectionInstructions.reportId))
    .innerJoin(orders, eq(orders.id, inspectionReports.orderId))
    .innerJoin(clients, eq(clients.id, inspectionInstructions.clientId))
    .innerJoin(factories, eq(factories.id, inspectionReports.factoryId))
    .innerJoin(users, eq(users.id, inspectionInstructions.issuedBy))
    .leftJoin(inspectionApplies, eq(inspectionApplies.id, inspectionInstructions.reinspectionApplyId));

type Selected = Awaited<ReturnType<typeof selectRows>>[number];

const toRow = (r: Selected) => ({
  id: r.i.id,
  report: { id: r.i.reportId, reportNo: r.reportNo, revision: r.i.revision },
  order: { id: r.orderId, orderNo: r.orderNo },
  client: r.client,
  factory: r.factory,
  type: r.i.type,
  confirmedResult: r.i.confirmedResult,
  content: r.i.content,
  issuedBy: r.issuer,
  issuedAt: r.i.issuedAt,
  reinspection: r.apply?.id ? { id: r.apply.id, applyNo: r.apply.applyNo, status: r.apply.status } : null,
});

export async function instructionRows(db: Db, where: SQL | undefined) {
  return (await selectRows(db).where(where).orderBy(desc(inspectionInstructions.id))).map(toRow);
}

export async function instructionPage(db: Db, input: PageInput, where: SQL | undefined) {
  return (
    await onePage(selectRows(db).where(where).orderBy(desc(inspectionInstructions.id)).$dynamic(), input)
  ).map(toRow);
}

import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { factories } from '../../db/schema/config';
import { factorySchedules } from '../../db/schema/factory-schedule';
import { orderProducts } from '../../db/schema/order';
import type { Db } from '../../platform/db';
import { label } from '../../platform/labels';
import { factoriesMatching } from '../../platform/search';

// The SQL of factory schedules: the rows overlapping a date range with their factory and product
// labels, and the closures a plan's dates meet (W_FACTORY_CLOSED).

export interface ScheduleFilter {
  factoryId?: bigint | undefined;
  factory?: string | undefined;
  type?: number | undefined;
  startDate: string;
  endDate: string;
}

/** Valid rows overlapping startDate..endDate, of one factory or the factories matching `factory`. */
export function scheduleWhere(db: Db, f: ScheduleFilter): SQL | undefined {
  const matching = f.factory
    ? inArray(factorySchedules.factoryId, factoriesMatching(db, f.factory))
    : undefined;
  return and(
    eq(factorySchedules.valid, 1),
    lte(factorySchedules.startDate, f.endDate),
    gte(factorySchedules.endDate, f.startDate),
    f.factoryId !== undefined ? eq(factorySchedules.factoryId, f.factoryId) : undefined,
    f.type !== undefined ? eq(factorySchedules.type, f.type) : undefined,
    matching,
  );
}

function selectSchedules(db: Db) {
  return db
    .select({
      s: factorySchedules,
      factory: { id: factories.id, code: factories.code, nameZh: factories.nameZh, nameEn: factories.nameEn },
      product: {
        id: orderProducts.id,
        productNo: orderProducts.productNo,
        orderNo: orderProducts.orderNo,
        name: orderProducts.name,
      },
    })
    .from(factorySchedules)
    .innerJoin(factories, eq(factories.id, factorySchedules.factoryId))
    .leftJoin(orderProducts, eq(orderProducts.id, factorySchedules.orderProductId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectSchedules>['where']>>[number];

export function toScheduleRow({ s, factory, product }: Selected) {
  return {
    id: s.id,
    factory: label(factory.id, factory.code, factory.nameZh, factory.nameEn),
    orderProduct: product ? { ...product } : null,
    type: s.type,
    startDate: s.startDate,
    endDate: s.endDate,
    quantity: s.quantity,
    remark: s.remark,
    valid: s.valid,
    version: s.version,
    updatedAt: s.updatedAt,
  };
}
export type ScheduleRow = ReturnType<typeof toScheduleRow>;

/** The rows of a filter, by factory, then start date. */
export async function scheduleRows(db: Db, where: SQL | undefined) {
  const rows = await selectSchedules(db)
    .where(where)
    .orderBy(asc(factories.code), asc(factorySchedules.startDate), asc(factorySchedules.id))
    .limit(2000);
  return rows.map(toScheduleRow);
}

export async function scheduleRow(db: Db, id: bigint) {
  const [row] = await selectSchedules(db).where(eq(factorySchedules.id, id));
  return row ? toScheduleRow(row) : undefined;
}

import { areas } from '@qcdesk/contract';
import { inArray } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { factories } from '../../db/schema/config';
import { orders } from '../../db/schema/order';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import type { SeedContext } from '../../platform/module';
import { idsByCode } from '../../platform/references';
import { adminPrincipal, seedPrincipal } from '../../platform/seed-principal';
import { linkDemoClientUser } from '../identity/client-users.service';
import { addDays } from './order.rules';
import { createOrder } from './order.service';

// Demo orders for the demo database (QCDESK_DEMO_USERS=1), each created by its client's sales owner
// through order/create, so the change log tells their story. Idempotent by order no. Delivery
// dates count from the day of seeding, so the "work" list has due-soon and overdue products.

interface DemoLine {
  sku: string;
  itemNo: string;
  name: string;
  factory: string;
  quantity: number;
  /** Days from today. */
  due: number;
  type: 1 | 2 | 3;
}

interface DemoOrder {
  orderNo: string;
  po: string;
  client: string;
  sales: string;
  description: string;
  lines: DemoLine[];
}

/** The demo CLIENT user (`demo.client`) belongs to this client: its orders, samples and tests. */
export const DEMO_CLIENT_USER_CLIENT = 'NORDHOME';

export const DEMO_ORDERS: DemoOrder[] = [
  {
    orderNo: 'NH24-0315',
    po: 'PO-4500123456',
    client: 'NORDHOME',
    sales: 'demo.sales',
    description: '北欧家居春季木制玩具 / Nordic Home spring wooden toys',
    lines: [
      {
        sku: 'NH-WB-01',
        itemNo: 'WB-2024-01',
        name: '木制积木 50粒 Wooden blocks 50 pcs',
        factory: 'F-JL-YW',
        quantity: 2400,
        due: 5,
        type: 1,
      },
      {
        sku: 'NH-WB-02',
        itemNo: 'WB-2024-02',
        name: '木制拖拉车 Wooden pull-along car',
        factory: 'F-JL-YW',
        quantity: 1200,
        due: 25,
        type: 2,
      },
    ],
  },
  {
    orderNo: 'PT24-0788',
    po: 'PT-PO-77881',
    client: 'PACTOYS',
    sales: 'demo.sales',
    description: '太平洋玩具毛绒与遥控系列 / Pacific Toys plush and RC range',
    lines: [
      {
        sku: 'PT-PL-10',
        itemNo: 'PL-BEAR-30',
        name: '毛绒小熊30cm Plush bear 30 cm',
        factory: 'F-HM-SZ',
        quantity: 5000,
        due: -2,
        type: 1,
      },
      {
        sku: 'PT-RC-22',
        itemNo: 'RC-CAR-1:24',
        name: '遥控赛车1:24 RC racing car 1:24',
        factory: 'F-HX-DG',
        quantity: 3000,
        due: 40,
        type: 3,
      },
      {
        sku: 'PT-BT-05',
        itemNo: 'BT-DUCK-06',
        name: '沐浴小鸭 Bath duck',
        factory: 'F-PL-ST',
        quantity: 12000,
        due: 60,
        type: 2,
      },
    ],
  },
  {
    orderNo: 'HM24-1102',
    po: 'HMHK-2024-1102',
    client: 'HUAMEIHK',
    sales: 'demo.salesmgr',
    description: '华美圣诞礼品 / Huamei Christmas gifts',
    lines: [
      {
        sku: 'HM-XM-01',
        itemNo: 'XM-ORN-12',
        name: '圣诞挂饰12件套 Christmas ornaments set of 12',
        factory: 'F-JL-YW',
        quantity: 8000,
        due: 14,
        type: 1,
      },
    ],
  },
];

export async function seedOrders(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  await ctx.database.db.transaction(async (db) => {
    const present = new Set(
      (
        await db
          .select({ orderNo: orders.orderNo })
          .from(orders)
          .where(
            inArray(
              orders.orderNo,
              DEMO_ORDERS.map((o) => o.orderNo),
            ),
          )
      ).map((r) => r.orderNo),
    );
    await linkClientUser(db);
    const wanted = DEMO_ORDERS.filter((o) => !present.has(o.orderNo));
    if (wanted.length === 0) return;
    const client = await idsByCode(
      db,
      clients,
      wanted.map((o) => o.client),
    );
    const factory = await idsByCode(
      db,
      factories,
      wanted.flatMap((o) => o.lines.map((l) => l.factory)),
    );
    const today = businessDate();
    for (const o of wanted) {
      const owner = await seedPrincipal(db, o.sales);
      const clientId = client.get(o.client);
      const lines = o.lines.flatMap((l) => {
        const factoryId = factory.get(l.factory);
        if (factoryId === undefined) return [];
        const { factory: _code, due, type, ...rest } = l;
        return [
          { ...rest, factoryId: String(factoryId), deliveryDate: addDays(today, due), productType: type },
        ];
      });
      if (!owner || clientId === undefined || lines.length === 0) continue;
      const input = areas.order.createOrder.input.parse({
        orderNo: o.orderNo,
        clientPo: o.po,
        clientId: String(clientId),
        description: o.description,
        products: lines,
      });
      await createOrder(db, input, owner, ctx.hooks);
    }
  });
}

/** `demo.client` sees the records of the client of the first demo order (issue 25: it saw none). */
async function linkClientUser(db: Db): Promise<void> {
  const [clientId] = (await idsByCode(db, clients, [DEMO_CLIENT_USER_CLIENT])).values();
  if (clientId === undefined) return;
  await linkDemoClientUser(db, clientId, await adminPrincipal(db));
}

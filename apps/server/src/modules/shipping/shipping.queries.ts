import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { and, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { qualified } from '../../db/columns';
import { clients } from '../../db/schema/client';
import { countries, vehicles } from '../../db/schema/config';
import { orders } from '../../db/schema/order';
import { reversed } from '../../db/schema/search-columns';
import { shippings } from '../../db/schema/shipping';
import type { Db } from '../../platform/db';
import { label } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import { clientScope, type Scope } from '../../platform/scope';
import { endsWith } from '../../platform/search';

// The SQL of shipments: the scope (through the client, as DOMAIN.md §5.4 scopes a client's
// records), the list WHERE and page, the rows with their labels and orders.

export type ShippingSearch = ParsedInputOf<typeof areas.shipping.shippingList>;

/** Shipments of clients in the caller's scope. */
export function shippingScope(scope: Scope): SQL | undefined {
  const ofClients = clientScope(scope);
  if (ofClients === undefined) return undefined;
  return sql`exists (select 1 from ${clients} where ${clients.id} = ${qualified(shippings.clientId)} and ${ofClients})`;
}

/** The WHERE of shippingList: one id, or shipping no ending, client, status, an order no ending. */
export function shippingWhere(input: ShippingSearch, scope: Scope): SQL | undefined {
  const ofOrder = (orderNo: string) =>
    exists(
      sql`(select 1 from ${orders} where ${orders.shippingId} = ${qualified(shippings.id)} and ${endsWith(reversed(orders.orderNo), orderNo)})`,
    );
  return and(
    eq(shippings.valid, 1),
    shippingScope(scope),
    input.id === undefined ? undefined : eq(shippings.id, input.id),
    input.shippingNo ? endsWith(reversed(shippings.shippingNo), input.shippingNo) : undefined,
    input.client === undefined ? undefined : eq(shippings.clientId, input.client),
    input.status === undefined ? undefined : eq(shippings.status, input.status),
    input.orderNo ? ofOrder(input.orderNo) : undefined,
  );
}

const country = alias(countries, 'country');

/** Shipments with their labels, by `where`, newest first. */
export async function shippingRows(db: Db, where: SQL | undefined, page = 1, pageSize = 1) {
  const rows = await onePage(
    db
      .select({
        shipping: shippings,
        client: { id: clients.id, code: clients.code, name: clients.name },
        vehicle: { code: vehicles.code, nameZh: vehicles.nameZh, nameEn: vehicles.nameEn },
        country: { code: country.code, nameZh: country.nameZh, nameEn: country.nameEn },
      })
      .from(shippings)
      .innerJoin(clients, eq(clients.id, shippings.clientId))
      .innerJoin(vehicles, eq(vehicles.id, shippings.vehicleId))
      .leftJoin(country, eq(country.id, shippings.destinationCountryId))
      .where(where)
      .orderBy(desc(shippings.id)),
    { page, pageSize },
  );
  const ids = rows.map((r) => r.shipping.id);
  const ofShipments =
    ids.length === 0
      ? []
      : await db
          .select({
            shippingId: orders.shippingId,
            id: orders.id,
            orderNo: orders.orderNo,
            clientPo: orders.clientPo,
          })
          .from(orders)
          .where(and(inArray(orders.shippingId, ids), eq(orders.valid, 1)))
          .orderBy(orders.id);
  return rows.map((r) => {
    const s = r.shipping;
    return {
      id: s.id,
      shippingNo: s.shippingNo,
      client: r.client,
      vehicle: label(s.vehicleId, r.vehicle.code, r.vehicle.nameZh, r.vehicle.nameEn),
      etd: s.etd,
      eta: s.eta,
      loadingPort: s.loadingPort,
      destinationCountry:
        s.destinationCountryId === null
          ? null
          : label(
              s.destinationCountryId,
              r.country?.code ?? null,
              r.country?.nameZh ?? null,
              r.country?.nameEn ?? null,
            ),
      containerType: s.containerType,
      containerNo: s.containerNo,
      sealNo: s.sealNo,
      status: s.status,
      orders: ofShipments.filter((o) => o.shippingId === s.id).map(({ shippingId: _s, ...o }) => o),
      version: s.version,
      updatedAt: s.updatedAt,
    };
  });
}

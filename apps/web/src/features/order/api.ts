import { getContract } from '@qcdesk/contract/contract';
import type { OutputOf } from '@qcdesk/contract/operation';
import {
  exportOrders as exportOrdersOp,
  getOrder,
  getProductCompliance,
  ORDER_SORTS,
  relateOrderProducts,
  searchOrders,
} from '@qcdesk/contract/order';
import { originalSampleCart } from '@qcdesk/contract/original-sample';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperation } from '../../api/use-operation';
import { areaApi } from '../../components/area-api';

export type OrderProductRow = OutputOf<typeof searchOrders>['list'][number];
export type OrderDetail = OutputOf<typeof getOrder>;
export type OrderProductLine = OrderDetail['products'][number];
export type OrderShipping = NonNullable<OrderDetail['shipping']>;
export type OrderContract = OutputOf<typeof getContract>;

/** The change log names an order by its table (apps/server order.service.ts ORDER_ENTITY). */
export const ORDER_ENTITY = 'orders';

const contractKey = operationKey(getContract);

/** The order list's sort keys: exactly the contract's `sorting(ORDER_SORTS)` of order/search. */
export { ORDER_SORTS };

const area = areaApi({ search: searchOrders, get: getOrder, sorts: ORDER_SORTS, entity: ORDER_ENTITY });

export const ordersSearchKey = area.searchKey;

/** The list's page request (spec §3 Product filters; one row per order product). */
export const requestOrders = area.request();

/** `order/export`: the list's filters to XLSX, mailed; answers the job to follow. */
export const exportOrders = area.exportWith(exportOrdersOp);

/** One order with its products, sources, requirements and shipment. */
export const useOrder = area.useRecord;

/** Refreshes the order, the list and the order's change log: after every order write (order-write-api.ts). */
export const useInvalidateOrder = area.useInvalidate;
export const useOrderWrite = area.useWrite;

/** The order's contract and its files (`id` is the order id). */
export function useOrderContract(id: string) {
  return useQuery({
    queryKey: [...contractKey, id],
    queryFn: () => api.call(getContract, { id }),
  });
}

export const fetchOrderChangeLog = area.fetchChangeLog;

export type ProductCompliance = OutputOf<typeof getProductCompliance>;

/** Issue 25: a product's compliance (the published reports that concern it), while `enabled`. */
export const useProductCompliance = (orderProductId: string | null) =>
  useOperation(
    getProductCompliance,
    { orderProductId: orderProductId ?? '' },
    { enabled: orderProductId !== null },
  );

/** The original-sample cart's entries as the server re-validates them (DOMAIN.md §6.1), while `enabled`. */
export function useSampleCartEntries(ids: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: [...operationKey(originalSampleCart), ids],
    queryFn: () => api.call(originalSampleCart, { ids: [...ids] }, { silent: true }),
    enabled: enabled && ids.length > 0,
  });
}

/** `order/relation`: links products to an original sample, or unlinks them (null); errors are the caller's to show. */
export const useRelateOrderProducts = () => area.useWrite(relateOrderProducts, { silent: true });

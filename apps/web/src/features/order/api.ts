import { changeLog } from '@qcdesk/contract/config';
import { getContract } from '@qcdesk/contract/contract';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import {
  exportOrders as exportOrdersOp,
  getOrder,
  ORDER_SORTS,
  relateOrderProducts,
  searchOrders,
} from '@qcdesk/contract/order';
import { originalSampleCart } from '@qcdesk/contract/original-sample';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperationMutation } from '../../api/use-operation';
import type { ChangeLogFetch } from '../../components/change-log-viewer';
import type { PageRequest } from '../../components/data-table';
import { sortInput } from '../../components/list-state';
import type { Filters } from '../../components/table-columns';

export type OrderProductRow = OutputOf<typeof searchOrders>['list'][number];
export type OrderDetail = OutputOf<typeof getOrder>;
export type OrderProductLine = OrderDetail['products'][number];
export type OrderShipping = NonNullable<OrderDetail['shipping']>;
export type OrderContract = OutputOf<typeof getContract>;
type OrderSearchInput = InputOf<typeof searchOrders>;

/** The change log names an order by its table (apps/server order.service.ts ORDER_ENTITY). */
export const ORDER_ENTITY = 'orders';

export const ordersSearchKey = operationKey(searchOrders);
const orderKey = operationKey(getOrder);
const contractKey = operationKey(getContract);

/** The order list's sort keys: exactly the contract's `sorting(ORDER_SORTS)` of order/search. */
export { ORDER_SORTS };

/** The list's page request (spec §3 Product filters; one row per order product). */
export const requestOrders: PageRequest<OrderProductRow> = ({ filters, page, pageSize, count, ...sort }) =>
  api.call(searchOrders, {
    ...(filters as OrderSearchInput),
    page,
    pageSize,
    count,
    ...sortInput(sort, ORDER_SORTS),
  });

/** `order/export`: the list's filters to XLSX, mailed; answers the job to follow. */
export const exportOrders = (filters: Filters) =>
  api.call(exportOrdersOp, filters as InputOf<typeof exportOrdersOp>);

/** One order with its products, sources, requirements and shipment. */
export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: [...orderKey, id],
    queryFn: () => api.callResult(getOrder, { id: id ?? '' }),
    enabled: Boolean(id),
  });
}

/** The order's contract and its files (`id` is the order id). */
export function useOrderContract(id: string) {
  return useQuery({
    queryKey: [...contractKey, id],
    queryFn: () => api.call(getContract, { id }),
  });
}

export const fetchOrderChangeLog: ChangeLogFetch = (input) => api.call(changeLog, input);

/** The original-sample cart's entries as the server re-validates them (DOMAIN.md §6.1), while `enabled`. */
export function useSampleCartEntries(ids: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: [...operationKey(originalSampleCart), ids],
    queryFn: () => api.call(originalSampleCart, { ids: [...ids] }, { silent: true }),
    enabled: enabled && ids.length > 0,
  });
}

/** `order/relation`: links products to an original sample, or unlinks them (null); errors are the caller's to show. */
export function useRelateOrderProducts() {
  const client = useQueryClient();
  return useOperationMutation(relateOrderProducts, {
    silent: true,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: orderKey });
      void client.invalidateQueries({ queryKey: ordersSearchKey });
      void client.invalidateQueries({ queryKey: ['changelog', ORDER_ENTITY] });
    },
  });
}

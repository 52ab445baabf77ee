import { changeLog } from '@qcdesk/contract/config';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import {
  cancelTestOrder,
  closeTestOrder,
  createTestOrder,
  exportTestOrders as exportTestOrdersOp,
  getTestOrder,
  listTestOrderProducts,
  searchTestOrders,
  submitTestOrder,
  TEST_ORDER_SORTS,
  updateTestOrder,
  updateTestOrderItems,
} from '@qcdesk/contract/test-order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperationMutation } from '../../api/use-operation';
import type { ChangeLogFetch } from '../../components/change-log-viewer';
import type { PageRequest } from '../../components/data-table';
import { sortInput } from '../../components/list-state';
import type { Filters } from '../../components/table-columns';

export type TestOrderRow = OutputOf<typeof searchTestOrders>['list'][number];
export type TestOrderDetail = OutputOf<typeof getTestOrder>;
export type TestOrderLine = TestOrderDetail['items'][number];
export type CartProduct = OutputOf<typeof listTestOrderProducts>['list'][number];
export type CreateTestOrderInput = InputOf<typeof createTestOrder>;
export type UpdateTestOrderInput = InputOf<typeof updateTestOrder>;
type SearchInput = InputOf<typeof searchTestOrders>;

/** The change log names a test order by its table (apps/server TEST_ORDER_ENTITY). */
export const TEST_ORDER_ENTITY = 'test_orders';

export const testOrdersSearchKey = operationKey(searchTestOrders);
const testOrderKey = operationKey(getTestOrder);
const cartKey = operationKey(listTestOrderProducts);

/** The status tabs of the list: all, or one TestOrderStatus. */
export const STATUS_TABS = ['all', '10', '20', '30', '40', '50', '90'] as const;
export type StatusTab = (typeof STATUS_TABS)[number];

/** The list's page request (spec §3 filters) for one status tab. */
export const requestTestOrders =
  (tab: StatusTab): PageRequest<TestOrderRow> =>
  ({ filters, page, pageSize, count, ...sort }) =>
    api.call(searchTestOrders, {
      ...(filters as SearchInput),
      ...(tab === 'all' ? {} : { status: Number(tab) }),
      page,
      pageSize,
      count,
      ...sortInput(sort, TEST_ORDER_SORTS),
    } as SearchInput);

/** `ordertest/export`: the list's filters (and its status tab) to XLSX, mailed; answers the job. */
export const exportTestOrders = (tab: StatusTab) => (filters: Filters) =>
  api.call(exportTestOrdersOp, {
    ...(filters as InputOf<typeof exportTestOrdersOp>),
    ...(tab === 'all' ? {} : { status: Number(tab) }),
  });

export function useTestOrder(id: string | undefined) {
  return useQuery({
    queryKey: [...testOrderKey, id],
    queryFn: () => api.callResult(getTestOrder, { id: id ?? '' }),
    enabled: Boolean(id),
  });
}

/** The cart's products with the lines each brings (ordertest/list/products). */
export function useCartProducts(ids: readonly string[]) {
  return useQuery({
    queryKey: [...cartKey, ...ids],
    queryFn: () => api.call(listTestOrderProducts, { ids: [...ids] }, { silent: true }),
    enabled: ids.length > 0,
    retry: false,
  });
}

export function useInvalidateTestOrder() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: testOrdersSearchKey });
    void client.invalidateQueries({ queryKey: testOrderKey });
    void client.invalidateQueries({ queryKey: ['changelog', TEST_ORDER_ENTITY] });
  };
}

export function useCreateTestOrder() {
  const invalidate = useInvalidateTestOrder();
  return useOperationMutation(createTestOrder, { silent: true, onSuccess: invalidate });
}

export function useUpdateTestOrder() {
  const invalidate = useInvalidateTestOrder();
  return useOperationMutation(updateTestOrder, { silent: true, onSuccess: invalidate });
}

export function useUpdateTestOrderItems() {
  const invalidate = useInvalidateTestOrder();
  return useOperationMutation(updateTestOrderItems, { onSuccess: invalidate });
}

/** submit, close or cancel; the refusal is shown as the usual toast. */
export function useTestOrderTransition(action: 'submit' | 'close' | 'cancel') {
  const invalidate = useInvalidateTestOrder();
  const op = action === 'submit' ? submitTestOrder : action === 'close' ? closeTestOrder : cancelTestOrder;
  return useOperationMutation(op, { onSuccess: invalidate });
}

export const fetchTestOrderChangeLog: ChangeLogFetch = (input) => api.call(changeLog, input);

export type { Filters };

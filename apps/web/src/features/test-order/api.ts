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
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey } from '../../api/use-operation';
import { areaApi } from '../../components/area-api';
import type { Filters } from '../../components/table-columns';

export type TestOrderRow = OutputOf<typeof searchTestOrders>['list'][number];
export type TestOrderDetail = OutputOf<typeof getTestOrder>;
export type TestOrderLine = TestOrderDetail['items'][number];
export type CartProduct = OutputOf<typeof listTestOrderProducts>['list'][number];
export type CreateTestOrderInput = InputOf<typeof createTestOrder>;
export type UpdateTestOrderInput = InputOf<typeof updateTestOrder>;

/** The change log names a test order by its table (apps/server TEST_ORDER_ENTITY). */
export const TEST_ORDER_ENTITY = 'test_orders';

const cartKey = operationKey(listTestOrderProducts);

const area = areaApi({
  search: searchTestOrders,
  get: getTestOrder,
  sorts: TEST_ORDER_SORTS,
  entity: TEST_ORDER_ENTITY,
});

export const testOrdersSearchKey = area.searchKey;

/** The status tabs of the list: all, or one TestOrderStatus. */
export const STATUS_TABS = ['all', '10', '20', '30', '40', '50', '90'] as const;
export type StatusTab = (typeof STATUS_TABS)[number];

const tabFilters = (tab: StatusTab): Filters => (tab === 'all' ? {} : { status: Number(tab) });

/** The list's page request (spec §3 filters) for one status tab. */
export const requestTestOrders = (tab: StatusTab) => area.request(tabFilters(tab));

/** `ordertest/export`: the list's filters (and its status tab) to XLSX, mailed; answers the job. */
export const exportTestOrders = (tab: StatusTab) => area.exportWith(exportTestOrdersOp, tabFilters(tab));

export const useTestOrder = area.useRecord;
export const useInvalidateTestOrder = area.useInvalidate;

/** The cart's products with the lines each brings (ordertest/list/products). */
export function useCartProducts(ids: readonly string[]) {
  return useQuery({
    queryKey: [...cartKey, ...ids],
    queryFn: () => api.call(listTestOrderProducts, { ids: [...ids] }, { silent: true }),
    enabled: ids.length > 0,
    retry: false,
  });
}

// The forms show their refusals themselves; the lines' and the action bar's are toasted.
export const useCreateTestOrder = () => area.useWrite(createTestOrder, { silent: true });
export const useUpdateTestOrder = () => area.useWrite(updateTestOrder, { silent: true });
export const useUpdateTestOrderItems = () => area.useWrite(updateTestOrderItems);
export const useSubmitTestOrder = () => area.useWrite(submitTestOrder);
export const useCloseTestOrder = () => area.useWrite(closeTestOrder);
export const useCancelTestOrder = () => area.useWrite(cancelTestOrder);

export const fetchTestOrderChangeLog = area.fetchChangeLog;

export type { Filters };

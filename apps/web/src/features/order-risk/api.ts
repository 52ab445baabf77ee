import { changeLog } from '@qcdesk/contract/config';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import {
  exportOrderRisks as exportOrderRisksOp,
  getOrderRisk,
  ORDER_RISK_SORTS,
  resetOrderRisk,
  searchOrderRisks,
  updateOrderRisk,
} from '@qcdesk/contract/order-risk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperationMutation } from '../../api/use-operation';
import type { ChangeLogFetch } from '../../components/change-log-viewer';
import type { PageRequest } from '../../components/data-table';
import { sortInput } from '../../components/list-state';
import type { Filters } from '../../components/table-columns';

export type OrderRiskRow = OutputOf<typeof searchOrderRisks>['list'][number];
export type OrderRiskDetail = OutputOf<typeof getOrderRisk>;
type OrderRiskSearchInput = InputOf<typeof searchOrderRisks>;

/** The change log names an order risk by its table (apps/server ORDER_RISK_ENTITY). */
export const ORDER_RISK_ENTITY = 'order_risks';

export const orderRisksSearchKey = operationKey(searchOrderRisks);
const orderRiskKey = operationKey(getOrderRisk);

/** The list's page request (spec §3 order-risk filters), newest first unless sorted. */
export const requestOrderRisks: PageRequest<OrderRiskRow> = ({ filters, page, pageSize, count, ...sort }) =>
  api.call(searchOrderRisks, {
    ...(filters as OrderRiskSearchInput),
    page,
    pageSize,
    count,
    ...sortInput(sort, ORDER_RISK_SORTS),
  });

/** `orderrisk/export`: the list's filters to XLSX, mailed; answers the job to follow. */
export const exportOrderRisks = (filters: Filters) =>
  api.call(exportOrderRisksOp, filters as InputOf<typeof exportOrderRisksOp>);

/** One order risk with `modify` (its items editable in 10). */
export function useOrderRisk(id: string | undefined) {
  return useQuery({
    queryKey: [...orderRiskKey, id],
    queryFn: () => api.callResult(getOrderRisk, { id: id ?? '' }),
    enabled: Boolean(id),
  });
}

export function useInvalidateOrderRisk() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: orderRisksSearchKey });
    void client.invalidateQueries({ queryKey: orderRiskKey });
    void client.invalidateQueries({ queryKey: ['changelog', ORDER_RISK_ENTITY] });
  };
}

/** Waive (DOMAIN.md §4.11: 10, 20 → 40 with a reason). */
export function useWaiveOrderRisk() {
  return useOperationMutation(updateOrderRisk, { onSuccess: useInvalidateOrderRisk() });
}

/** Reset (10, 30, 40 → 10; the server refuses it in 20). */
export function useResetOrderRisk() {
  return useOperationMutation(resetOrderRisk, { onSuccess: useInvalidateOrderRisk() });
}

export const fetchOrderRiskChangeLog: ChangeLogFetch = (input) => api.call(changeLog, input);

import type { OutputOf } from '@qcdesk/contract/operation';
import {
  exportOrderRisks as exportOrderRisksOp,
  getOrderRisk,
  ORDER_RISK_SORTS,
  resetOrderRisk,
  searchOrderRisks,
  updateOrderRisk,
} from '@qcdesk/contract/order-risk';
import { areaApi } from '../../components/area-api';

export type OrderRiskRow = OutputOf<typeof searchOrderRisks>['list'][number];
export type OrderRiskDetail = OutputOf<typeof getOrderRisk>;

/** The change log names an order risk by its table (apps/server ORDER_RISK_ENTITY). */
export const ORDER_RISK_ENTITY = 'order_risks';

const area = areaApi({
  search: searchOrderRisks,
  get: getOrderRisk,
  sorts: ORDER_RISK_SORTS,
  entity: ORDER_RISK_ENTITY,
});

export const orderRisksSearchKey = area.searchKey;

/** The list's page request (spec §3 order-risk filters), newest first unless sorted. */
export const requestOrderRisks = area.request();

/** `orderrisk/export`: the list's filters to XLSX, mailed; answers the job to follow. */
export const exportOrderRisks = area.exportWith(exportOrderRisksOp);

/** One order risk with `modify` (its items editable in 10). */
export const useOrderRisk = area.useRecord;
export const useInvalidateOrderRisk = area.useInvalidate;

/** Waive (DOMAIN.md §4.11: 10, 20 → 40 with a reason). */
export const useWaiveOrderRisk = () => area.useWrite(updateOrderRisk);

/** Reset (10, 30, 40 → 10; the server refuses it in 20). */
export const useResetOrderRisk = () => area.useWrite(resetOrderRisk);

export const fetchOrderRiskChangeLog = area.fetchChangeLog;

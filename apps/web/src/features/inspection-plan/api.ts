import {
  cancelInspectionPlan,
  createInspectionPlan,
  dispatchInspectionPlan,
  getInspectionPlan,
  INSPECTION_PLAN_SORTS,
  planBoard,
  searchInspectionPlans,
  updateInspectionPlan,
} from '@qcdesk/contract/inspection-plan';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey } from '../../api/use-operation';
import { areaApi } from '../../components/area-api';

export type InspectionPlanRow = OutputOf<typeof searchInspectionPlans>['list'][number];
export type InspectionPlanDetail = OutputOf<typeof getInspectionPlan>;
export type PlanBoard = OutputOf<typeof planBoard>;
export type BoardApplication = PlanBoard['factories'][number]['days'][number]['applications'][number];
export type BoardInspector = PlanBoard['inspectors'][number]['inspector'];
export type UpdatePlanInput = InputOf<typeof updateInspectionPlan>;

/** The change log names a plan by its table (apps/server INSPECTION_PLAN_ENTITY). */
export const INSPECTION_PLAN_ENTITY = 'inspection_plans';

const boardKey = operationKey(planBoard);

const area = areaApi({
  search: searchInspectionPlans,
  get: getInspectionPlan,
  sorts: INSPECTION_PLAN_SORTS,
  entity: INSPECTION_PLAN_ENTITY,
  // A plan's writes move applications and inspectors' days: the board reads them again.
  alsoInvalidates: [boardKey],
});

export const inspectionPlansSearchKey = area.searchKey;
/** The list's page request (spec §3: orderNo, productNo, factory, startTime, endTime, status). */
export const requestInspectionPlans = area.request();
export const useInspectionPlan = area.useRecord;
export const useInvalidateInspectionPlan = area.useInvalidate;
export const fetchInspectionPlanChangeLog = area.fetchChangeLog;

// Writes that may warn show their refusals and warnings themselves (plan-warnings.tsx).
export const useCreateInspectionPlan = () => area.useWrite(createInspectionPlan, { silent: true });
export const useUpdateInspectionPlan = () => area.useWrite(updateInspectionPlan, { silent: true });
export const useDispatchInspectionPlan = () => area.useWrite(dispatchInspectionPlan);
export const useCancelInspectionPlan = () => area.useWrite(cancelInspectionPlan);

/** `inspection/plan/board`: one call for the shown dates — open applications and inspectors' days. */
export function usePlanBoard(startTime: string, endTime: string, factory: string) {
  const input = { startTime, endTime, ...(factory.trim() ? { factory: factory.trim() } : {}) };
  return useQuery({
    queryKey: [...boardKey, input],
    queryFn: ({ signal }) => api.call(planBoard, input, { signal }),
    // Another week or factory keeps the shown board until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

import {
  cancelInspectionApply,
  createInspectionApply,
  exportInspectionApplies as exportInspectionAppliesOp,
  getInspectionApply,
  INSPECTION_APPLY_SORTS,
  inspectionApplyCart,
  returnInspectionApply,
  searchInspectionApplies,
  updateInspectionApply,
  updateInspectionApplyQuantity,
  waiveInspectionApply,
} from '@qcdesk/contract/inspection-apply';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey } from '../../api/use-operation';
import { areaApi } from '../../components/area-api';

export type InspectionApplyRow = OutputOf<typeof searchInspectionApplies>['list'][number];
export type InspectionApplyDetail = OutputOf<typeof getInspectionApply>;
export type ApplyItem = InspectionApplyDetail['items'][number];
export type CartProduct = OutputOf<typeof inspectionApplyCart>['list'][number];
export type CreateInspectionApplyInput = InputOf<typeof createInspectionApply>;
export type UpdateInspectionApplyInput = InputOf<typeof updateInspectionApply>;

/** The change log names an application by its table (apps/server INSPECTION_APPLY_ENTITY). */
export const INSPECTION_APPLY_ENTITY = 'inspection_applies';

const cartKey = operationKey(inspectionApplyCart);

const area = areaApi({
  search: searchInspectionApplies,
  get: getInspectionApply,
  sorts: INSPECTION_APPLY_SORTS,
  entity: INSPECTION_APPLY_ENTITY,
  alsoInvalidates: [cartKey],
});

export const inspectionAppliesSearchKey = area.searchKey;

/** The list's page request (spec §3: orderNo, productNo, factory, shipping, po, startTime, endTime, status). */
export const requestInspectionApplies = area.request();

/** `inspection/apply/export`: the list's filters to XLSX, mailed; answers the job. */
export const exportInspectionApplies = area.exportWith(exportInspectionAppliesOp);

export const useInspectionApply = area.useRecord;
export const useInvalidateInspectionApply = area.useInvalidate;

/** The cart's products with their open quantity for the inspection type (`inspection/apply/cart`). */
export function useCartProducts(ids: readonly string[], inspectionTypeId: string | undefined) {
  return useQuery({
    queryKey: [...cartKey, ids, inspectionTypeId ?? null],
    queryFn: () =>
      api.call(
        inspectionApplyCart,
        { ids: [...ids], ...(inspectionTypeId ? { inspectionTypeId } : {}) },
        { silent: true },
      ),
    enabled: ids.length > 0,
    retry: false,
  });
}

// The cart, the edit drawer and the quantity dialog show their refusals themselves; the action bar's are toasted.
export const useCreateInspectionApply = () => area.useWrite(createInspectionApply, { silent: true });
export const useUpdateInspectionApply = () => area.useWrite(updateInspectionApply);
/** The edit drawer's save (no submit): its refusals show in the drawer. */
export const useEditInspectionApply = () => area.useWrite(updateInspectionApply, { silent: true });
export const useUpdateInspectionApplyQuantity = () =>
  area.useWrite(updateInspectionApplyQuantity, { silent: true });
export const useReturnInspectionApply = () => area.useWrite(returnInspectionApply);
export const useWaiveInspectionApply = () => area.useWrite(waiveInspectionApply);
export const useCancelInspectionApply = () => area.useWrite(cancelInspectionApply);

export const fetchInspectionApplyChangeLog = area.fetchChangeLog;

/** Where an application's details are: `inspection/applys?id=` (spec §2 "inspection details"). */
export const applyDetailPath = (language: string, id: string) => `/${language}/inspection/applys?id=${id}`;

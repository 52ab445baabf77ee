/**
 * The order writes the screens make (issue 14): create, the header (with delete and undelete), one
 * product line (added, changed, moved, removed: issue 25), the requirements, product types and the
 * QC assignment. Each refreshes the order, the list and the order's change log; failures are shown
 * by the form that made the call.
 */
import { getClient, getClientRequirements } from '@qcdesk/contract/client';
import type { InputOf } from '@qcdesk/contract/operation';
import {
  addOrderItems,
  assignOrderProducts,
  createOrder,
  sortOrderItems,
  updateOrder,
  updateOrderItem,
  updateOrderRequirements,
  updateProductType,
} from '@qcdesk/contract/order';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey } from '../../api/use-operation';
import { useOrderWrite } from './api';

export type CreateOrderInput = InputOf<typeof createOrder>;
export type UpdateOrderInput = InputOf<typeof updateOrder>;
export type UpdateOrderItemInput = InputOf<typeof updateOrderItem>;
export type AddOrderItemsInput = InputOf<typeof addOrderItems>;
export type UpdateRequirementsInput = InputOf<typeof updateOrderRequirements>;

const clientKey = operationKey(getClient);
const silent = { silent: true } as const;

export const useCreateOrder = () => useOrderWrite(createOrder, silent);
export const useUpdateOrder = (options: { silent?: boolean } = {}) => useOrderWrite(updateOrder, options);
export const useUpdateOrderItem = () => useOrderWrite(updateOrderItem, silent);
export const useAddOrderItems = () => useOrderWrite(addOrderItems, silent);
export const useSortOrderItems = () => useOrderWrite(sortOrderItems, silent);
export const useUpdateRequirements = () => useOrderWrite(updateOrderRequirements, silent);
export const useUpdateProductType = () => useOrderWrite(updateProductType, silent);
export const useAssignProducts = () => useOrderWrite(assignOrderProducts, silent);

/** The picked client's department, sales and requirements (the new order's defaults). */
export function useClientDefaults(id: string | undefined) {
  return useQuery({
    queryKey: [...clientKey, 'order-defaults', id],
    queryFn: () => api.call(getClient, { id: id ?? '' }, { silent: true }),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}

/** The picked client's test requirements (a new order's test requirement when it has no safety text). */
export function useClientTestRequirements(id: string | undefined) {
  return useQuery({
    queryKey: [...clientKey, 'order-tests', id],
    queryFn: () => api.call(getClientRequirements, { clientId: id ?? '' }, { silent: true }),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}

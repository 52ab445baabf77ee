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
  getOrder,
  sortOrderItems,
  updateOrder,
  updateOrderItem,
  updateOrderRequirements,
  updateProductType,
} from '@qcdesk/contract/order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperationMutation } from '../../api/use-operation';
import { ORDER_ENTITY, ordersSearchKey } from './api';

export type CreateOrderInput = InputOf<typeof createOrder>;
export type UpdateOrderInput = InputOf<typeof updateOrder>;
export type UpdateOrderItemInput = InputOf<typeof updateOrderItem>;
export type AddOrderItemsInput = InputOf<typeof addOrderItems>;
export type UpdateRequirementsInput = InputOf<typeof updateOrderRequirements>;

const orderKey = operationKey(getOrder);
const clientKey = operationKey(getClient);

export function useInvalidateOrder() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ordersSearchKey });
    void client.invalidateQueries({ queryKey: orderKey });
    void client.invalidateQueries({ queryKey: ['changelog', ORDER_ENTITY] });
  };
}

const silent = { silent: true } as const;

export function useCreateOrder() {
  const invalidate = useInvalidateOrder();
  return useOperationMutation(createOrder, { ...silent, onSuccess: invalidate });
}

export function useUpdateOrder(options: { silent?: boolean } = {}) {
  const invalidate = useInvalidateOrder();
  return useOperationMutation(updateOrder, { ...options, onSuccess: invalidate });
}

export function useUpdateOrderItem() {
  const invalidate = useInvalidateOrder();
  return useOperationMutation(updateOrderItem, { ...silent, onSuccess: invalidate });
}

export function useAddOrderItems() {
  const invalidate = useInvalidateOrder();
  return useOperationMutation(addOrderItems, { ...silent, onSuccess: invalidate });
}

export function useSortOrderItems() {
  const invalidate = useInvalidateOrder();
  return useOperationMutation(sortOrderItems, { ...silent, onSuccess: invalidate });
}

export function useUpdateRequirements() {
  const invalidate = useInvalidateOrder();
  return useOperationMutation(updateOrderRequirements, { ...silent, onSuccess: invalidate });
}

export function useUpdateProductType() {
  const invalidate = useInvalidateOrder();
  return useOperationMutation(updateProductType, { ...silent, onSuccess: invalidate });
}

export function useAssignProducts() {
  const invalidate = useInvalidateOrder();
  return useOperationMutation(assignOrderProducts, { ...silent, onSuccess: invalidate });
}

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

import {
  createFactorySchedule,
  type FactoryScheduleRow,
  factoryScheduleMonth,
  searchFactorySchedules,
  updateFactorySchedule,
} from '@qcdesk/contract/factory-schedule';
import type { InputOf } from '@qcdesk/contract/operation';
import { listOrderProducts } from '@qcdesk/contract/order';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperation, useOperationMutation } from '../../api/use-operation';
import type { RemoteSearch } from '../../components/remote-auto-complete';

export type { FactoryScheduleRow };
export type ScheduleSearch = InputOf<typeof searchFactorySchedules>;
export type CreateScheduleInput = InputOf<typeof createFactorySchedule>;
export type UpdateScheduleInput = InputOf<typeof updateFactorySchedule>;

/** The schedules of one factory (or of the factories matching a text) overlapping a date range. */
export const useSchedules = (input: ScheduleSearch, enabled = true) =>
  useOperation(searchFactorySchedules, input, { enabled, placeholderData: keepPreviousData });

/** The month view across factories (`YYYY-MM`). */
export const useScheduleMonth = (month: string, factory?: string) =>
  useOperation(
    factoryScheduleMonth,
    { month, ...(factory ? { factory } : {}) },
    { placeholderData: keepPreviousData },
  );

function useRefresh() {
  const client = useQueryClient();
  return () => {
    for (const op of [searchFactorySchedules, factoryScheduleMonth])
      void client.invalidateQueries({ queryKey: operationKey(op) });
  };
}

// The form shows its refusals itself; a delete's is toasted.
export const useCreateSchedule = () =>
  useOperationMutation(createFactorySchedule, { silent: true, onSuccess: useRefresh() });
export const useUpdateSchedule = (options: { silent?: boolean } = {}) =>
  useOperationMutation(updateFactorySchedule, { ...options, onSuccess: useRefresh() });

/** The run's product: an order product by its product no (`order/product/list`). */
export const searchScheduleProducts: RemoteSearch = async (term, signal) => {
  const { list } = await api.call(listOrderProducts, { keyword: term }, { signal });
  return list.map((p) => ({ value: p.id, label: `${p.productNo} · ${p.orderNo} | ${p.name}` }));
};

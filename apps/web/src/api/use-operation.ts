import type { InputOf, OperationDef, OutputOf } from '@qcdesk/contract/operation';
import { type UseMutationOptions, type UseQueryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ApiError } from './api-error';
import { api, type CallOptions } from './client';

/** Query keys start with the operation, so `invalidateQueries({ queryKey: operationKey(op) })` hits every input. */
export function operationKey<Op extends OperationDef>(op: Op, input?: InputOf<Op>) {
  return input === undefined ? ([op.method, op.path] as const) : ([op.method, op.path, input] as const);
}

type QueryOptions<Op extends OperationDef> = Omit<
  UseQueryOptions<OutputOf<Op>, ApiError>,
  'queryKey' | 'queryFn'
> &
  Pick<CallOptions, 'silent'>;

/** A read through the envelope, cached by TanStack Query under `operationKey(op, input)`. */
export function useOperation<Op extends OperationDef>(
  op: Op,
  input: InputOf<Op>,
  options: QueryOptions<Op> = {},
) {
  const { silent, ...queryOptions } = options;
  return useQuery<OutputOf<Op>, ApiError>({
    ...queryOptions,
    queryKey: operationKey(op, input),
    queryFn: ({ signal }) => api.call(op, input, { signal, ...(silent ? { silent } : {}) }),
  });
}

type MutationOptions<Op extends OperationDef> = Omit<
  UseMutationOptions<OutputOf<Op>, ApiError, InputOf<Op>>,
  'mutationFn'
> &
  Pick<CallOptions, 'silent'>;

/** A write through the envelope; failures are toasted by the client unless `silent`. */
export function useOperationMutation<Op extends OperationDef>(op: Op, options: MutationOptions<Op> = {}) {
  const { silent, ...mutationOptions } = options;
  return useMutation<OutputOf<Op>, ApiError, InputOf<Op>>({
    ...mutationOptions,
    mutationFn: (input) => api.call(op, input, silent ? { silent } : {}),
  });
}

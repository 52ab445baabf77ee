import { attachContractFiles, deleteContractFiles, getContract } from '@qcdesk/contract/contract';
import type { OutputOf } from '@qcdesk/contract/operation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperationMutation } from '../../api/use-operation';

export type ContractDetail = OutputOf<typeof getContract>;
export type ContractFile = ContractDetail['files'][number];

// The order detail's contract card reads the same operation: one key refreshes both.
const contractKey = operationKey(getContract);

/** The contract of an order (`orderId`: the route's `{id}`) with its files and `modify`. */
export function useContract(orderId: string | undefined) {
  return useQuery({
    // The order's card caches the plain detail under [...contractKey, orderId]; this is the result.
    queryKey: [...contractKey, orderId, 'result'],
    queryFn: () => api.callResult(getContract, { id: orderId ?? '' }),
    enabled: Boolean(orderId),
  });
}

function useInvalidateContract() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: contractKey });
}

/** `contract/files`: attaches uploaded files (the same display name replaces a valid file). */
export function useAttachContractFiles() {
  return useOperationMutation(attachContractFiles, { silent: true, onSuccess: useInvalidateContract() });
}

/** `contract/files/delete`: valid 0 deletes a file, valid 1 restores it within the retention days. */
export function useDeleteContractFile() {
  return useOperationMutation(deleteContractFiles, { onSuccess: useInvalidateContract() });
}

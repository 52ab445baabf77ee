import { getUserSetting, updateUserSetting } from '@qcdesk/contract/identity';
import { useQueryClient } from '@tanstack/react-query';
import { operationKey, useOperation, useOperationMutation } from '../../api/use-operation';

export const userSettingKey = operationKey(getUserSetting, {});

export const useUserSetting = () => useOperation(getUserSetting, {});

export function useUpdateUserSetting() {
  const client = useQueryClient();
  return useOperationMutation(updateUserSetting, {
    onSuccess: (setting) => client.setQueryData(userSettingKey, setting),
  });
}

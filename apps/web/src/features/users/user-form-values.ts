/**
 * The user form's values and the operation inputs they become (spec §5 users). Pure functions:
 * texts are trimmed, optional texts sent as '' (cleared), and a client only for role CLIENT.
 */
import { isModuleCode } from '@qcdesk/contract/roles';
import { clientCodeLabel } from '../../components/pickers';
import type { RemoteOption } from '../../components/remote-auto-complete';
import type { CreateUserInput, UpdateUserInput, UserDetail } from './api';

export interface UserFormValues {
  username: string;
  name: string;
  englishName: string;
  email: string;
  phone: string;
  mobile: string;
  departmentId: string;
  position: number;
  roleId: string;
  groupIds: string[];
  modules: string[];
  /** A CLIENT user's client, picked by code or name. */
  client: RemoteOption | null;
}

export function userFormValues(user?: UserDetail): Partial<UserFormValues> {
  if (!user) return { groupIds: [], modules: [] };
  return {
    username: user.username,
    name: user.name,
    englishName: user.englishName ?? '',
    email: user.email,
    phone: user.phone ?? '',
    mobile: user.mobile ?? '',
    departmentId: user.departmentId,
    position: user.position,
    roleId: user.roleId,
    groupIds: user.groupIds,
    modules: user.modules.filter((m) => m !== 'HOME'),
    client: user.client ? { value: user.client.id, label: clientCodeLabel(user.client) } : null,
  };
}

/** What create and update share; `roleCode` is the chosen role's (only CLIENT users carry a client). */
function userFields(values: UserFormValues, roleCode: string | undefined) {
  return {
    name: values.name.trim(),
    englishName: values.englishName?.trim() ?? '',
    email: values.email.trim(),
    phone: values.phone?.trim() ?? '',
    mobile: values.mobile?.trim() ?? '',
    departmentId: values.departmentId,
    position: values.position,
    roleId: values.roleId,
    groupIds: values.groupIds ?? [],
    modules: (values.modules ?? []).filter(isModuleCode),
    clientId: roleCode === 'CLIENT' && values.client ? values.client.value : null,
  };
}

export const createUserInput = (values: UserFormValues, roleCode: string | undefined): CreateUserInput => ({
  username: values.username.trim(),
  ...userFields(values, roleCode),
});

/** A user update sends every field (the server logs what changed). */
export const updateUserInput = (
  user: UserDetail,
  values: UserFormValues,
  roleCode: string | undefined,
): UpdateUserInput => ({ id: user.id, version: user.version, ...userFields(values, roleCode) });

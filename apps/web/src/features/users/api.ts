import {
  createGroup,
  createRole,
  createUser,
  getUser,
  groups,
  impersonate,
  interimToken,
  listRoles,
  roles,
  searchUsers,
  updateGroup,
  updateRole,
  updateUser,
} from '@qcdesk/contract/identity';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperation, useOperationMutation } from '../../api/use-operation';
import type { PageRequest } from '../../components/data-table';
import { sortInput } from '../../components/list-state';
import { localPage } from '../../components/local-page';

export type UserRow = OutputOf<typeof searchUsers>['list'][number];
export type UserDetail = OutputOf<typeof getUser>;
export type GroupRow = OutputOf<typeof groups>[number];
export type RolesCatalog = OutputOf<typeof roles>;
export type RoleDetail = OutputOf<typeof listRoles>[number];
export type CreateRoleInput = InputOf<typeof createRole>;
export type UpdateRoleInput = InputOf<typeof updateRole>;
export type CreateUserInput = InputOf<typeof createUser>;
export type UpdateUserInput = InputOf<typeof updateUser>;

export const usersSearchKey = operationKey(searchUsers);
export const groupsKey = operationKey(groups, {});
const rolesCatalogKey = operationKey(roles);
const roleListKey = operationKey(listRoles);

/** The user list's sort keys (issue 12; contract searchUsers `sorting`). */
export const USER_SORTS = ['name', 'englishName', 'username'] as const;

/** The user list's page request for the shared data table (spec §3 user list: name, department, page). */
export const requestUsers: PageRequest<UserRow> = ({ filters, page, pageSize, ...sort }) =>
  api.call(searchUsers, {
    ...(filters as InputOf<typeof searchUsers>),
    page,
    pageSize,
    // sort: the server drops these until the contract's searchUsers has `...sorting([...])`.
    ...sortInput(sort, USER_SORTS),
  });

/** Positions, roles and departments for the user forms and filters (spec §6 "a roles call"). */
export const useRolesCatalog = (enabled = true) =>
  useOperation(roles, {}, { staleTime: 5 * 60_000, enabled });

/** Every role with its version, frozen and deleted ones included, for the role editor (role.edit). */
export const useRoleList = (enabled = true) => useOperation(listRoles, {}, { enabled });

/** One role as the server has it now, after a refusal said someone else changed it (E_VERSION). */
export async function fetchRole(id: string): Promise<RoleDetail | undefined> {
  const list = await api.call(listRoles, {});
  return list.find((r) => r.id === id);
}

export const useGroups = (enabled = true) => useOperation(groups, {}, { enabled });

/** The groups tab's table: under `groupsKey`, so a saved group refreshes it too. */
export const groupsTableKey = [...groupsKey, 'table'] as const;

/** The groups tab's sort keys (sorted in the browser: the list comes whole). */
export const GROUP_SORTS = ['name'] as const;

/** A page of the groups, found by a part of the name and sorted in the browser (`group` sends all). */
export const requestGroups: PageRequest<GroupRow> = async (query) =>
  localPage(await api.call(groups, {}), query, {
    matches: (row, filters) =>
      typeof filters.name !== 'string' || row.name.toLowerCase().includes(filters.name.toLowerCase()),
    sortValue: (row) => row.name,
  });

/** One user with the `modify` flag the server computed (DOMAIN.md §5.4). */
export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: [...operationKey(getUser), id],
    queryFn: () => api.callResult(getUser, { id: id ?? '' }),
    enabled: Boolean(id),
  });
}

export function useInvalidateUsers() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: usersSearchKey });
    void client.invalidateQueries({ queryKey: operationKey(getUser) });
  };
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useOperationMutation(createUser, { silent: true, onSuccess: invalidate });
}

export function useUpdateUser(options: { silent?: boolean } = {}) {
  const invalidate = useInvalidateUsers();
  return useOperationMutation(updateUser, { ...options, onSuccess: invalidate });
}

export const useImpersonate = () => useOperationMutation(impersonate);
export const useInterimToken = () => useOperationMutation(interimToken);

function useInvalidateGroups() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: groupsKey });
}

export function useCreateGroup() {
  const invalidate = useInvalidateGroups();
  return useOperationMutation(createGroup, { silent: true, onSuccess: invalidate });
}

export function useUpdateGroup(options: { silent?: boolean } = {}) {
  const invalidate = useInvalidateGroups();
  return useOperationMutation(updateGroup, { ...options, onSuccess: invalidate });
}

/** The editor's list and the user forms' catalogue both show roles; a saved role refreshes both. */
function useInvalidateRoles() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: roleListKey });
    void client.invalidateQueries({ queryKey: rolesCatalogKey });
  };
}

export function useCreateRole() {
  const invalidate = useInvalidateRoles();
  return useOperationMutation(createRole, { silent: true, onSuccess: invalidate });
}

/** A refusal refreshes the list too: after E_VERSION it shows the role as it is now. */
export function useUpdateRole(options: { silent?: boolean } = {}) {
  const invalidate = useInvalidateRoles();
  return useOperationMutation(updateRole, { ...options, onSettled: invalidate });
}

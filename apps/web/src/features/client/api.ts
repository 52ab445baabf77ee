import {
  createClient,
  createClientRequirements,
  downloadClientRequirements,
  exportClients as exportClientsOp,
  getClient,
  getClientRequirements,
  searchClients,
  updateClient,
  updateClientRequirements,
} from '@qcdesk/contract/client';
import { changeLog } from '@qcdesk/contract/config';
import { MAX_PAGE_SIZE } from '@qcdesk/contract/constants';
import { enumerationList } from '@qcdesk/contract/enumerations';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api/client';
import { operationKey, useOperationMutation } from '../../api/use-operation';
import type { ChangeLogFetch } from '../../components/change-log-viewer';
import type { PageRequest } from '../../components/data-table';
import { sortInput } from '../../components/list-state';
import { userText } from '../../components/ref-labels';
import type { RemoteOption, RemoteSearch } from '../../components/remote-auto-complete';
import type { Filters } from '../../components/table-columns';
import { currentLanguage } from '../../i18n/i18n';
import { apiBase, readEnvironment } from '../../lib/environment';

export type ClientRow = OutputOf<typeof searchClients>['list'][number];
export type ClientDetail = OutputOf<typeof getClient>;
export type ClientRequirements = OutputOf<typeof getClientRequirements>;
export type CreateClientInput = InputOf<typeof createClient>;
export type UpdateClientInput = InputOf<typeof updateClient>;
export type RequirementsInput = InputOf<typeof updateClientRequirements>;
type ClientSearchInput = InputOf<typeof searchClients>;

/** The change log names a client by its table (apps/server client.service.ts CLIENT_ENTITY). */
export const CLIENT_ENTITY = 'clients';

export const clientsSearchKey = operationKey(searchClients);
const clientKey = operationKey(getClient);
const requirementsKey = operationKey(getClientRequirements);

/** The client list's sort keys (issue 12; contract searchClients `sorting`). */
export const CLIENT_SORTS = ['name'] as const;

/** The list's page request for the data table (spec §3 client filters: name, country, type, page). */
export const requestClients: PageRequest<ClientRow> = ({ filters, page, pageSize, count, ...sort }) =>
  api.call(searchClients, {
    ...(filters as ClientSearchInput),
    page,
    pageSize,
    count,
    // sort: the server drops these until the contract's searchClients has `...sorting([...])`.
    ...sortInput(sort, CLIENT_SORTS),
  });

/** One client with the flags the server computed (DOMAIN.md §5.4: sales may edit only their own). */
export function useClient(id: string | undefined) {
  return useQuery({
    queryKey: [...clientKey, id],
    queryFn: () => api.callResult(getClient, { id: id ?? '' }),
    enabled: Boolean(id),
  });
}

/** The client's test requirements and on-site safety tests, with `modify`. */
export function useClientRequirements(clientId: string | undefined) {
  return useQuery({
    queryKey: [...requirementsKey, clientId],
    queryFn: () => api.callResult(getClientRequirements, { clientId: clientId ?? '' }),
    enabled: Boolean(clientId),
  });
}

/** A write changes the client and its lists together (the lists carry the client's version). */
export function useInvalidateClient() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: clientsSearchKey });
    void client.invalidateQueries({ queryKey: clientKey });
    void client.invalidateQueries({ queryKey: requirementsKey });
    void client.invalidateQueries({ queryKey: ['changelog', CLIENT_ENTITY] });
  };
}

export function useCreateClient() {
  const invalidate = useInvalidateClient();
  return useOperationMutation(createClient, { silent: true, onSuccess: invalidate });
}

export function useUpdateClient(options: { silent?: boolean } = {}) {
  const invalidate = useInvalidateClient();
  return useOperationMutation(updateClient, { ...options, onSuccess: invalidate });
}

/** `client/test`: adds rows (used right after a create, when the lists are still empty). */
export function useAddRequirements() {
  const invalidate = useInvalidateClient();
  return useOperationMutation(createClientRequirements, { silent: true, onSuccess: invalidate });
}

/** `client/test/update`: replaces the list(s) sent. */
export function useSaveRequirements() {
  const invalidate = useInvalidateClient();
  return useOperationMutation(updateClientRequirements, { silent: true, onSuccess: invalidate });
}

/**
 * `client/require/download` stores the workbook and answers a signed URL under `/api/`; in the
 * sandbox that path lives under `/dev` like every other call.
 */
export async function downloadRequirements(id: string): Promise<string> {
  const file = await api.call(downloadClientRequirements, { id });
  const url = file.url.startsWith('/api/') ? `${apiBase(readEnvironment())}${file.url}` : file.url;
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  return file.name;
}

/** `client/export`: the list's filters to XLSX, mailed; answers the job to follow. */
export const exportClients = (filters: Filters) =>
  api.call(exportClientsOp, filters as InputOf<typeof exportClientsOp>);

export const fetchClientChangeLog: ChangeLogFetch = (input) => api.call(changeLog, input);

// -- Master data and enumerations for the forms and filters --------------------------------------

/**
 * The sales picker's search: the `Sales` enumeration, which every signed-in user may read (user/search
 * needs user.search, which sales users do not hold), matched on either name.
 */
export function useSalesSearch(): RemoteSearch {
  const queryClient = useQueryClient();
  return useMemo<RemoteSearch>(
    () => async (term) => {
      const answer = await queryClient.fetchQuery({
        queryKey: operationKey(enumerationList, {}),
        queryFn: () => api.call(enumerationList, {}),
        staleTime: 5 * 60_000,
      });
      const needle = term.trim().toLowerCase();
      return (answer.enumerations.Sales ?? [])
        .filter((item) => `${item.zh} ${item.en}`.toLowerCase().includes(needle))
        .slice(0, MAX_PAGE_SIZE)
        .map(
          (item): RemoteOption => ({
            value: String(item.code),
            label: userText({ name: item.zh, englishName: item.en }, currentLanguage()),
          }),
        );
    },
    [queryClient],
  );
}

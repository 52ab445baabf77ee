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
import { MAX_PAGE_SIZE } from '@qcdesk/contract/constants';
import { enumerationList } from '@qcdesk/contract/enumerations';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api/client';
import { operationKey } from '../../api/use-operation';
import { areaApi } from '../../components/area-api';
import { userText } from '../../components/ref-labels';
import type { RemoteOption, RemoteSearch } from '../../components/remote-auto-complete';
import { currentLanguage } from '../../i18n/i18n';
import { apiBase, readEnvironment } from '../../lib/environment';

export type ClientRow = OutputOf<typeof searchClients>['list'][number];
export type ClientDetail = OutputOf<typeof getClient>;
export type ClientRequirements = OutputOf<typeof getClientRequirements>;
export type CreateClientInput = InputOf<typeof createClient>;
export type UpdateClientInput = InputOf<typeof updateClient>;
export type RequirementsInput = InputOf<typeof updateClientRequirements>;

/** The change log names a client by its table (apps/server client.service.ts CLIENT_ENTITY). */
export const CLIENT_ENTITY = 'clients';

const requirementsKey = operationKey(getClientRequirements);

/** The client list's sort keys (issue 12; contract searchClients `sorting`). */
export const CLIENT_SORTS = ['name'] as const;

// A write changes the client and its lists together (the lists carry the client's version).
const area = areaApi({
  search: searchClients,
  get: getClient,
  sorts: CLIENT_SORTS,
  entity: CLIENT_ENTITY,
  alsoInvalidates: [requirementsKey],
});

export const clientsSearchKey = area.searchKey;

/** The list's page request for the data table (spec §3 client filters: name, country, type, page). */
export const requestClients = area.request();

/** One client with the flags the server computed (DOMAIN.md §5.4: sales may edit only their own). */
export const useClient = area.useRecord;
export const useInvalidateClient = area.useInvalidate;

/** The client's test requirements and on-site safety tests, with `modify`. */
export function useClientRequirements(clientId: string | undefined) {
  return useQuery({
    queryKey: [...requirementsKey, clientId],
    queryFn: () => api.callResult(getClientRequirements, { clientId: clientId ?? '' }),
    enabled: Boolean(clientId),
  });
}

export const useCreateClient = () => area.useWrite(createClient, { silent: true });
export const useUpdateClient = (options: { silent?: boolean } = {}) => area.useWrite(updateClient, options);

/** `client/test`: adds rows (used right after a create, when the lists are still empty). */
export const useAddRequirements = () => area.useWrite(createClientRequirements, { silent: true });

/** `client/test/update`: replaces the list(s) sent. */
export const useSaveRequirements = () => area.useWrite(updateClientRequirements, { silent: true });

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
export const exportClients = area.exportWith(exportClientsOp);

export const fetchClientChangeLog = area.fetchChangeLog;

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

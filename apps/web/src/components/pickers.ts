/**
 * The searches behind the pickers several areas share (a material test's material, a sample part's
 * materials, a sample's client): one place, so every picker finds and labels records alike.
 */
import { searchClients } from '@qcdesk/contract/client';
import { DEFAULT_PAGE_SIZE } from '@qcdesk/contract/constants';
import { getMaterial, searchMaterials } from '@qcdesk/contract/material';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { operationKey } from '../api/use-operation';
import { materialText } from './ref-labels';
import type { RemoteOption, RemoteSearch } from './remote-auto-complete';

/** The material auto-complete: `material/search` by name (name, technical and customs names). */
export const searchMaterialOptions: RemoteSearch = async (term, signal) => {
  const page = await api.call(
    searchMaterials,
    { name: term, pageSize: DEFAULT_PAGE_SIZE, count: false },
    { signal },
  );
  return page.list.map((material) => ({ value: material.id, label: materialText(material) }));
};

/** The client auto-complete: `client/search` by name. */
export const searchClientOptions: RemoteSearch = async (term, signal) => {
  const page = await api.call(
    searchClients,
    { name: term, pageSize: DEFAULT_PAGE_SIZE, count: false },
    { signal },
  );
  return page.list.map((client) => ({ value: client.id, label: client.name }));
};

/** A client as a picker shows it where its code matters (a client user's client): "code · name". */
export const clientCodeLabel = (client: { code: string; name: string }) => `${client.code} · ${client.name}`;

/** The client auto-complete by code or name (`client/search`: the name has the term, or the code is it). */
export const searchClientCodeOptions: RemoteSearch = async (term, signal) => {
  const page = await api.call(
    searchClients,
    { name: term, pageSize: DEFAULT_PAGE_SIZE, count: false },
    { signal },
  );
  return page.list.map((client) => ({ value: client.id, label: clientCodeLabel(client) }));
};

/** One material as a picker option (a new test opened from the material: `?material={id}`). */
export function useMaterialOption(id: string | null) {
  return useQuery({
    queryKey: [...operationKey(getMaterial), id],
    queryFn: () => api.call(getMaterial, { id: id ?? '' }),
    enabled: Boolean(id),
    select: (material): RemoteOption => ({ value: material.id, label: materialText(material) }),
  });
}

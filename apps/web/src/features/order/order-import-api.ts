import type { Language } from '@qcdesk/contract/messages';
import { importOrders, orderImportStatus, orderImportTemplate } from '@qcdesk/contract/order';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { uploadFile } from '../../api/upload';
import { operationKey } from '../../api/use-operation';
import { apiBase, readEnvironment } from '../../lib/environment';
import { isFinished } from './order-import-model';

// The calls of the order-file import (issue 14): upload the file (api/upload.ts, upload token),
// start the import job (order/import), poll it (order/import/status), fetch the template.

const statusKey = operationKey(orderImportStatus);

/** Milliseconds between two polls of a running import. */
export const POLL_MS = 1000;

/** Uploads the file and queues its import; answers the import (its id goes into the URL). */
export async function startOrderImport(file: File, replace: boolean, language: Language) {
  const uploaded = await uploadFile(file, language, { silent: true });
  return api.call(importOrders, { fileId: uploaded.id, replace }, { silent: true });
}

/** One import, polled every second until it is done, refused or failed. */
export function useOrderImport(id: string | null) {
  return useQuery({
    queryKey: [...statusKey, id],
    queryFn: () => api.call(orderImportStatus, { id: id ?? '' }, { silent: true }),
    enabled: id !== null,
    refetchInterval: (query) => (isFinished(query.state.data?.status) ? false : POLL_MS),
    retry: 1,
  });
}

/** A signed file URL under `/api/` lives under `/dev` in the sandbox, like every call. */
const fileHref = (url: string) => (url.startsWith('/api/') ? `${apiBase(readEnvironment())}${url}` : url);

/** Fetches the template's signed URL and downloads it under its name. */
export async function downloadOrderTemplate(): Promise<void> {
  const template = await api.call(orderImportTemplate, {});
  const link = document.createElement('a');
  link.href = fileHref(template.url);
  link.download = template.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

import { fileRoutes, type UploadedFile, uploadToken } from '@qcdesk/contract/files';
import { formatMessage, type Language, type Reason } from '@qcdesk/contract/messages';
import { importOrders, orderImportStatus, orderImportTemplate } from '@qcdesk/contract/order';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error';
import { api, NETWORK_ERROR_CODE } from '../../api/client';
import { operationKey } from '../../api/use-operation';
import { acceptLanguage } from '../../i18n/language';
import { apiBase, readEnvironment } from '../../lib/environment';
import { isFinished } from './order-import-model';

// The calls of the order-file import (issue 14): upload the file (files area, upload token),
// start the import job (order/import), poll it (order/import/status), fetch the template.

const statusKey = operationKey(orderImportStatus);

/** Milliseconds between two polls of a running import. */
export const POLL_MS = 1000;

const uploadRefusal = (status: number): Reason => {
  if (status === 413) return 'E_UPLOAD_TOO_BIG';
  if (status === 401) return 'E_UPLOAD_DENIED';
  return 'E_UPLOAD_FAILED';
};

/** Uploads the order file (multipart `file`, the upload token as Authorization): the stored file. */
export async function uploadOrderFile(file: File, language: Language): Promise<UploadedFile> {
  const { token } = await api.call(uploadToken, {}, { silent: true });
  const body = new FormData();
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`${apiBase(readEnvironment())}${fileRoutes.upload}`, {
      method: 'POST',
      headers: { Authorization: token, 'Accept-Language': acceptLanguage(language) },
      body,
    });
  } catch {
    throw new ApiError({
      code: NETWORK_ERROR_CODE,
      status: 0,
      reason: 'NETWORK',
      message: formatMessage('NETWORK', language),
    });
  }
  const result = (await response.json().catch(() => undefined)) as
    | { success?: boolean; error?: string; reason?: string; data?: UploadedFile }
    | undefined;
  if (!response.ok || !result?.success || !result.data) {
    const reason = uploadRefusal(response.status);
    throw new ApiError({
      code: response.status,
      status: response.status,
      reason: result?.reason ?? reason,
      message: result?.error || formatMessage(reason, language),
    });
  }
  return result.data;
}

/** Uploads the file and queues its import; answers the import (its id goes into the URL). */
export async function startOrderImport(file: File, replace: boolean, language: Language) {
  const uploaded = await uploadOrderFile(file, language);
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

import { fileRoutes, type UploadedFile, uploadToken } from '@qcdesk/contract/files';
import { formatMessage, type Language, type Reason } from '@qcdesk/contract/messages';
import { acceptLanguage } from '../i18n/language';
import { apiBase, readEnvironment } from '../lib/environment';
import { ApiError } from './api-error';
import { api, NETWORK_ERROR_CODE } from './client';

export type { UploadedFile };

/** A signed file URL under `/api/` lives under `/dev` in the sandbox, like every call. */
export const fileHref = (url: string) =>
  url.startsWith('/api/') ? `${apiBase(readEnvironment())}${url}` : url;

const uploadRefusal = (status: number): Reason => {
  // Spec §8 upload errors: 413 the image is too big, 401 no permission, anything else service failed.
  if (status === 413) return 'E_UPLOAD_TOO_BIG';
  if (status === 401) return 'E_UPLOAD_DENIED';
  return 'E_UPLOAD_FAILED';
};

/**
 * Uploads one file (spec §7: multipart `file`, the upload token as Authorization) and answers the
 * stored file, whose id the area's own operation then attaches (report files, contract files, …).
 */
export async function uploadFile(
  file: File,
  language: Language,
  /**
   * `silent`: the caller shows a refusal itself (no toast from the token call). `photo`: only an
   * image of at most `maxMb` is taken (the server refuses anything else with E_IMAGE_ONLY or
   * E_FILE_TOO_BIG, docs/adr/0014-thumbnails.md).
   */
  options: { silent?: boolean; photo?: { maxMb?: number } } = {},
): Promise<UploadedFile> {
  const { token } = await api.call(uploadToken, {}, options.silent ? { silent: true } : {});
  const body = new FormData();
  // Options go before the file: the server reads them before the bytes arrive.
  if (options.photo) {
    body.append('accept', 'image');
    if (options.photo.maxMb !== undefined) body.append('maxMb', String(options.photo.maxMb));
  }
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

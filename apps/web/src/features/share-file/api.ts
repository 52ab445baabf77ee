import { fileRoutes, type ShortUrlInfo } from '@qcdesk/contract/files';
import { formatMessage, type Language } from '@qcdesk/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error';
import { acceptLanguage } from '../../i18n/language';
import { apiBase, readEnvironment } from '../../lib/environment';

// The shared-file page talks to the plain short-URL routes (no sign-in, no envelope): the link's
// id and password are the only credentials (spec §7 short URL get and download).

const base = () => apiBase(readEnvironment());

/** Reads a refusal of a plain route ({success:false, error, code, reason}) as an ApiError. */
async function refusalOf(response: Response, language: Language): Promise<ApiError> {
  let body: { error?: unknown; reason?: unknown; code?: unknown; data?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not a result: fall back to the status text.
  }
  return new ApiError({
    code: typeof body.code === 'number' ? body.code : response.status,
    status: response.status,
    reason: typeof body.reason === 'string' ? body.reason : undefined,
    message:
      typeof body.error === 'string' && body.error
        ? body.error
        : response.statusText || formatMessage('E_UPLOAD_FAILED', language),
    // A lockout (E_LOCKED_OUT) carries the seconds to wait: { retryAfter }.
    data: body.data ?? undefined,
  });
}

async function send(url: string, init: RequestInit, language: Language): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { ...init.headers, 'Accept-Language': acceptLanguage(language) },
    });
  } catch {
    throw new ApiError({
      code: 501,
      status: 0,
      reason: 'NETWORK',
      message: formatMessage('NETWORK', language),
    });
  }
  if (!response.ok) throw await refusalOf(response, language);
  return response;
}

const withPassword = (password: string | undefined, extra: Record<string, string> = {}) => {
  const query = new URLSearchParams(extra);
  if (password) query.set('pwd', password);
  const text = query.toString();
  return text ? `?${text}` : '';
};

export async function fetchShareInfo(
  id: string,
  password: string | undefined,
  language: Language,
): Promise<ShortUrlInfo> {
  const response = await send(
    `${base()}${fileRoutes.shortUrlInfo(id)}${withPassword(password)}`,
    {},
    language,
  );
  // The answer is the contract's `shortUrlInfo` as it travels (ids and dates already strings).
  const body = (await response.json()) as { data?: ShortUrlInfo };
  if (!body.data || !Array.isArray(body.data.files)) {
    throw new ApiError({
      code: 500,
      status: response.status,
      message: formatMessage('E_UPLOAD_FAILED', language),
    });
  }
  return body.data;
}

/** The file name of a download: RFC 5987 `filename*` first, then `filename`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // A malformed name: use the plain one.
    }
  }
  const plain = /filename="([^"]*)"/i.exec(disposition);
  return plain?.[1] || fallback;
}

/** Downloads one file of the link (by index) or all of them as one zip; counts one access. */
export async function downloadShared(
  id: string,
  password: string | undefined,
  index: number | undefined,
  language: Language,
): Promise<{ blob: Blob; name: string }> {
  const query = withPassword(password, index === undefined ? {} : { file: String(index) });
  const response = await send(
    `${base()}${fileRoutes.shortUrlDownload(id)}${query}`,
    { method: 'POST' },
    language,
  );
  const blob = await response.blob();
  return { blob, name: fileNameOf(response.headers.get('content-disposition'), `${id}.zip`) };
}

/** Hands a downloaded blob to the browser as a file save. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const shareInfoKey = (id: string, password: string | undefined) =>
  ['shortUrl', id, password ?? ''] as const;

export function useShareInfo(id: string, password: string | undefined, language: Language) {
  return useQuery<ShortUrlInfo, ApiError>({
    queryKey: [...shareInfoKey(id, password), language],
    queryFn: () => fetchShareInfo(id, password, language),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

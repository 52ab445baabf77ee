import { CLIENT_CODE_WEB, ENVELOPE_CODES } from '@qcdesk/contract/constants';
import { EnvelopeClient } from '@qcdesk/contract/envelope';
import { refreshAccessToken } from '@qcdesk/contract/identity';
import type { Language } from '@qcdesk/contract/messages';
import { transportMessages as messages } from '@qcdesk/contract/messages-core';
import type { InputOf, OperationDef, OutputOf } from '@qcdesk/contract/operation';
import type { Result } from '@qcdesk/contract/result';
import { currentLanguage } from '../i18n/i18n';
import { acceptLanguage } from '../i18n/language';
import { apiBase, readEnvironment } from '../lib/environment';
import { ApiError } from './api-error';
import { loading } from './loading-counter';
import { serverText } from './server-text';
import { tokens } from './session-tokens';
import { createTokenRefresher, type RefreshOutcome, webLock } from './token-refresh';

/** Spec §8: a request that never got an answer. */
export const NETWORK_ERROR_CODE = 501;

export interface CallOptions {
  /** No toast: the caller shows the failure itself (a form marking its field, a background poll). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Trade the refresh token and repeat after a 401 (default); off for the refresh call itself. */
  refresh?: boolean;
  /** Report a 400 to `onSessionLost` (default); off for calls whose caller handles a lost session. */
  sessionLost?: boolean;
}

export interface ApiHandlers {
  /** Every failed call that is not silent: the app shows it as a 2 s toast. */
  onFailure: (error: ApiError) => void;
  /**
   * A 400 answer: the request is unusable or the session is gone for good (PROTOCOL.md). The app,
   * which knows the routes, decides whether and how to go to Login (spec §8).
   */
  onSessionLost: (path: string, detail: { op: OperationDef; error: ApiError }) => void;
}

export interface ApiClientOptions extends Partial<ApiHandlers> {
  fetch: typeof fetch;
  /** '' or '/dev' (see lib/environment.ts), read on every call so an environment switch applies at once. */
  base: () => string;
  token: () => string | null;
  language: () => Language;
  /** Path, query and hash of the page, the `redirect` of a trip to Login. */
  currentPath: () => string;
  /**
   * Spec §4: after a 401, trade the refresh token once (for callers that sent `staleBearer`), then
   * repeat the call. Without it a 401 simply rejects.
   */
  refresh?: (staleBearer: string | null) => Promise<RefreshOutcome>;
  clientCode?: string;
  onCallStart?: () => void;
  onCallEnd?: () => void;
}

export interface ApiClient {
  /** Runs the operation and resolves with its `data`; rejects with an ApiError. */
  call<Op extends OperationDef>(op: Op, input: InputOf<Op>, options?: CallOptions): Promise<OutputOf<Op>>;
  /** As `call`, but resolves with the whole result, for details that need `modify`/`author`/`checkOut`. */
  callResult<Op extends OperationDef>(
    op: Op,
    input: InputOf<Op>,
    options?: CallOptions,
  ): Promise<Result<OutputOf<Op>>>;
  /** Installs app handlers; returns a function that removes them again. */
  setHandlers(handlers: Partial<ApiHandlers>): () => void;
  /** Forgets every client key, as after a sign-out. */
  resetKeys(): void;
}

type PlainResult = Result<unknown>;

interface PublicKeyResponse {
  keyId: string;
  publicKey: string;
}

function isPublicKeyResponse(value: unknown): value is PublicKeyResponse {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.keyId === 'string' && typeof v.publicKey === 'string';
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads a result leniently: the plain refusals sent before a key is established carry only
 * `success`, `error` and `code` (PROTOCOL.md), and a result must never be lost to a strict check.
 */
function asResult(value: unknown, status: number): PlainResult | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.success !== 'boolean') return undefined;
  const text = (x: unknown) => (typeof x === 'string' ? x : undefined);
  const flag = (x: unknown) => (typeof x === 'boolean' ? x : undefined);
  const result: PlainResult = {
    success: v.success,
    error: text(v.error) ?? '',
    code: typeof v.code === 'number' && Number.isInteger(v.code) ? v.code : v.success ? 0 : status,
    data: v.data,
  };
  const reason = text(v.reason) as PlainResult['reason'];
  if (reason !== undefined) result.reason = reason;
  const field = text(v.field);
  if (field !== undefined) result.field = field;
  const modify = flag(v.modify);
  if (modify !== undefined) result.modify = modify;
  const author = flag(v.author);
  if (author !== undefined) result.author = author;
  const checkOut = flag(v.checkOut);
  if (checkOut !== undefined) result.checkOut = checkOut;
  return result;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const clientCode = options.clientCode ?? CLIENT_CODE_WEB;
  const handlers: Partial<ApiHandlers> = {
    onFailure: options.onFailure,
    onSessionLost: options.onSessionLost,
  };
  // One client key per API base for the life of the tab (PROTOCOL.md "Keys"); never persisted.
  const envelopes = new Map<string, EnvelopeClient>();

  // The texts of these reasons have no placeholders; `messages` directly keeps formatMessage's field
  // labels (every master-data list's) out of the bundle every route loads.
  const message = (reason: keyof typeof messages): string => messages[reason][options.language()];

  const networkError = () =>
    new ApiError({ code: NETWORK_ERROR_CODE, status: 0, reason: 'NETWORK', message: message('NETWORK') });

  const send = async (input: string, init: RequestInit): Promise<Response> => {
    try {
      return await options.fetch(input, init);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw networkError();
    }
  };

  const envelopeFor = (base: string): EnvelopeClient => {
    let envelope = envelopes.get(base);
    if (!envelope) {
      envelope = new EnvelopeClient(async () => {
        const response = await send(`${base}/api/publickey`, { headers: { Accept: 'application/json' } });
        const body = await readJson(response);
        if (!response.ok || !isPublicKeyResponse(body)) {
          // No envelope API at this base (a sandbox the server does not serve answers the SPA's
          // index.html): as unreachable as a network failure.
          throw new ApiError({
            code: NETWORK_ERROR_CODE,
            status: response.status,
            reason: 'NETWORK',
            message: message('NETWORK'),
          });
        }
        return body;
      });
      envelopes.set(base, envelope);
    }
    return envelope;
  };

  /** A sealed body opens with our key; a plain one (refusals before a key is established) is read as is. */
  const readResult = async (
    openSealed: (sealed: string) => Promise<unknown>,
    body: unknown,
    status: number,
  ): Promise<{ result: PlainResult | undefined; sealed: boolean }> => {
    const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
    if (typeof data === 'string') {
      try {
        const opened = asResult(await openSealed(data), status);
        if (opened) return { result: opened, sealed: true };
      } catch {
        // Not our seal: fall through and read the body as a plain result.
      }
    }
    return { result: asResult(body, status), sealed: false };
  };

  const failure = (status: number, result: PlainResult | undefined, fallback: string) =>
    new ApiError({
      code: result?.code ?? status,
      status,
      reason: result?.reason,
      field: result?.field,
      // Spec §8's translated texts show in the UI's language (an English status text in a Chinese UI).
      message: serverText(result?.error || fallback, result?.reason, options.language()),
      data: result?.data,
    });

  const attempt = async (
    op: OperationDef,
    input: unknown,
    callOptions: CallOptions,
    bearer: string | null,
    retried: boolean,
  ): Promise<PlainResult> => {
    const { signal } = callOptions;
    const base = options.base();
    const envelope = envelopeFor(base);
    const call = await envelope.sealCall(op.method, input ?? {});
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Accept-Language': acceptLanguage(options.language()),
    };
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    const url = `${base}/api/${op.path}?cpt=${encodeURIComponent(clientCode)}&format=json`;
    const response = await send(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(call.body),
      ...(signal ? { signal } : {}),
    });
    const body = await readJson(response);
    const { status, statusText } = response;
    const { result, sealed } = await readResult(call.open, body, status);

    // The server could not open our envelope (key rotated, server restarted): new key, one more try.
    if (status === 400 && !sealed && result?.code === ENVELOPE_CODES.invalidEncrypted && !retried) {
      envelope.reset();
      return attempt(op, input, callOptions, bearer, true);
    }

    if (status < 300) {
      // A success must come sealed with our key; anything else may have been forged on the way.
      if (!sealed || !result) {
        throw new ApiError({
          code: status,
          status,
          reason: 'UNAUTHENTICATED',
          message: message('UNAUTHENTICATED'),
        });
      }
      if (!result.success) throw failure(status, result, statusText);
      return result;
    }
    if (status === 400) {
      const error = failure(status, result, statusText || message('E_BAD_REQUEST'));
      if (callOptions.sessionLost !== false) handlers.onSessionLost?.(options.currentPath(), { op, error });
      throw error;
    }
    if (status === 401) throw failure(status, result, statusText || message('UNAUTHORIZED'));
    // Spec §8 shows 403 and 500 by their status text; the sealed text is that same text in the user's language.
    if (status === 403) throw failure(status, result, statusText || message('E_PERMISSION'));
    if (status === 500) throw failure(status, result, statusText || message('INTERNAL'));
    throw failure(status, result, statusText || message('NETWORK'));
  };

  const run = async <Op extends OperationDef>(
    op: Op,
    input: InputOf<Op>,
    callOptions: CallOptions = {},
  ): Promise<Result<OutputOf<Op>>> => {
    options.onCallStart?.();
    try {
      const bearer = options.token();
      try {
        return (await attempt(op, input, callOptions, bearer, false)) as Result<OutputOf<Op>>;
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        if (callOptions.refresh === false || !options.refresh) throw error;
        const outcome = await options.refresh(bearer);
        if (outcome.ok) {
          return (await attempt(op, input, callOptions, options.token(), false)) as Result<OutputOf<Op>>;
        }
        if (!outcome.error) throw error;
        // The refresh token was refused: the session is over (spec §8, "token expired").
        if (outcome.error.status !== 0 && callOptions.sessionLost !== false) {
          handlers.onSessionLost?.(options.currentPath(), { op, error: outcome.error });
        }
        throw outcome.error;
      }
    } catch (error) {
      if (isAbort(error)) throw error;
      const apiError =
        error instanceof ApiError
          ? error
          : new ApiError({
              code: NETWORK_ERROR_CODE,
              status: 0,
              message: error instanceof Error && error.message ? error.message : message('NETWORK'),
            });
      if (!callOptions.silent) handlers.onFailure?.(apiError);
      throw apiError;
    } finally {
      options.onCallEnd?.();
    }
  };

  return {
    call: async (op, input, callOptions) => (await run(op, input, callOptions)).data,
    callResult: run,
    setHandlers(next) {
      const previous = { ...handlers };
      Object.assign(handlers, next);
      return () => {
        Object.assign(handlers, previous);
      };
    },
    resetKeys() {
      for (const envelope of envelopes.values()) envelope.reset();
      envelopes.clear();
    },
  };
}

const currentPath = () => {
  const location = globalThis.location;
  return location ? `${location.pathname}${location.search}${location.hash}` : '/';
};

const refresher = createTokenRefresher({
  tokens,
  exchange: (refreshToken) =>
    api.call(refreshAccessToken, { refreshToken }, { silent: true, refresh: false, sessionLost: false }),
  exclusive: webLock,
  expiredMessage: () => messages.REFRESH_EXPIRED[currentLanguage()],
});

/** The tab's API client: current environment, bearer token of this tab, language of the UI. */
export const api: ApiClient = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  base: () => apiBase(readEnvironment()),
  token: tokens.bearer,
  language: currentLanguage,
  currentPath,
  refresh: refresher.refresh,
  onCallStart: loading.start,
  onCallEnd: loading.end,
});

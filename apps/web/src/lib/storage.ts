import { PRODUCT_CODE } from '@qcdesk/contract/constants';

/** Browser storage keys carry the product code so several apps on one origin never collide. */
export const storageKeys = {
  language: `${PRODUCT_CODE}.language`,
  environment: `${PRODUCT_CODE}.env`,
  /** Product-environment bearer token (session storage); see `tokenKeys` for the sandbox ones. */
  bearerToken: `${PRODUCT_CODE}.bearerToken`,
  refreshToken: `${PRODUCT_CODE}.refreshToken`,
  /** The administrator's own product tokens while impersonating someone (session storage; see `tokenKeys`). */
  impersonator: `${PRODUCT_CODE}.impersonator`,
} as const;

type StorageKind = 'localStorage' | 'sessionStorage';

// Storage throws in some privacy modes and is absent outside a browser; the app must still start.
function storage(kind: StorageKind): Storage | undefined {
  try {
    return globalThis[kind] ?? undefined;
  } catch {
    return undefined;
  }
}

export function readStorage(kind: StorageKind, key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(kind: StorageKind, key: string, value: string | null): void {
  try {
    const s = storage(kind);
    if (value === null) s?.removeItem(key);
    else s?.setItem(key, value);
  } catch {
    // A full or blocked storage only loses the preference, never the action.
  }
}

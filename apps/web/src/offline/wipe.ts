import { tokenKeys } from '../api/session-tokens';
import { readEnvironment } from '../lib/environment';
import { writeStorage } from '../lib/storage';

/**
 * The offline store's names (issue 31). Kept apart from the store itself so that signing out (api/session.ts)
 * can wipe it without loading the offline code on every route.
 */
export const OFFLINE_DB = 'qcdesk-offline';

/** The key of the store's encryption key, beside the session's refresh token (both storages). */
export const offlineKeyName = () => `${tokenKeys(readEnvironment()).refresh}.offline`;

const wiped = new Set<() => void>();

/** What this page holds of the store in memory (the outboxes read) goes with it too. */
export function onOfflineWipe(forget: () => void): void {
  wiped.add(forget);
}

/** Signing out or a refused session: the key goes, then the database (unreadable without it anyway). */
export function wipeOfflineStore(): void {
  for (const forget of wiped) forget();
  writeStorage('localStorage', offlineKeyName(), null);
  writeStorage('sessionStorage', offlineKeyName(), null);
  try {
    globalThis.indexedDB?.deleteDatabase(OFFLINE_DB);
  } catch {
    // No IndexedDB (private mode): nothing was stored.
  }
}

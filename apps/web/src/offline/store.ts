import { tokens } from '../api/session-tokens';
import { readStorage, writeStorage } from '../lib/storage';
import { OFFLINE_DB, offlineKeyName } from './wipe';

/** The key of the query cache's snapshot (the offline start hydrates from it). */
export const SNAPSHOT_KEY = 'snapshot';

/** A key-value store of JSON values and blobs (the offline store, or a map in the tests). */
export interface OfflineStore {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  /** The keys starting with `prefix`. */
  keys(prefix: string): Promise<string[]>;
}

/** The tests' store: the same interface over a map (values are copied, as IndexedDB does). */
export function memoryStore(): OfflineStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: async <T>(key: string) => map.get(key) as T | undefined,
    put: async (key, value) => {
      map.set(key, value instanceof Blob ? value : structuredClone(value));
    },
    del: async (key) => {
      map.delete(key);
    },
    keys: async (prefix) => [...map.keys()].filter((k) => k.startsWith(prefix)),
  };
}

const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * The AES-GCM key of the store, made at first use and kept where the session keeps its refresh token
 * (local storage when the sign-in is remembered, else session storage): it goes with the session.
 */
async function storeKey(create: boolean): Promise<CryptoKey | null> {
  const name = offlineKeyName();
  const raw = readStorage('localStorage', name) ?? readStorage('sessionStorage', name);
  if (raw) return crypto.subtle.importKey('raw', fromBase64(raw), 'AES-GCM', false, ['encrypt', 'decrypt']);
  if (!create) return null;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const exported = toBase64(await crypto.subtle.exportKey('raw', key));
  writeStorage(tokens.remembered() ? 'localStorage' : 'sessionStorage', name, exported);
  return key;
}

interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
  /** A blob's type (a photo); absent for a JSON value. */
  type?: string;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(OFFLINE_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('kv');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function run<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  act: (s: IDBObjectStore) => IDBRequest,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = act(db.transaction('kv', mode).objectStore('kv'));
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error);
  });
}

/**
 * The browser's offline store: IndexedDB, every value sealed with AES-GCM under the session's key
 * (JSON values as text, photos as their original bytes). Without the key nothing reads.
 */
export function indexedDbStore(): OfflineStore {
  let db: Promise<IDBDatabase> | undefined;
  const database = () => {
    db ??= openDb();
    return db;
  };
  return {
    async get<T>(key: string) {
      const cryptoKey = await storeKey(false);
      if (!cryptoKey) return undefined;
      const sealed = await run<Sealed | undefined>(await database(), 'readonly', (s) => s.get(key));
      if (!sealed) return undefined;
      try {
        const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, cryptoKey, sealed.data);
        if (sealed.type !== undefined) return new Blob([plain], { type: sealed.type }) as T;
        return JSON.parse(new TextDecoder().decode(plain)) as T;
      } catch {
        return undefined;
      }
    },
    async put(key, value) {
      const cryptoKey = await storeKey(true);
      if (!cryptoKey) return;
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const blob = value instanceof Blob ? value : null;
      const plain = blob ? await blob.arrayBuffer() : new TextEncoder().encode(JSON.stringify(value));
      const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, cryptoKey, plain);
      const sealed: Sealed = blob ? { iv, data, type: blob.type } : { iv, data };
      await run(await database(), 'readwrite', (s) => s.put(sealed, key));
    },
    async del(key) {
      await run(await database(), 'readwrite', (s) => s.delete(key));
    },
    async keys(prefix) {
      const all = await run<IDBValidKey[]>(await database(), 'readonly', (s) => s.getAllKeys());
      return all.map(String).filter((k) => k.startsWith(prefix));
    },
  };
}

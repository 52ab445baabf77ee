import { configListOperations } from '@qcdesk/contract/config';
import type { ConfigListName } from '@qcdesk/contract/config-lists';
import { MAX_PAGE_SIZE } from '@qcdesk/contract/constants';
import { dehydrate, onlineManager, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { api } from '../api/client';
import { uploadFile } from '../api/upload';
import { operationKey } from '../api/use-operation';
import { currentLanguage } from '../i18n/i18n';
import { type KindCall, kindCalls, type OfflineKind, outboxKey } from './kind';
import {
  coalesce,
  emptyOutbox,
  LOCAL_PHOTO,
  type LocalPhoto,
  pendingPhotos,
  queuedBody,
  type ReportOutbox,
} from './outbox';
import { indexedDbStore, SNAPSHOT_KEY } from './store';
import { photoKey, type SyncOutcome, syncReport } from './sync';
import { onOfflineWipe, wipeOfflineStore } from './wipe';
import { registerOfflineWorker, workerActive } from './worker';

// The reports kept offline, of every kind (src/offline/kind.ts): in memory and in the store, each
// under its kind's key (`{prefix}:{id}`).
const store = indexedDbStore();
const outboxes = new Map<string, ReportOutbox>();
const urls = new Map<string, string>();
const running = new Map<string, { done: number; total: number }>();
const generations = new Map<string, number>();
const listeners = new Set<() => void>();
let tick = 0;

function emit() {
  tick += 1;
  for (const listener of listeners) listener();
}

onOfflineWipe(() => {
  outboxes.clear();
  for (const url of urls.values()) URL.revokeObjectURL(url);
  urls.clear();
  emit();
});

export const offlineStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  tick: () => tick,
};

export const outboxOf = (kind: OfflineKind, id: string) => outboxes.get(outboxKey(kind, id));
/** A photo taken offline, shown from its object URL (photo ids are unique across kinds). */
export const photoUrl = (id: string) => urls.get(id);
export const syncProgress = (kind: OfflineKind, id: string) => running.get(outboxKey(kind, id));
export const generationOf = (kind: OfflineKind, id: string) => generations.get(outboxKey(kind, id)) ?? 0;

/** Whether the report's writes go to its outbox: it is kept offline, and offline or waiting already. */
export function capturing(kind: OfflineKind, id: string): boolean {
  const outbox = outboxOf(kind, id);
  return !!outbox && (!onlineManager.isOnline() || outbox.entries.length > 0 || outbox.conflict);
}

/** The photos and changes still to send. */
export function pendingCounts(kind: OfflineKind, id: string): { changes: number; photos: number } {
  const outbox = outboxOf(kind, id);
  if (!outbox) return { changes: 0, photos: 0 };
  return { changes: outbox.entries.length, photos: pendingPhotos(outbox).length };
}

async function keep(kind: OfflineKind, outbox: ReportOutbox): Promise<void> {
  const key = outboxKey(kind, outbox.reportId);
  outboxes.set(key, outbox);
  emit();
  await store.put(key, outbox);
}

/** Reads the report's outbox (once per page life) and makes its offline photos showable. */
export async function loadOutbox(kind: OfflineKind, id: string): Promise<void> {
  const key = outboxKey(kind, id);
  if (outboxes.has(key)) return;
  const outbox = await store.get<ReportOutbox>(key).catch(() => undefined);
  if (!outbox || outboxes.has(key)) return;
  for (const photo of outbox.photos) {
    const blob = await store.get<Blob>(photoKey(photo.id)).catch(() => undefined);
    if (blob) urls.set(photo.id, URL.createObjectURL(blob));
  }
  outboxes.set(key, outbox);
  emit();
}

/** A write that could not (or must not yet) go: queued, its section's later writes replacing it. */
export function enqueue(kind: OfflineKind, id: string, path: string, input: Record<string, unknown>): void {
  const outbox = outboxOf(kind, id);
  if (!outbox) return;
  outbox.entries = coalesce(outbox.entries, { path, body: queuedBody(input) });
  void keep(kind, outbox);
}

/** What a section shows after an offline reload, while its write waits. */
export function keepDraft(kind: OfflineKind, id: string, section: string, value: unknown): void {
  const outbox = outboxOf(kind, id);
  if (!outbox) return;
  outbox.drafts = { ...outbox.drafts, [section]: value };
  void keep(kind, outbox);
}

/** A section's kept draft, when the report has writes waiting (else the server's value is the truth). */
export function draftOf<T>(kind: OfflineKind, id: string, section: string): T | undefined {
  const outbox = outboxOf(kind, id);
  if (!outbox || outbox.conflict || outbox.entries.length === 0) return undefined;
  return outbox.drafts[section] as T | undefined;
}

/** A photo taken offline: its original bytes (EXIF and all) kept, shown from an object URL. */
export async function addPhoto(kind: OfflineKind, id: string, file: File): Promise<LocalPhoto> {
  const outbox = outboxOf(kind, id);
  const photo: LocalPhoto = { id: `${LOCAL_PHOTO}${crypto.randomUUID()}`, name: file.name };
  await store.put(photoKey(photo.id), file);
  urls.set(photo.id, URL.createObjectURL(file));
  if (outbox) {
    outbox.photos = [...outbox.photos, photo];
    await keep(kind, outbox);
  }
  return photo;
}

/** A master list the editor picks from offline (config-select's first page of active rows). */
function prefetchList(client: QueryClient, list: ConfigListName) {
  const op = configListOperations[list].search;
  const input = { active: 1, page: 1, pageSize: MAX_PAGE_SIZE };
  return client
    .prefetchQuery({
      queryKey: operationKey(op, input as never),
      queryFn: () => api.call(op, input as never, { silent: true }),
      staleTime: 5 * 60_000,
    })
    .catch(() => undefined);
}

/**
 * Keeps the report for offline work (the holder, while online): the code of this screen (once the
 * inspector set the device up for offline work, `registerOfflineWorker`), the successful queries of the cache (report, session, master lists) and the
 * report's version as the base a lapsed checkout is compared with.
 */
export async function prepareReport(
  client: QueryClient,
  kind: OfflineKind,
  id: string,
  version: number,
): Promise<void> {
  // The worker only once the inspector asked for it (the bar's button): other users download nothing.
  if (workerActive()) void registerOfflineWorker();
  const outbox = outboxOf(kind, id) ?? emptyOutbox(id, version);
  if (outbox.entries.length === 0 && !outbox.conflict) outbox.baseVersion = version;
  await keep(kind, outbox);
  await Promise.all(kind.lists.map((list) => prefetchList(client, list)));
  const state = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' });
  await store.put(SNAPSHOT_KEY, state);
}

/** The snapshot of the cache, for an offline start. */
export const readSnapshot = () => store.get<ReturnType<typeof dehydrate>>(SNAPSHOT_KEY);

/** The app's API client as the sync calls it: silently (the bar says what came of it). */
const silentCall: KindCall = (op, input) => api.call(op, input as never, { silent: true });

async function clearSent(kind: OfflineKind, outbox: ReportOutbox, version: number): Promise<void> {
  for (const photo of outbox.photos) {
    await store.del(photoKey(photo.id));
    const url = urls.get(photo.id);
    if (url) URL.revokeObjectURL(url);
    urls.delete(photo.id);
  }
  await keep(kind, { ...emptyOutbox(outbox.reportId, version) });
  generations.set(outboxKey(kind, outbox.reportId), generationOf(kind, outbox.reportId) + 1);
  emit();
}

/** Sends the report's outbox (on reconnect, "send now", or the inspector's "apply mine"). */
export async function syncOutbox(
  client: QueryClient,
  kind: OfflineKind,
  id: string,
  apply = false,
): Promise<SyncOutcome> {
  const key = outboxKey(kind, id);
  const outbox = outboxes.get(key);
  if (!outbox || running.has(key) || !onlineManager.isOnline()) return { kind: 'idle' };
  running.set(key, { done: 0, total: 0 });
  emit();
  let outcome: SyncOutcome = { kind: 'idle' };
  try {
    outcome = await syncReport(
      outbox,
      {
        store,
        ...kindCalls(kind, silentCall),
        upload: (file) => uploadFile(file, currentLanguage(), { silent: true, photo: {} }),
        save: (changed) => keep(kind, changed),
        progress: (done, total) => {
          running.set(key, { done, total });
          emit();
        },
      },
      apply,
    );
    if (outcome.kind === 'done' && outbox.entries.length === 0)
      await clearSent(kind, outbox, outcome.version);
  } catch (error) {
    // The session is gone (revoked, refresh refused): nothing of it may stay on the device.
    if (error instanceof ApiError && (error.status === 400 || error.status === 401)) wipeOfflineStore();
  } finally {
    running.delete(key);
    emit();
  }
  if (outcome.kind !== 'offline') void client.invalidateQueries({ queryKey: operationKey(kind.get) });
  // Writes made while this ran wait in the outbox still: they go next.
  if (outcome.kind === 'done' && (outboxes.get(key)?.entries.length ?? 0) > 0)
    return syncOutbox(client, kind, id);
  return outcome;
}

/** The inspector lets the offline entries go (after a conflict): the server's values stay. */
export async function discardOutbox(kind: OfflineKind, id: string): Promise<void> {
  const outbox = outboxOf(kind, id);
  if (outbox) await clearSent(kind, outbox, outbox.baseVersion);
}

import { ApiError } from '../api/api-error';
import { isNetworkError } from '../api/guard';
import {
  decide,
  type OutboxEntry,
  pendingPhotos,
  type ReportOutbox,
  replaceIds,
  type ServerReport,
  sendQueue,
} from './outbox';
import type { OfflineStore } from './store';

/** What the sync needs of the server (the app's API client; a fake in the tests). */
export interface SyncDeps {
  store: OfflineStore;
  fetchReport: (id: string) => Promise<ServerReport>;
  checkout: (id: string) => Promise<ServerReport>;
  send: (entry: OutboxEntry, version: number) => Promise<{ version: number }>;
  upload: (file: File) => Promise<{ id: string }>;
  /** The outbox changed (a photo uploaded, a write sent): keep it. */
  save: (outbox: ReportOutbox) => Promise<void>;
  progress?: (done: number, total: number) => void;
}

export type SyncOutcome =
  | { kind: 'idle' }
  | { kind: 'done'; version: number }
  | { kind: 'conflict'; server: ServerReport }
  /** Not reachable (still offline, or the connection dropped half-way): the rest waits. */
  | { kind: 'offline' };

export const photoKey = (id: string) => `photo:${id}`;

/** Uploads the photos the queue still names, one by one, each stored id kept at once. */
async function uploadPhotos(outbox: ReportOutbox, deps: SyncDeps): Promise<void> {
  const photos = pendingPhotos(outbox);
  deps.progress?.(0, photos.length);
  for (const [index, photo] of photos.entries()) {
    const blob = await deps.store.get<Blob>(photoKey(photo.id));
    if (!blob) continue;
    const file = new File([blob], photo.name, { type: blob.type });
    const stored = await deps.upload(file);
    outbox.uploaded = { ...outbox.uploaded, [photo.id]: stored.id };
    await deps.save(outbox);
    deps.progress?.(index + 1, photos.length);
  }
}

/**
 * Sends a report's outbox (issue 31): the photos first (their local ids then replaced by the stored
 * ones), then, when the caller holds the checkout (or may take it again: free, version unchanged),
 * the writes in order along the version chain. `apply` is the inspector's "apply mine" after a
 * conflict: it sends only while they hold the checkout again.
 */
export async function syncReport(outbox: ReportOutbox, deps: SyncDeps, apply = false): Promise<SyncOutcome> {
  if (outbox.entries.length === 0) return { kind: 'idle' };
  try {
    await uploadPhotos(outbox, deps);
    let server = await deps.fetchReport(outbox.reportId);
    const decision = decide(server, outbox.baseVersion);
    if (decision === 'conflict' || (outbox.conflict && !(apply && decision === 'send'))) {
      outbox.conflict = true;
      await deps.save(outbox);
      return { kind: 'conflict', server };
    }
    if (decision === 'retake') server = await deps.checkout(outbox.reportId);
    const entries = outbox.entries.map((e) => replaceIds(e, outbox.uploaded));
    const version = await sendQueue(entries, server.version, deps.send, async (_index, next) => {
      outbox.entries = outbox.entries.slice(1);
      outbox.baseVersion = next;
      await deps.save(outbox);
    });
    return { kind: 'done', version };
  } catch (error) {
    if (error instanceof ApiError && isNetworkError(error)) return { kind: 'offline' };
    if (error instanceof ApiError && (error.status === 400 || error.status === 401)) throw error;
    // Refused (someone saved, the checkout went): the edits wait apart, beside the server's.
    outbox.conflict = true;
    await deps.save(outbox);
    const server = await deps.fetchReport(outbox.reportId).catch(() => null);
    return server ? { kind: 'conflict', server } : { kind: 'offline' };
  }
}

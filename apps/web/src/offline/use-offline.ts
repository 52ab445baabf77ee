import type { OperationDef } from '@qcdesk/contract/operation';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { ApiError } from '../api/api-error';
import { isNetworkError } from '../api/guard';
import { operationKey } from '../api/use-operation';
import type { OfflineKind, OfflineTarget } from './kind';
import {
  addPhoto,
  capturing,
  draftOf,
  enqueue,
  generationOf,
  keepDraft,
  loadOutbox,
  offlineStore,
  outboxOf,
  prepareReport,
  syncOutbox,
} from './reports';

/** The report the editor below works on (its sections keep drafts and photos offline under it). */
export const OfflineReportContext = createContext<OfflineTarget | null>(null);

/** Re-renders on every change of the offline store; answers its tick. */
export const useOfflineTick = () => useSyncExternalStore(offlineStore.subscribe, offlineStore.tick);

export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
}

/**
 * The editor's offline life (issue 31): reads the report's outbox before the sections mount (their
 * drafts), keeps the report for offline work while the caller holds the checkout and is online,
 * and sends the outbox when the connection is back. `generation` changes once the outbox is sent
 * (the sections start again from the server's values).
 */
export function useOfflineReport(
  kind: OfflineKind,
  report: { id: string; version: number; actions: readonly string[] },
) {
  const client = useQueryClient();
  const online = useOnline();
  useOfflineTick();
  const [loaded, setLoaded] = useState(() => outboxOf(kind, report.id) !== undefined);
  const holding = report.actions.includes('update');
  useEffect(() => {
    let live = true;
    void loadOutbox(kind, report.id).finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [kind, report.id]);
  useEffect(() => {
    if (!loaded || !online) return;
    const outbox = outboxOf(kind, report.id);
    if (outbox && (outbox.entries.length > 0 || outbox.conflict)) {
      if (!outbox.conflict) void syncOutbox(client, kind, report.id);
      return;
    }
    if (holding) void prepareReport(client, kind, report.id, report.version);
  }, [loaded, online, holding, kind, report.id, report.version, client]);
  // The context's value for the editor's parts (one object per report: its consumers keep still).
  const target = useMemo<OfflineTarget>(() => ({ kind, id: report.id }), [kind, report.id]);
  const outbox = outboxOf(kind, report.id);
  // Sent: the outbox's base is the server's new version until the report is read again.
  const behind =
    !!outbox && outbox.entries.length === 0 && !outbox.conflict && report.version < outbox.baseVersion;
  return { ready: loaded, generation: generationOf(kind, report.id), target, behind };
}

const queuedAnswers = new WeakSet<object>();

/** Whether a write's answer says it was queued, not sent (the section shows "not yet sent"). */
export const isQueuedAnswer = (answer: unknown) =>
  typeof answer === 'object' && answer !== null && queuedAnswers.has(answer);

/** The report's cached detail: what a queued write answers (the version unchanged). */
function useCachedDetail(kind: OfflineKind) {
  const client = useQueryClient();
  return useCallback(
    (id: string) => {
      const cached = client.getQueryData<{ data: unknown }>([...operationKey(kind.get), id]);
      if (!cached) throw new ApiError({ code: 0, status: 0, reason: 'NETWORK', message: 'offline' });
      const answer = { ...(cached.data as object) };
      queuedAnswers.add(answer);
      return answer;
    },
    [client, kind],
  );
}

/**
 * A report write that queues itself when the report is kept offline and the connection is down (or
 * the outbox waits already, so order holds), or when its call fails for want of a network.
 */
export function useOfflineWrite<M extends { mutateAsync: (input: never) => Promise<unknown> }>(
  mutation: M,
  op: OperationDef,
  kind: OfflineKind,
): M {
  const cached = useCachedDetail(kind);
  const send = mutation.mutateAsync as unknown as (input: Record<string, unknown>) => Promise<unknown>;
  const mutateAsync = useCallback(
    async (input: Record<string, unknown>) => {
      const id = String(input.id);
      if (capturing(kind, id)) {
        enqueue(kind, id, op.path, input);
        return cached(id);
      }
      try {
        return await send(input);
      } catch (error) {
        if (!(error instanceof ApiError && isNetworkError(error) && outboxOf(kind, id))) throw error;
        enqueue(kind, id, op.path, input);
        return cached(id);
      }
    },
    [send, op.path, cached, kind],
  );
  return useMemo(() => ({ ...mutation, mutateAsync }) as M, [mutation, mutateAsync]);
}

/** A section's draft as kept offline: its value after an offline reload, and the keeper of new ones. */
export function useOfflineDraft<T>(section: string | undefined) {
  const target = useContext(OfflineReportContext);
  const initial = target && section ? draftOf<T>(target.kind, target.id, section) : undefined;
  const keep = useCallback(
    (value: T) => {
      if (target && section && outboxOf(target.kind, target.id))
        keepDraft(target.kind, target.id, section, value);
    },
    [target, section],
  );
  return { initial, keep };
}

/** Whether the report of the editor below queues its writes now (kept offline, and offline or waiting). */
export function useCapturing(): boolean {
  const target = useContext(OfflineReportContext);
  useOfflineTick();
  useOnline();
  return target !== null && capturing(target.kind, target.id);
}

/** Photos of the report taken while it queues: kept on the device until the outbox is sent. */
export function useOfflinePhotos() {
  const target = useContext(OfflineReportContext);
  const active = useCapturing();
  const add = useCallback(
    async (file: File) => {
      if (!target) throw new Error('no report kept offline');
      return addPhoto(target.kind, target.id, file);
    },
    [target],
  );
  return { active, add };
}

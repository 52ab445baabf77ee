import { getInspectionReport } from '@qcdesk/contract/inspection-report';
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
export const OfflineReportContext = createContext<string | null>(null);

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
export function useOfflineReport(report: { id: string; version: number; actions: readonly string[] }) {
  const client = useQueryClient();
  const online = useOnline();
  useOfflineTick();
  const [loaded, setLoaded] = useState(() => outboxOf(report.id) !== undefined);
  const holding = report.actions.includes('update');
  useEffect(() => {
    let live = true;
    void loadOutbox(report.id).finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [report.id]);
  useEffect(() => {
    if (!loaded || !online) return;
    const outbox = outboxOf(report.id);
    if (outbox && (outbox.entries.length > 0 || outbox.conflict)) {
      if (!outbox.conflict) void syncOutbox(client, report.id);
      return;
    }
    if (holding) void prepareReport(client, report.id, report.version);
  }, [loaded, online, holding, report.id, report.version, client]);
  return { ready: loaded, generation: generationOf(report.id) };
}

const queuedAnswers = new WeakSet<object>();

/** Whether a write's answer says it was queued, not sent (the section shows "not yet sent"). */
export const isQueuedAnswer = (answer: unknown) =>
  typeof answer === 'object' && answer !== null && queuedAnswers.has(answer);

/** The report's cached detail: what a queued write answers (the version unchanged). */
function useCachedDetail() {
  const client = useQueryClient();
  return useCallback(
    (id: string) => {
      const cached = client.getQueryData<{ data: unknown }>([...operationKey(getInspectionReport), id]);
      if (!cached) throw new ApiError({ code: 0, status: 0, reason: 'NETWORK', message: 'offline' });
      const answer = { ...(cached.data as object) };
      queuedAnswers.add(answer);
      return answer;
    },
    [client],
  );
}

/**
 * A report write that queues itself when the report is kept offline and the connection is down (or
 * the outbox waits already, so order holds), or when its call fails for want of a network.
 */
export function useOfflineWrite<M extends { mutateAsync: (input: never) => Promise<unknown> }>(
  mutation: M,
  op: OperationDef,
): M {
  const cached = useCachedDetail();
  const send = mutation.mutateAsync as unknown as (input: Record<string, unknown>) => Promise<unknown>;
  const mutateAsync = useCallback(
    async (input: Record<string, unknown>) => {
      const id = String(input.id);
      if (capturing(id)) {
        enqueue(id, op.path, input);
        return cached(id);
      }
      try {
        return await send(input);
      } catch (error) {
        if (!(error instanceof ApiError && isNetworkError(error) && outboxOf(id))) throw error;
        enqueue(id, op.path, input);
        return cached(id);
      }
    },
    [send, op.path, cached],
  );
  return useMemo(() => ({ ...mutation, mutateAsync }) as M, [mutation, mutateAsync]);
}

/** A section's draft as kept offline: its value after an offline reload, and the keeper of new ones. */
export function useOfflineDraft<T>(section: string | undefined) {
  const id = useContext(OfflineReportContext);
  const initial = id && section ? draftOf<T>(id, section) : undefined;
  const keep = useCallback(
    (value: T) => {
      if (id && section && outboxOf(id)) keepDraft(id, section, value);
    },
    [id, section],
  );
  return { initial, keep };
}

/** Photos of the report taken while it queues: kept on the device until the outbox is sent. */
export function useOfflinePhotos() {
  const id = useContext(OfflineReportContext);
  useOfflineTick();
  const active = id !== null && capturing(id);
  const add = useCallback((file: File) => addPhoto(id ?? '', file), [id]);
  return { active, add };
}

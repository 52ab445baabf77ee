import { type DehydratedState, hydrate, onlineManager, type QueryClient } from '@tanstack/react-query';
import { indexedDbStore, SNAPSHOT_KEY } from './store';

const PROBE_MS = 15_000;
let probing: ReturnType<typeof setInterval> | undefined;

/** While the browser says it is online but the server was not reached: back online once it answers. */
function probeServer() {
  if (probing) return;
  probing = setInterval(() => {
    void fetch('/healthz', { cache: 'no-store' })
      .then((response) => {
        if (!response.ok) return;
        clearInterval(probing);
        probing = undefined;
        onlineManager.setOnline(true);
      })
      .catch(() => undefined);
  }, PROBE_MS);
}

/**
 * An offline start (issue 31): the server cannot be reached, so the cache is filled from the
 * snapshot kept when a report was prepared for offline work, and the queries wait for the network
 * (TanStack pauses them while offline) instead of failing. Answers the kept session, if any.
 */
export async function restoreSnapshot<S>(
  client: QueryClient,
  sessionKey: readonly unknown[],
): Promise<S | undefined> {
  const state = await indexedDbStore()
    .get<DehydratedState>(SNAPSHOT_KEY)
    .catch(() => undefined);
  if (!state) return undefined;
  hydrate(client, state);
  const session = client.getQueryData<S>(sessionKey);
  if (session === undefined) return undefined;
  onlineManager.setOnline(false);
  if (globalThis.navigator?.onLine !== false) probeServer();
  return session;
}

import type { ConfigListName } from '@qcdesk/contract/config-lists';
import type { Language } from '@qcdesk/contract/messages';
import type { OperationDef } from '@qcdesk/contract/operation';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { OutboxEntry, ServerReport } from './outbox';

/**
 * A queued write beside the server's values, in words (issue 31's conflict card): the part's title,
 * then lines of what was entered offline and of what the server holds for the same part.
 */
export interface PartComparison {
  title: string;
  mine: string[];
  server: string[];
}

/** What a kind's conflict card is told: the UI's texts and language, and the cache (master lists). */
export interface CompareContext {
  t: TFunction;
  language: Language;
  client: QueryClient;
}

/**
 * A kind of report that works offline (issue 31): the area's small description, the one code path of
 * src/offline does the rest (the outbox, the sync, the bar). Each area declares its own (the
 * inspection report's, the supervise report's) and hands it to the offline hooks.
 */
export interface OfflineKind {
  /** The store keys of its outboxes: `{prefix}:{id}` (`report` for inspection reports). */
  prefix: string;
  /** The report's read (`{ id }` → its detail): the cache key of the detail, the sync's look at the server. */
  get: OperationDef;
  /** The checkout (`{ id }` → the detail): taken again when it lapsed, was free and nothing changed. */
  checkout: OperationDef;
  /** The writes that queue offline, matched by path (the outbox keeps paths, never functions). */
  writes: readonly OperationDef[];
  /** The master lists the editor picks from offline (kept with the snapshot). */
  lists: readonly ConfigListName[];
  /** The detail as the sync decides on it: version, checkout and the caller's actions. */
  server: (detail: never) => ServerReport;
  /** Each queued write beside the server's detail, for the conflict card. */
  compare: (
    entries: readonly OutboxEntry[],
    server: Record<string, unknown>,
    context: CompareContext,
  ) => PartComparison[];
}

/** A report of a kind: what the offline hooks, the bar and the photo fields below the editor work on. */
export interface OfflineTarget {
  kind: OfflineKind;
  id: string;
}

/** The store key (and the in-memory key) of a report's outbox: two kinds never share one. */
export const outboxKey = (kind: Pick<OfflineKind, 'prefix'>, id: string) => `${kind.prefix}:${id}`;

/** The kind's queued write of a path (undefined: not one of its offline writes). */
export const writeOf = (kind: Pick<OfflineKind, 'writes'>, path: string): OperationDef | undefined =>
  kind.writes.find((w) => w.path === path);

/** A call of the app's API client (`api.call`, silent), or a fake in the tests. */
export type KindCall = (op: OperationDef, input: Record<string, unknown>) => Promise<unknown>;

/**
 * What the sync (sync.ts) asks of the server, for a kind: its report as the sync decides on it, the
 * checkout taken again (then the report read anew), and a queued write sent with the version given
 * now (never a stored envelope: the replay window would refuse it).
 */
export function kindCalls(kind: OfflineKind, call: KindCall) {
  const fetchReport = async (id: string): Promise<ServerReport> =>
    kind.server((await call(kind.get, { id })) as never);
  return {
    fetchReport,
    checkout: async (id: string): Promise<ServerReport> => {
      await call(kind.checkout, { id });
      return fetchReport(id);
    },
    send: async (entry: OutboxEntry, version: number): Promise<{ version: number }> => {
      const op = writeOf(kind, entry.path);
      if (!op) throw new Error(`not an offline write: ${entry.path}`);
      return (await call(op, { ...entry.body, version })) as { version: number };
    },
  };
}

/**
 * The outbox of a report edited offline (issue 31): the writes the editor could not send, stored as
 * their operation's path and body without the version (a version is given at send time, from the
 * previous answer: never a stored envelope, the 300 s replay window would refuse it).
 */

/** Photos taken offline carry this id until they are uploaded. */
export const LOCAL_PHOTO = 'local-';

export interface OutboxEntry {
  path: string;
  body: Record<string, unknown>;
}

export interface LocalPhoto {
  id: string;
  name: string;
}

/** What is kept of one report while it waits to sync. */
export interface ReportOutbox {
  reportId: string;
  /** The report's version when it was prepared (or last saved here): the re-take compares with it. */
  baseVersion: number;
  entries: OutboxEntry[];
  /** The sections' drafts (what they show after an offline reload), by section. */
  drafts: Record<string, unknown>;
  /** Photos taken offline, their bytes stored apart under `photo:{id}`. */
  photos: LocalPhoto[];
  /** Local photo id → the stored file's id, once uploaded (a retry never uploads it twice). */
  uploaded: Record<string, string>;
  /** The checkout went to someone else or the report changed: the edits wait beside the server's. */
  conflict: boolean;
}

export const emptyOutbox = (reportId: string, baseVersion: number): ReportOutbox => ({
  reportId,
  baseVersion,
  entries: [],
  drafts: {},
  photos: [],
  uploaded: {},
  conflict: false,
});

const keysOf = (body: Record<string, unknown>) => Object.keys(body).sort().join(',');

/** The write's body as queued: the version goes (given at send time). */
export function queuedBody(input: Record<string, unknown>): Record<string, unknown> {
  const { version: _version, ...body } = input;
  return body;
}

/**
 * Adds a write to the queue. A later write of the same operation and the same parts (top-level
 * keys: one section) replaces the earlier one, which leaves its place: the order of the rest holds.
 */
export function coalesce(entries: readonly OutboxEntry[], next: OutboxEntry): OutboxEntry[] {
  const same = (e: OutboxEntry) => e.path === next.path && keysOf(e.body) === keysOf(next.body);
  return [...entries.filter((e) => !same(e)), next];
}

/** The value with every string that names a local photo replaced by the stored file's id. */
export function replaceIds<T>(value: T, ids: Readonly<Record<string, string>>): T {
  if (typeof value === 'string') return (ids[value] ?? value) as T;
  if (Array.isArray(value)) return value.map((v) => replaceIds(v, ids)) as T;
  if (typeof value === 'object' && value !== null && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceIds(v, ids)])) as T;
  }
  return value;
}

/** The local photo ids a value still names. */
export function localIds(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string' && value.startsWith(LOCAL_PHOTO)) found.add(value);
  else if (Array.isArray(value)) for (const v of value) localIds(v, found);
  else if (typeof value === 'object' && value !== null)
    for (const v of Object.values(value)) localIds(v, found);
  return found;
}

/** The photos still to upload: those the queue names and the server has not stored yet. */
export const pendingPhotos = (outbox: ReportOutbox): LocalPhoto[] => {
  const named = localIds(outbox.entries);
  return outbox.photos.filter((p) => named.has(p.id) && outbox.uploaded[p.id] === undefined);
};

export interface ServerReport {
  version: number;
  checkout: { expiresAt: string } | null;
  actions: readonly string[];
}

export type SyncDecision = 'send' | 'retake' | 'conflict';

/**
 * On reconnect: the holder sends; a lapsed checkout is taken again only when it is free and nobody
 * changed the report since (its version is still the base); anything else is a conflict, shown.
 */
export function decide(server: ServerReport, baseVersion: number, now = Date.now()): SyncDecision {
  if (server.actions.includes('update')) return 'send';
  const free = server.checkout === null || Date.parse(server.checkout.expiresAt) <= now;
  return free && server.version === baseVersion ? 'retake' : 'conflict';
}

/**
 * Sends the queue in order, each write with the version the previous answer gave. `sent` is told of
 * each one done (the caller drops it from the stored queue), so a failure leaves only the rest.
 */
export async function sendQueue(
  entries: readonly OutboxEntry[],
  version: number,
  send: (entry: OutboxEntry, version: number) => Promise<{ version: number }>,
  sent: (index: number, version: number) => Promise<void> | void,
): Promise<number> {
  let current = version;
  for (const [index, entry] of entries.entries()) {
    current = (await send(entry, current)).version;
    await sent(index, current);
  }
  return current;
}

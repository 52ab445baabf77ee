export type NotifyKind = 'success' | 'error' | 'info' | 'warning';

export interface Notice {
  kind: NotifyKind;
  text: string;
  /** Same key, same toast: a burst of identical failures shows once. */
  key: string;
}

type Notifier = (notice: Notice) => void;

let notifier: Notifier | null = null;
const pending: Notice[] = [];
const waiting = new Set<() => void>();

/**
 * Toasts from anywhere (API failures, the route guard's loaders). The toast host loads with the
 * first toast and installs itself; what is said before that waits for it.
 */
export function notify(kind: NotifyKind, text: string, key = `notify:${kind}:${text}`): void {
  if (notifier) {
    notifier({ kind, text, key });
    return;
  }
  pending.push({ kind, text, key });
  for (const listener of waiting) listener();
}

/** Whether anything was ever said, so the host must be there. */
export function hasNotices(): boolean {
  return notifier !== null || pending.length > 0;
}

/** Called once the first toast waits for a host. */
export function onFirstNotice(listener: () => void): () => void {
  waiting.add(listener);
  return () => {
    waiting.delete(listener);
  };
}

export function installNotifier(next: Notifier): () => void {
  notifier = next;
  for (const notice of pending.splice(0)) next(notice);
  return () => {
    if (notifier === next) notifier = null;
  };
}

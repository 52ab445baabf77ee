/**
 * One toast for the whole app (spec §4, §9): 2 s, and closed early by a click anywhere outside it.
 * Mount <ToastHost /> once inside the antd ConfigProvider so toasts take the theme; without a host
 * the helper falls back to antd's static message.
 *
 * toast.success|error|info|warning(content, { key? }); showToast({ type, content, key? }); <ToastHost />
 */
import { TOAST_MS } from '@qcdesk/contract/constants';
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { type ReactNode, useEffect } from 'react';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  type: ToastType;
  content: ReactNode;
  /** Same key, same toast: a burst of identical messages shows once. */
  key?: string;
}

const TOAST_CLASS = 'qcdesk-toast';

let host: MessageInstance | undefined;
let sequence = 0;

export function ToastHost() {
  const [instance, holder] = message.useMessage();
  useEffect(() => {
    host = instance;
    return () => {
      if (host === instance) host = undefined;
    };
  }, [instance]);
  return holder;
}

/** Calls `close` on the first pointer press outside the toast, for as long as the toast shows. */
function closeOnOutsidePress(close: () => void): void {
  const onPress = (event: Event) => {
    const target = event.target;
    if (target instanceof Element && target.closest(`.${TOAST_CLASS}`)) return;
    stop();
    close();
  };
  const timer = setTimeout(() => stop(), TOAST_MS);
  function stop() {
    clearTimeout(timer);
    document.removeEventListener('pointerdown', onPress, { capture: true });
  }
  document.addEventListener('pointerdown', onPress, { capture: true });
}

export function showToast({ type, content, key }: ToastOptions): void {
  const target = host ?? message;
  sequence += 1;
  const toastKey = key ?? `toast-${sequence}`;
  void target.open({ key: toastKey, type, content, duration: TOAST_MS / 1000, className: TOAST_CLASS });
  if (typeof document !== 'undefined') closeOnOutsidePress(() => target.destroy(toastKey));
}

type Shortcut = (content: ReactNode, options?: { key?: string }) => void;

const shortcut =
  (type: ToastType): Shortcut =>
  (content, options) =>
    showToast({ type, content, ...options });

export const toast = {
  success: shortcut('success'),
  error: shortcut('error'),
  info: shortcut('info'),
  warning: shortcut('warning'),
};

import { TOAST_MS } from '@qcdesk/contract/constants';
import { message } from 'antd';
import { useEffect } from 'react';
import { installNotifier } from '../components/notify';

/**
 * Shows toasts for 2 s (spec §8, §9); a click anywhere closes them early (spec §4). Uses message's
 * own hook rather than antd's <App>, which would put Modal and Notification into every route.
 */
export function ToastHost() {
  const [toast, holder] = message.useMessage();

  useEffect(
    () =>
      installNotifier(({ kind, text, key }) => {
        void toast.open({ key, type: kind, content: text, duration: TOAST_MS / 1000 });
        const close = () => toast.destroy(key);
        document.addEventListener('pointerdown', close, { once: true, capture: true });
        setTimeout(() => document.removeEventListener('pointerdown', close, { capture: true }), TOAST_MS);
      }),
    [toast],
  );

  return holder;
}

/** Whether the window is phone-sized (spec §9: phone up to 414 px), following resizes. */
import { BREAKPOINTS } from '@qcdesk/contract/constants';
import { useSyncExternalStore } from 'react';

export const PHONE_QUERY = `(max-width: ${BREAKPOINTS.phoneMax}px)`;

function media(): MediaQueryList | undefined {
  return typeof window === 'undefined' || !window.matchMedia ? undefined : window.matchMedia(PHONE_QUERY);
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}

import { BREAKPOINTS } from '@qcdesk/contract/constants';
import { useSyncExternalStore } from 'react';

/** Spec §9: phone up to 414 px, tablet above 414 and below 768, pc from 768. */
export type Screen = 'phone' | 'tablet' | 'pc';

const PHONE = `(max-width: ${BREAKPOINTS.phoneMax}px)`;
const TABLET = `(max-width: ${BREAKPOINTS.pcMin - 1}px)`;

const query = (q: string) =>
  typeof window === 'undefined' || !window.matchMedia ? undefined : window.matchMedia(q);

export function screenNow(): Screen {
  if (query(PHONE)?.matches) return 'phone';
  if (query(TABLET)?.matches) return 'tablet';
  return 'pc';
}

function subscribe(onChange: () => void): () => void {
  const lists = [query(PHONE), query(TABLET)];
  for (const list of lists) list?.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list?.removeEventListener('change', onChange);
  };
}

export function useScreen(): Screen {
  return useSyncExternalStore(subscribe, screenNow, () => 'pc');
}

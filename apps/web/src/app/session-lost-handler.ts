import { api } from '../api/client';
import { queryClient } from '../api/query-client';
import { tokens } from '../api/session-tokens';
import { currentLanguage } from '../i18n/i18n';
import { sessionLostTarget } from './session-lost';

/** Reasons of a 400 that mean the session itself is over, not just this one request. */
const SESSION_OVER = new Set(['E_SESSION_ENDED', 'E_ACCOUNT_LOCKED', 'REFRESH_EXPIRED', 'TOKEN_EXPIRED']);

/** Wires the API client's lost-session report (spec §8, status 400) to a trip to Login. */
export function installSessionLost(): () => void {
  return api.setHandlers({
    onSessionLost: (path, { op, error }) => {
      if (error.reason && SESSION_OVER.has(error.reason)) {
        tokens.clear();
        queryClient.clear();
      }
      const target = sessionLostTarget(path, op.path, currentLanguage());
      if (!target) return;
      // The router module is loaded lazily here to keep this file free of the route table.
      void import('./router').then(({ router }) => router.navigate(target));
    },
  });
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { api } from '../api/client';
import { hasNotices, notify, onFirstNotice } from '../components/notify';
import { installSessionLost } from './session-lost-handler';

// The toast machinery loads with the first toast, not with every page.
const ToastHost = lazy(async () => ({ default: (await import('./toast-host')).ToastHost }));

/** Every failed call that is not silent becomes a toast (spec §8), and a lost session a trip to Login. */
export function ApiFeedback() {
  const [needed, setNeeded] = useState(hasNotices);

  useEffect(() => {
    const removeHandlers = api.setHandlers({
      onFailure: (error) => notify('error', error.message, `api-failure:${error.code}:${error.message}`),
    });
    const removeSessionLost = installSessionLost();
    const removeWaiting = onFirstNotice(() => setNeeded(true));
    if (hasNotices()) setNeeded(true);
    return () => {
      removeHandlers();
      removeSessionLost();
      removeWaiting();
    };
  }, []);

  return needed ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

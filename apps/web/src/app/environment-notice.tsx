import { lazy, Suspense } from 'react';
import { useEnvironment } from '../components/use-environment';

// Only the sandbox needs the check, so only the sandbox loads it.
const SandboxNotice = lazy(async () => ({ default: (await import('./sandbox-notice')).SandboxNotice }));

/** Says when the sandbox this browser chose is not served here (see sandbox-notice.tsx). */
export function EnvironmentNotice() {
  if (useEnvironment() !== 'dev') return null;
  return (
    <Suspense fallback={null}>
      <SandboxNotice />
    </Suspense>
  );
}

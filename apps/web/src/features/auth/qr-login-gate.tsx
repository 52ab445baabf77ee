import type { ReactNode } from 'react';
import { useSessionQuery } from '../../api/session';
import { QrConfirmPanel } from './qr-confirm-panel';

/**
 * A QR code opened on a device with a session: whose it is decides the page. Signed in, the user
 * confirms the other device's sign-in; otherwise they sign in here first (`signIn`).
 */
export function QrLoginGate({ token, signIn }: { token: string; signIn: ReactNode }) {
  const session = useSessionQuery();
  if (session.isPending && session.fetchStatus !== 'idle') return null;
  if (session.data) return <QrConfirmPanel token={token} session={session.data} />;
  return signIn;
}

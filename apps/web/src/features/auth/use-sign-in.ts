import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../api/guard';
import { startSession } from '../../api/session';
import type { SignInTokens } from '../../api/session-tokens';
import { notify } from '../../components/notify';
import { currentLanguage } from '../../i18n/i18n';
import { unverifiedSignIn } from './sign-in-tokens';

/** Where a sign-in leads: the `redirect` query when it is a path of this app, else Home. */
export function useRedirectTarget(): string {
  const [params] = useSearchParams();
  return safeRedirect(params.get('redirect'), `/${currentLanguage()}`);
}

/**
 * Finishes any sign-in mode: keeps the session and goes to the redirect target. Opened from a QR
 * code (`?qr=`), the page stays, now signed in, to confirm the other device's sign-in.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = useRedirectTarget();
  const language = currentLanguage();

  const signedIn = (tokens: SignInTokens, remember: boolean) => {
    startSession(tokens, remember);
    const qr = params.get('qr');
    if (qr) void navigate(`/${language}/login?qr=${encodeURIComponent(qr)}`, { replace: true });
    else void navigate(target, { replace: true });
  };

  /** A -1002 refusal carries a session for the verification step: go there with it. */
  const unverified = (error: unknown, remember: boolean): boolean => {
    const pending = unverifiedSignIn(error);
    if (!pending) return false;
    startSession(pending.tokens, remember);
    if (error instanceof Error) notify('warning', error.message);
    void navigate(`/${language}/verify?redirect=${encodeURIComponent(target)}`, {
      replace: true,
      state: { displayName: pending.displayName },
    });
    return true;
  };

  return { signedIn, unverified, target };
}

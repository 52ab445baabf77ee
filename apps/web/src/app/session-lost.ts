import type { Language } from '@qcdesk/contract/messages';
import { languageFromPath } from '../i18n/language';

/**
 * Spec §8, status 400: the call rejects and the user goes to Login, unless the call is the user check
 * (the route guard decides then) or the current page is Login or ForgetPassword; from a page whose
 * path contains "password" Login carries no redirect, from anywhere else the current path.
 */
export function sessionLostTarget(
  currentPath: string,
  operationPath: string,
  fallbackLanguage: Language,
): string | null {
  if (operationPath === 'check') return null;
  const pathname = currentPath.split(/[?#]/)[0] ?? '';
  const segments = pathname.split('/').filter(Boolean);
  const language = languageFromPath(pathname) ?? fallbackLanguage;
  const page = languageFromPath(pathname) ? segments[1] : segments[0];
  if (page === 'login' || page === 'forgetpassword') return null;
  const login = `/${language}/login`;
  if (pathname.includes('password')) return login;
  return `${login}?redirect=${encodeURIComponent(currentPath)}`;
}

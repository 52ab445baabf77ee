import type { Language } from '@qcdesk/contract/messages';
import type { TFunction } from 'i18next';
import { routeDef } from '../lib/route-handle';

/** The title of a route in the current language: the contract's label, or the shell page's own. */
export function routeTitle(name: string | undefined, language: Language, t: TFunction): string {
  if (!name) return t('app.name');
  const def = routeDef(name);
  if (def) return def.label[language];
  switch (name) {
    case 'Settings':
      return t('settings.title');
    case 'Help':
      return t('help.title');
    case 'Invalidate':
      return t('invalidate.title');
    case 'ErrorNetwork':
      return t('networkError.title');
    case 'Login':
      return t('login.title');
    case 'ForgetPassword':
      return t('forgetPassword.title');
    case 'ChanePassword':
      return t('changePassword.title');
    case 'VerifyAccount':
      return t('verify.title');
    default:
      return t('notFound.title');
  }
}

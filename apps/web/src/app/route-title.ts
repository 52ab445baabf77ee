import type { Language } from '@qcdesk/contract/messages';
import type { TFunction } from 'i18next';
import { routeDef } from '../lib/route-handle';

/**
 * A create page's title from its detail route's label: 客户详情 → 新建客户, Client → New client.
 */
export function createTitle(label: { zh: string; en: string }, language: Language): string {
  if (language === 'zh') return `新建${label.zh.replace(/详情$/, '')}`;
  return `New ${label.en.charAt(0).toLowerCase()}${label.en.slice(1)}`;
}

/**
 * The title of a route in the current language: the contract's label, or the shell page's own; a
 * record's create page (`…/new`) says what it creates.
 */
export function routeTitle(
  name: string | undefined,
  language: Language,
  t: TFunction,
  creating = false,
): string {
  if (!name) return t('app.name');
  const def = routeDef(name);
  if (def) return creating ? createTitle(def.label, language) : def.label[language];
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

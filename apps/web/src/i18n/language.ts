import type { Language } from '@qcdesk/contract/messages';
import { readStorage, storageKeys, writeStorage } from '../lib/storage';

export const SUPPORTED_LANGUAGES: readonly Language[] = ['zh', 'en'];

export function isLanguage(value: unknown): value is Language {
  return value === 'zh' || value === 'en';
}

/** Spec §1: a browser language containing "en" selects English, anything else Chinese. */
export function languageFromBrowser(browserLanguage: string | undefined): Language {
  return (browserLanguage ?? '').toLowerCase().includes('en') ? 'en' : 'zh';
}

/** The remembered choice first, then the browser's language. */
export function preferredLanguage(): Language {
  const stored = readStorage('localStorage', storageKeys.language);
  if (isLanguage(stored)) return stored;
  return languageFromBrowser(globalThis.navigator?.language);
}

export function rememberLanguage(language: Language): void {
  writeStorage('localStorage', storageKeys.language, language);
}

/** The Accept-Language header the server reads to choose its message texts. */
export function acceptLanguage(language: Language): string {
  return language === 'en' ? 'en-US,en' : 'zh-CN,zh';
}

/** BCP 47 tag for `<html lang>`, so screen readers and fonts pick the right language. */
export function htmlLang(language: Language): string {
  return language === 'en' ? 'en' : 'zh-CN';
}

/** The language segment that opens every route (spec §2), if the path has a valid one. */
export function languageFromPath(pathname: string): Language | undefined {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : undefined;
}

/** The language of the first render: the URL's, else the remembered or browser one. */
export function initialLanguage(): Language {
  return languageFromPath(globalThis.location?.pathname ?? '') ?? preferredLanguage();
}

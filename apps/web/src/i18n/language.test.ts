import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../lib/storage';
import { i18n } from './i18n';
import {
  acceptLanguage,
  initialLanguage,
  languageFromBrowser,
  languageFromPath,
  preferredLanguage,
} from './language';

describe('language choice (spec §1)', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('picks English for any browser language containing "en", else Chinese', () => {
    expect(languageFromBrowser('en-US')).toBe('en');
    expect(languageFromBrowser('EN')).toBe('en');
    expect(languageFromBrowser('zh-CN')).toBe('zh');
    expect(languageFromBrowser('fr-FR')).toBe('zh');
    expect(languageFromBrowser(undefined)).toBe('zh');
  });

  it('prefers the remembered language to the browser one', () => {
    localStorage.setItem(storageKeys.language, 'en');
    expect(preferredLanguage()).toBe('en');
    localStorage.setItem(storageKeys.language, 'xx');
    expect(preferredLanguage()).toBe(languageFromBrowser(navigator.language));
  });

  it('takes the language of the URL first', () => {
    expect(languageFromPath('/en/orders')).toBe('en');
    expect(languageFromPath('/zh')).toBe('zh');
    expect(languageFromPath('/login')).toBeUndefined();
    expect(['zh', 'en']).toContain(initialLanguage());
  });

  it('sends the Accept-Language the server reads', () => {
    expect(acceptLanguage('en')).toBe('en-US,en');
    expect(acceptLanguage('zh')).toBe('zh-CN,zh');
  });

  it('starts the week on Monday in both languages (spec §9) and follows the UI language', async () => {
    for (const language of ['zh', 'en'] as const) {
      await i18n.changeLanguage(language);
      expect(dayjs.locale()).toBe(language === 'zh' ? 'zh-cn' : 'en');
      expect(dayjs().localeData().firstDayOfWeek()).toBe(1);
      expect(document.documentElement.lang).toBe(language === 'zh' ? 'zh-CN' : 'en');
    }
  });
});

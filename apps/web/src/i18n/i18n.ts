import type { Language } from '@qcdesk/contract/messages';
import dayjs from 'dayjs';
import localeData from 'dayjs/plugin/localeData';
import updateLocale from 'dayjs/plugin/updateLocale';
import weekday from 'dayjs/plugin/weekday';
import 'dayjs/locale/zh-cn';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { htmlLang, initialLanguage, isLanguage } from './language';

dayjs.extend(localeData);
dayjs.extend(weekday);
dayjs.extend(updateLocale);
// Spec §9: the week starts on Monday in both languages (zh-cn already does).
dayjs.updateLocale('en', { weekStart: 1 });

const DAYJS_LOCALE: Record<Language, string> = { zh: 'zh-cn', en: 'en' };

function applyLanguage(language: Language): void {
  dayjs.locale(DAYJS_LOCALE[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(language);
}

type TextLoader = (language: Language) => Promise<object>;
let textsFrom: (loader: TextLoader) => void = () => {};
const textLoader = new Promise<TextLoader>((resolve) => {
  textsFrom = resolve;
});

/**
 * Says where the texts come from (the shell's and each feature's: app/texts.ts). The app's entry
 * calls it before the first render; components never import the features that own the texts.
 */
export function setTextsLoader(loader: TextLoader): void {
  textsFrom(loader);
}

/**
 * Each language's texts are chunks of their own (the shell's and one per feature), loaded when the
 * language is first used: a page downloads one language, not both. i18next loads the chunk before it
 * switches, so a switch never shows keys in place of texts.
 */
const bundledTexts: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, _namespace, callback) {
    const texts = textLoader.then((load) => load(language === 'en' ? 'en' : 'zh'));
    texts.then(
      (bundle) => callback(null, bundle),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) applyLanguage(lng);
});

/** Resolves once the first language's texts are in; the app renders after it (main.tsx). */
export const i18nReady = i18n
  .use(bundledTexts)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    supportedLngs: ['zh', 'en'],
    // A missing key is a failing test (i18n-keys.test.ts), never a silent fallback to the other language.
    fallbackLng: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'zh';
}

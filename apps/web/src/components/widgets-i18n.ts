/**
 * Typed access to the `widgets` i18n namespace (i18n/widgets.en.ts, widgets.zh.ts) for the shared
 * widgets, and the `Label` every column, option and enum text is given as.
 *
 * Keys are written literally — t('widgets.table.empty') — so the key scan of i18n-keys.test.ts finds
 * them; the typing holds whether or not the shell has merged the namespace into its resources yet.
 */
import type { Language } from '@qcdesk/contract/messages';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { widgetsEn } from '../i18n/widgets.en';

type Leaves<T, P extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type WidgetsKey = Leaves<typeof widgetsEn, 'widgets.'>;

export type WidgetsT = (key: WidgetsKey, values?: Record<string, string | number>) => string;

export function languageOf(lng: string | undefined): Language {
  return lng === 'en' ? 'en' : 'zh';
}

export function useWidgetsTranslation(): { t: WidgetsT; language: Language } {
  const { t, i18n } = useTranslation();
  return { t: t as unknown as WidgetsT, language: languageOf(i18n.language) };
}

/**
 * A text shown to people: a string already translated where it is written (`t('orders.orderNo')`, so
 * the key scan sees the key), both languages inline, or a function of the app's `t` — the form that
 * lets a column array live at module level and still name its keys literally.
 */
export type Label = string | { zh: string; en: string } | ((t: TFunction) => string);

export function labelText(label: Label, t: TFunction, language: Language): string {
  if (typeof label === 'string') return label;
  if (typeof label === 'function') return label(t);
  return label[language];
}

/** `labelText` bound to the current language. */
export function useLabel(): (label: Label) => string {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (label) => labelText(label, t, language);
}

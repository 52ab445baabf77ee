/**
 * Typed access to the `shareFile` i18n namespace (i18n/share-file.en.ts, share-file.zh.ts). Keys are
 * written literally — t('shareFile.password') — so the key scan of i18n-keys.test.ts finds them; the
 * typing holds whether or not the shell has merged the namespace yet.
 */
import type { Language } from '@qcdesk/contract/messages';
import { useTranslation } from 'react-i18next';
import type { shareFileEn } from '../../i18n/share-file.en';

type Leaves<T, P extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type ShareFileKey = Leaves<typeof shareFileEn, 'shareFile.'>;

export type ShareFileT = (key: ShareFileKey, values?: Record<string, string | number>) => string;

export function useShareFileTranslation(): { t: ShareFileT; language: Language } {
  const { t, i18n } = useTranslation();
  return { t: t as unknown as ShareFileT, language: i18n.language === 'en' ? 'en' : 'zh' };
}

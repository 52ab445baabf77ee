import type { Language } from '@qcdesk/contract/messages';
import type { en } from '../i18n/en';
import { features } from './features';

type Features = (typeof features)[number];
type TextsOf<F> = F extends { texts: { en: () => Promise<infer T> } } ? T : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every text of the app: the shell's namespaces and one per feature (app/features.ts). */
export type Texts = typeof en & Intersection<TextsOf<Features>>;

/** One language's texts: the shell's bundle and each feature's, loaded side by side. */
export async function loadTexts(language: Language): Promise<Texts> {
  const shell =
    language === 'en' ? import('../i18n/en').then((m) => m.en) : import('../i18n/zh').then((m) => m.zh);
  const parts = await Promise.all([
    shell,
    ...features.map((feature) => ('texts' in feature ? feature.texts[language]() : {})),
  ]);
  return Object.assign({}, ...parts) as Texts;
}

import type { Language } from './language';

/** A person as stored: the (Chinese) name and, when they have one, an English name. */
export interface PersonNames {
  name: string;
  englishName?: string | null | undefined;
}

/**
 * How a person is named to a reader of `language`, on screens and in mails alike: the English name
 * in English when there is one, else the name.
 */
export function personName(person: PersonNames, language: Language): string {
  const english = person.englishName?.trim();
  return language === 'en' && english ? english : person.name;
}

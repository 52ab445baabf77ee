import type { Language } from '@qcdesk/contract/messages';
import type { Session } from '../api/guard';

/** The user's name as the UI shows it: the English name in English when there is one. */
export function displayName(session: Pick<Session, 'name' | 'englishName'>, language: Language): string {
  return language === 'en' && session.englishName ? session.englishName : session.name;
}

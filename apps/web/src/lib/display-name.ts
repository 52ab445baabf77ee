import type { Language } from '@qcdesk/contract/messages';
import { type PersonNames, personName } from '@qcdesk/contract/person-name';

/**
 * A person's name as the UI shows it: the English name in English when there is one (the same rule
 * the server's mails follow). Every place that names a user — headings, tables, pickers, the change
 * log, confirmations — goes through here.
 */
export function displayName(person: PersonNames, language: Language): string {
  return personName(person, language);
}

/**
 * Spec §8: the server texts the web shows in the user's language, whatever language the answer came
 * in — Success, Unauthorized, Invalid Permission, the password mismatch, Invalid EncryptedMessage and
 * Internal Server Error. Such a text can arrive in English in a Chinese UI: a plain refusal sent
 * before a key exists, a status text, a proxy's 500. The server's own words stay as they are on the
 * wire (PROTOCOL.md) for API clients; only what people read here changes.
 */
import type { Language, Reason } from '@qcdesk/contract/messages';
import { transportMessages as messages } from '@qcdesk/contract/messages-core';

const TRANSLATED = ['SUCCESS', 'UNAUTHORIZED', 'E_PERMISSION', 'INVALID_ENCRYPTED', 'INTERNAL'] as const;

/**
 * The mismatch as people read it: the server's English ("Password must be equal repeatPassword")
 * names the API field, which means nothing on a form.
 */
const MISMATCH: Record<Language, string> = {
  zh: '两次输入的密码不一致',
  en: 'The passwords do not match',
};

/** The text to show for a server answer's `error` (and `reason`, when it has one). */
export function serverText(text: string, reason: Reason | (string & {}) | undefined, language: Language) {
  if (reason === 'E_PASSWORD_MISMATCH' || text === messages.E_PASSWORD_MISMATCH.en) return MISMATCH[language];
  const known = TRANSLATED.find(
    (key) => key === reason || text === messages[key].en || text === messages[key].zh,
  );
  return known ? messages[known][language] : text;
}

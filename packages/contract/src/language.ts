// The two languages of every text. A leaf: the catalogues (messages, config lists, roles,
// permissions) each import it without importing one another.

export type Language = 'zh' | 'en';

export const LANGUAGES: readonly Language[] = ['zh', 'en'];

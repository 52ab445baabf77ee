import { type EnumName, enumLabel } from '@qcdesk/contract/enumerations';
import type { Bilingual } from './pdf-document';

// The bilingual values a report PDF prints (inspection and supervise reports): an enumeration's
// label in both languages, a master-data row's names, a person's names, a number or a dash.

export const enumBoth = (name: EnumName, code: number | string): Bilingual => ({
  zh: enumLabel(name, code, 'zh'),
  en: enumLabel(name, code, 'en'),
});

/** Chinese and English name (the English only when it differs), else the code; '' for none. */
export const refName = (r: { code: string | null; nameZh: string | null; nameEn: string | null } | null) =>
  r
    ? [r.nameZh, r.nameEn && r.nameEn !== r.nameZh ? r.nameEn : null].filter(Boolean).join(' ') ||
      (r.code ?? '')
    : '';

/** Name and English name, when it differs. */
export const personName = (u: { name: string; englishName: string | null }) =>
  u.englishName && u.englishName !== u.name ? `${u.name} ${u.englishName}` : u.name;

export const numOrDash = (v: number | null | undefined) => (v === null || v === undefined ? '—' : String(v));

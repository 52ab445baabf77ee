import { type EnumItem, type EnumName, enumerations } from '@qcdesk/contract/enumerations';
import type { Language } from '@qcdesk/contract/messages';
import type { ColumnOption } from './table-columns';

/** A referenced master-data row as the contract sends it (`refOut`): id, code and both names. */
export interface RefLike {
  id: string;
  code: string | null;
  nameZh: string | null;
  nameEn: string | null;
}

export const EMPTY = '-';

/** The row's name in the UI language, else the other name, else its code. */
export function refName(ref: Omit<RefLike, 'id'> | null | undefined, language: Language): string {
  if (!ref) return EMPTY;
  const own = language === 'en' ? ref.nameEn : ref.nameZh;
  const other = language === 'en' ? ref.nameZh : ref.nameEn;
  return own || other || ref.code || EMPTY;
}

/** A user's name in the UI language: the English name in English when there is one. */
export function userDisplayName(
  user: { name: string; englishName: string | null },
  language: Language,
): string {
  return language === 'en' && user.englishName ? user.englishName : user.name;
}

/** A user as pickers show them: "name (English name)". */
export function userText(user: { name: string; englishName: string | null }): string {
  return user.englishName && user.englishName !== user.name
    ? `${user.name} (${user.englishName})`
    : user.name;
}

const items = (name: EnumName): readonly EnumItem[] => enumerations[name];

/** An enumeration as a select's options in the UI language. */
export const enumOptions = (name: EnumName, language: Language) =>
  items(name).map((item) => ({ value: item.code, label: item[language] }));

/** An enumeration as a column's options (both languages; the table picks one). */
export const enumColumnOptions = (name: EnumName): ColumnOption[] =>
  items(name).map((item) => ({ value: item.code, label: { zh: item.zh, en: item.en } }));

export const enumText = (name: EnumName, code: number | string, language: Language) =>
  items(name).find((item) => item.code === code)?.[language] ?? String(code);

/** How a material shows in pickers and rows: "UPC | name". */
export const materialText = (material: { upc: string; name: string }) => `${material.upc} | ${material.name}`;

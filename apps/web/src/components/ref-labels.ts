import { type EnumItem, type EnumName, enumerations } from '@qcdesk/contract/enumerations';
import type { Language } from '@qcdesk/contract/messages';
import type { PersonNames } from '@qcdesk/contract/person-name';
import { displayName } from '../lib/display-name';
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
export function userDisplayName(user: PersonNames, language: Language): string {
  return displayName(user, language);
}

/**
 * A user as pickers show them: the name of the UI language first, the other in brackets, so both
 * can be recognised ("Demo Sales (演示销售)" in English, "演示销售 (Demo Sales)" in Chinese).
 */
export function userText(user: PersonNames, language: Language): string {
  const shown = displayName(user, language);
  const other = shown === user.name ? user.englishName?.trim() : user.name;
  return other && other !== shown ? `${shown} (${other})` : shown;
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

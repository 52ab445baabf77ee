// An area's own texts (docs/adding-an-area.md "Texts and mails"): each area's contract file
// declares the error keys only it raises, with both languages, as `export const texts =
// defineTexts({ errors: { … } })`; catalogue.ts lists the area once and area-texts.ts collects
// them all. The shared catalogue (shared-messages.ts) holds only the platform's and the generic
// keys (scripts/check-texts.mjs keeps it so). A leaf: it imports no area and no catalogue.

import type { Language } from './language';

/** A text in both languages (STYLE.md rule 6). Placeholders as in messages.ts: {field} {n|one|other}. */
export type Text = Readonly<Record<Language, string>>;

export interface AreaTexts {
  /** The area's own error keys (`E_TR_RETEST`), stable on the wire (PROTOCOL.md): clients branch on them. */
  readonly errors?: Readonly<Record<string, Text>>;
  /**
   * Labels of the area's own fields, for `{field}` in messages and for its change log
   * (`planDate: { zh: '计划日期', en: 'Plan date' }`). Two areas may name one field alike only.
   */
  readonly fields?: Readonly<Record<string, Text>>;
}

/** Declares an area's texts; the literal keys become part of the contract's `Reason`. */
export function defineTexts<const T extends AreaTexts>(texts: T): T {
  return texts;
}

/** The error keys of the areas that declare `texts`, by area; a key declared twice throws. */
export function collectAreaErrors(areas: Readonly<Record<string, unknown>>): Record<string, Text> {
  const all: Record<string, Text> = {};
  const owner = new Map<string, string>();
  for (const [area, entry] of Object.entries(areas)) {
    const errors = (entry as { texts?: AreaTexts } | undefined)?.texts?.errors ?? {};
    for (const [key, text] of Object.entries(errors)) {
      const first = owner.get(key);
      if (first) throw new Error(`error key ${key} declared by both ${first} and ${area}`);
      owner.set(key, area);
      all[key] = text;
    }
  }
  return all;
}

/** The field labels of the areas that declare them; one field labelled two ways throws. */
export function collectAreaFields(areas: Readonly<Record<string, unknown>>): Record<string, Text> {
  const all: Record<string, Text> = {};
  const owner = new Map<string, string>();
  for (const [area, entry] of Object.entries(areas)) {
    const fields = (entry as { texts?: AreaTexts } | undefined)?.texts?.fields ?? {};
    for (const [key, text] of Object.entries(fields)) {
      const first = all[key];
      if (first && (first.zh !== text.zh || first.en !== text.en))
        throw new Error(`field ${key} labelled by both ${owner.get(key)} and ${area}, differently`);
      owner.set(key, area);
      all[key] = text;
    }
  }
  return all;
}

/**
 * Text input helpers of spec §5: input is trimmed of leading and trailing whitespace, and a helper
 * detects Chinese characters (DOMAIN.md §7.1: English-only fields refuse them with E_NO_CHINESE).
 */
import type { FocusEvent } from 'react';

/** Han ideographs of every CJK block, including the extensions. */
const CHINESE = /\p{Script=Han}/u;

export function hasChinese(text: string | null | undefined): boolean {
  return typeof text === 'string' && CHINESE.test(text);
}

/** Leading and trailing whitespace removed (full-width spaces included); non-strings pass through. */
export function trimText<T>(value: T): T {
  return (typeof value === 'string' ? value.trim() : value) as T;
}

/** Every string field of a form's values trimmed, before they are sent. */
export function trimFields<T extends Record<string, unknown>>(values: T): T {
  const trimmed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) trimmed[key] = trimText(value);
  return trimmed as T;
}

/**
 * Trim on input: an `onBlur` for a text field that writes the trimmed text back when it differs.
 * Trimming on every keystroke would swallow the space a person types between two words, so the
 * field is trimmed when it loses focus (and `trimFields` again on submit).
 */
export function trimOnBlur(
  onChange: ((value: string) => void) | undefined,
): (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void {
  return (event) => {
    const { value } = event.currentTarget;
    const trimmed = value.trim();
    if (trimmed !== value) onChange?.(trimmed);
  };
}

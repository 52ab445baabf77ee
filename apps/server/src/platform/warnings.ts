import { formatMessage, type MessageParams, type Reason } from '@qcdesk/contract';
import type { Warning } from '@qcdesk/contract/warnings';

// Warnings of a write (docs/adr/0018-warnings.md, DOMAIN.md §7.4): a service collects them before it
// writes anything, then asks `warnOrProceed`; unconfirmed warnings end the write with
// `{ saved: false, warnings, result: null }` (success=true, nothing written), confirmed ones (or none)
// let it go on and travel with the result.

/** A warning with its texts in both languages; `key` is a W_ key an area declares in its texts. */
export function warning(key: Reason & `W_${string}`, params: MessageParams = {}): Warning {
  return { key, params, zh: formatMessage(key, 'zh', params), en: formatMessage(key, 'en', params) };
}

/** Warnings without repeats of one key and the same parameters. */
export function distinctWarnings(warnings: readonly Warning[]): Warning[] {
  const seen = new Set<string>();
  return warnings.filter((w) => {
    const id = `${w.key}:${JSON.stringify(w.params)}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

export interface Warned<T> {
  saved: boolean;
  warnings: Warning[];
  result: T | null;
}

/**
 * The answer that ends a warned write unasked (null: proceed). Usage:
 *   const stop = warnOrProceed(warnings, input.confirm);
 *   if (stop) return stop;
 *   … write …
 *   return saved(warnings, detail);
 */
export function warnOrProceed<T>(warnings: readonly Warning[], confirm: boolean): Warned<T> | null {
  if (warnings.length === 0 || confirm) return null;
  return { saved: false, warnings: distinctWarnings(warnings), result: null };
}

/** The answer of a write that went on: its result with the warnings the caller confirmed. */
export function saved<T>(warnings: readonly Warning[], result: T): Warned<T> {
  return { saved: true, warnings: distinctWarnings(warnings), result };
}

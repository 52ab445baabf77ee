/**
 * The warnings of a write (docs/adr/0018-warnings.md, contract/src/warnings.ts): a write that may
 * warn (W_AFTER_DELIVERY, W_INSPECTOR_BUSY, W_FACTORY_CLOSED, …) answers `{ saved, warnings, result }`
 * and saves nothing while `saved` is false. `useWarningsConfirm` sends the write without `confirm`,
 * shows the warnings in the UI language in one confirm dialog, and only on OK sends it again with
 * `confirm: true`; a declined dialog rejects with `WarningsDeclined` (so an ActionBar shows no done
 * toast and a form stays open). Refusals (E_…) stay errors and reach the caller as ApiError.
 *
 *   const [withWarnings, holder] = useWarningsConfirm(); render {holder};
 *   const detail = await withWarnings((confirm) => update.mutateAsync({ ...input, confirm }));
 *   // in an action: run: () => withWarnings((confirm) => submit.mutateAsync({ ...key, submit: true, confirm }))
 */
import type { Language } from '@qcdesk/contract/messages';
import type { Warning } from '@qcdesk/contract/warnings';
import type { ReactNode } from 'react';
import { useConfirm } from './confirm-dialog';
import { useWidgetsTranslation } from './widgets-i18n';

/** The answer of a write that may warn (`warnable(...)` of the contract). */
export interface Warnable<T> {
  saved: boolean;
  warnings: readonly Warning[];
  result: T | null;
}

/** The person read the warnings and chose not to save; nothing was written. */
export class WarningsDeclined extends Error {
  readonly warnings: readonly Warning[];
  constructor(warnings: readonly Warning[]) {
    super('warnings declined');
    this.name = 'WarningsDeclined';
    this.warnings = warnings;
  }
}

export const isWarningsDeclined = (error: unknown): error is WarningsDeclined =>
  error instanceof WarningsDeclined;

/** A warning's text in the UI language (the server sends both). */
export const warningText = (warning: Warning, language: Language): string => warning[language];

/** Sends a write that may warn: `send(false)`, then, when it warned and the person agreed, `send(true)`. */
export type WithWarnings = <T>(send: (confirm: boolean) => Promise<Warnable<T>>) => Promise<T>;

export function WarningsList({ warnings, language }: { warnings: readonly Warning[]; language: Language }) {
  return (
    <ul style={{ margin: '8px 0 0', paddingInlineStart: 20 }} data-testid="warnings-list">
      {warnings.map((w) => (
        <li key={`${w.key}:${JSON.stringify(w.params)}`} data-warning={w.key}>
          {warningText(w, language)}
        </li>
      ))}
    </ul>
  );
}

export function useWarningsConfirm(): [WithWarnings, ReactNode] {
  const { t, language } = useWidgetsTranslation();
  const [confirm, holder] = useConfirm();
  const withWarnings: WithWarnings = async <T,>(send: (confirm: boolean) => Promise<Warnable<T>>) => {
    const first = await send(false);
    if (first.saved) return first.result as T;
    const agreed = await confirm({
      title: t('widgets.warnings.title'),
      content: (
        <>
          {t('widgets.warnings.intro')}
          <WarningsList warnings={first.warnings} language={language} />
        </>
      ),
      okText: t('widgets.warnings.ok'),
    });
    if (!agreed) throw new WarningsDeclined(first.warnings);
    const second = await send(true);
    return second.result as T;
  };
  return [withWarnings, holder];
}

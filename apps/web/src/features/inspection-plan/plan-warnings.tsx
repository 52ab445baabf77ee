import type { Warning } from '@qcdesk/contract/warnings';
import { Alert, Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/api-error';
import { currentLanguage } from '../../i18n/i18n';

/** The answer of a write that may warn (contract warnings.ts `warnable`). */
export interface Warned<R> {
  saved: boolean;
  warnings: Warning[];
  result: R | null;
}

/**
 * A write that may warn (docs/adr/0018-warnings.md), generic: `send(input)` writes, or — when the
 * server answers warnings unsaved — keeps them with the input; `confirm()` resends the same input
 * with `confirm: true`. A refusal is kept as `error` for the caller's panel.
 */
export function useWarnedWrite<I extends object, R>(
  write: (input: I & { confirm?: boolean }) => Promise<Warned<R>>,
  onSaved: (answer: Warned<R>) => void,
) {
  const [held, setHeld] = useState<{ input: I; warnings: Warning[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const run = async (input: I, confirm: boolean) => {
    setError(null);
    setPending(true);
    try {
      const answer = await write(confirm ? { ...input, confirm: true } : input);
      if (answer.saved) {
        setHeld(null);
        onSaved(answer);
      } else setHeld({ input, warnings: answer.warnings });
      return answer;
    } catch (caught) {
      setError(errorMessage(caught));
      return null;
    } finally {
      setPending(false);
    }
  };

  return {
    warnings: held?.warnings ?? null,
    error,
    pending,
    send: (input: I) => run(input, false),
    confirm: () => (held ? run(held.input, true) : Promise.resolve(null)),
    dismiss: () => setHeld(null),
    clearError: () => setError(null),
  };
}

/** What a warned write answered, under its form: the warnings held, or its refusal. */
export function WriteFeedback({
  write,
  testId,
}: {
  write: Pick<ReturnType<typeof useWarnedWrite>, 'warnings' | 'error' | 'pending' | 'confirm' | 'dismiss'>;
  testId: string;
}) {
  return (
    <>
      {write.warnings ? (
        <WarningsPanel
          testId={testId}
          warnings={write.warnings}
          pending={write.pending}
          onConfirm={() => void write.confirm()}
          onDismiss={write.dismiss}
        />
      ) : null}
      {write.error ? <Alert type="error" showIcon role="alert" title={write.error} /> : null}
    </>
  );
}

/** The warnings inline, in the UI language, with "save anyway" (resend confirmed) and "go back". */
function WarningsPanel({
  warnings,
  pending,
  onConfirm,
  onDismiss,
  testId,
}: {
  warnings: readonly Warning[];
  pending: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      data-testid={`${testId}-warnings`}
      title={t('inspection-plan.warningsTitle')}
      description={
        <Flex vertical gap={8}>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {warnings.map((w) => (
              <li key={`${w.key}:${JSON.stringify(w.params)}`} data-key={w.key}>
                {w[language]}
              </li>
            ))}
          </ul>
          <Flex gap={8} wrap>
            <Button type="primary" loading={pending} onClick={onConfirm} data-testid={`${testId}-confirm`}>
              {t('inspection-plan.saveAnyway')}
            </Button>
            <Button onClick={onDismiss} data-testid={`${testId}-dismiss`}>
              {t('inspection-plan.changePlan')}
            </Button>
          </Flex>
        </Flex>
      }
    />
  );
}

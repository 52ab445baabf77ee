/**
 * A record's action bar (issue 24): the transitions the record allows now — from its `actions`
 * flags or the contract's status rules with the caller's permission — as buttons, each confirmed
 * (one confirm dialog) or asking a reason (one reason dialog) before its write, with the done toast.
 * A refused write is toasted by the client; a stale version (E_VERSION) reloads the record.
 *
 * The layout is the same on every detail page: the main (primary) actions first, then the others,
 * then the destructive ones apart at the end — so on a phone, where the bar wraps, "Submit" never
 * sits beside "Cancel".
 *
 *   <ActionBar testId="test-order" onStale={reload} actions={[
 *     { key: 'submit', label, tone: 'primary', show: can('submit'), confirm: { title },
 *       run: () => submit.mutateAsync(key), pending: submit.isPending, done: t('x.submitDone') },
 *     { key: 'cancel', label, tone: 'danger', show: …, reason: { title, label, okText }, run: (reason) => … },
 *   ]} />
 */
import { Button, Flex } from 'antd';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../api/api-error';
import { ButtonLink } from './button-link';
import { type ConfirmOptions, useConfirm } from './confirm-dialog';
import { notify } from './notify';
import { ReasonDialog, type ReasonTexts } from './reason-dialog';

export interface BarAction<R = unknown> {
  /** Unique in the bar; the button's test id is `<testId>-<key>`. */
  key: string;
  label: string;
  /** Whether the record and the caller allow it now. */
  show: boolean;
  /** primary: the record's next step; danger: cancel, invalidate, delete (placed apart, red). */
  tone?: 'primary' | 'danger';
  icon?: ReactNode;
  /** A link (Modify, a related view) instead of a write. */
  to?: string;
  /** Opens the area's own dialog (a result form) instead of a write. */
  open?: () => void;
  /** Asked before the write. */
  confirm?: ConfirmOptions;
  /** A reason asked before the write, passed to `run`. */
  reason?: ReasonTexts;
  /** The write (a mutation's `mutateAsync`). */
  run?: (reason: string | undefined) => Promise<R>;
  pending?: boolean;
  /** The success toast. */
  done?: string | ((result: R) => string);
  /** After the success toast (navigate to a created record). */
  after?: (result: R) => void;
  /** A refusal the page shows beside the record too. */
  onRefused?: (error: ApiError) => void;
}

const toneOrder = (action: BarAction) => (action.tone === 'primary' ? 0 : action.tone === 'danger' ? 2 : 1);

export function ActionBar({
  testId,
  actions,
  onStale,
  extra,
}: {
  testId: string;
  // biome-ignore lint/suspicious/noExplicitAny: each action's result type is its own.
  actions: readonly BarAction<any>[];
  /** A stale version reloads the record. */
  onStale?: () => void;
  /** Buttons of the area's own (a drawer's opener), placed with the neutral ones. */
  extra?: ReactNode;
}) {
  const [confirm, holder] = useConfirm();
  const [asking, setAsking] = useState<BarAction | null>(null);
  const shown = actions.filter((a) => a.show).sort((a, b) => toneOrder(a) - toneOrder(b));
  if (shown.length === 0 && !extra) return null;

  const write = async (action: BarAction, reason?: string) => {
    if (!action.run) return;
    try {
      const result = await action.run(reason);
      const done = typeof action.done === 'function' ? action.done(result) : action.done;
      if (done) notify('success', done);
      action.after?.(result);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.reason === 'E_VERSION') onStale?.();
        else action.onRefused?.(error);
      }
      throw error;
    }
  };
  const start = async (action: BarAction) => {
    if (action.open) return action.open();
    if (action.reason) return setAsking(action);
    if (action.confirm && !(await confirm({ danger: action.tone === 'danger', ...action.confirm }))) return;
    await write(action).catch(() => undefined);
  };
  const button = (action: BarAction) => {
    const props = {
      icon: action.icon,
      danger: action.tone === 'danger',
      'data-testid': `${testId}-${action.key}`,
      ...(action.tone === 'primary' ? { type: 'primary' as const } : {}),
    };
    return action.to ? (
      <ButtonLink key={action.key} {...props} to={action.to}>
        {action.label}
      </ButtonLink>
    ) : (
      <Button
        key={action.key}
        {...props}
        loading={action.pending ?? false}
        onClick={() => void start(action)}
      >
        {action.label}
      </Button>
    );
  };
  const main = shown.filter((a) => a.tone !== 'danger');
  const destructive = shown.filter((a) => a.tone === 'danger');
  return (
    <Flex gap={8} wrap data-testid={`${testId}-actions`}>
      {holder}
      {main.map(button)}
      {extra}
      {destructive.length ? (
        <Flex gap={8} wrap style={{ marginInlineStart: main.length || extra ? 16 : 0 }}>
          {destructive.map(button)}
        </Flex>
      ) : null}
      {asking?.reason ? (
        <ReasonDialog
          texts={asking.reason}
          danger={asking.tone === 'danger'}
          pending={actions.find((a) => a.key === asking.key)?.pending ?? false}
          onSubmit={(reason) => write(asking, reason)}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Flex>
  );
}

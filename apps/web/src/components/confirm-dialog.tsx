/**
 * Confirmation before an action, destructive ones with a red button (spec §4 named actions, e.g.
 * "Cancel production sample?"). Enter confirms (the confirm button has the focus), Esc cancels.
 *
 * const [confirm, holder] = useConfirm(); render {holder};
 * await confirm({ title?, content, danger?, okText?, cancelText? }) → true when confirmed
 */
import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useWidgetsTranslation } from './widgets-i18n';

export interface ConfirmOptions {
  /** Defaults to "Please confirm". */
  title?: ReactNode;
  content?: ReactNode;
  /** A destructive action: red confirm button labelled "Delete" unless `okText` says otherwise. */
  danger?: boolean;
  okText?: ReactNode;
  cancelText?: ReactNode;
  /** The button that has the focus (Enter presses it): confirm, unless the safe answer is cancel. */
  focus?: 'ok' | 'cancel';
}

export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

export function useConfirm(): [Confirm, ReactNode] {
  const { t } = useWidgetsTranslation();
  const [modal, holder] = Modal.useModal();
  const confirm: Confirm = ({ title, content, danger = false, okText, cancelText, focus = 'ok' }) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: title ?? t('widgets.confirm.title'),
        content,
        okText: okText ?? (danger ? t('widgets.confirm.delete') : t('widgets.confirm.ok')),
        cancelText: cancelText ?? t('widgets.confirm.cancel'),
        okButtonProps: { danger },
        keyboard: true,
        focusable: { autoFocusButton: focus },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  return [confirm, holder];
}

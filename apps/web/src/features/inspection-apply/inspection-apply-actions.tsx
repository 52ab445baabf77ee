import { CloseCircleOutlined, EditOutlined, SendOutlined } from '@ant-design/icons';
import { INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionBar, type BarAction } from '../../components/action-bar';
import { useWarningsConfirm } from '../../components/warnings-confirm';
import {
  type InspectionApplyDetail,
  useCancelInspectionApply,
  useInvalidateInspectionApply,
  useReturnInspectionApply,
  useUpdateInspectionApply,
  useWaiveInspectionApply,
} from './api';
import { InspectionApplyEdit } from './inspection-apply-edit';
import { InspectionApplyQuantity } from './inspection-apply-quantity';

/**
 * An application's action bar, driven by the detail's `actions` (DOMAIN.md §4.1): submit (confirmed;
 * its warnings — W_AFTER_DELIVERY, W_NON_WORKING_DAY — confirmed again before it is resent with
 * `confirm: true`; E_ADVANCE_DAYS is toasted), edit (a drawer), modify quantity / split, return and waive with a
 * reason, cancel confirmed (with a reason once planned).
 */
export function InspectionApplyActions({ record }: { record: InspectionApplyDetail }) {
  const { t } = useTranslation();
  const writes = {
    submit: useUpdateInspectionApply(),
    return: useReturnInspectionApply(),
    waive: useWaiveInspectionApply(),
    cancel: useCancelInspectionApply(),
  };
  const [withWarnings, holder] = useWarningsConfirm();
  const [quantity, setQuantity] = useState(false);
  const [editing, setEditing] = useState(false);
  const can = (action: string) => record.actions.includes(action);
  const key = { id: record.id, version: record.version };
  const no = record.applyNo;
  const reasonOf = (title: string, okText: string, testId: string) => ({
    title,
    label: t('inspection-apply.reason'),
    okText,
    testId,
  });
  const planned = record.status === INSPECTION_APPLY_STATUS.planned;
  const actions: BarAction[] = [
    {
      key: 'submit',
      label: t('inspection-apply.submit'),
      tone: 'primary',
      icon: <SendOutlined />,
      show: can('submit'),
      confirm: {
        title: t('inspection-apply.submitConfirm', { no }),
        content: t('inspection-apply.submitHint'),
        okText: t('inspection-apply.submit'),
      },
      run: () => withWarnings((confirm) => writes.submit.mutateAsync({ ...key, submit: true, confirm })),
      pending: writes.submit.isPending,
      done: t('inspection-apply.submitDone'),
    },
    {
      key: 'edit',
      label: t('inspection-apply.edit'),
      icon: <EditOutlined />,
      show: can('update'),
      open: () => setEditing(true),
    },
    {
      key: 'quantity',
      label: t('inspection-apply.quantityModify'),
      show: can('updateqnty'),
      open: () => setQuantity(true),
    },
    {
      key: 'return',
      label: t('inspection-apply.return'),
      show: can('return'),
      reason: reasonOf(
        t('inspection-apply.returnTitle', { no }),
        t('inspection-apply.return'),
        'inspection-apply-return-reason',
      ),
      run: (reason) => writes.return.mutateAsync({ ...key, reason }),
      pending: writes.return.isPending,
      done: t('inspection-apply.returnDone'),
    },
    {
      key: 'waive',
      label: t('inspection-apply.waive'),
      show: can('waive'),
      reason: reasonOf(
        t('inspection-apply.waiveTitle', { no }),
        t('inspection-apply.waive'),
        'inspection-apply-waive-reason',
      ),
      run: (reason) => writes.waive.mutateAsync({ ...key, reason }),
      pending: writes.waive.isPending,
      done: t('inspection-apply.waiveDone'),
    },
    {
      key: 'cancel',
      label: t('inspection-apply.cancel'),
      tone: 'danger',
      icon: <CloseCircleOutlined />,
      show: can('cancel'),
      ...(planned
        ? {
            reason: reasonOf(
              t('inspection-apply.cancelTitle', { no }),
              t('inspection-apply.cancel'),
              'inspection-apply-cancel-reason',
            ),
          }
        : {
            confirm: {
              title: t('inspection-apply.cancelConfirm', { no }),
              okText: t('inspection-apply.cancel'),
              cancelText: t('inspection-apply.cancelKeep'),
              focus: 'cancel' as const,
            },
          }),
      run: (reason) => writes.cancel.mutateAsync(reason ? { ...key, reason } : key),
      pending: writes.cancel.isPending,
      done: t('inspection-apply.cancelDone'),
    },
  ];
  return (
    <>
      {holder}
      <ActionBar testId="inspection-apply" onStale={useInvalidateInspectionApply()} actions={actions} />
      {can('update') ? (
        <InspectionApplyEdit record={record} open={editing} onClose={() => setEditing(false)} />
      ) : null}
      {quantity ? <InspectionApplyQuantity record={record} onClose={() => setQuantity(false)} /> : null}
    </>
  );
}

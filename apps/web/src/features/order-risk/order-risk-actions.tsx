import { ORDER_RISK_STATUS } from '@qcdesk/contract/order-risk';
import { Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { useConfirm } from '../../components/confirm-dialog';
import { GuardedModal } from '../../components/guarded-modal';
import { notify } from '../../components/notify';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { type OrderRiskDetail, useInvalidateOrderRisk, useResetOrderRisk, useWaiveOrderRisk } from './api';

/** DOMAIN.md §4.11 waive (10, 20; a reason) and reset (10, 30, 40; not while testing). */
export function OrderRiskActions({ risk, modify }: { risk: OrderRiskDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const [confirm, holder] = useConfirm();
  const [waiving, setWaiving] = useState(false);
  const [reason, setReason] = useState('');
  const guard = useLeaveGuard();
  const waive = useWaiveOrderRisk();
  const reset = useResetOrderRisk();
  const invalidate = useInvalidateOrderRisk();
  const onError = (error: { reason?: string }) => {
    if (error.reason === 'E_VERSION') invalidate();
  };
  const canWaive =
    hasPermission(session, 'orderrisk.edit') &&
    (risk.status === ORDER_RISK_STATUS.pending || risk.status === ORDER_RISK_STATUS.testing);
  const canReset = hasPermission(session, 'orderrisk.reset') && risk.status !== ORDER_RISK_STATUS.testing;
  const doReset = async () => {
    if (!(await confirm({ title: t('order-risk.resetConfirm'), content: t('order-risk.resetHint') }))) return;
    reset.mutate(
      { id: risk.id, version: risk.version },
      { onSuccess: () => notify('success', t('order-risk.resetDone')), onError },
    );
  };
  const doWaive = () =>
    waive.mutate(
      { id: risk.id, version: risk.version, waive: true, waiveReason: reason },
      {
        onSuccess: () => {
          setWaiving(false);
          notify('success', t('order-risk.waivedDone'));
        },
        onError,
      },
    );
  if (!canWaive && !canReset) return null;
  return (
    <Flex gap={8} wrap>
      {holder}
      {canWaive && (modify || risk.status === ORDER_RISK_STATUS.testing) ? (
        <Button onClick={() => setWaiving(true)} data-testid="order-risk-waive">
          {t('order-risk.waive')}
        </Button>
      ) : null}
      {canReset ? (
        <Button loading={reset.isPending} onClick={() => void doReset()} data-testid="order-risk-reset">
          {t('order-risk.reset')}
        </Button>
      ) : null}
      <GuardedModal
        guard={guard}
        open={waiving}
        title={t('order-risk.waiveTitle')}
        okText={t('order-risk.waive')}
        okButtonProps={{ disabled: !reason.trim(), loading: waive.isPending }}
        onOk={doWaive}
        onCancel={() => {
          setWaiving(false);
          setReason('');
        }}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label={t('order-risk.waiveReason')}
          placeholder={t('order-risk.waiveReason')}
          maxLength={500}
          rows={3}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            guard.change();
          }}
        />
      </GuardedModal>
    </Flex>
  );
}

import { ORDER_RISK_STATUS } from '@qcdesk/contract/order-risk';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ActionBar } from '../../components/action-bar';
import { type OrderRiskDetail, useInvalidateOrderRisk, useResetOrderRisk, useWaiveOrderRisk } from './api';

/** DOMAIN.md §4.11 waive (10, 20; a reason) and reset (10, 30, 40; not while testing). */
export function OrderRiskActions({ risk, modify }: { risk: OrderRiskDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const waive = useWaiveOrderRisk();
  const reset = useResetOrderRisk();
  const canWaive =
    hasPermission(session, 'orderrisk.edit') &&
    (risk.status === ORDER_RISK_STATUS.pending || risk.status === ORDER_RISK_STATUS.testing);
  const key = { id: risk.id, version: risk.version };
  return (
    <ActionBar
      testId="order-risk"
      onStale={useInvalidateOrderRisk()}
      actions={[
        {
          key: 'waive',
          label: t('order-risk.waive'),
          show: canWaive && (modify || risk.status === ORDER_RISK_STATUS.testing),
          reason: {
            title: t('order-risk.waiveTitle'),
            label: t('order-risk.waiveReason'),
            okText: t('order-risk.waive'),
          },
          run: (reason) => waive.mutateAsync({ ...key, waive: true, waiveReason: reason ?? '' }),
          pending: waive.isPending,
          done: t('order-risk.waivedDone'),
        },
        {
          key: 'reset',
          label: t('order-risk.reset'),
          show: hasPermission(session, 'orderrisk.reset') && risk.status !== ORDER_RISK_STATUS.testing,
          confirm: { title: t('order-risk.resetConfirm'), content: t('order-risk.resetHint') },
          run: () => reset.mutateAsync(key),
          pending: reset.isPending,
          done: t('order-risk.resetDone'),
        },
      ]}
    />
  );
}

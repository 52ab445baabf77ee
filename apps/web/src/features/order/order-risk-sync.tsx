import { SyncOutlined } from '@ant-design/icons';
import { syncOrderRisks } from '@qcdesk/contract/order-risk';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { useOperationMutation } from '../../api/use-operation';
import { notify } from '../../components/notify';
import { type OrderDetail, useInvalidateOrder } from './api';

/**
 * `orderrisk/sync` for the whole order (orderrisk.sync, DOMAIN.md §4.11, §6.5): derives the
 * high-risk tests of its products again and says what changed; the products' test status follows.
 */
export function OrderRiskSync({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const session = useSession();
  const sync = useOperationMutation(syncOrderRisks);
  const reload = useInvalidateOrder();
  if (order.valid !== 1 || !hasPermission(session, 'orderrisk.sync')) return null;
  const run = () =>
    sync.mutate(
      { orderId: order.id },
      {
        onSuccess: (counts) => {
          notify('success', t('order.riskSynced', counts));
          reload();
        },
      },
    );
  return (
    <Button
      size="small"
      icon={<SyncOutlined />}
      loading={sync.isPending}
      onClick={run}
      data-testid="order-risk-sync"
    >
      {t('order.riskSync')}
    </Button>
  );
}

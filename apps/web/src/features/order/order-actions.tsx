import { FileTextOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { RecordLifecycleActions } from '../../components/record/record-lifecycle-actions';
import { type OrderDetail, useInvalidateOrder } from './api';
import { OrderRequirementsDialog } from './order-edit-dialogs';
import { useUpdateOrder } from './order-write-api';

/**
 * The order's header buttons (order.edit on an order the caller may modify): Edit (the header
 * form), Requirements, Delete and Restore, each confirmed (DOMAIN.md §4 rule f: E_IN_USE while
 * anything references the order or its products; the server's message says so). A deleted order
 * stays on its page, so it can be restored there.
 */
export function OrderActions({ order, modify }: { order: OrderDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  // The `modify` flag needs the order valid; undelete only order.edit (the server checks the scope).
  const mayEdit = hasPermission(session, 'order.edit');
  const [requirements, setRequirements] = useState(false);
  const update = useUpdateOrder();
  const reload = useInvalidateOrder();
  if (!mayEdit) return null;
  return (
    <RecordLifecycleActions
      record={order}
      path="order"
      testId="order"
      edit={modify}
      allowed={{ delete: modify, undelete: true }}
      update={update}
      onStale={reload}
      stayOnDelete
      texts={{
        delete: {
          confirm: t('order.form.deleteConfirm', { orderNo: order.orderNo }),
          done: t('order.form.deletedDone'),
        },
        undelete: {
          confirm: t('order.form.undeleteConfirm', { orderNo: order.orderNo }),
          done: t('order.form.undeletedDone'),
          label: t('order.form.restore'),
        },
      }}
    >
      {modify ? (
        <Button
          icon={<FileTextOutlined />}
          onClick={() => setRequirements(true)}
          data-testid="order-requirements-edit"
        >
          {t('order.form.requirements')}
        </Button>
      ) : null}
      {requirements ? (
        <OrderRequirementsDialog order={order} open onClose={() => setRequirements(false)} />
      ) : null}
    </RecordLifecycleActions>
  );
}

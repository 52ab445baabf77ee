import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { useCartFeedback } from '../../components/cart-feedback';
import { subheading } from '../../components/record/record-card';
import { type SelectableItem, useSelection } from '../../lib/carts';
import type { OrderDetail, OrderProductLine } from './api';
import { OrderBulkActions } from './order-bulk-actions';
import { OrderAddLineDialog, OrderItemDialog } from './order-edit-dialogs';
import { OrderInspectionCart } from './order-inspection-cart';
import { useLineActions } from './order-line-actions';
import { OrderProductCompliance } from './order-product-compliance';
import { OrderProducts } from './order-products';
import { OrderRiskSync } from './order-risk-sync';
import { OrderTestCart } from './order-test-cart';

/** The selection rules of bulk assignment (DOMAIN.md §6.1): one client and department. */
const RULES = { sameClient: true, sameDepartment: true } as const;

/**
 * The order's products with what the caller may do to them: add, edit, move and remove lines
 * (order.edit on an order they may modify), select lines and set their product type or assign them a QC (order.assign).
 */
export function OrderProductsCard({ order, modify }: { order: OrderDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const feedback = useCartFeedback();
  const live = order.valid === 1;
  const mayEdit = live && modify && hasPermission(session, 'order.edit');
  const mayAssign = live && hasPermission(session, 'order.assign');
  const selection = useSelection<SelectableItem>(`order-${order.id}`, RULES);
  const [editing, setEditing] = useState<OrderProductLine | null>(null);
  const [adding, setAdding] = useState(false);
  const [compliance, setCompliance] = useState<OrderProductLine | null>(null);
  const lines = useLineActions(order);
  const item = (row: OrderProductLine): SelectableItem => ({
    id: row.id,
    clientId: order.client.id,
    departmentId: order.department.id,
  });
  const valid = new Set(order.products.filter((p) => p.valid === 1).map((p) => p.id));
  const selected = selection.selected.map((s) => s.id).filter((id) => valid.has(id));
  const selecting = mayEdit || mayAssign;
  return (
    <Card
      title={<h2 style={subheading}>{t('order.products')}</h2>}
      extra={
        <Flex gap={8} wrap>
          {mayEdit ? (
            <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="order-line-new-open">
              {t('order.form.lineAdd')}
            </Button>
          ) : null}
          <OrderRiskSync order={order} />
        </Flex>
      }
    >
      {selecting ? (
        <OrderBulkActions
          order={order}
          selected={selected}
          onClear={selection.clear}
          mayType={mayEdit}
          mayAssign={mayAssign}
        />
      ) : null}
      <OrderProducts
        products={order.products}
        selection={
          selecting
            ? { selected, toggle: (row) => feedback.selection(selection.toggle(item(row))) }
            : undefined
        }
        onEdit={mayEdit ? setEditing : undefined}
        lineActions={mayEdit ? lines.actions : undefined}
        onCompliance={setCompliance}
      />
      <OrderProductCompliance line={compliance} onClose={() => setCompliance(null)} />
      <OrderTestCart order={order} />
      <OrderInspectionCart order={order} />
      <OrderItemDialog order={order} line={editing} onClose={() => setEditing(null)} />
      <OrderAddLineDialog order={order} open={adding} onClose={() => setAdding(false)} />
      {lines.holder}
    </Card>
  );
}

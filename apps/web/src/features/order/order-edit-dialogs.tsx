import { productInput, updateOrderRequirements } from '@qcdesk/contract/order';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { rulesFrom } from '../../components/record/field-rules';
import type { OrderDetail, OrderProductLine } from './api';
import { OrderDialogForm } from './order-dialog-form';
import {
  emptyLine,
  type ItemValues,
  itemHasChanges,
  itemValues,
  type LineValues,
  lineInput,
  type RequirementValues,
  requirementValues,
  updateItemInput,
  updateRequirementsInput,
} from './order-form-values';
import { LineFields } from './order-lines-fields';
import {
  type AddOrderItemsInput,
  useAddOrderItems,
  useUpdateOrderItem,
  useUpdateRequirements,
} from './order-write-api';

const TEXT_ROWS = { minRows: 3, maxRows: 10 };

/** Change one product of the order (order/item/update, with the order's version). */
export function OrderItemDialog({
  order,
  line,
  onClose,
}: {
  order: OrderDetail;
  line: OrderProductLine | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useUpdateOrderItem();
  if (!line) return null;
  return (
    <OrderDialogForm<ItemValues, ReturnType<typeof updateItemInput>>
      open
      title={t('order.form.itemTitle', { productNo: line.productNo })}
      testId="order-item"
      initialValues={itemValues(line)}
      toInput={(values) => {
        const input = updateItemInput(order, line, values);
        return itemHasChanges(input) ? input : null;
      }}
      save={save}
      doneText={t('common.saved')}
      onClose={onClose}
    >
      <LineFields prefix={[]} newLine={false} />
      <Form.Item
        name="description"
        label={t('order.form.productDescription')}
        rules={rulesFrom(productInput, 'description', { label: t('order.form.productDescription') })}
      >
        <Input.TextArea autoSize={TEXT_ROWS} />
      </Form.Item>
    </OrderDialogForm>
  );
}

/** A dialog that changes the order, opened from its page. */
interface OrderDialogProps {
  order: OrderDetail;
  open: boolean;
  onClose: () => void;
}

/**
 * Issue 25: one line added to an existing order (order/item/create) with the fields of the new-order
 * form's lines; its refusals name `products.0.<field>`, the form's own path.
 */
export function OrderAddLineDialog({ order, open, onClose }: OrderDialogProps) {
  const { t } = useTranslation();
  const save = useAddOrderItems();
  return (
    <OrderDialogForm<{ products: LineValues[] }, AddOrderItemsInput>
      open={open}
      title={t('order.form.lineAddTitle', { orderNo: order.orderNo })}
      testId="order-line-new"
      initialValues={{ products: [emptyLine()] }}
      toInput={(values) => ({
        id: order.id,
        version: order.version,
        products: values.products.map(lineInput),
      })}
      save={save}
      doneText={t('order.form.lineAdded')}
      onClose={onClose}
    >
      <LineFields prefix={['products', 0]} dialog />
    </OrderDialogForm>
  );
}

/** The order's inspection and test requirements (order/require/update), or the client's current ones. */
export function OrderRequirementsDialog({ order, open, onClose }: OrderDialogProps) {
  const { t } = useTranslation();
  const save = useUpdateRequirements();
  const input = updateOrderRequirements.input;
  return (
    <OrderDialogForm<RequirementValues, ReturnType<typeof updateRequirementsInput>>
      open={open}
      title={t('order.form.requirementsTitle')}
      testId="order-requirements"
      initialValues={requirementValues(order)}
      toInput={(values) => updateRequirementsInput(order, values)}
      save={save}
      doneText={t('common.saved')}
      onClose={onClose}
      extra={(send) => (
        <Button
          onClick={() => send({ id: order.id, version: order.version, fromClient: true })}
          loading={save.isPending}
          data-testid="order-requirements-client"
        >
          {t('order.form.fromClient')}
        </Button>
      )}
    >
      {(['inspectionRequirement', 'testRequirement'] as const).map((field) => (
        <Form.Item
          key={field}
          name={field}
          label={t(`order.${field}`)}
          rules={rulesFrom(input, field, { label: t(`order.${field}`) })}
        >
          <Input.TextArea autoSize={TEXT_ROWS} />
        </Form.Item>
      ))}
    </OrderDialogForm>
  );
}

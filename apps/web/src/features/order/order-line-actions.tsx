import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/api-error';
import { useConfirm } from '../../components/confirm-dialog';
import { notify } from '../../components/notify';
import { RemoveButton } from '../../components/remove-button';
import { type OrderDetail, type OrderProductLine, useInvalidateOrder } from './api';
import { useSortOrderItems, useUpdateOrderItem } from './order-write-api';

/**
 * Issue 25: a valid line of an existing order moved up or down (order/item/sort) or removed after a
 * confirmation (order/item/update valid 0). The server's refusal is shown as it says it (E_IN_USE:
 * a sample, application or test order holds the product); a stale order reloads.
 */
export function useLineActions(order: OrderDetail) {
  const { t } = useTranslation();
  const [confirm, holder] = useConfirm();
  const sort = useSortOrderItems();
  const update = useUpdateOrderItem();
  const reload = useInvalidateOrder();
  const valid = order.products.filter((p) => p.valid === 1);
  const busy = sort.isPending || update.isPending;
  const refused = (error: ApiError) => {
    notify(error.reason === 'E_VERSION' ? 'warning' : 'error', error.message);
    if (error.reason === 'E_VERSION') reload();
  };
  const move = (row: OrderProductLine, by: -1 | 1) => {
    const ids = valid.map((p) => p.id);
    const from = ids.indexOf(row.id);
    const to = from + by;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    sort.mutate({ id: order.id, version: order.version, productIds: ids }, { onError: refused });
  };
  const remove = async (row: OrderProductLine) => {
    const ok = await confirm({
      danger: true,
      content: t('order.form.lineDeleteConfirm', { productNo: row.productNo }),
    });
    if (!ok) return;
    update.mutate(
      { id: order.id, version: order.version, productId: row.id, valid: 0 },
      { onSuccess: () => notify('success', t('order.form.lineDeleted')), onError: refused },
    );
  };
  const actions = (row: OrderProductLine) => {
    const index = valid.findIndex((p) => p.id === row.id);
    if (index < 0) return null;
    return (
      <Flex gap={0} wrap={false}>
        <Button
          size="small"
          type="text"
          icon={<ArrowUpOutlined />}
          disabled={busy || index === 0}
          onClick={() => move(row, -1)}
          aria-label={t('order.form.lineUp', { productNo: row.productNo })}
          data-testid="order-product-up"
        />
        <Button
          size="small"
          type="text"
          icon={<ArrowDownOutlined />}
          disabled={busy || index === valid.length - 1}
          onClick={() => move(row, 1)}
          aria-label={t('order.form.lineDown', { productNo: row.productNo })}
          data-testid="order-product-down"
        />
        <RemoveButton
          size="small"
          disabled={busy || valid.length === 1}
          onClick={() => void remove(row)}
          label={t('order.form.lineDelete', { productNo: row.productNo })}
          data-testid="order-product-delete"
        />
      </Flex>
    );
  };
  return { actions, holder };
}

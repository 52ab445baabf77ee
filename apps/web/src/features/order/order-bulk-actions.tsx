import { DEFAULT_PAGE_SIZE } from '@qcdesk/contract/constants';
import { searchUsers } from '@qcdesk/contract/identity';
import type { Language } from '@qcdesk/contract/messages';
import { Button, Flex, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { enumOptions, userText } from '../../components/ref-labels';
import {
  RemoteAutoComplete,
  type RemoteOption,
  type RemoteSearch,
} from '../../components/remote-auto-complete';
import { currentLanguage } from '../../i18n/i18n';
import type { OrderDetail } from './api';
import { OrderDialogForm } from './order-dialog-form';
import { OrderSampleLinks } from './order-product-links';
import { OrderProductionSampleLinks } from './order-production-sample-links';
import { useAssignProducts, useUpdateProductType } from './order-write-api';

/** DOMAIN.md §2.4 OrderProduct.qcId: an active user in the QC position. */
export const QC_POSITION = 2;

/** Users in the QC position by name (user/search), labelled in the UI language. */
export const searchQcOptions =
  (language: Language): RemoteSearch =>
  async (term, signal) => {
    const page = await api.call(searchUsers, { name: term, pageSize: DEFAULT_PAGE_SIZE }, { signal });
    return page.list
      .filter((user) => user.position === QC_POSITION && user.state === 1)
      .map((user) => ({ value: user.id, label: userText(user, language) }));
  };

type Dialog = 'type' | 'qc' | null;

/**
 * The bulk actions on the selected products of the order (DOMAIN.md §6.1 generic selection): set
 * their product type and link them to an original sample of the cart (order.edit), and assign a QC
 * (order.assign), each in a dialog.
 */
export function OrderBulkActions({
  order,
  selected,
  onClear,
  mayType,
  mayAssign,
}: {
  order: OrderDetail;
  selected: readonly string[];
  onClear: () => void;
  /** order.edit on an order the caller may change: product type and the sample links. */
  mayType: boolean;
  mayAssign: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [dialog, setDialog] = useState<Dialog>(null);
  const typeSave = useUpdateProductType();
  const assign = useAssignProducts();
  const none = selected.length === 0;
  const done = () => {
    setDialog(null);
    onClear();
  };
  return (
    <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }} data-testid="order-bulk">
      <Typography.Text type="secondary">
        {t('order.form.selected', { count: selected.length })}
      </Typography.Text>
      {mayType ? (
        <Button size="small" disabled={none} onClick={() => setDialog('type')} data-testid="order-bulk-type">
          {t('order.form.setType')}
        </Button>
      ) : null}
      {mayAssign ? (
        <Button size="small" disabled={none} onClick={() => setDialog('qc')} data-testid="order-bulk-qc">
          {t('order.form.assignQc')}
        </Button>
      ) : null}
      {mayType ? <OrderSampleLinks order={order} selected={selected} onDone={onClear} /> : null}
      {mayType ? <OrderProductionSampleLinks order={order} selected={selected} onDone={onClear} /> : null}
      {none ? null : (
        <Button size="small" type="link" onClick={onClear}>
          {t('order.form.clearSelection')}
        </Button>
      )}
      {dialog === 'type' ? (
        <OrderDialogForm<{ productType: number }, Parameters<typeof typeSave.mutate>[0]>
          open
          title={t('order.form.setType')}
          testId="order-type"
          width={480}
          initialValues={{ productType: 1 }}
          toInput={(values) => ({
            id: order.id,
            version: order.version,
            productIds: [...selected],
            productType: values.productType,
          })}
          save={typeSave}
          doneText={t('common.saved')}
          onClose={done}
        >
          <Form.Item name="productType" label={t('order.productType')}>
            <Select options={enumOptions('ProductType', language)} aria-label={t('order.productType')} />
          </Form.Item>
        </OrderDialogForm>
      ) : null}
      {dialog === 'qc' ? (
        <OrderDialogForm<{ qc: RemoteOption | null }, Parameters<typeof assign.mutate>[0]>
          open
          title={t('order.form.assignQc')}
          testId="order-qc"
          width={560}
          initialValues={{ qc: null }}
          toInput={(values) => ({ productIds: [...selected], qcId: values.qc?.value ?? null })}
          save={assign}
          doneText={t('order.form.assigned', { count: selected.length })}
          onClose={done}
          fieldOf={{ qcId: 'qc' }}
          extra={(send) => (
            <Button
              onClick={() => send({ productIds: [...selected], qcId: null })}
              data-testid="order-qc-clear"
            >
              {t('order.form.clearQc')}
            </Button>
          )}
        >
          <Form.Item
            name="qc"
            label={t('order.qc')}
            rules={[{ required: true, message: t('common.required', { label: t('order.qc') }) }]}
          >
            <RemoteAutoComplete aria-label={t('order.qc')} search={searchQcOptions(language)} />
          </Form.Item>
        </OrderDialogForm>
      ) : null}
    </Flex>
  );
}

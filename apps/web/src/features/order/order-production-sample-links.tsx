import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductionSampleAutoComplete, type RemoteOption } from '../../components/remote-auto-complete';
import { useRelateOrderProducts } from './api';
import { OrderDialogForm } from './order-dialog-form';
import { OrderLinkButtons, type OrderLinksProps } from './order-link-buttons';

/**
 * The production-sample links of `order/relation` (DOMAIN.md §2.3, §2.4) on the selected products:
 * link them to a production sample of the order's client (picked by item no), or unlink the linked
 * ones. The server refuses another client's or a cancelled sample; its message marks the field.
 */
export function OrderProductionSampleLinks({ order, selected, onDone }: OrderLinksProps) {
  const { t } = useTranslation();
  const relate = useRelateOrderProducts();
  const [open, setOpen] = useState(false);
  const linked = order.products.filter((p) => selected.includes(p.id) && p.productionSample).map((p) => p.id);

  return (
    <OrderLinkButtons
      selected={selected}
      linked={linked}
      texts={{
        link: t('order.psLink'),
        unlink: t('order.psUnlink'),
        unlinkConfirm: t('order.psUnlinkConfirm', { count: linked.length }),
      }}
      testId="order-ps"
      onLink={() => setOpen(true)}
      unlink={(ids) =>
        relate.mutateAsync({
          id: order.id,
          version: order.version,
          links: ids.map((productId) => ({ productId, productionSampleId: null })),
        })
      }
      onDone={onDone}
    >
      {open ? (
        <OrderDialogForm<{ sample: RemoteOption | null }, Parameters<typeof relate.mutate>[0]>
          open
          title={t('order.psLinkTitle', { count: selected.length })}
          testId="order-ps"
          width={560}
          initialValues={{ sample: null }}
          toInput={(values) =>
            values.sample
              ? {
                  id: order.id,
                  version: order.version,
                  links: selected.map((productId) => ({
                    productId,
                    productionSampleId: values.sample?.value ?? null,
                  })),
                }
              : null
          }
          save={relate}
          doneText={t('order.linkDone', { count: selected.length })}
          onClose={() => {
            setOpen(false);
            onDone();
          }}
        >
          <Form.Item
            name="sample"
            label={t('order.productionSample')}
            extra={t('order.psLinkHint')}
            rules={[
              { required: true, message: t('common.required', { label: t('order.productionSample') }) },
            ]}
          >
            <ProductionSampleAutoComplete aria-label={t('order.productionSample')} client={order.client.id} />
          </Form.Item>
        </OrderDialogForm>
      ) : null}
    </OrderLinkButtons>
  );
}

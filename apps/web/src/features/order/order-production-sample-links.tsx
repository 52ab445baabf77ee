import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-dialog';
import { ProductionSampleAutoComplete, type RemoteOption } from '../../components/remote-auto-complete';
import { toast } from '../../components/toast';
import { type OrderDetail, useRelateOrderProducts } from './api';
import { OrderDialogForm } from './order-dialog-form';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The production-sample links of `order/relation` (DOMAIN.md §2.3, §2.4) on the selected products:
 * link them to a production sample of the order's client (picked by item no), or unlink the linked
 * ones. The server refuses another client's or a cancelled sample; its message marks the field.
 */
export function OrderProductionSampleLinks({
  order,
  selected,
  onDone,
}: {
  order: OrderDetail;
  selected: readonly string[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const relate = useRelateOrderProducts();
  const [confirm, holder] = useConfirm();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const linked = order.products.filter((p) => selected.includes(p.id) && p.productionSample);

  const unlink = async () => {
    if (!(await confirm({ content: t('order.psUnlinkConfirm', { count: linked.length }) }))) return;
    setProblem(null);
    try {
      await relate.mutateAsync({
        id: order.id,
        version: order.version,
        links: linked.map((p) => ({ productId: p.id, productionSampleId: null })),
      });
      toast.success(t('order.unlinkDone', { count: linked.length }));
      onDone();
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  return (
    <>
      {holder}
      <Button
        size="small"
        icon={<LinkOutlined />}
        disabled={selected.length === 0}
        onClick={() => setOpen(true)}
        data-testid="order-ps-link"
      >
        {t('order.psLink')}
      </Button>
      <Button
        size="small"
        icon={<DisconnectOutlined />}
        disabled={linked.length === 0}
        onClick={() => void unlink()}
        data-testid="order-ps-unlink"
      >
        {t('order.psUnlink')}
      </Button>
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
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
    </>
  );
}

import { Alert, Empty, Flex, Modal, Radio, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { toast } from '../../components/toast';
import { currentLanguage } from '../../i18n/i18n';
import { useOriginalSampleCart } from '../../lib/carts';
import { useRelateOrderProducts, useSampleCartEntries } from './api';
import { OrderLinkButtons, type OrderLinksProps } from './order-link-buttons';

/** Picks one sample of the original-sample cart (re-validated by the server) and links the products to it. */
function LinkSampleDialog({
  open,
  count,
  onLink,
  onClose,
}: {
  open: boolean;
  count: number;
  onLink: (sampleId: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const cart = useOriginalSampleCart();
  const entries = useSampleCartEntries(
    cart.items.map((entry) => entry.id),
    open,
  );
  const [picked, setPicked] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = cart.items.length === 0 ? [] : (entries.data?.list ?? []);

  const link = async () => {
    if (!picked) return;
    setBusy(true);
    setProblem(null);
    try {
      await onLink(picked);
      setPicked(null);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setProblem(null);
    setPicked(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('order.linkTitle', { count })}
      okText={t('order.linkOk')}
      okButtonProps={{ disabled: !picked, loading: busy }}
      onOk={() => void link()}
      onCancel={close}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {problem ? <Alert type="error" showIcon title={problem} data-testid="order-link-problem" /> : null}
        {entries.isFetching ? (
          <Spin />
        ) : list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order.linkCartEmpty')}>
            <Link to={`/${currentLanguage()}/originalsample`}>{t('order.linkCartOpen')}</Link>
          </Empty>
        ) : (
          <Radio.Group
            value={picked}
            onChange={(e) => setPicked(e.target.value as string)}
            aria-label={t('order.linkPick')}
          >
            <Flex vertical gap={8}>
              {list.map((entry) => (
                <Radio key={entry.id} value={entry.id}>
                  {entry.name}
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        )}
        <Typography.Text type="secondary">{t('order.linkHint')}</Typography.Text>
      </Flex>
    </Modal>
  );
}

/**
 * The sample links of DOMAIN.md §6.1 (`order/relation`) on the selected products: link them to a
 * sample of the original-sample cart, or unlink the linked ones. Shown with order.edit on an order
 * the caller may change; the server refuses another client's sample (E_SAMPLE_CLIENT), said here.
 */
export function OrderSampleLinks({ order, selected, onDone }: OrderLinksProps) {
  const { t } = useTranslation();
  const relate = useRelateOrderProducts();
  const [open, setOpen] = useState(false);

  const linked = order.products.filter((p) => selected.includes(p.id) && p.originalSample).map((p) => p.id);
  const write = (ids: readonly string[], sampleId: string | null) =>
    relate.mutateAsync({
      id: order.id,
      version: order.version,
      links: ids.map((productId) => ({ productId, originalSampleId: sampleId })),
    });
  const link = async (sampleId: string) => {
    const count = selected.length;
    await write(selected, sampleId);
    onDone();
    setOpen(false);
    toast.success(t('order.linkDone', { count }));
  };

  return (
    <OrderLinkButtons
      selected={selected}
      linked={linked}
      texts={{
        link: t('order.linkSample'),
        unlink: t('order.unlinkSample'),
        unlinkConfirm: t('order.unlinkConfirm', { count: linked.length }),
      }}
      onLink={() => setOpen(true)}
      unlink={(ids) => write(ids, null)}
      onDone={onDone}
    >
      <LinkSampleDialog open={open} count={selected.length} onLink={link} onClose={() => setOpen(false)} />
    </OrderLinkButtons>
  );
}

import { CloseOutlined, DeleteOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Empty, Flex, List, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog';
import { currentLanguage } from '../../i18n/i18n';
import { useOriginalSampleCart } from '../../lib/carts';
import { useValidCart } from './api';

/** Add to / remove from the original-sample cart (DOMAIN.md §6.1: never twice). */
export function CartToggle({
  sample,
  size,
}: {
  sample: { id: string; itemNo: string; name: string };
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation();
  const cart = useOriginalSampleCart();
  const inCart = cart.items.some((entry) => entry.id === sample.id);
  return (
    <Button
      size={size}
      icon={inCart ? <CloseOutlined /> : <ShoppingCartOutlined />}
      onClick={() => (inCart ? cart.remove(sample.id) : cart.add(sample))}
      aria-pressed={inCart}
      // The name starts with the text people see (WCAG 2.5.3), the item no tells the rows apart.
      aria-label={
        inCart
          ? t('original-sample.cartInItem', { itemNo: sample.itemNo })
          : t('original-sample.cartAddItem', { itemNo: sample.itemNo })
      }
      data-testid="original-sample-cart-toggle"
    >
      {inCart ? t('original-sample.cartRemove') : t('original-sample.cartAdd')}
    </Button>
  );
}

/**
 * The original-sample cart (spec §3: entries "itemNo | name"): a button with the count that opens
 * the entries, each removable, and a confirmed clear. On opening, the server re-validates the cart
 * and entries of deleted or out-of-scope samples drop out.
 */
export function OriginalSampleCartButton() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const cart = useOriginalSampleCart();
  const [open, setOpen] = useState(false);
  const [confirm, holder] = useConfirm();
  const valid = useValidCart(
    cart.items.map((entry) => entry.id),
    open,
  );

  const { items, remove } = cart;
  useEffect(() => {
    if (!valid.data) return;
    const kept = new Set(valid.data.list.map((entry) => entry.id));
    for (const entry of items) if (!kept.has(entry.id)) remove(entry.id);
  }, [valid.data, items, remove]);

  const clear = async () => {
    if (
      await confirm({
        title: t('original-sample.cartClearConfirm'),
        danger: true,
        okText: t('original-sample.cartClear'),
      })
    ) {
      cart.clear();
    }
  };

  return (
    <>
      {holder}
      <Badge count={cart.items.length} size="small">
        <Button
          icon={<ShoppingCartOutlined />}
          onClick={() => setOpen(true)}
          data-testid="original-sample-cart"
        >
          {t('original-sample.cart')}
        </Button>
      </Badge>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('original-sample.cartTitle', { count: cart.items.length })}
        size="default"
        extra={
          cart.items.length > 0 ? (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() => void clear()}
              data-testid="original-sample-cart-clear"
            >
              {t('original-sample.cartClear')}
            </Button>
          ) : null
        }
      >
        {cart.items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('original-sample.cartEmpty')} />
        ) : (
          <List
            dataSource={[...cart.items]}
            renderItem={(entry) => (
              <List.Item
                actions={[
                  <Button
                    key="remove"
                    type="text"
                    icon={<CloseOutlined />}
                    aria-label={t('original-sample.cartRemoveItem', { itemNo: entry.name })}
                    onClick={() => cart.remove(entry.id)}
                  />,
                ]}
              >
                <Typography.Text>
                  <Link to={`/${language}/originalsample/${entry.id}`} onClick={() => setOpen(false)}>
                    {entry.name}
                  </Link>
                </Typography.Text>
              </List.Item>
            )}
          />
        )}
        <Flex style={{ marginTop: 16 }}>
          <Typography.Text type="secondary">{t('original-sample.cartHint')}</Typography.Text>
        </Flex>
      </Drawer>
    </>
  );
}

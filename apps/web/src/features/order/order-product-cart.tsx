import { CheckOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Flex, Tag, Typography } from 'antd';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { useCartFeedback } from '../../components/cart-feedback';
import { type CartItem, type CartResult, markInCart } from '../../lib/carts';
import type { OrderDetail } from './api';

type OrderProduct = OrderDetail['products'][number];

/** A cart an order's products go into: the test cart, the inspection cart. */
export interface ProductCart<T extends CartItem> {
  items: readonly CartItem[];
  add: (item: T) => CartResult<T>;
  remove: (id: string) => void;
}

export interface OrderProductCartProps<T extends CartItem> {
  order: OrderDetail;
  /** Who may fill this cart (the permission of the call the cart ends in). */
  permission: string;
  cart: ProductCart<T>;
  /** The cart's entry for a product of the order. */
  entryOf: (product: OrderProduct) => T;
  texts: { add: string; inCart: string; open: (n: number) => string };
  /** Where the cart's button opens the cart. */
  openTo: string;
  /** `{testId}`, `{testId}-toggle` on each product, `{testId}-open` on the button. */
  testId: string;
}

/**
 * A cart on an order's products: each valid product is a tag, marked when it is in the cart; a click
 * adds it (the cart's own rule may refuse it, said in a toast) or takes it out; the button opens the
 * cart. Nothing shows on an invalid order, without the permission or without a valid product.
 */
export function OrderProductCart<T extends CartItem>(props: OrderProductCartProps<T>) {
  const { order, cart, texts, testId } = props;
  const session = useSession();
  const feedback = useCartFeedback();
  if (order.valid !== 1 || !hasPermission(session, props.permission)) return null;
  const rows = markInCart(
    order.products.filter((p) => p.valid === 1),
    cart.items,
  );
  if (rows.length === 0) return null;
  const toggle = (row: (typeof rows)[number]) => {
    if (row.inCart) return cart.remove(row.id);
    feedback.cart(cart.add(props.entryOf(row)));
  };
  return (
    <Flex gap={8} wrap align="center" style={{ marginTop: 12 }} data-testid={testId}>
      <Typography.Text type="secondary">{texts.add}:</Typography.Text>
      {rows.map((row) => (
        <Tag.CheckableTag
          key={row.id}
          checked={row.inCart}
          onChange={() => toggle(row)}
          aria-label={`${row.productNo} ${row.inCart ? texts.inCart : texts.add}`}
          data-testid={`${testId}-toggle`}
          data-in-cart={row.inCart}
        >
          {row.inCart ? <CheckOutlined /> : null} {row.productNo}
        </Tag.CheckableTag>
      ))}
      {cart.items.length > 0 ? (
        <ButtonLink
          size="small"
          icon={<ShoppingCartOutlined />}
          to={props.openTo}
          data-testid={`${testId}-open`}
        >
          {texts.open(cart.items.length)}
        </ButtonLink>
      ) : null}
    </Flex>
  );
}

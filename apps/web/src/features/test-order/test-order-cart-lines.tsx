import { Card, Checkbox, Flex, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfigSelect } from '../../components/config-select';
import { refName } from '../../components/ref-labels';
import { RemoveButton } from '../../components/remove-button';
import { currentLanguage } from '../../i18n/i18n';
import type { CartProduct } from './api';
import { moneyText } from './test-order-columns';

/** One proposed or added line of the create form. */
export interface DraftLine {
  orderProductId: string;
  testItemId: string;
  name: string;
  /** The test item's list price and currency. */
  listPrice: string;
  listCurrency: string;
  orderRiskItemId: string | null;
  source: 'risk' | 'full' | 'added';
  included: boolean;
  /** Entered when the item is priced in another currency. */
  price: string;
}

/** The lines the cart's products bring, all included. */
export const draftLines = (products: readonly CartProduct[], language: 'zh' | 'en'): DraftLine[] =>
  products.flatMap((p) =>
    p.items.map((i) => ({
      orderProductId: p.id,
      testItemId: i.testItem.id,
      name: `${i.testItem.code ?? ''} ${refName(i.testItem, language)}`,
      listPrice: i.testItem.price,
      listCurrency: i.testItem.currency,
      orderRiskItemId: i.orderRiskItemId,
      source: i.source,
      included: true,
      price: '',
    })),
  );

export const PRICE = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

/**
 * The cart's products, each with its lines (DOMAIN.md §6.5: the open risk items, the full list of a
 * new product): a line is kept or left out, a line priced in another currency takes a price, a test
 * item can be added, a product can leave the cart.
 */
export function CartLines({
  products,
  lines,
  currency,
  onLines,
  onRemoveProduct,
}: {
  products: readonly CartProduct[];
  lines: readonly DraftLine[];
  currency: string;
  onLines: (lines: DraftLine[]) => void;
  onRemoveProduct: (id: string) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const sources = {
    risk: t('test-order.source.risk'),
    full: t('test-order.source.full'),
    added: t('test-order.source.added'),
  };
  const change = (index: number, patch: Partial<DraftLine>) =>
    onLines(lines.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const add = (product: CartProduct, testItemId: string | null) => {
    if (!testItemId || lines.some((l) => l.orderProductId === product.id && l.testItemId === testItemId))
      return;
    onLines([
      ...lines,
      {
        orderProductId: product.id,
        testItemId,
        name: '',
        listPrice: '',
        listCurrency: '',
        orderRiskItemId: null,
        source: 'added',
        included: true,
        price: '',
      },
    ]);
  };
  return (
    <Flex vertical gap={12}>
      {products.map((p) => (
        <Card
          key={p.id}
          size="small"
          data-testid="test-order-cart-product"
          title={`${p.productNo} · ${p.itemNo} | ${p.name}`}
          extra={
            <RemoveButton
              size="small"
              label={t('test-order.removeFromCart', { productNo: p.productNo })}
              onClick={() => onRemoveProduct(p.id)}
            />
          }
        >
          <Typography.Text type="secondary">
            {p.order.orderNo} · {refName(p.factory, language)}
          </Typography.Text>
          <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0' }}>
            {lines.map((l, index) =>
              l.orderProductId !== p.id ? null : (
                <li key={`${l.orderProductId}-${l.testItemId}`} style={{ padding: '4px 0' }}>
                  <Flex gap={8} wrap align="center">
                    <Checkbox
                      checked={l.included}
                      onChange={(e) => change(index, { included: e.target.checked })}
                      data-testid="test-order-line"
                    >
                      {l.name || t('test-order.addedItem')}
                    </Checkbox>
                    <Tag>{sources[l.source]}</Tag>
                    {l.listCurrency === currency ? (
                      <Typography.Text>{moneyText(l.listPrice, currency)}</Typography.Text>
                    ) : (
                      <Input
                        size="small"
                        style={{ width: 140 }}
                        inputMode="decimal"
                        suffix={currency}
                        status={l.price && !PRICE.test(l.price) ? 'error' : undefined}
                        placeholder={t('test-order.price')}
                        aria-label={t('test-order.priceOf', { item: l.name })}
                        value={l.price}
                        onChange={(e) => change(index, { price: e.target.value.trim() })}
                      />
                    )}
                  </Flex>
                </li>
              ),
            )}
          </ul>
          <ConfigSelect<string | null>
            list="testitem"
            allowClear
            style={{ width: '100%', maxWidth: 360 }}
            placeholder={t('test-order.addItem')}
            aria-label={t('test-order.addItemTo', { productNo: p.productNo })}
            value={null}
            onChange={(value) => add(p, value)}
          />
        </Card>
      ))}
    </Flex>
  );
}

import { Card, Flex, Form, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NumberField } from '../../components/number-field';
import { refName } from '../../components/ref-labels';
import { RemoveButton } from '../../components/remove-button';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import { applyDetailPath, type CartProduct, type InspectionApplyDetail } from './api';

/** What the cart created: one application per factory, each a link to its details. */
export function Created({ list, onClose }: { list: readonly InspectionApplyDetail[]; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Result
      status="success"
      title={t('inspection-apply.cart.created', { n: list.length })}
      data-testid="inspection-apply-created"
      subTitle={
        <Flex vertical gap={4}>
          {list.map((a) => (
            <Link key={a.id} to={applyDetailPath(language, a.id)} onClick={onClose}>
              {a.applyNo} · {refName(a.factory, language)} · {a.quantity.toLocaleString()}
            </Link>
          ))}
        </Flex>
      }
    />
  );
}

/** The cart's products, each with its open quantity and the quantity to apply for (≥ 1, ≤ open). */
export function CartProducts({
  products,
  onRemove,
}: {
  products: readonly CartProduct[];
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Flex vertical gap={8} data-form-lines="">
      {products.map((p) => (
        <Card key={p.id} size="small" data-testid="inspection-apply-cart-product">
          <Flex gap={8} align="start" justify="space-between">
            <div>
              <Typography.Text strong>
                {p.productNo} · {p.itemNo} | {p.name}
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">
                {refName(p.factory, language)} · {t('inspection-apply.deliveryDate')}{' '}
                {formatDate(p.deliveryDate)} · {t('inspection-apply.applied')} {p.applied}/{p.quantity}
              </Typography.Text>
            </div>
            <RemoveButton
              size="small"
              label={t('inspection-apply.cart.remove', { productNo: p.productNo })}
              onClick={() => onRemove(p.id)}
            />
          </Flex>
          <Form.Item
            name={['quantities', p.id]}
            label={t('inspection-apply.applyQuantity')}
            initialValue={p.open > 0 ? p.open : undefined}
            style={{ margin: '8px 0 0' }}
            rules={[
              { required: true, message: t('inspection-apply.cart.noOpen') },
              { type: 'number', min: 1, max: Math.max(p.open, 1) },
            ]}
            extra={`${t('inspection-apply.open')} ${p.open}`}
          >
            <NumberField style={{ maxWidth: 160 }} data-testid="inspection-apply-cart-qty" />
          </Form.Item>
        </Card>
      ))}
    </Flex>
  );
}

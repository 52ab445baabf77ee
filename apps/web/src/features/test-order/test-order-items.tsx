import { Card, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { subheading } from '../../components/record/record-card';
import { RecordLink } from '../../components/record/record-link';
import { refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import type { TestOrderDetail, TestOrderLine } from './api';
import { moneyText } from './test-order-columns';

/** The lines of a test order grouped per product, with their prices in the order's currency. */
export function TestOrderItems({ order }: { order: TestOrderDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const groups = new Map<string, TestOrderLine[]>();
  for (const line of order.items) groups.set(line.product.id, [...(groups.get(line.product.id) ?? []), line]);
  return (
    <Card title={<h2 style={subheading}>{t('test-order.testItems')}</h2>}>
      {order.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('test-order.noItems')} />
      ) : null}
      <Flex vertical gap={16}>
        {[...groups.values()].map((lines) => {
          const p = lines[0]!.product;
          return (
            <section key={p.id} data-testid="test-order-product" aria-label={p.productNo}>
              <Flex gap={8} wrap align="baseline">
                <Typography.Text strong>{p.productNo}</Typography.Text>
                <RecordLink route="OrderDetail" to={`order/${p.order.id}`}>
                  {p.order.orderNo}
                </RecordLink>
                <Typography.Text type="secondary">
                  {p.itemNo} | {p.name} · {refName(p.factory, language)}
                </Typography.Text>
              </Flex>
              <Table<TestOrderLine>
                rowKey="id"
                size="small"
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={lines}
                columns={[
                  {
                    key: 'testItem',
                    title: t('test-order.testItem'),
                    render: (_v, l) => (
                      <>
                        {l.testItem.code} {refName(l.testItem, language)}{' '}
                        {l.orderRiskItemId ? <Tag>{t('test-order.source.risk')}</Tag> : null}
                      </>
                    ),
                  },
                  {
                    key: 'price',
                    title: t('test-order.price'),
                    align: 'right',
                    render: (_v, l) =>
                      l.price === null ? (
                        <Typography.Text type="danger">{t('test-order.noPrice')}</Typography.Text>
                      ) : (
                        moneyText(l.price, order.currency)
                      ),
                  },
                ]}
              />
            </section>
          );
        })}
      </Flex>
    </Card>
  );
}

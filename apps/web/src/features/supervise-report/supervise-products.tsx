import { Card, Col, Flex, Form, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberField, useNumberRule } from '../../components/number-field';
import { ChildRowsTable } from '../../components/record/child-rows-table';
import { subheading } from '../../components/record/record-card';
import { EMPTY } from '../../components/ref-labels';
import type { SuperviseReportDetail } from './api';

type Product = SuperviseReportDetail['products'][number];

const numberText = (n: number | null) => (n === null ? EMPTY : String(n));

/** A product line's heading: order, item and name, with the ordered quantity. */
function ProductHead({ product }: { product: Product }) {
  const { t } = useTranslation();
  return (
    <Flex vertical>
      <Typography.Text strong>
        {product.orderNo} · {product.itemNo}
      </Typography.Text>
      <Typography.Text type="secondary">
        {product.name} · {t('supervise-report.quantity')} {product.quantity}
      </Typography.Text>
    </Flex>
  );
}

/** The cartons and quantities loaded per order product, as the holder types them. */
export function SuperviseProductsEditor({ report }: { report: SuperviseReportDetail }) {
  const { t } = useTranslation();
  const cartons = useNumberRule({ min: 0, max: 9_999_999, precision: 0 });
  const quantity = useNumberRule({ min: 0, max: 99_999_999, precision: 0 });
  return (
    <Card title={<h2 style={subheading}>{t('supervise-report.products')}</h2>}>
      <Form.List name="products">
        {(fields) => (
          <Flex vertical gap={12}>
            {fields.map((field) => {
              const product = report.products[field.name];
              if (!product) return null;
              const n = field.name + 1;
              return (
                <Flex key={field.key} vertical gap={6} data-testid="supervise-report-product">
                  <ProductHead product={product} />
                  <Row gutter={8}>
                    <Col span={8}>
                      <Form.Item
                        name={[field.name, 'plannedCartons']}
                        label={t('supervise-report.plannedCartons')}
                        rules={[cartons]}
                        style={{ marginBottom: 0 }}
                      >
                        <NumberField aria-label={t('supervise-report.plannedCartonsOf', { n })} />
                      </Form.Item>
                    </Col>
                    <Col span={8}>
                      <Form.Item
                        name={[field.name, 'loadedCartons']}
                        label={t('supervise-report.loadedCartons')}
                        rules={[cartons]}
                        style={{ marginBottom: 0 }}
                      >
                        <NumberField
                          aria-label={t('supervise-report.loadedCartonsOf', { n })}
                          data-testid="supervise-report-loaded-cartons"
                        />
                      </Form.Item>
                    </Col>
                    <Col span={8}>
                      <Form.Item
                        name={[field.name, 'loadedQuantity']}
                        label={t('supervise-report.loadedQuantity')}
                        rules={[quantity]}
                        style={{ marginBottom: 0 }}
                      >
                        <NumberField aria-label={t('supervise-report.loadedQuantityOf', { n })} />
                      </Form.Item>
                    </Col>
                  </Row>
                </Flex>
              );
            })}
          </Flex>
        )}
      </Form.List>
    </Card>
  );
}

/** The product lines as read (a block a line on a phone). */
export function SuperviseProductsView({ report }: { report: SuperviseReportDetail }) {
  const { t } = useTranslation();
  return (
    <Card title={<h2 style={subheading}>{t('supervise-report.products')}</h2>}>
      <ChildRowsTable<Product>
        rows={report.products}
        label={t('supervise-report.products')}
        emptyText={t('supervise-report.noProducts')}
        columns={[
          { key: 'order', title: t('supervise-report.orderNo'), render: (_v, p) => p.orderNo },
          { key: 'item', title: t('supervise-report.itemNo'), render: (_v, p) => `${p.itemNo} · ${p.name}` },
          { key: 'quantity', title: t('supervise-report.quantity'), render: (_v, p) => p.quantity },
          {
            key: 'planned',
            title: t('supervise-report.plannedCartons'),
            render: (_v, p) => numberText(p.plannedCartons),
          },
          {
            key: 'loaded',
            title: t('supervise-report.loadedCartons'),
            render: (_v, p) => numberText(p.loadedCartons),
          },
          {
            key: 'loadedQuantity',
            title: t('supervise-report.loadedQuantity'),
            render: (_v, p) => numberText(p.loadedQuantity),
          },
        ]}
        phoneRow={(p) => (
          <Flex vertical>
            <ProductHead product={p} />
            <Typography.Text>
              {t('supervise-report.loadedCartons')}: {numberText(p.loadedCartons)} ·{' '}
              {t('supervise-report.loadedQuantity')}: {numberText(p.loadedQuantity)}
            </Typography.Text>
          </Flex>
        )}
      />
    </Card>
  );
}

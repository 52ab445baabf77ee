import { Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { subheading } from '../../components/record/record-card';
import { RecordLink, TestStatusTag } from '../../components/record/record-link';
import type { ProductionSampleDetail } from './api';

/** The valid order products linking the sample (`order/relation`), each with its order and test status. */
export function ProductionSampleProducts({ products }: { products: ProductionSampleDetail['products'] }) {
  const { t } = useTranslation();
  return (
    <Card
      title={<h2 style={subheading}>{t('production-sample.products')}</h2>}
      data-testid="production-sample-products"
    >
      {products.length === 0 ? (
        <Typography.Text type="secondary">{t('production-sample.productsNone')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={products}
          renderItem={(product) => (
            <List.Item
              extra={<TestStatusTag status={product.testStatus} />}
              data-testid="production-sample-product"
            >
              <List.Item.Meta
                title={
                  <RecordLink route="OrderDetail" to={`order/${product.orderId}`}>
                    {product.orderNo} · {product.productNo}
                  </RecordLink>
                }
                description={`${product.itemNo} · ${product.name}`}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

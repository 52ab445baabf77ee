import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { subheading } from '../../components/record/record-card';
import { RecordLink } from '../../components/record/record-link';
import { enumText } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import type { ApplyItem } from './api';

/** The application's products: product no (to its order), item, delivery, quantities. */
export function InspectionApplyItems({ items, orderId }: { items: readonly ApplyItem[]; orderId: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Card
      title={<h2 style={subheading}>{t('inspection-apply.items')}</h2>}
      data-testid="inspection-apply-items"
    >
      <Table<ApplyItem>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={[...items]}
        columns={[
          {
            key: 'productNo',
            title: t('inspection-apply.productNo'),
            render: (_v, row) => (
              <RecordLink route="OrderDetail" to={`order/${orderId}`}>
                {row.productNo}
              </RecordLink>
            ),
          },
          {
            key: 'item',
            title: t('inspection-apply.itemNo'),
            render: (_v, row) => `${row.itemNo} | ${row.name}`,
          },
          {
            key: 'delivery',
            title: t('inspection-apply.deliveryDate'),
            render: (_v, row) => formatDate(row.deliveryDate),
          },
          {
            key: 'quantity',
            title: t('inspection-apply.productQuantity'),
            align: 'right',
            render: (_v, row) =>
              `${row.quantity.toLocaleString()} ${enumText('QuantityUnit', row.quantityUnit, language)}`,
          },
          {
            key: 'apply',
            title: t('inspection-apply.applyQuantity'),
            align: 'right',
            render: (_v, row) => row.applyQuantity.toLocaleString(),
          },
          {
            key: 'inspected',
            title: t('inspection-apply.inspectedQuantity'),
            align: 'right',
            render: (_v, row) => row.inspectedQuantity.toLocaleString(),
          },
        ]}
      />
    </Card>
  );
}

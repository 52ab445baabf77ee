import { EditOutlined, FileProtectOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Flex, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordLink, TestStatusTag } from '../../components/record/record-link';
import { EMPTY, enumText, refName, userDisplayName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import type { OrderProductLine } from './api';

/** Short cells keep to one line; the wrapper scrolls sideways when the row is wider than the page. */
const NOWRAP = {
  onCell: () => ({ style: { whiteSpace: 'nowrap' } }) as React.TdHTMLAttributes<HTMLElement>,
  onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }) as React.ThHTMLAttributes<HTMLElement>,
};

/** Row selection for the bulk actions (issue 14): which rows are selected, and a click on one. */
export interface ProductSelection {
  selected: readonly string[];
  toggle: (row: OrderProductLine) => void;
}

/**
 * The order's products: a table, or a list on phones; deleted ones (order.edit only) are tagged.
 * With `selection` valid rows can be selected; with `onEdit` they have an Edit button (and
 * `lineActions` beside it).
 */
export function OrderProducts({
  products,
  selection,
  onEdit,
  lineActions,
  onCompliance,
}: {
  products: readonly OrderProductLine[];
  selection?: ProductSelection | undefined;
  onEdit?: ((row: OrderProductLine) => void) | undefined;
  /** Issue 25: move and remove buttons of a line, beside its Edit button. */
  lineActions?: ((row: OrderProductLine) => ReactNode) | undefined;
  /** Issue 25: opens a product's compliance (its published test reports). */
  onCompliance?: ((row: OrderProductLine) => void) | undefined;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useIsPhone();
  const quantity = (row: OrderProductLine) =>
    `${row.quantity.toLocaleString(language === 'zh' ? 'zh-CN' : 'en')} ${enumText('QuantityUnit', row.quantityUnit, language)}`;
  const flags = (row: OrderProductLine) => (
    <>
      {row.valid === 0 ? <Tag color="red">{t('order.productDeleted')}</Tag> : null}
      {row.removedUpstream ? <Tag color="orange">{t('order.removedUpstream')}</Tag> : null}
    </>
  );
  const sample = (row: OrderProductLine) =>
    row.originalSample ? (
      <RecordLink route="OriginalSampleDetail" to={`originalsample/${row.originalSample.id}`}>
        {row.originalSample.itemNo}
      </RecordLink>
    ) : (
      EMPTY
    );
  const productionSample = (row: OrderProductLine) =>
    row.productionSample ? (
      <RecordLink route="ProductionSampleDetail" to={`productionsample/${row.productionSample.id}`}>
        {row.productionSample.itemNo}
      </RecordLink>
    ) : (
      EMPTY
    );

  const testStatus = (row: OrderProductLine) => (
    <Flex gap={0} align="center" wrap={false}>
      <TestStatusTag status={row.testStatus} riskId={row.risk?.id} />
      {onCompliance ? (
        <Button
          size="small"
          type="link"
          icon={<FileProtectOutlined />}
          onClick={() => onCompliance(row)}
          aria-label={t('order.compliance.openLabel', { productNo: row.productNo })}
          data-testid="order-compliance-open"
        >
          {t('order.compliance.open')}
        </Button>
      ) : null}
    </Flex>
  );
  const edit = (row: OrderProductLine) =>
    onEdit && row.valid === 1 ? (
      <Flex gap={0} align="center" wrap={false}>
        <Button
          size="small"
          type="link"
          icon={<EditOutlined />}
          onClick={() => onEdit(row)}
          aria-label={t('order.form.itemEdit', { productNo: row.productNo })}
          data-testid="order-product-edit"
        />
        {lineActions?.(row)}
      </Flex>
    ) : null;
  const check = (row: OrderProductLine) =>
    selection && row.valid === 1 ? (
      <Checkbox
        checked={selection.selected.includes(row.id)}
        onChange={() => selection.toggle(row)}
        aria-label={t('order.form.select', { productNo: row.productNo })}
      />
    ) : null;

  if (products.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order.productsNone')} />;
  if (phone) {
    return (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('order.products')}>
        {products.map((row) => (
          <li
            key={row.id}
            data-testid="order-product"
            style={{ padding: '8px 0', borderBottom: '1px solid var(--ant-color-border-secondary)' }}
          >
            <Flex justify="space-between" gap={8} wrap>
              <Flex gap={8} align="center">
                {check(row)}
                <Typography.Text strong>{row.productNo}</Typography.Text>
                {testStatus(row)}
              </Flex>
              <Flex gap={4} align="center">
                <span>{formatDate(row.deliveryDate)}</span>
                {edit(row)}
              </Flex>
            </Flex>
            <div>
              {row.itemNo} · {row.name}
            </div>
            <div>
              {refName(row.factory, language)} · {quantity(row)}
              {row.qc ? ` · ${t('order.qc')} ${userDisplayName(row.qc, language)}` : null} {flags(row)}
            </div>
            {row.originalSample ? (
              <div>
                {t('order.originalSample')}: {sample(row)}
              </div>
            ) : null}
            {row.productionSample ? (
              <div>
                {t('order.productionSample')}: {productionSample(row)}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }
  // A table with row actions scrolls inside itself with the Edit column pinned at its end (issue 25:
  // at 1280 the pencil sat past the scroll); its buttons take the focus. Without actions the wrapper
  // scrolls the table sideways and takes the focus, so keyboard users can scroll it too.
  const pinned = Boolean(onEdit);
  return (
    <section
      // A scrollable region must be focusable (axe scrollable-region-focusable).
      tabIndex={pinned ? undefined : 0}
      aria-label={t('order.products')}
      style={pinned ? undefined : { overflowX: 'auto' }}
    >
      <Table<OrderProductLine>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={pinned ? { x: 'max-content' } : undefined}
        dataSource={[...products]}
        onRow={() => ({ 'data-testid': 'order-product' }) as React.HTMLAttributes<HTMLElement>}
        rowSelection={
          selection
            ? {
                selectedRowKeys: [...selection.selected],
                hideSelectAll: true,
                getCheckboxProps: (row) => ({
                  disabled: row.valid !== 1,
                  'aria-label': t('order.form.select', { productNo: row.productNo }),
                }),
                onSelect: (row) => selection.toggle(row),
              }
            : undefined
        }
        columns={[
          {
            key: 'productNo',
            ...NOWRAP,
            title: t('order.productNo'),
            render: (_, row) => (
              <>
                {row.productNo} {flags(row)}
              </>
            ),
          },
          {
            key: 'testStatus',
            ...NOWRAP,
            title: t('order.testStatus'),
            render: (_, row) => testStatus(row),
          },
          { key: 'sku', ...NOWRAP, title: t('order.sku'), render: (_, row) => row.sku ?? EMPTY },
          { key: 'itemNo', ...NOWRAP, title: t('order.itemNo'), dataIndex: 'itemNo' },
          {
            key: 'name',
            title: t('order.name'),
            dataIndex: 'name',
            onCell: () => ({ style: { minWidth: 160 } }) as React.TdHTMLAttributes<HTMLElement>,
          },
          {
            key: 'factory',
            ...NOWRAP,
            title: t('order.factory'),
            render: (_, row) => refName(row.factory, language),
          },
          {
            key: 'quantity',
            ...NOWRAP,
            title: t('order.quantity'),
            align: 'right',
            render: (_, row) => quantity(row),
          },
          {
            key: 'deliveryDate',
            ...NOWRAP,
            title: t('order.deliveryDate'),
            render: (_, row) => formatDate(row.deliveryDate),
          },
          {
            key: 'productType',
            ...NOWRAP,
            title: t('order.productType'),
            render: (_, row) => enumText('ProductType', row.productType, language),
          },
          { key: 'sample', ...NOWRAP, title: t('order.originalSample'), render: (_, row) => sample(row) },
          {
            key: 'productionSample',
            ...NOWRAP,
            title: t('order.productionSample'),
            render: (_, row) => productionSample(row),
          },
          {
            key: 'qc',
            ...NOWRAP,
            title: t('order.qc'),
            render: (_, row) => (row.qc ? userDisplayName(row.qc, language) : EMPTY),
          },
          ...(onEdit
            ? [
                {
                  key: 'edit',
                  ...NOWRAP,
                  title: '',
                  fixed: 'right' as const,
                  render: (_: unknown, row: OrderProductLine) => edit(row),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}

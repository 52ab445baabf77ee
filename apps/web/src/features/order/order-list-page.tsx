import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { createOrder } from '@qcdesk/contract/order';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { DataTable } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { currentLanguage } from '../../i18n/i18n';
import { exportOrders, type OrderProductRow, ordersSearchKey, requestOrders } from './api';
import { orderColumns } from './order-columns';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

/** Spec §2 Order (`order`): order products by order, PO, product, client, factory and delivery date. */
export function OrderListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const canEdit = hasPermission(session, 'order.edit');
  const columns = useMemo(() => orderColumns({ language, t, canEdit }), [language, t, canEdit]);

  return (
    <Card title={<h1 style={heading}>{t('order.title')}</h1>}>
      <DataTable<OrderProductRow>
        columns={columns}
        rowKey="id"
        queryKey={ordersSearchKey}
        request={requestOrders}
        exportButton={(filters) => (
          <ExportButton exportFn={exportOrders} filters={filters} data-testid="order-export" />
        )}
        cardTitle={(row) => (
          <Link to={`/${language}/order/${row.order.id}`}>
            {row.order.orderNo} · {row.productNo}
          </Link>
        )}
        toolbar={
          <>
            {hasPermission(session, createOrder.permission) ? (
              <ButtonLink
                type="primary"
                icon={<PlusOutlined />}
                to={`/${language}/order/new`}
                data-testid="order-create"
              >
                {t('order.form.create')}
              </ButtonLink>
            ) : null}
            {hasPermission(session, 'order.import') ? (
              <ButtonLink
                icon={<UploadOutlined />}
                to={`/${language}/orderfile`}
                data-testid="order-import-open"
              >
                {t('order.file.open')}
              </ButtonLink>
            ) : null}
          </>
        }
      />
    </Card>
  );
}

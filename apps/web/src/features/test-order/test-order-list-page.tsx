import { ShoppingCartOutlined } from '@ant-design/icons';
import { createTestOrder } from '@qcdesk/contract/test-order';
import { Badge, Card, Flex, Segmented } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { DataTable } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { enumText } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { useOrderTestCart } from '../../lib/carts';
import {
  exportTestOrders,
  requestTestOrders,
  STATUS_TABS,
  type StatusTab,
  type TestOrderRow,
  testOrdersSearchKey,
} from './api';
import { moneyText, testOrderColumns } from './test-order-columns';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

const tabOf = (value: string | null): StatusTab =>
  (STATUS_TABS as readonly string[]).includes(value ?? '') ? (value as StatusTab) : 'all';

/**
 * Spec §2 OrderTest (`ordertest`): the test orders by spec §3 filters, in status tabs (`?status=`);
 * the order-test cart (with its count) opens the create form (`ordertest/new`).
 */
export function TestOrderListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('status'));
  const cart = useOrderTestCart();
  const columns = useMemo(() => testOrderColumns({ language, t }), [language, t]);
  const request = useMemo(() => requestTestOrders(tab), [tab]);

  return (
    <Card title={<h1 style={heading}>{t('test-order.title')}</h1>}>
      <Flex vertical gap={12}>
        <div style={{ overflowX: 'auto' }}>
          <Segmented<StatusTab>
            value={tab}
            onChange={(next) => setParams(next === 'all' ? {} : { status: next })}
            options={STATUS_TABS.map((value) => ({
              value,
              label:
                value === 'all'
                  ? t('test-order.tabAll')
                  : enumText('TestOrderStatus', Number(value), language),
            }))}
            data-testid="test-order-tabs"
          />
        </div>
        <DataTable<TestOrderRow>
          key={tab}
          columns={columns}
          rowKey="id"
          queryKey={[...testOrdersSearchKey, tab]}
          listKey={`ordertest:${tab}`}
          request={request}
          exportButton={(filters) => (
            <ExportButton
              exportFn={exportTestOrders(tab)}
              filters={filters}
              data-testid="test-order-export"
            />
          )}
          cardTitle={(row) => (
            <Link to={`/${language}/ordertest/${row.id}`}>
              {row.testOrderNo} | {row.client.name} | {moneyText(row.amount, row.currency)}
            </Link>
          )}
          toolbar={
            hasPermission(session, createTestOrder.permission) ? (
              <Badge count={cart.items.length} size="small">
                <ButtonLink
                  type="primary"
                  icon={<ShoppingCartOutlined />}
                  to={`/${language}/ordertest/new`}
                  data-testid="test-order-cart"
                >
                  {t('test-order.cart')}
                </ButtonLink>
              </Badge>
            ) : null
          }
        />
      </Flex>
    </Card>
  );
}

import { ShoppingCartOutlined } from '@ant-design/icons';
import { createTestOrder } from '@qcdesk/contract/test-order';
import { Badge, Segmented } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { ListPage } from '../../components/list-page';
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
    <ListPage<TestOrderRow>
      title={t('test-order.title')}
      testId="test-order"
      above={
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
      }
      tableKey={tab}
      columns={columns}
      rowKey="id"
      queryKey={[...testOrdersSearchKey, tab]}
      listKey={`ordertest:${tab}`}
      request={request}
      exportTo={{ fn: exportTestOrders(tab) }}
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
  );
}

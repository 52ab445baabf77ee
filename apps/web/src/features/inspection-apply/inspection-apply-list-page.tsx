import { ShoppingCartOutlined } from '@ant-design/icons';
import { createInspectionApply } from '@qcdesk/contract/inspection-apply';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ListPage } from '../../components/list-page';
import { currentLanguage } from '../../i18n/i18n';
import { useInspectionApplyCart } from '../../lib/carts';
import { formatDate } from '../../lib/format';
import {
  applyDetailPath,
  exportInspectionApplies,
  type InspectionApplyRow,
  inspectionAppliesSearchKey,
  requestInspectionApplies,
} from './api';
import { InspectionApplyCart } from './inspection-apply-cart';
import { inspectionApplyColumns } from './inspection-apply-columns';

/** The cart button of the list's toolbar (inspapply.edit): its count; opens the cart (`?cart=1`). */
function CartButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const cart = useInspectionApplyCart();
  return (
    <Button icon={<ShoppingCartOutlined />} onClick={onOpen} data-testid="inspection-apply-cart-open">
      {t('inspection-apply.cart.open', { n: cart.items.length })}
    </Button>
  );
}

/**
 * Spec §2 InspectionApply (`inspection/apply`): the applications by order no / PO / shipping no,
 * product no, factory, expected-date range and status (spec §3), with the export and, for
 * inspapply.edit, the inspection cart (spec §4) that creates them.
 */
export function InspectionApplyListPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const columns = useMemo(() => inspectionApplyColumns({ language, t }), [language, t]);
  const mayApply = hasPermission(session, createInspectionApply.permission);
  const cartOpen = mayApply && params.get('cart') === '1';
  const setCart = (open: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (open) next.set('cart', '1');
      else next.delete('cart');
      return next;
    });
  return (
    <>
      <ListPage<InspectionApplyRow>
        title={t('inspection-apply.title')}
        testId="inspection-apply"
        columns={columns}
        rowKey="id"
        queryKey={inspectionAppliesSearchKey}
        listKey="inspectionapply"
        request={requestInspectionApplies}
        exportTo={{ fn: exportInspectionApplies }}
        toolbar={mayApply ? <CartButton onOpen={() => setCart(true)} /> : undefined}
        cardTitle={(row) => (
          <Link to={applyDetailPath(language, row.id)}>
            {row.applyNo} | {row.order.orderNo} · {formatDate(row.expectedDate)}
          </Link>
        )}
      />
      {mayApply ? <InspectionApplyCart open={cartOpen} onClose={() => setCart(false)} /> : null}
    </>
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../components/list-page';
import { TestStatusTag } from '../../components/record/record-link';
import { currentLanguage } from '../../i18n/i18n';
import { exportOrderRisks, type OrderRiskRow, orderRisksSearchKey, requestOrderRisks } from './api';
import { itemsText, orderRiskColumns } from './order-risk-columns';

/** Spec §2 OrderRisk: per product, its high-risk test items (open, tested, waived), newest first unless sorted; exported as XLSX. */
export function OrderRiskListPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns = useMemo(() => orderRiskColumns({ language, t }), [language, t]);
  return (
    <ListPage<OrderRiskRow>
      title={t('order-risk.title')}
      testId="order-risk"
      columns={columns}
      rowKey="id"
      queryKey={orderRisksSearchKey}
      request={requestOrderRisks}
      exportTo={{ fn: exportOrderRisks }}
      cardTitle={(row) => (
        <Link to={`/${language}/orderrisk/${row.id}`}>
          {row.product.productNo} · {itemsText(row, t)} <TestStatusTag status={row.testStatus} />
        </Link>
      )}
    />
  );
}

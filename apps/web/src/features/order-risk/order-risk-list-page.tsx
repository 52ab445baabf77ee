import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { TestStatusTag } from '../../components/record/record-link';
import { currentLanguage } from '../../i18n/i18n';
import { exportOrderRisks, type OrderRiskRow, orderRisksSearchKey, requestOrderRisks } from './api';
import { itemsText, orderRiskColumns } from './order-risk-columns';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

/** Spec §2 OrderRisk: per product, its high-risk test items (open, tested, waived), newest first unless sorted; exported as XLSX. */
export function OrderRiskListPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns = useMemo(() => orderRiskColumns({ language, t }), [language, t]);
  return (
    <Card title={<h1 style={heading}>{t('order-risk.title')}</h1>}>
      <DataTable<OrderRiskRow>
        columns={columns}
        rowKey="id"
        queryKey={orderRisksSearchKey}
        request={requestOrderRisks}
        exportButton={(filters) => (
          <ExportButton exportFn={exportOrderRisks} filters={filters} data-testid="order-risk-export" />
        )}
        cardTitle={(row) => (
          <Link to={`/${language}/orderrisk/${row.id}`}>
            {row.product.productNo} · {itemsText(row, t)} <TestStatusTag status={row.testStatus} />
          </Link>
        )}
      />
    </Card>
  );
}

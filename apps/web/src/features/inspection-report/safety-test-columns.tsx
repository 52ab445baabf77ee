import type { Language } from '@qcdesk/contract/messages';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { clientColumn, refColumn } from '../../components/column-presets';
import { type BadgeTones, EnumBadge } from '../../components/enum-badge';
import { enumColumnOptions, refName } from '../../components/ref-labels';
import type { TableColumn } from '../../components/table-columns';
import { formatDate } from '../../lib/format';
import type { SafetyTestRow } from './api';
import { reportPath } from './inspection-report-columns';

/** InspectionTestResult: pass green, fail red, the rest grey. */
const RESULT_TONES: BadgeTones = { 1: 'success', 2: 'error' };

/** The safety-test inspections list (spec §3 "Safe test"), one column array for the table and its search bar. */
export function safetyTestColumns(language: Language, t: TFunction): TableColumn<SafetyTestRow>[] {
  return [
    {
      key: 'inspectionDate',
      title: () => t('inspection-report.inspectionDate'),
      valueType: 'dateRange',
      render: (_value, row) => formatDate(row.inspectionDate),
    },
    {
      key: 'reportNo',
      title: () => t('inspection-report.reportNo'),
      hideInSearch: true,
      render: (_value, row) => (
        <Link
          to={reportPath(language, { id: row.report.id, interim: row.report.interim })}
          data-testid="safety-test-report"
        >
          {row.report.reportNo}
        </Link>
      ),
    },
    {
      key: 'orderNo',
      title: () => t('inspection-report.orderNo'),
      searchKey: 'orderNo',
      render: (_value, row) => row.order.orderNo,
    },
    {
      key: 'productNo',
      title: () => t('inspection-report.productNo'),
      searchKey: 'productNo',
      wrapWidth: 180,
      render: (_value, row) => row.products.map((p) => p.productNo).join(', '),
    },
    {
      key: 'factory',
      title: () => t('inspection-report.factory'),
      searchKey: 'factory',
      showFrom: 'lg',
      wrapWidth: 200,
      render: (_value, row) => refName(row.factory, language),
    },
    clientColumn<SafetyTestRow>(t('inspection-report.client'), { showFrom: 'lg' }),
    refColumn<SafetyTestRow>(
      'department',
      t('inspection-report.department'),
      language,
      (row) => row.department,
    ),
    {
      key: 'test',
      title: () => t('inspection-report.safetyTest'),
      hideInSearch: true,
      wrapWidth: 200,
      render: (_value, row) => refName(row.inspectionTest, language),
    },
    {
      key: 'value',
      title: () => t('inspection-report.testValue'),
      hideInSearch: true,
      showFrom: 'xl',
      render: (_value, row) => row.value ?? '',
    },
    {
      key: 'result',
      title: () => t('inspection-report.testResult'),
      searchKey: 'result',
      valueType: 'select',
      options: enumColumnOptions('InspectionTestResult'),
      render: (_value, row) => (
        <EnumBadge
          name="InspectionTestResult"
          value={row.result}
          tones={RESULT_TONES}
          language={language}
          data-testid="safety-test-result"
        />
      ),
    },
  ];
}

import type { Language } from '@qcdesk/contract/messages';
import { Link } from 'react-router';
import { type BadgeTones, EnumBadge } from '../../components/enum-badge';
import { enumColumnOptions, refName, userDisplayName } from '../../components/ref-labels';
import type { TableColumn } from '../../components/table-columns';
import { formatDate, formatDateTime } from '../../lib/format';
import type { InspectionPlanRow } from './api';

/** InspectionPlanStatus: planned waits, dispatched and in progress run, completed is done, cancelled grey. */
const STATUS_TONES: BadgeTones = {
  10: 'warning',
  20: 'processing',
  30: 'processing',
  40: 'success',
  90: 'default',
};

export function PlanStatusTag({ status, language }: { status: number; language: Language }) {
  return <EnumBadge name="InspectionPlanStatus" value={status} tones={STATUS_TONES} language={language} />;
}

export const planLink = (language: Language, id: string) => `/${language}/inspection/plan?id=${id}`;

/**
 * The plan list (spec §3 filters: order no ending, product no and factory containing, plan-date
 * range, status), one column array for the table and its search bar; sortable by plan no and date.
 */
export function inspectionPlanColumns(language: Language): TableColumn<InspectionPlanRow>[] {
  return [
    {
      title: (t) => t('inspection-plan.planNo'),
      dataIndex: 'planNo',
      sort: 'planNo',
      hideInSearch: true,
      minWidth: 120,
      render: (_value, row) => (
        <Link to={planLink(language, row.id)} data-testid="inspection-plan-link">
          {row.planNo}
        </Link>
      ),
    },
    {
      key: 'orderNo',
      title: (t) => t('inspection-plan.orderNo'),
      dataIndex: 'orderNos',
      searchKey: 'orderNo',
      minWidth: 120,
      render: (_value, row) => row.orderNos.join(', '),
    },
    {
      key: 'productNo',
      title: (t) => t('inspection-plan.productNo'),
      searchKey: 'productNo',
      hideInTable: true,
    },
    {
      key: 'factory',
      title: (t) => t('inspection-plan.factory'),
      searchKey: 'factory',
      minWidth: 140,
      render: (_value, row) => refName(row.factory, language),
    },
    {
      title: (t) => t('inspection-plan.planDate'),
      dataIndex: 'planDate',
      sort: 'planDate',
      hideInSearch: true,
      render: (_value, row) =>
        row.endDate && row.endDate !== row.planDate
          ? `${formatDate(row.planDate)} – ${formatDate(row.endDate)}`
          : formatDate(row.planDate),
    },
    {
      key: 'planRange',
      title: (t) => t('inspection-plan.planDate'),
      valueType: 'dateRange',
      hideInTable: true,
    },
    {
      key: 'leadInspector',
      title: (t) => t('inspection-plan.leadInspector'),
      hideInSearch: true,
      render: (_value, row) => userDisplayName(row.leadInspector, language),
    },
    {
      key: 'assistants',
      title: (t) => t('inspection-plan.assistants'),
      hideInSearch: true,
      showFrom: 'xl',
      render: (_value, row) => row.assistants.map((a) => userDisplayName(a, language)).join(', ') || '-',
    },
    {
      title: (t) => t('inspection-plan.manDays'),
      dataIndex: 'manDays',
      hideInSearch: true,
      align: 'right',
      showFrom: 'lg',
    },
    {
      title: (t) => t('inspection-plan.taskCount'),
      dataIndex: 'taskCount',
      hideInSearch: true,
      align: 'right',
      showFrom: 'lg',
    },
    {
      title: (t) => t('inspection-plan.status'),
      dataIndex: 'status',
      valueType: 'select',
      options: enumColumnOptions('InspectionPlanStatus'),
      render: (_value, row) => <PlanStatusTag status={row.status} language={language} />,
    },
    {
      title: (t) => t('common.updated'),
      dataIndex: 'updatedAt',
      hideInSearch: true,
      showFrom: 'xxl',
      render: (_value, row) => formatDateTime(row.updatedAt),
    },
  ];
}

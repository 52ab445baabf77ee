import type { Language } from '@qcdesk/contract/messages';
import { Link } from 'react-router';
import { type BadgeTones, EnumBadge } from '../../components/enum-badge';
import { EMPTY, refName, userDisplayName } from '../../components/ref-labels';
import type { TableColumn } from '../../components/table-columns';
import { formatDate } from '../../lib/format';
import type { InspectionTaskRow } from './api';

/** InspectionTaskStatus: assigned waits, in progress runs, reported and closed are done, aborted and cancelled stop. */
const STATUS_TONES: BadgeTones = {
  10: 'warning',
  20: 'processing',
  30: 'success',
  40: 'success',
  50: 'error',
  90: 'default',
};

export function TaskStatusTag({ status, language }: { status: number; language: Language }) {
  return <EnumBadge name="InspectionTaskStatus" value={status} tones={STATUS_TONES} language={language} />;
}

export const taskLink = (language: Language, id: string) => `/${language}/inspection/task?id=${id}`;

/** The factory's address in the UI language, else the other. */
export const factoryAddress = (factory: InspectionTaskRow['factory'], language: Language) =>
  (language === 'en' ? factory.addressEn || factory.addressZh : factory.addressZh || factory.addressEn) ||
  EMPTY;

/**
 * The task list (spec §3 filters: order no ending, product no and factory containing, task-date
 * range); on a phone each task is a card with what the inspector needs first: date, factory, items.
 */
export function inspectionTaskColumns(language: Language): TableColumn<InspectionTaskRow>[] {
  return [
    {
      title: (t) => t('inspection-task.taskNo'),
      dataIndex: 'taskNo',
      sort: 'taskNo',
      hideInSearch: true,
      minWidth: 130,
      render: (_value, row) => (
        <Link to={taskLink(language, row.id)} data-testid="inspection-task-link">
          {row.taskNo}
        </Link>
      ),
    },
    {
      title: (t) => t('inspection-task.taskDate'),
      dataIndex: 'taskDate',
      sort: 'taskDate',
      hideInSearch: true,
      render: (_value, row) => formatDate(row.taskDate),
    },
    {
      key: 'taskRange',
      title: (t) => t('inspection-task.taskDate'),
      searchKey: 'taskRange',
      valueType: 'dateRange',
      hideInTable: true,
    },
    {
      key: 'factory',
      title: (t) => t('inspection-task.factory'),
      searchKey: 'factory',
      minWidth: 140,
      render: (_value, row) => refName(row.factory, language),
    },
    {
      key: 'address',
      title: (t) => t('inspection-task.address'),
      hideInSearch: true,
      wrapWidth: 240,
      showFrom: 'xl',
      render: (_value, row) => factoryAddress(row.factory, language),
    },
    {
      key: 'orderNo',
      title: (t) => t('inspection-task.orderNo'),
      dataIndex: 'orderNo',
      searchKey: 'orderNo',
      render: (_value, row) => row.orderNo ?? EMPTY,
    },
    {
      key: 'productNo',
      title: (t) => t('inspection-task.items'),
      searchKey: 'productNo',
      wrapWidth: 220,
      render: (_value, row) =>
        row.items.map((item) => `${item.productNo} × ${item.applyQuantity.toLocaleString()}`).join(', ') ||
        EMPTY,
    },
    {
      key: 'inspectionType',
      title: (t) => t('inspection-task.inspectionType'),
      hideInSearch: true,
      showFrom: 'lg',
      render: (_value, row) => refName(row.inspectionType, language),
    },
    {
      key: 'inspector',
      title: (t) => t('inspection-task.inspector'),
      hideInSearch: true,
      showFrom: 'lg',
      render: (_value, row) => userDisplayName(row.inspector, language),
    },
    {
      title: (t) => t('inspection-task.status'),
      dataIndex: 'status',
      hideInSearch: true,
      render: (_value, row) => <TaskStatusTag status={row.status} language={language} />,
    },
  ];
}

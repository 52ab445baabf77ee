import type { Language } from '@qcdesk/contract/messages';
import type { DescriptionsProps } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { FULL_ROW, recordDates } from '../../components/record/record-card';
import { RecordLink } from '../../components/record/record-link';
import { EMPTY, enumText, refName } from '../../components/ref-labels';
import { formatDate, formatDateTime } from '../../lib/format';
import { applyDetailPath, type InspectionApplyDetail } from './api';

const preWrap = { whiteSpace: 'pre-wrap' } as const;

/** The application's fields on its record card. */
export function applyFields(
  record: InspectionApplyDetail,
  t: TFunction,
  language: Language,
): DescriptionsProps['items'] {
  return [
    {
      key: 'order',
      label: t('inspection-apply.orderNo'),
      children: (
        <RecordLink route="OrderDetail" to={`order/${record.order.id}`}>
          {record.order.orderNo}
          {record.order.clientPo ? ` · ${record.order.clientPo}` : ''}
        </RecordLink>
      ),
    },
    {
      key: 'client',
      label: t('inspection-apply.client'),
      children: `${record.client.code} · ${record.client.name}`,
    },
    {
      key: 'department',
      label: t('inspection-apply.department'),
      children: refName(record.department, language),
    },
    {
      key: 'factory',
      label: t('inspection-apply.factory'),
      children: refName(record.factory, language),
    },
    {
      key: 'inspectionType',
      label: t('inspection-apply.inspectionType'),
      children: refName(record.inspectionType, language),
    },
    {
      key: 'applyType',
      label: t('inspection-apply.applyType'),
      children: enumText('ApplyType', record.applyType, language),
    },
    {
      key: 'expectedDate',
      label: t('inspection-apply.expectedDate'),
      children: formatDate(record.expectedDate),
    },
    {
      key: 'deliveryDate',
      label: t('inspection-apply.deliveryDate'),
      children: record.deliveryDate ? formatDate(record.deliveryDate) : EMPTY,
    },
    {
      key: 'quantity',
      label: t('inspection-apply.quantity'),
      children: `${record.quantity.toLocaleString()} · ${t('inspection-apply.itemCount', { n: record.itemCount })}`,
    },
    {
      key: 'result',
      label: t('inspection-apply.result'),
      children: enumText('InspectionResult', record.result, language),
    },
    {
      key: 'submittedAt',
      label: t('inspection-apply.submittedAt'),
      children: record.submittedAt ? formatDateTime(record.submittedAt) : EMPTY,
    },
    {
      key: 'splitFrom',
      label: t('inspection-apply.splitFrom'),
      children: record.splitFromId ? (
        <Link to={applyDetailPath(language, record.splitFromId)}>{t('inspection-apply.splitFrom')}</Link>
      ) : (
        EMPTY
      ),
    },
    {
      key: 'remark',
      label: t('inspection-apply.remark'),
      span: FULL_ROW,
      children: <span style={preWrap}>{record.remark ?? EMPTY}</span>,
    },
    ...recordDates(record, t, language),
  ];
}

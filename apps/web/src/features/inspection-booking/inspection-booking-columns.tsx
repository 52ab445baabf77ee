import type { Language } from '@qcdesk/contract/messages';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { clientColumn, refColumn } from '../../components/column-presets';
import { type BadgeTones, EnumBadge } from '../../components/enum-badge';
import { EMPTY, enumColumnOptions, refName, userDisplayName } from '../../components/ref-labels';
import type { TableColumn } from '../../components/table-columns';
import { formatDate } from '../../lib/format';
import { bookingPath, type InspectionBookingRow } from './api';

/** DOMAIN.md §3.2 InspectionBookingStatus: draft waits, submitted/scheduled run, performed is done, returned warns. */
const STATUS_TONES: BadgeTones = {
  10: 'default',
  20: 'processing',
  30: 'processing',
  40: 'success',
  80: 'warning',
  90: 'error',
};

export function BookingStatusBadge({ status, language }: { status: number; language: Language }) {
  return <EnumBadge name="InspectionBookingStatus" value={status} tones={STATUS_TONES} language={language} />;
}

/** The urgent tag: accepted (red) or requested (orange). */
export function UrgentTag({
  row,
  t,
}: {
  row: Pick<InspectionBookingRow, 'urgent' | 'urgentRequested'>;
  t: TFunction;
}) {
  if (row.urgent) return <Tag color="red">{t('inspection-booking.urgent')}</Tag>;
  if (row.urgentRequested) return <Tag color="orange">{t('inspection-booking.urgentRequested')}</Tag>;
  return null;
}

/**
 * The booking list (spec §3 filters: order no, product no, factory, inspection-date range, type,
 * status; `work` is the view), one column array for the table and its search bar.
 */
export function inspectionBookingColumns({
  language,
  t,
}: {
  language: Language;
  t: TFunction;
}): TableColumn<InspectionBookingRow>[] {
  return [
    {
      title: (t) => t('inspection-booking.bookingNo'),
      dataIndex: 'bookingNo',
      hideInSearch: true,
      sort: 'bookingNo',
      minWidth: 130,
      render: (_value, row) => (
        <Link to={bookingPath(language, row.id)} data-testid="inspection-booking-link">
          {row.bookingNo}
        </Link>
      ),
    },
    {
      key: 'orderNo',
      title: (t) => t('inspection-booking.orderNo'),
      searchKey: 'orderNo',
      hideInTable: true,
    },
    {
      key: 'productNo',
      title: (t) => t('inspection-booking.productNo'),
      searchKey: 'productNo',
      hideInTable: true,
    },
    refColumn('bookingtype', t('inspection-booking.bookingType'), language, (row) => row.bookingType, {
      searchKey: 'type',
      minWidth: 120,
    }),
    {
      key: 'factory',
      title: (t) => t('inspection-booking.factory'),
      searchKey: 'factory',
      minWidth: 120,
      render: (_value, row) => refName(row.factory, language),
    },
    clientColumn(t('inspection-booking.client'), { minWidth: 120, showFrom: 'lg', hideInSearch: true }),
    {
      title: (t) => t('inspection-booking.inspectionDate'),
      dataIndex: 'inspectionDate',
      hideInSearch: true,
      sort: 'inspectionDate',
      render: (_value, row) => (
        <>
          {formatDate(row.inspectionDate)} <UrgentTag row={row} t={t} />
        </>
      ),
    },
    {
      key: 'time',
      title: (t) => t('inspection-booking.inspectionDate'),
      searchKey: 'time',
      valueType: 'dateRange',
      hideInTable: true,
    },
    {
      key: 'inspector',
      title: (t) => t('inspection-booking.inspector'),
      hideInSearch: true,
      showFrom: 'md',
      render: (_value, row) =>
        row.assignedInspector
          ? `${userDisplayName(row.assignedInspector, language)} · ${formatDate(row.assignedDate)}`
          : EMPTY,
    },
    {
      key: 'status',
      title: (t) => t('inspection-booking.status'),
      dataIndex: 'status',
      searchKey: 'status',
      valueType: 'select',
      options: enumColumnOptions('InspectionBookingStatus'),
      render: (_value, row) => <BookingStatusBadge status={row.status} language={language} />,
    },
  ];
}

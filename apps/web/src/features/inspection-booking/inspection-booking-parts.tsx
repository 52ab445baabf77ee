import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfigRows } from '../../components/config-select';
import { ChildRowsTable } from '../../components/record/child-rows-table';
import { RecordLink } from '../../components/record/record-link';
import { EMPTY, enumText } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import { type InspectionBookingDetail, useBookingReports } from './api';
import type { BookingFieldDef } from './inspection-booking-form-values';

// The booking page's child cards: its product lines and its reports (report retrieval).

type Product = InspectionBookingDetail['products'][number];

/** A retrieved report's page: an inspection report, or a CLC booking's loading report. */
function ReportLink({
  report,
}: {
  report: { kind: 'inspection' | 'supervise'; id: string; reportNo: string };
}) {
  return report.kind === 'supervise' ? (
    <RecordLink route="SuperviseReportDetail" to={`supervisereport/${report.id}`}>
      {report.reportNo}
    </RecordLink>
  ) : (
    <RecordLink route="InspectionReportDetail" to={`inspection/report/${report.id}`}>
      {report.reportNo}
    </RecordLink>
  );
}

/** The approved (CLIENT users: sent) reports of the booking: inspection reports and a CLC booking's loading reports. */
export function BookingReports({ id }: { id: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const query = useBookingReports(id);
  const rows = query.data?.list ?? [];
  return (
    <Card
      size="small"
      title={t('inspection-booking.reports')}
      loading={query.isPending}
      data-testid="inspection-booking-reports"
    >
      <ChildRowsTable
        rows={rows}
        label={t('inspection-booking.reports')}
        emptyText={t('inspection-booking.noReports')}
        columns={[
          {
            key: 'reportNo',
            title: t('inspection-booking.reportNo'),
            render: (_v, r) => <ReportLink report={r} />,
          },
          {
            key: 'date',
            title: t('inspection-booking.inspectionDate'),
            render: (_v, r) => formatDate(r.inspectionDate),
          },
          {
            key: 'result',
            title: t('inspection-booking.result'),
            render: (_v, r) => enumText('InspectionResult', r.result, language),
          },
        ]}
        phoneRow={(r) => (
          <>
            <ReportLink report={r} />
            {` · ${formatDate(r.inspectionDate)} · ${enumText('InspectionResult', r.result, language)}`}
          </>
        )}
      />
    </Card>
  );
}

/** The booking's product lines: order products (with their order) or free-text lines. */
export function BookingProducts({ products }: { products: readonly Product[] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('inspection-booking.products')}>
      <ChildRowsTable<Product>
        rows={products}
        label={t('inspection-booking.products')}
        emptyText={t('inspection-booking.noProducts')}
        columns={[
          {
            key: 'productNo',
            title: t('inspection-booking.productNo'),
            render: (_v, p) => p.productNo ?? EMPTY,
          },
          { key: 'name', title: t('inspection-booking.productName'), render: (_v, p) => p.name ?? EMPTY },
          { key: 'orderNo', title: t('inspection-booking.orderNo'), render: (_v, p) => p.orderNo ?? EMPTY },
          {
            key: 'quantity',
            title: t('inspection-booking.quantity'),
            align: 'right',
            render: (_v, p) => p.quantity.toLocaleString(),
          },
        ]}
        phoneRow={(p) => `${p.productNo ?? ''} ${p.name ?? ''} × ${p.quantity.toLocaleString()}`}
      />
    </Card>
  );
}

/** The extra fields as record-card items, labelled by the booking type's definitions in the UI language. */
export function useExtraItems(record: InspectionBookingDetail) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const types = useConfigRows('bookingtype');
  const defs = (types.data?.list.find((row) => String(row.id) === record.bookingType.id)?.fields ??
    []) as BookingFieldDef[];
  const labelOf = (key: string) => {
    const def = defs.find((d) => d.key === key);
    return (def && (language === 'en' ? def.labelEn : def.labelZh)) || key;
  };
  const text = (value: unknown) =>
    Array.isArray(value)
      ? value.join(', ')
      : typeof value === 'boolean'
        ? t(value ? 'inspection-booking.yes' : 'inspection-booking.no')
        : String(value);
  return Object.entries(record.extra).map(([key, value]) => ({
    key: `extra-${key}`,
    label: labelOf(key),
    children: text(value),
  }));
}

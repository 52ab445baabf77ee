import { scoreText } from '@qcdesk/contract/daily-work-report';
import type { Language } from '@qcdesk/contract/messages';
import { Switch } from 'antd';
import { Link } from 'react-router';
import { type BadgeTones, EnumBadge } from '../../components/enum-badge';
import { enumColumnOptions, refName, userDisplayName } from '../../components/ref-labels';
import type { ColumnOption, SearchInputProps, TableColumn } from '../../components/table-columns';
import { formatDate } from '../../lib/format';
import type { DailyReportRow } from './api';

/** DOMAIN.md §3.2 DailyReportStatus: draft and returned wait on the inspector, submitted on the manager. */
const STATUS_TONES: BadgeTones = {
  10: 'default',
  20: 'processing',
  30: 'success',
  40: 'success',
  80: 'warning',
};

export function DailyStatusBadge({ status, language }: { status: number; language: Language }) {
  return <EnumBadge name="DailyReportStatus" value={status} tones={STATUS_TONES} language={language} />;
}

/** The route of an inspector's day: `dailyworkreport/{year}/{month}/{day}/{inspector id}` (spec §2). */
export function dayLink(language: Language, workDate: string, inspectorId: string) {
  const [year, month, day] = workDate.split('-');
  return `/${language}/dailyworkreport/${year}/${month}/${day}/${inspectorId}`;
}

const switchFilter = (props: SearchInputProps) => (
  <Switch
    id={props.id}
    checked={props.value === true}
    onChange={(checked) => props.onChange?.(checked)}
    data-testid={`daily-work-report-filter-${props.id ?? ''}`}
  />
);

const thisYear = new Date().getFullYear();
const YEARS: ColumnOption[] = [0, 1, 2, 3].map((back) => ({
  value: thisYear - back,
  label: { zh: String(thisYear - back), en: String(thisYear - back) },
}));
const MONTHS: ColumnOption[] = Array.from({ length: 12 }, (_, i) => ({
  value: i + 1,
  label: { zh: `${i + 1}月`, en: String(i + 1) },
}));

/** The list (spec §3 filters: inspector, year, month, work); scores shown ÷ 100 with one decimal. */
export function dailyReportColumns(
  language: Language,
  inspectors: readonly { code: string | number; zh: string; en: string }[],
): TableColumn<DailyReportRow>[] {
  return [
    {
      title: (t) => t('daily-work-report.workDate'),
      dataIndex: 'workDate',
      sort: 'workDate',
      hideInSearch: true,
      render: (_value, row) => (
        <Link to={dayLink(language, row.workDate, row.inspector.id)} data-testid="daily-work-report-link">
          {formatDate(row.workDate)}
        </Link>
      ),
    },
    {
      key: 'inspector',
      title: (t) => t('daily-work-report.inspector'),
      searchKey: 'inspectorId',
      valueType: 'select',
      options: inspectors.map((i) => ({ value: String(i.code), label: { zh: i.zh, en: i.en } })),
      render: (_value, row) => userDisplayName(row.inspector, language),
    },
    {
      key: 'year',
      title: (t) => t('daily-work-report.year'),
      searchKey: 'year',
      valueType: 'select',
      options: YEARS,
      hideInTable: true,
    },
    {
      key: 'month',
      title: (t) => t('daily-work-report.month'),
      searchKey: 'month',
      valueType: 'select',
      options: MONTHS,
      hideInTable: true,
    },
    {
      key: 'attendance',
      title: (t) => t('daily-work-report.attendance'),
      hideInSearch: true,
      showFrom: 'md',
      render: (_value, row) => refName(row.attendance, language),
    },
    {
      key: 'hours',
      title: (t) => t('daily-work-report.hours'),
      hideInSearch: true,
      align: 'right',
      render: (_value, row) => row.hours.toFixed(1),
    },
    {
      key: 'score',
      title: (t) => t('daily-work-report.score'),
      hideInSearch: true,
      align: 'right',
      render: (_value, row) => scoreText(row.score),
    },
    {
      key: 'assistScore',
      title: (t) => t('daily-work-report.assistScore'),
      hideInSearch: true,
      align: 'right',
      showFrom: 'md',
      render: (_value, row) => scoreText(row.assistScore),
    },
    {
      key: 'status',
      title: (t) => t('daily-work-report.status'),
      searchKey: 'status',
      valueType: 'select',
      options: enumColumnOptions('DailyReportStatus'),
      render: (_value, row) => <DailyStatusBadge status={row.status} language={language} />,
    },
    {
      key: 'checkedBy',
      title: (t) => t('daily-work-report.checkedBy'),
      hideInSearch: true,
      showFrom: 'lg',
      render: (_value, row) => (row.checkedBy ? userDisplayName(row.checkedBy, language) : '-'),
    },
    {
      key: 'work',
      title: (t) => t('daily-work-report.work'),
      searchKey: 'work',
      valueType: 'bool',
      hideInTable: true,
      initialValue: false,
      renderFormItem: switchFilter,
    },
  ];
}

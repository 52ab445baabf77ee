import { AimOutlined, LeftOutlined, RightOutlined, StarFilled, SwapOutlined } from '@ant-design/icons';
import type { ConfigRow } from '@qcdesk/contract/config';
import { DATE_FORMAT } from '@qcdesk/contract/constants';
import type { Language } from '@qcdesk/contract/messages';
import { Alert, Button, DatePicker, Flex, Spin, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import localeData from 'dayjs/plugin/localeData';
import type { TFunction } from 'i18next';
import 'dayjs/locale/zh-cn';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickerBounds } from '../../components/date-picker';
import { GuardedModal } from '../../components/guarded-modal';
import { useScreen } from '../../components/use-screen';
import { languageOf } from '../../components/widgets-i18n';
import { type CalendarDay, useHolidayCalendar, useHolidayRows } from './api';
import { HolidayDayForm } from './holiday-day-form';
import './holiday-calendar.css';

dayjs.extend(localeData);

/** `YYYY-MM`: the month a calendar shows. */
export const MONTH_FORMAT = 'YYYY-MM';

/** How a day reads on the calendar: the §6.12 day type, told apart by where it comes from. */
export type DayKind = 'workday' | 'weekend' | 'holiday' | 'adjustedRest' | 'adjustedWorkday';

export const DAY_KINDS: readonly DayKind[] = [
  'workday',
  'weekend',
  'holiday',
  'adjustedRest',
  'adjustedWorkday',
];

/** HolidayType codes (DOMAIN.md §3.2): 1 statutory holiday, 2 rest day (adjusted), 3 working day (adjusted). */
const KIND_OF_HOLIDAY_TYPE: Readonly<Record<number, DayKind>> = {
  1: 'holiday',
  2: 'adjustedRest',
  3: 'adjustedWorkday',
};

export function dayKindOf(day: Pick<CalendarDay, 'holidayType' | 'working'>): DayKind {
  const kind = day.holidayType === null ? undefined : KIND_OF_HOLIDAY_TYPE[day.holidayType];
  return kind ?? (day.working ? 'workday' : 'weekend');
}

const isWeekend = (date: Dayjs) => date.day() === 0 || date.day() === 6;

/** What a day is without a holiday entry (§6.7: Monday to Friday work). */
export const ruleKindOf = (date: string): DayKind => (isWeekend(dayjs(date)) ? 'weekend' : 'workday');

/** The weeks of a month's grid, Monday first (spec §9), padded with the neighbouring months' days. */
export function monthGrid(month: string): string[][] {
  const first = dayjs(`${month}-01`);
  // day(): 0 Sunday … 6 Saturday; counted here from Monday whatever the locale says.
  let day = first.subtract((first.day() + 6) % 7, 'day');
  const last = first.endOf('month');
  const weeks: string[][] = [];
  while (!day.isAfter(last, 'day')) {
    const week: string[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day.format(DATE_FORMAT));
      day = day.add(1, 'day');
    }
    weeks.push(week);
  }
  return weeks;
}

const dayjsLocale = (language: Language) => (language === 'zh' ? 'zh-cn' : 'en');

/** A month param as the calendar can show it: `YYYY-MM` within the pickers' ±100 years, else this month. */
export function monthOf(param: string | null | undefined, today: Dayjs = dayjs()): string {
  if (param && /^\d{4}-(0[1-9]|1[0-2])$/.test(param)) {
    const { min, max } = pickerBounds(today);
    const first = dayjs(`${param}-01`);
    if (!first.isBefore(min, 'month') && !first.isAfter(max, 'month')) return param;
  }
  return today.format(MONTH_FORMAT);
}

function kindLabel(kind: DayKind, t: TFunction): string {
  switch (kind) {
    case 'workday':
      return t('config.holiday.kindWorkday');
    case 'weekend':
      return t('config.holiday.kindWeekend');
    case 'holiday':
      return t('config.holiday.kindHoliday');
    case 'adjustedRest':
      return t('config.holiday.kindAdjustedRest');
    case 'adjustedWorkday':
      return t('config.holiday.kindAdjustedWorkday');
  }
}

/** The text cue of a kind, the same in the cells and the legend: rest or work, and its origin. */
function Cue({ kind, t }: { kind: DayKind; t: TFunction }) {
  if (kind === 'workday') return null;
  return (
    <span className="qcdesk-holiday-cue">
      {kind === 'holiday' ? <StarFilled /> : null}
      {kind === 'adjustedRest' || kind === 'adjustedWorkday' ? <SwapOutlined /> : null}
      {kind === 'adjustedWorkday' ? t('config.holiday.cueWork') : t('config.holiday.cueRest')}
    </span>
  );
}

function Legend({ t }: { t: TFunction }) {
  return (
    <Flex
      gap="8px 16px"
      wrap
      align="center"
      role="list"
      aria-label={t('config.holiday.legend')}
      data-testid="holiday-legend"
    >
      {DAY_KINDS.map((kind) => (
        <Flex key={kind} gap={6} align="center" role="listitem">
          <span
            className={`qcdesk-holiday-day qcdesk-holiday-day--${kind} qcdesk-holiday-swatch`}
            aria-hidden
          >
            <Cue kind={kind} t={t} />
          </span>
          <Typography.Text>{kindLabel(kind, t)}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

export interface HolidayCalendarProps {
  /** `YYYY-MM`. */
  month: string;
  onMonthChange: (month: string) => void;
  /** The caller may create and modify holiday rows (the list's edit permission). */
  editable: boolean;
}

/**
 * The holiday list as a month calendar: each day's type from `config/holiday/calendar` (DOMAIN.md
 * §6.7, §6.12), a legend, and the month's holidays and adjusted days listed under the grid (on
 * phones the cells are too narrow for names). Editors click a day to set, change or remove its
 * holiday row through the list's own create and update operations.
 *
 * The grid is drawn here rather than with antd's Calendar: every cell is a button that opens the
 * day's form, and on phones the grid shrinks to numbers and cues, which that component's two fixed
 * layouts do not offer.
 */
export function HolidayCalendar({ month, onMonthChange, editable }: HolidayCalendarProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const locale = dayjsLocale(language);
  const compact = useScreen() === 'phone';
  const [editing, setEditing] = useState<string | null>(null);

  const first = dayjs(`${month}-01`).locale(locale);
  const startDate = first.format(DATE_FORMAT);
  const endDate = first.endOf('month').format(DATE_FORMAT);
  const calendar = useHolidayCalendar(startDate, endDate);
  const rows = useHolidayRows(startDate, endDate, editable);
  const today = dayjs().format(DATE_FORMAT);
  const weeks = useMemo(() => monthGrid(month), [month]);
  const { min, max } = pickerBounds();

  const days = useMemo(
    () => new Map((calendar.isPlaceholderData ? [] : (calendar.data?.days ?? [])).map((d) => [d.date, d])),
    [calendar.data, calendar.isPlaceholderData],
  );
  const rowsByDate = useMemo(
    () =>
      new Map(
        (rows.isPlaceholderData ? [] : (rows.data?.list ?? [])).map((r) => [String(r.date), r] as const),
      ),
    [rows.data, rows.isPlaceholderData],
  );
  // A day opens its form once the month's rows are in, so a row is never created twice for one date.
  const canEdit = editable && rows.isSuccess && !rows.isPlaceholderData;

  const kindOn = (date: string): DayKind => {
    const day = days.get(date);
    return day ? dayKindOf(day) : ruleKindOf(date);
  };
  const nameOf = (day: CalendarDay | undefined) => (language === 'en' ? day?.nameEn : day?.nameZh) ?? '';
  const weekdays = first.localeData();
  const longDay = (date: string) => dayjs(date).locale(locale).format(`${DATE_FORMAT} dddd`);
  const describe = (date: string) => {
    const name = nameOf(days.get(date));
    const kind = kindLabel(kindOn(date), t);
    const text = name
      ? t('config.holiday.dayNamed', { date: longDay(date), kind, name })
      : t('config.holiday.day', { date: longDay(date), kind });
    return date === today ? `${text}, ${t('config.holiday.today')}` : text;
  };

  // Monday first: localeData lists the days from Sunday.
  const order = [1, 2, 3, 4, 5, 6, 0];
  const short = compact ? weekdays.weekdaysMin() : weekdays.weekdaysShort();
  const long = weekdays.weekdays();

  const entries = [
    ...(calendar.data && !calendar.isPlaceholderData ? calendar.data.days : [])
      .filter((d) => d.holidayType !== null)
      .map((d) => ({ date: d.date, kind: dayKindOf(d), name: nameOf(d), frozen: false })),
    // Frozen rows do not count on the calendar; editors still find them here to activate or remove.
    ...[...rowsByDate.values()]
      .filter((r) => r.active === 0)
      .map((r) => ({
        date: String(r.date),
        kind: KIND_OF_HOLIDAY_TYPE[Number(r.dayType)] ?? ruleKindOf(String(r.date)),
        name: (language === 'en' ? r.nameEn : r.nameZh) ?? '',
        frozen: true,
      })),
  ].sort((a, b) => a.date.localeCompare(b.date));

  const cell = (date: string) => {
    const day = dayjs(date);
    if (date.slice(0, 7) !== month) {
      return (
        <div className="qcdesk-holiday-day qcdesk-holiday-day--outside" aria-hidden>
          <span className="qcdesk-holiday-number">{day.date()}</span>
        </div>
      );
    }
    const kind = kindOn(date);
    const name = nameOf(days.get(date));
    const className = `qcdesk-holiday-day qcdesk-holiday-day--${kind}${date === today ? ' qcdesk-holiday-day--today' : ''}`;
    const content = (
      <>
        <span className="qcdesk-holiday-head" aria-hidden>
          <span className="qcdesk-holiday-number">{day.date()}</span>
          <Cue kind={kind} t={t} />
        </span>
        {name && !compact ? (
          <span className="qcdesk-holiday-name" aria-hidden>
            {name}
          </span>
        ) : null}
        <span className="qcdesk-visually-hidden">{describe(date)}</span>
      </>
    );
    return canEdit ? (
      <button
        type="button"
        className={className}
        onClick={() => setEditing(date)}
        data-testid="holiday-day"
        data-date={date}
        data-kind={kind}
      >
        {content}
      </button>
    ) : (
      <div className={className} data-testid="holiday-day" data-date={date} data-kind={kind}>
        {content}
      </div>
    );
  };

  const editingRow: ConfigRow | undefined = editing ? rowsByDate.get(editing) : undefined;

  return (
    <Flex vertical gap={12} data-testid="holiday-calendar" data-month={month}>
      <Flex gap={8} align="center" wrap justify="space-between">
        <Flex gap={4} align="center">
          <Button
            icon={<LeftOutlined />}
            aria-label={t('config.holiday.previousMonth')}
            title={t('config.holiday.previousMonth')}
            disabled={!first.isAfter(min, 'month')}
            onClick={() => onMonthChange(first.subtract(1, 'month').format(MONTH_FORMAT))}
            data-testid="holiday-previous"
          />
          <DatePicker
            picker="month"
            value={first}
            format={t('config.holiday.monthFormat')}
            allowClear={false}
            minDate={min}
            maxDate={max}
            aria-label={t('config.holiday.pickMonth')}
            onChange={(value: Dayjs | null) => {
              if (value) onMonthChange(value.format(MONTH_FORMAT));
            }}
            // Wide enough for the longest month in words ("September 2026"), on phones too.
            style={{ width: 168 }}
            data-testid="holiday-month"
          />
          <Button
            icon={<RightOutlined />}
            aria-label={t('config.holiday.nextMonth')}
            title={t('config.holiday.nextMonth')}
            disabled={!first.isBefore(max, 'month')}
            onClick={() => onMonthChange(first.add(1, 'month').format(MONTH_FORMAT))}
            data-testid="holiday-next"
          />
        </Flex>
        {/* On phones the button keeps to its icon, so the month bar stays on one line. */}
        <Button
          icon={compact ? <AimOutlined /> : undefined}
          aria-label={t('config.holiday.thisMonth')}
          title={t('config.holiday.thisMonth')}
          onClick={() => onMonthChange(dayjs().format(MONTH_FORMAT))}
          disabled={today.slice(0, 7) === month}
        >
          {compact ? null : t('config.holiday.thisMonth')}
        </Button>
      </Flex>
      {calendar.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('config.holiday.loadFailed')}
          description={calendar.error.message}
          action={
            <Button size="small" onClick={() => void calendar.refetch()}>
              {t('config.retry')}
            </Button>
          }
        />
      ) : null}
      {editable ? <Typography.Text type="secondary">{t('config.holiday.editHint')}</Typography.Text> : null}
      <Spin spinning={calendar.isFetching || (editable && rows.isFetching)} delay={200}>
        <div className="qcdesk-holiday-month">
          <table
            className={`qcdesk-holiday-grid${compact ? ' qcdesk-holiday-grid--compact' : ''}`}
            aria-label={first.format(t('config.holiday.monthFormat'))}
          >
            <thead>
              <tr>
                {order.map((index) => (
                  <th
                    key={index}
                    scope="col"
                    abbr={long[index]}
                    className={index === 0 || index === 6 ? 'qcdesk-holiday-weekend' : undefined}
                  >
                    {short[index]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week[0]}>
                  {week.map((date) => (
                    <td key={date}>{cell(date)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Spin>
      <Legend t={t} />
      <section aria-labelledby="holiday-entries-title" data-testid="holiday-entries">
        <h2 id="holiday-entries-title" style={{ fontSize: 15, fontWeight: 600, margin: '8px 0' }}>
          {t('config.holiday.entries', { month: first.format(t('config.holiday.monthFormat')) })}
        </h2>
        {entries.length === 0 ? (
          <Typography.Text type="secondary">{t('config.holiday.noEntries')}</Typography.Text>
        ) : (
          <ul className="qcdesk-holiday-entries">
            {entries.map((entry) => {
              const line = (
                <>
                  <span
                    className={`qcdesk-holiday-day qcdesk-holiday-day--${entry.kind} qcdesk-holiday-swatch`}
                    aria-hidden
                  >
                    <Cue kind={entry.kind} t={t} />
                  </span>
                  <span className="qcdesk-holiday-entry-date">
                    {dayjs(entry.date).locale(locale).format('MM-DD ddd')}
                  </span>
                  <span className="qcdesk-holiday-entry-text">
                    <Typography.Text strong>{entry.name}</Typography.Text>{' '}
                    <Typography.Text type="secondary" className="qcdesk-holiday-entry-kind">
                      {kindLabel(entry.kind, t)}
                    </Typography.Text>
                    {entry.frozen ? <Tag style={{ marginInlineStart: 8 }}>{t('config.frozen')}</Tag> : null}
                  </span>
                </>
              );
              return (
                <li key={`${entry.date}:${entry.frozen}`}>
                  {canEdit ? (
                    <button
                      type="button"
                      className="qcdesk-holiday-entry"
                      onClick={() => setEditing(entry.date)}
                      data-date={entry.date}
                    >
                      {line}
                    </button>
                  ) : (
                    <div className="qcdesk-holiday-entry" data-date={entry.date}>
                      {line}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <GuardedModal
        open={editing !== null}
        onCancel={() => setEditing(null)}
        footer={null}
        destroyOnHidden
        width={480}
        title={
          editing === null
            ? null
            : editingRow
              ? t('config.holiday.editTitle', { date: longDay(editing) })
              : t('config.holiday.createTitle', { date: longDay(editing) })
        }
      >
        {editing === null ? null : (
          <HolidayDayForm
            date={editing}
            row={editingRow}
            ruleKind={kindLabel(ruleKindOf(editing), t)}
            onDone={() => setEditing(null)}
          />
        )}
      </GuardedModal>
    </Flex>
  );
}

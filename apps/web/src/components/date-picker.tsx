/**
 * Date, date-time and date-range fields (spec §9): YYYY-MM-DD, ±100 years around today, week starting
 * on Monday in both languages. Values are the strings the contract carries — 'YYYY-MM-DD' for dates,
 * ISO-8601 for date-times, `[start, end]` for ranges — so forms and filters never handle Dayjs objects.
 *
 * DateField:      value?: string | null; onChange?: (value: string | undefined) => void; + antd DatePicker props
 * DateTimeField:  the same with an ISO-8601 timestamp, shown as YYYY-MM-DD HH:mm
 * DateRangeField: value?: readonly [string, string] | null; onChange?: (value: [string, string] | undefined) => void
 */
import { DATE_FORMAT, DATE_PICKER_YEARS, DATE_TIME_FORMAT } from '@qcdesk/contract/constants';
import { DatePicker, type DatePickerProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import localeData from 'dayjs/plugin/localeData';
import updateLocale from 'dayjs/plugin/updateLocale';
import weekday from 'dayjs/plugin/weekday';
import 'dayjs/locale/zh-cn';
import { useWidgetsTranslation } from './widgets-i18n';

// The shell sets this too (i18n/i18n.ts); repeating it keeps the pickers right wherever they render.
dayjs.extend(localeData);
dayjs.extend(weekday);
dayjs.extend(updateLocale);
dayjs.updateLocale('en', { weekStart: 1 });

/** The first and last day a picker offers: ±100 years around `today`. */
export function pickerBounds(today: Dayjs = dayjs()): { min: Dayjs; max: Dayjs } {
  return {
    min: today.subtract(DATE_PICKER_YEARS, 'year').startOf('day'),
    max: today.add(DATE_PICKER_YEARS, 'year').endOf('day'),
  };
}

export function outsidePickerRange(date: Dayjs, today: Dayjs = dayjs()): boolean {
  const { min, max } = pickerBounds(today);
  return date.isBefore(min) || date.isAfter(max);
}

/** A contract date string as Dayjs; anything unreadable is no value. */
export function parseDate(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

type Shared = 'value' | 'defaultValue' | 'onChange' | 'onOk' | 'format' | 'showTime' | 'picker' | 'multiple';

export interface DateFieldProps extends Omit<DatePickerProps, Shared> {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
}

export function DateField({ value, onChange, placeholder, ...rest }: DateFieldProps) {
  const { t } = useWidgetsTranslation();
  const { min, max } = pickerBounds();
  return (
    <DatePicker
      {...rest}
      format={DATE_FORMAT}
      minDate={min}
      maxDate={max}
      placeholder={placeholder ?? t('widgets.date.placeholder')}
      value={parseDate(value)}
      onChange={(date: Dayjs | null) => onChange?.(date?.format(DATE_FORMAT))}
    />
  );
}

export function DateTimeField({ value, onChange, placeholder, ...rest }: DateFieldProps) {
  const { t } = useWidgetsTranslation();
  const { min, max } = pickerBounds();
  return (
    <DatePicker
      {...rest}
      showTime={{ format: 'HH:mm' }}
      format={DATE_TIME_FORMAT}
      minDate={min}
      maxDate={max}
      placeholder={placeholder ?? t('widgets.date.dateTimePlaceholder')}
      value={parseDate(value)}
      onChange={(date: Dayjs | null) => onChange?.(date?.toISOString())}
    />
  );
}

export interface DateRangeFieldProps extends Omit<RangePickerProps, Shared> {
  value?: readonly [string, string] | null;
  onChange?: (value: [string, string] | undefined) => void;
}

export function DateRangeField({ value, onChange, placeholder, ...rest }: DateRangeFieldProps) {
  const { t } = useWidgetsTranslation();
  const { min, max } = pickerBounds();
  const start = parseDate(value?.[0]);
  const end = parseDate(value?.[1]);
  return (
    <DatePicker.RangePicker
      {...rest}
      format={DATE_FORMAT}
      minDate={min}
      maxDate={max}
      placeholder={placeholder ?? [t('widgets.date.start'), t('widgets.date.end')]}
      value={start && end ? [start, end] : null}
      onChange={(dates) => {
        const [from, to] = dates ?? [];
        onChange?.(from && to ? [from.format(DATE_FORMAT), to.format(DATE_FORMAT)] : undefined);
      }}
    />
  );
}

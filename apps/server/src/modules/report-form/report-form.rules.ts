import type { Language } from '@qcdesk/contract';
import { enumLabel } from '@qcdesk/contract/enumerations';
import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import type { ReportFormFilters, ReportFormKind } from '@qcdesk/contract/report-form';
import { addDays, type DayType } from '../../domain/calendar';
import { fromCents } from '../../domain/money';
import type { ExportCell, ExportColumn, ExportNames } from '../../platform/list-export';

// The pure parts of the report forms (DOMAIN.md §6.12): the range rule, the key that joins equal
// requests, the forms' titles and columns (rows are plain records of cells), and the cells of the
// day types and amounts.

export const REPORT_FORM_JOB = 'reportform.export';

export const FORM_TITLES: Record<ReportFormKind, ExportNames> = {
  inspection: { zh: '验货报表', en: 'Inspection form' },
  fee: { zh: '费用报表', en: 'Fee form' },
  overtime: { zh: '加班报表', en: 'Overtime form' },
  qc: { zh: 'QC报表', en: 'QC form' },
};

/** Days of startTime–endTime, both counted (2026-01-01–2026-12-31 is 365). */
export function rangeDays(startTime: string, endTime: string): number {
  return (
    Math.round((Date.parse(`${endTime}T00:00:00Z`) - Date.parse(`${startTime}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** The last date of a range of `max` days starting at `startTime`. */
export const lastDayOf = (startTime: string, max: number) => addDays(startTime, max - 1);

/** The filters as the job carries them and the list shows them: ids as decimal strings. */
export function storedFilters(f: ReportFormFilters): Record<string, string> {
  const out: Record<string, string> = { form: f.form, startTime: f.startTime, endTime: f.endTime };
  if (f.departmentId !== undefined) out.departmentId = f.departmentId.toString();
  if (f.clientId !== undefined) out.clientId = f.clientId.toString();
  if (f.inspectorId !== undefined) out.inspectorId = f.inspectorId.toString();
  return out;
}

export function parseStoredFilters(stored: Record<string, string>) {
  const id = (v: string | undefined) => (v === undefined ? undefined : BigInt(v));
  return {
    form: stored.form as ReportFormKind,
    startTime: stored.startTime ?? '',
    endTime: stored.endTime ?? '',
    departmentId: id(stored.departmentId),
    clientId: id(stored.clientId),
    inspectorId: id(stored.inspectorId),
  };
}

/** Equal requests (form, filters, language) have one key: the second joins the first's job. */
export function filterKeyOf(f: ReportFormFilters, lang: Language): string {
  const s = storedFilters(f);
  return [
    lang,
    ...Object.keys(s)
      .sort()
      .map((k) => `${k}=${s[k]}`),
  ].join('&');
}

export function formFileName(
  form: ReportFormKind,
  f: { startTime: string; endTime: string },
  lang: Language,
) {
  return `${FORM_TITLES[form][lang]}-${f.startTime}-${f.endTime}.xlsx`;
}

/** A form's row: cells by column key. */
export type FormRow = Record<string, ExportCell>;

/** A form's column: key, header in both languages, width. */
export const col = (key: string, zh: string, en: string, width = 14): ExportColumn<FormRow> => ({
  key,
  label: { zh, en },
  value: (row) => row[key],
  width,
});

const DAY_TYPES: Record<DayType, ExportNames> = {
  WORKDAY: { zh: '工作日', en: 'Workday' },
  REST: { zh: '休息日', en: 'Rest day' },
  HOLIDAY: { zh: '法定节假日', en: 'Holiday' },
};

export const dayTypeText = (type: DayType, lang: Language) => DAY_TYPES[type][lang];

const WEEKDAYS: Record<Language, readonly string[]> = {
  zh: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};

export const weekdayText = (date: string, lang: Language) =>
  WEEKDAYS[lang][new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';

export const PAYERS: Record<'CLIENT' | 'FACTORY', ExportNames> = {
  CLIENT: { zh: '客户', en: 'Client' },
  FACTORY: { zh: '工厂', en: 'Factory' },
};

export const TOTAL: ExportNames = { zh: '合计', en: 'Total' };
export const SUBTOTAL: ExportNames = { zh: '小计', en: 'Subtotal' };

/** Cents as a number of the sheet (2 decimals). */
export const money = (cents: bigint) => Number(fromCents(cents));
/** Tenths or hundredths as a number of the sheet. */
export const tenths = (n: number) => n / 10;
export const hundredths = (n: number) => n / 100;

export const resultText = (result: number | null, lang: Language) =>
  result === null || result === INSPECTION_RESULT.empty ? '' : enumLabel('InspectionResult', result, lang);

/** A decimal text (dec(4,2) factor, dec(4,1) man-days) in hundredths / tenths, exactly. */
export function scaled(text: string | null, scale: number): number {
  if (text === null) return 0;
  const [whole = '0', fraction = ''] = text.trim().split('.');
  const digits = Math.round(Math.log10(scale));
  return Number(whole) * scale + Number(fraction.padEnd(digits, '0').slice(0, digits) || '0');
}

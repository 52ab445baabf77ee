/**
 * Display formatters of spec §9: file sizes, scores, decimals, dates and capped totals.
 * Pure functions; every caller shows numbers the same way in both languages (the grouping
 * separator is a comma in zh and en alike).
 */
import { BUSINESS_TIME_ZONE, DATE_FORMAT, DATE_TIME_FORMAT } from '@qcdesk/contract/constants';
import dayjs, { type ConfigType } from 'dayjs';

/** Spec §9: B below 512 bytes, KB below 512 KB, else MB. */
const SIZE_STEP = 1024;
const SIZE_SWITCH = 512;

/** Scores travel multiplied by 100 (spec §3: daily score and assistScore are divided by 100 on receipt). */
const SCORE_FACTOR = 100;

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(minPlaces: number, maxPlaces: number): Intl.NumberFormat {
  const key = `${minPlaces}:${maxPlaces}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: minPlaces,
      maximumFractionDigits: maxPlaces,
      useGrouping: true,
    });
    numberFormats.set(key, format);
  }
  return format;
}

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Today in the business time zone (Asia/Shanghai), YYYY-MM-DD: what the server checks dates against
 * ("≥ today", "≤ today"), whatever the browser's own zone.
 */
export const businessToday = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(new Date());

/** Spec §9: one decimal place by default, with thousands separators; '' for a missing value. */
export function formatDecimal(value: number | null | undefined, places = 1): string {
  return isNumber(value) ? numberFormat(places, places).format(value) : '';
}

/** A whole number with thousands separators, e.g. a list total. */
export function formatInteger(value: number | null | undefined): string {
  return isNumber(value) ? numberFormat(0, 0).format(value) : '';
}

/** Spec §9: B below 512, KB below 512 KB, else MB. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (!isNumber(bytes)) return '';
  if (bytes < SIZE_SWITCH) return `${formatInteger(bytes)} B`;
  if (bytes < SIZE_SWITCH * SIZE_STEP) return `${formatDecimal(bytes / SIZE_STEP)} KB`;
  return `${formatDecimal(bytes / (SIZE_STEP * SIZE_STEP))} MB`;
}

/** A stored score (× 100) as the number people read. */
export function scoreFromStored(stored: number): number {
  return stored / SCORE_FACTOR;
}

/** A stored score (× 100) for display: 8550 → "85.5", 9000 → "90"; at most two places, none padded. */
export function formatScore(stored: number | null | undefined): string {
  return isNumber(stored) ? numberFormat(0, 2).format(scoreFromStored(stored)) : '';
}

/** Spec §9: dates as YYYY-MM-DD; '' for a missing or invalid value. */
export function formatDate(value: ConfigType | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}

/** A timestamp as YYYY-MM-DD HH:mm in the browser's time zone. */
export function formatDateTime(value: ConfigType | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}

/** A list total; exact only up to a cap (schemas.ts `pageOf`), beyond which it reads "10,000+". */
export function formatTotal(total: number, capped: boolean): string {
  return `${formatInteger(total)}${capped ? '+' : ''}`;
}

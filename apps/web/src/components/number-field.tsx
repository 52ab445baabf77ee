/**
 * A number input that never changes what was typed (issue 12): antd's InputNumber clamps to its
 * min/max and rounds to its precision on blur, so "31" in a 0–30 field silently became 30 and was
 * saved. This field keeps the text as typed and hands the form the number it reads (NaN for text
 * that is no number, null when empty); `numberRule` then shows the field error and blocks the save.
 *
 * <Form.Item name="advanceDays" rules={[numberRule({ min: 0, max: 30, precision: 0 })]}>
 *   <NumberField />
 * </Form.Item>
 */
import type { FormRule } from 'antd';
import { Input } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useState } from 'react';
import type { WidgetsT } from './widgets-i18n';
import { useWidgetsTranslation } from './widgets-i18n';

export interface NumberFieldProps {
  /** Given by Form.Item. */
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  /** Decimal places allowed: 0 (the default) asks phones for the digit pad. */
  precision?: number;
  suffix?: ReactNode;
  style?: CSSProperties;
  'aria-label'?: string;
  'data-testid'?: string;
}

// Digits with an optional sign and one decimal point; full-width digits are read as ASCII.
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** The number a text holds: null when empty, NaN when it is no number. */
export function parseNumber(text: string): number | null {
  const plain = text.trim().replace(/[０-９．－＋]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  if (plain === '') return null;
  return NUMBER.test(plain) ? Number(plain) : Number.NaN;
}

const textOf = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value) ? '' : String(value);

export function NumberField({ value, onChange, precision = 0, style, ...rest }: NumberFieldProps) {
  // The text as typed, with the value it was read as: a value set from outside (initial values, a
  // reset) replaces the text; the value the text itself produced leaves it alone.
  const [typed, setTyped] = useState({ text: textOf(value), value: value ?? null });
  let text = typed.text;
  if (!Object.is(typed.value, value ?? null)) {
    text = textOf(value);
    setTyped({ text, value: value ?? null });
  }

  return (
    <Input
      {...rest}
      value={text}
      inputMode={precision > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      style={{ width: '100%', ...style }}
      onChange={(event) => {
        const next = event.target.value;
        const number = parseNumber(next);
        setTyped({ text: next, value: number });
        onChange?.(number);
      }}
    />
  );
}

export interface NumberRange {
  min?: number | undefined;
  max?: number | undefined;
  /** Decimal places allowed; 0 asks for a whole number; absent: any. */
  precision?: number | undefined;
}

/** Whether `value` has at most `places` decimals (tolerating binary fractions such as 0.1 + 0.2). */
export function fitsPrecision(value: number, places: number) {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

// Bounds read as people write them in both languages: 1,000,000.
const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });
const grouped = (bound: number | undefined) => (bound === undefined ? undefined : grouping.format(bound));

/** What is wrong with a value in a range, as a sentence; undefined when nothing is. */
export function numberProblem(value: unknown, range: NumberRange, t: WidgetsT): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) return t('widgets.number.notNumber');
  const { min, max, precision } = range;
  if (precision === 0 && !Number.isInteger(value)) return t('widgets.number.whole');
  if (precision !== undefined && precision > 0 && !fitsPrecision(value, precision))
    return t('widgets.number.decimals', { n: precision });
  const outside = (min !== undefined && value < min) || (max !== undefined && value > max);
  if (!outside) return undefined;
  const low = grouped(min);
  const high = grouped(max);
  if (low !== undefined && high !== undefined) return t('widgets.number.between', { min: low, max: high });
  if (low !== undefined) return t('widgets.number.atLeast', { min: low });
  return t('widgets.number.atMost', { max: high ?? '' });
}

/** The form rule of a NumberField: whole/decimal places and the range, each with its own message. */
export function numberRule(range: NumberRange, t: WidgetsT): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const problem = numberProblem(value, range, t);
      if (problem) throw new Error(problem);
    },
  };
}

/** numberRule with the component's own translation. */
export function useNumberRule(range: NumberRange): FormRule {
  const { t } = useWidgetsTranslation();
  return numberRule(range, t);
}

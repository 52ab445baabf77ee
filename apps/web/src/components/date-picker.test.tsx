import { cleanup, fireEvent, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DateField,
  DateRangeField,
  DateTimeField,
  outsidePickerRange,
  parseDate,
  pickerBounds,
} from './date-picker';
import { renderWidget } from './test-utils';

const weekHeader = () =>
  [...document.querySelectorAll('.ant-picker-content thead th')].map((th) => th.textContent);

describe('picker range', () => {
  it('offers 100 years either side of today', () => {
    const today = dayjs('2026-06-15');
    const { min, max } = pickerBounds(today);
    expect(min.format('YYYY-MM-DD')).toBe('1926-06-15');
    expect(max.format('YYYY-MM-DD')).toBe('2126-06-15');
    expect(outsidePickerRange(dayjs('1926-06-14'), today)).toBe(true);
    expect(outsidePickerRange(dayjs('2126-06-15'), today)).toBe(false);
    expect(outsidePickerRange(dayjs('2126-06-16'), today)).toBe(true);
  });

  it('reads contract dates and nothing else', () => {
    expect(parseDate('2026-01-02')?.format('YYYY-MM-DD')).toBe('2026-01-02');
    expect(parseDate('')).toBeNull();
    expect(parseDate('nonsense')).toBeNull();
  });
});

describe('DateField', () => {
  afterEach(cleanup);

  it('shows YYYY-MM-DD and starts the week on Monday in English', () => {
    renderWidget(<DateField value="2026-03-04" open />);
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('2026-03-04');
    expect(weekHeader()[0]).toBe('Mo');
  });

  it('starts the week on Monday in Chinese too', () => {
    renderWidget(<DateField value="2026-03-04" open />, { language: 'zh' });
    expect(weekHeader()[0]).toBe('一');
    expect(screen.getByPlaceholderText('请选择日期')).toBeTruthy();
  });

  it('gives the picked day as YYYY-MM-DD', () => {
    const onChange = vi.fn();
    renderWidget(<DateField value="2026-03-04" open onChange={onChange} />);
    fireEvent.click(document.querySelector('td[title="2026-03-18"]')!);
    expect(onChange).toHaveBeenCalledWith('2026-03-18');
  });

  it('shows a date-time and a range in the same format', () => {
    renderWidget(
      <>
        <DateTimeField value={dayjs('2026-03-04 08:30').toISOString()} />
        <DateRangeField value={['2026-03-01', '2026-03-31']} />
      </>,
    );
    const values = screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value);
    expect(values).toEqual(['2026-03-04 08:30', '2026-03-01', '2026-03-31']);
  });
});

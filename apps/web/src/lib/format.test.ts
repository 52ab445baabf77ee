import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatFileSize,
  formatInteger,
  formatScore,
  formatTotal,
  scoreFromStored,
} from './format';

describe('formatFileSize', () => {
  it('shows bytes below 512', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(511)).toBe('511 B');
  });

  it('shows KB from 512 bytes up to below 512 KB', () => {
    expect(formatFileSize(512)).toBe('0.5 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(512 * 1024 - 1)).toBe('512.0 KB');
  });

  it('shows MB from 512 KB', () => {
    expect(formatFileSize(512 * 1024)).toBe('0.5 MB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(formatFileSize(2048 * 1024 * 1024)).toBe('2,048.0 MB');
  });

  it('shows nothing for a missing size', () => {
    expect(formatFileSize(undefined)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});

describe('formatScore', () => {
  it('divides the stored score by 100', () => {
    expect(scoreFromStored(8550)).toBe(85.5);
    expect(formatScore(8550)).toBe('85.5');
    expect(formatScore(9000)).toBe('90');
    expect(formatScore(1234)).toBe('12.34');
    expect(formatScore(null)).toBe('');
  });
});

describe('formatDecimal', () => {
  it('prints one place by default with thousands separators', () => {
    expect(formatDecimal(1234567.891)).toBe('1,234,567.9');
    expect(formatDecimal(3)).toBe('3.0');
    expect(formatDecimal(-1234.44)).toBe('-1,234.4');
  });

  it('takes other places', () => {
    expect(formatDecimal(1234.5, 2)).toBe('1,234.50');
    expect(formatDecimal(1234.5, 0)).toBe('1,235');
    expect(formatDecimal(undefined)).toBe('');
  });

  it('groups integers', () => {
    expect(formatInteger(10000)).toBe('10,000');
  });
});

describe('formatDate', () => {
  it('uses YYYY-MM-DD', () => {
    expect(formatDate(new Date(2026, 0, 2, 13, 45))).toBe('2026-01-02');
    expect(formatDate('2026-03-04')).toBe('2026-03-04');
    expect(formatDateTime(new Date(2026, 0, 2, 13, 45))).toBe('2026-01-02 13:45');
  });

  it('shows nothing for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatTotal', () => {
  it('marks a capped total with a plus', () => {
    expect(formatTotal(10000, true)).toBe('10,000+');
    expect(formatTotal(1234, false)).toBe('1,234');
  });
});

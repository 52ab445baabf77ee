import { describe, expect, it, vi } from 'vitest';
import { hasChinese, trimFields, trimOnBlur, trimText } from './text';

describe('hasChinese', () => {
  it('finds Chinese characters anywhere in the text', () => {
    expect(hasChinese('中文')).toBe(true);
    expect(hasChinese('Report 报告 1')).toBe(true);
    expect(hasChinese('𠀀')).toBe(true);
  });

  it('is false for Latin text, punctuation and missing values', () => {
    expect(hasChinese('Hello, world!')).toBe(false);
    expect(hasChinese('，。')).toBe(false);
    expect(hasChinese('')).toBe(false);
    expect(hasChinese(undefined)).toBe(false);
  });
});

describe('trimming', () => {
  it('removes leading and trailing whitespace, full-width spaces included', () => {
    expect(trimText('  a b \t')).toBe('a b');
    expect(trimText('\u3000名称\u3000')).toBe('名称');
    expect(trimText(5)).toBe(5);
  });

  it('trims every string field of a form', () => {
    expect(trimFields({ name: ' x ', count: 2, note: null })).toEqual({ name: 'x', count: 2, note: null });
  });

  it('writes the trimmed text back on blur only when it changed', () => {
    const onChange = vi.fn();
    const blur = trimOnBlur(onChange);
    blur({ currentTarget: { value: ' a ' } } as never);
    blur({ currentTarget: { value: 'a' } } as never);
    expect(onChange.mock.calls).toEqual([['a']]);
  });
});

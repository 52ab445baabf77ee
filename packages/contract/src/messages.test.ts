import { describe, expect, it } from 'vitest';
import { areaMessages } from './area-texts';
import { areas } from './catalogue';
import { PASSWORD_PATTERN } from './constants';
import { formatMessage, languageFromHeader, messages, sharedMessages } from './messages';
import { collectAreaErrors, defineTexts } from './texts';

describe('messages', () => {
  it('has both languages for every reason', () => {
    for (const [reason, text] of Object.entries(messages)) {
      expect(text.zh, reason).not.toBe('');
      expect(text.en, reason).not.toBe('');
    }
  });

  it('holds the shared keys and the keys of every area, each declared once', () => {
    expect(Object.keys(messages).length).toBe(
      Object.keys(sharedMessages).length + Object.keys(areaMessages).length,
    );
    for (const key of Object.keys(areaMessages)) expect(sharedMessages, key).not.toHaveProperty(key);
    expect(areaMessages.E_TR_RETEST).toBe(areas.testReport.texts.errors.E_TR_RETEST);
    expect(formatMessage('E_FS_UNCHECKED', 'en', { n: 2 })).toBe('2 check items are not checked yet');
  });

  it('refuses a key two areas declare', () => {
    const a = { texts: defineTexts({ errors: { E_X: { zh: '甲', en: 'A' } } }) };
    const b = { texts: defineTexts({ errors: { E_X: { zh: '乙', en: 'B' } } }) };
    expect(() => collectAreaErrors({ a, b })).toThrow('error key E_X declared by both a and b');
    expect(collectAreaErrors({ a, c: {} })).toEqual({ E_X: { zh: '甲', en: 'A' } });
  });

  it('fills placeholders with localized field labels', () => {
    expect(formatMessage('E_REQUIRED', 'en', { field: 'username' })).toBe('Username must not be empty');
    expect(formatMessage('E_REQUIRED', 'zh', { field: 'username' })).toBe('用户名不能为空');
    expect(formatMessage('E_TOO_LONG', 'en', { field: 'remarkX', max: 5 })).toBe(
      'remarkX exceeds 5 characters',
    );
    // A test order's `paid` is paid (已付款), not paid leave (带薪, the attendance list's own label).
    expect(formatMessage('E_FIELD_LOCKED', 'zh', { field: 'paid' })).toContain('已付款');
  });

  it('picks a word by the count: 1 error, 2 errors (issue 12)', () => {
    expect(formatMessage('E_IMPORT_ROWS', 'en', { n: 1 })).toBe('1 error found; nothing was imported');
    expect(formatMessage('E_IMPORT_ROWS', 'en', { n: 2 })).toBe('2 errors found; nothing was imported');
    expect(formatMessage('E_IMPORT_ROWS', 'zh', { n: 1 })).toBe('1处数据有误，未导入任何数据');
  });

  it('picks the language from Accept-Language', () => {
    expect(languageFromHeader(undefined)).toBe('zh');
    expect(languageFromHeader('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(languageFromHeader('en-US,en;q=0.9')).toBe('en');
  });
});

describe('password rule (spec §5)', () => {
  it.each([
    ['abc123', true],
    ['Abc!23456', true],
    ['123456', false],
    ['abcdef', false],
    ['ab1', false],
    ['abc123~', false],
    ['a1'.repeat(11), false],
  ])('%s → %s', (pw, ok) => {
    expect(PASSWORD_PATTERN.test(pw)).toBe(ok);
  });
});

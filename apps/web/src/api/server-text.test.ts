import { messages } from '@qcdesk/contract/messages';
import { describe, expect, it } from 'vitest';
import { serverText } from './server-text';

describe('serverText (spec §8)', () => {
  it('shows the six texts of spec §8 in the UI language, by reason or by their words', () => {
    expect(serverText('Internal Server Error', undefined, 'zh')).toBe('系统错误，请联系管理员');
    expect(serverText('Internal Server Error', 'INTERNAL', 'en')).toBe('Internal Server Error');
    expect(serverText('Invalid EncryptedMessage', undefined, 'zh')).toBe(messages.INVALID_ENCRYPTED.zh);
    expect(serverText('Unauthorized', 'UNAUTHORIZED', 'zh')).toBe('账号未登录');
    expect(serverText('Invalid Permission', 'E_SCOPE', 'zh')).toBe('没有权限');
    expect(serverText('没有权限', 'E_PERMISSION', 'en')).toBe('Invalid Permission');
    expect(serverText('Success', undefined, 'zh')).toBe('成功');
  });

  it('words the password mismatch for people in both languages', () => {
    expect(serverText('Password must be equal repeatPassword', 'E_PASSWORD_MISMATCH', 'en')).toBe(
      'The passwords do not match',
    );
    expect(serverText('Password must be equal repeatPassword', undefined, 'zh')).toBe('两次输入的密码不一致');
  });

  it('leaves every other text as the server wrote it', () => {
    expect(serverText('Name must not be empty', 'E_REQUIRED', 'zh')).toBe('Name must not be empty');
    expect(serverText('Forbidden', undefined, 'zh')).toBe('Forbidden');
  });
});

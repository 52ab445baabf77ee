import { EMAIL_CODE_LENGTH } from '@qcdesk/contract';
import { describe, expect, it } from 'vitest';
import { codeHash, interimLink, isActive, maskEmail, newCode, qrLink, resetLink } from './sign-in.rules';

describe('sign-in rules', () => {
  it('makes codes of the contract length, digits only, leading zeros kept', () => {
    for (let i = 0; i < 50; i++) expect(newCode()).toMatch(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`));
  });

  it('hashes a code with its purpose and user, so a code of one purpose fails another', () => {
    expect(codeHash('verify', 1n, '123456')).toBe(codeHash('verify', 1n, '123456'));
    expect(codeHash('verify', 1n, '123456')).not.toBe(codeHash('email-login', 1n, '123456'));
    expect(codeHash('verify', 1n, '123456')).not.toBe(codeHash('verify', 2n, '123456'));
  });

  it('counts only an existing, valid, unlocked account as active', () => {
    expect(isActive({ state: 1, valid: 1 })).toBe(true);
    expect(isActive({ state: 0, valid: 1 })).toBe(false);
    expect(isActive({ state: 1, valid: 0 })).toBe(false);
    expect(isActive(undefined)).toBe(false);
  });

  it('masks an address but its first letter and domain', () => {
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskEmail('b@x.cn')).toBe('b***@x.cn');
  });

  it('builds the links of the change-password and login screens', () => {
    expect(resetLink('https://qc.example', 'en', 'T')).toBe('https://qc.example/en/password?token=T');
    expect(interimLink('https://qc.example', 'zh', 'T')).toBe('https://qc.example/zh/login?interim=T');
    expect(qrLink('https://qc.example', 'en', 'T')).toBe('https://qc.example/en/login?qr=T');
  });
});

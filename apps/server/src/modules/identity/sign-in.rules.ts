/** Pure parts of signing in (no database): mailed codes, account states, the links mailed or shown. */
import { randomInt } from 'node:crypto';
import { EMAIL_CODE_LENGTH, type Language } from '@qcdesk/contract';
import type { OneTimePurpose } from '../../db/schema/identity';
import { AppError } from '../../platform/errors';
import { sha256Hex } from '../../platform/tokens';

export const codeHash = (purpose: OneTimePurpose, userId: bigint, code: string) =>
  sha256Hex(`${purpose}:${userId}:${code}`);

export function newCode(): string {
  return randomInt(0, 10 ** EMAIL_CODE_LENGTH)
    .toString()
    .padStart(EMAIL_CODE_LENGTH, '0');
}

export const locked = () => new AppError('E_ACCOUNT_LOCKED');

/** An account that exists, is not deleted and is not locked. */
export function isActive<T extends { state: number; valid: number }>(user: T | undefined): user is T {
  return user?.state === 1 && user.valid === 1;
}

export const maskEmail = (email: string) =>
  email.replace(/^(.)[^@]*(@.*)$/, (_m, first: string, domain: string) => `${first}***${domain}`);

/** The change-password screen (route ChanePassword, /{language}/password) takes the reset token. */
export const resetLink = (publicUrl: string, lang: Language, token: string) =>
  `${publicUrl}/${lang}/password?token=${token}`;

export const tokenExpired = () => new AppError('TOKEN_EXPIRED');

/** The login screen takes an interim token from `?interim=`. */
export const interimLink = (publicUrl: string, lang: Language, token: string) =>
  `${publicUrl}/${lang}/login?interim=${token}`;

export const qrLink = (publicUrl: string, lang: Language, token: string) =>
  `${publicUrl}/${lang}/login?qr=${token}`;

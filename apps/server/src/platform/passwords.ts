import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

// argon2id at 19 MiB, t=2, p=1 (the OWASP minimum; ~25 ms per hash on this machine, STACK-NOTES.md).
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let dummy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown user, or an account that never
 * set a password) it checks against a dummy hash, so the answer takes as long either way and the
 * timing does not tell which usernames exist.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  const target = hash ?? (await dummy);
  try {
    const ok = await argon2.verify(target, password);
    return ok && hash != null;
  } catch {
    return false;
  }
}

/** A random password that follows the rule of spec §5 (letters and digits, 16 characters). */
export function randomPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => all[b % all.length]!);
  // Never all letters or all digits.
  chars[0] = letters[bytes[0]! % letters.length]!;
  chars[1] = digits[bytes[1]! % digits.length]!;
  return chars.join('');
}

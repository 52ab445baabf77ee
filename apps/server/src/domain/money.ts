// Money without floats (DOMAIN.md §2.5): decimal strings of at most 2 decimals, counted in cents
// (bigint); a discount in basis points; amounts rounded half-up to the cent. No database here.

/** The largest amount a money column holds (numeric(14,2)): 999,999,999,999.99, in cents. */
export const MONEY_MAX_CENTS = 99_999_999_999_999n;

/** "12.5" → 1250n: a non-negative decimal string with at most 2 decimals (validated by the contract). */
export function toCents(value: string): bigint {
  const [whole = '0', frac = ''] = value.trim().split('.');
  return BigInt(whole) * 100n + BigInt(`${frac}00`.slice(0, 2));
}

/** 1250n → "12.50". */
export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A discount percent (≤ 2 decimals) in basis points: 12.5 → 1250. */
export const discountPoints = (discount: number | string): bigint =>
  BigInt(Math.round(Number(discount) * 100));

/** DOMAIN.md §2.5: amount = price × (1 − discount/100), rounded half-up to the cent. */
export function amountOf(price: string, discount: number | string): string {
  const numerator = toCents(price) * (10_000n - discountPoints(discount));
  let cents = numerator / 10_000n;
  if ((numerator % 10_000n) * 2n >= 10_000n) cents += 1n;
  return fromCents(cents);
}

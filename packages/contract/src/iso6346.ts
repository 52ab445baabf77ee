// ISO 6346 container numbers (DOMAIN.md §2.7, §7.3 "Supervise submit"): 4 letters (3 for the owner
// code, then the category U, J or Z), 6 digits of serial number and 1 check digit. The check digit
// is Σ value(cᵢ) × 2ⁱ over the first 10 characters, mod 11, where a digit is its value and the
// letters count from A = 10 upwards skipping the multiples of 11 (11, 22, 33); a remainder of 10
// is written 0. Pure and shared: the server's submit check and the web editor's live check use it.

const SHAPE = /^[A-Z]{3}[UJZ][0-9]{7}$/;

/** The letter values A = 10 … Z = 38, skipping 11, 22 and 33. */
const LETTER_VALUES: ReadonlyMap<string, number> = (() => {
  const values = new Map<string, number>();
  let value = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value += 1;
    values.set(letter, value);
    value += 1;
  }
  return values;
})();

const charValue = (c: string): number => LETTER_VALUES.get(c) ?? Number(c);

/** The check digit of the first 10 characters (owner, category, serial), 0–9. */
export function containerCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i += 1) sum += charValue(first10.charAt(i)) * 2 ** i;
  return (sum % 11) % 10;
}

/** The container number without spaces or dashes, upper-cased (`CSQU 305438-3` → `CSQU3054383`). */
export function normalizeContainerNo(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** Whether `value` (normalized) is a well-formed ISO 6346 container number with a right check digit. */
export function isContainerNo(value: string): boolean {
  const no = normalizeContainerNo(value);
  if (!SHAPE.test(no)) return false;
  return containerCheckDigit(no.slice(0, 10)) === Number(no.charAt(10));
}

/**
 * The constraint a unique violation (SQLSTATE 23505) names, or null for any other error. Drizzle
 * wraps the driver's error; PGlite and node-postgres both carry `code` and `constraint`.
 */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    current = e.cause;
  }
  return null;
}

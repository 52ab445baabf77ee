/** Prints rows as an aligned text table (benchmarks report through this). */
export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const text = (v: string | number) => (typeof v === 'number' ? formatNumber(v) : v);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => text(r[c] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  process.stdout.write(`\n${title}\n${line(columns)}\n${line(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const row of rows) process.stdout.write(`${line(columns.map((c) => text(row[c] ?? '')))}\n`);
}

function formatNumber(n: number): string {
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  return n < 10 ? n.toFixed(3) : n.toFixed(1);
}

/** Mean microseconds per call of an async function, after a warm-up. */
export async function timeAsync(fn: () => Promise<unknown>, iterations: number): Promise<number> {
  for (let i = 0; i < Math.min(50, iterations); i++) await fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await fn();
  return Number(process.hrtime.bigint() - start) / 1000 / iterations;
}

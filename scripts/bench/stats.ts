/** Timing loops, summary statistics and the plain-text tables `npm run bench` prints. */

export type Timing = { mean: number; p50: number; p95: number; iterations: number };

export const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Runs `op` `iterations` times one after another (after a warm-up of a tenth as many, at least 5)
 * and returns the mean, median and p95 of the times in milliseconds.
 */
export async function timeOp(op: () => unknown, iterations: number): Promise<Timing> {
  const warmup = Math.max(5, Math.ceil(iterations / 10));
  for (let i = 0; i < warmup; i += 1) await op();
  const times: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const started = performance.now();
    await op();
    times.push(performance.now() - started);
  }
  return { mean: mean(times), p50: percentile(times, 50), p95: percentile(times, 95), iterations };
}

/** A ratio as printed: 2 significant-ish digits, "1.00×" for the baseline. */
export const ratio = (value: number, baseline: number) => (baseline > 0 ? value / baseline : Number.NaN);
export const formatRatio = (r: number) =>
  Number.isFinite(r) ? `${r >= 100 ? r.toFixed(0) : r >= 10 ? r.toFixed(1) : r.toFixed(2)}×` : '—';
export const ms = (value: number) =>
  value >= 100 ? `${value.toFixed(0)} ms` : value >= 1 ? `${value.toFixed(2)} ms` : `${(value * 1000).toFixed(1)} µs`;
export const bytes = (value: number) =>
  value >= 1024 ** 3
    ? `${(value / 1024 ** 3).toFixed(1)} GB`
    : value >= 1024 * 1024
      ? `${(value / 1024 / 1024).toFixed(2)} MB`
      : value >= 1024
        ? `${(value / 1024).toFixed(1)} KB`
        : `${value} B`;

/** A table with a header row; the first column left-aligned, the others right-aligned. */
export function table(title: string, header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [`\n${title}`, line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

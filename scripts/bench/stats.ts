/**
 * Arithmetic and the report table of the benchmark; no I/O, so it can be
 * tested without running anything.
 */

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A measured value and the bound it must stay under (or at). */
export interface Check {
  readonly name: string;
  /** How the value is shown, e.g. `1.21×` or `12.4 ms`. */
  readonly shown: string;
  readonly value: number;
  /** Undefined for values reported without a target. */
  readonly max?: number;
  /** Whether the value must stay strictly under `max`. */
  readonly exclusive?: boolean;
  /** How the target is shown, e.g. `≤ 1.3×`. */
  readonly target?: string;
  /** Where the value comes from: medians, peak memory... */
  readonly detail: string;
}

export type Verdict = 'PASS' | 'FAIL' | 'info';

export function verdict(check: Check): Verdict {
  if (check.max === undefined) return 'info';
  const within = check.exclusive ? check.value < check.max : check.value <= check.max;
  return Number.isFinite(check.value) && within ? 'PASS' : 'FAIL';
}

/** A plain-text table, columns padded to their widest cell. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map(r => (r[c] ?? '').length)));
  const line = (cells: readonly string[]): string => cells.map((cell, c) => (cell ?? '').padEnd(widths[c])).join('  ').trimEnd();
  return [line(header), line(widths.map(w => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The report table of a list of checks. */
export function checksTable(checks: readonly Check[]): string {
  return table(
    ['measure', 'value', 'target', 'result', 'detail'],
    checks.map(c => [c.name, c.shown, c.target ?? '-', verdict(c), c.detail]),
  );
}

export function ratio(numerator: number, denominator: number): number {
  return denominator > 0 ? numerator / denominator : NaN;
}

export function ms(value: number): string {
  return value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
}

export function times(value: number): string {
  return `${value.toFixed(2)}×`;
}

export function mib(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MiB`;
}

/**
 * Message helpers: one wording for the whole catalogue ("must be one of",
 * "did you mean", values quoted the same way).
 */
/** Quotes a value the way messages show it: strings in double quotes, the rest as JSON. */
export function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return JSON.stringify(value);
  try {
    const text = JSON.stringify(value);
    return text.length > 80 ? text.slice(0, 77) + '...' : text;
  } catch {
    return String(value);
  }
}

/** The candidate closest to `value` (case-insensitive, then prefix, then edit distance ≤ 2). */
export function closest(value: unknown, candidates: readonly string[]): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const lower = value.toLowerCase();
  const exact = candidates.find(c => c.toLowerCase() === lower);
  if (exact !== undefined) return exact;
  const prefix = candidates.filter(c => c.toLowerCase().startsWith(lower) || lower.startsWith(c.toLowerCase()));
  if (prefix.length === 1) return prefix[0];
  let best: string | undefined;
  let bestDistance = 3;
  for (const c of candidates) {
    const d = editDistance(lower, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return prev[b.length];
}

/** ` (did you mean "x"?)` or the empty string. */
export function didYouMean(value: unknown, candidates: readonly string[]): string {
  const guess = closest(value, candidates);
  return guess !== undefined && guess !== value ? ` (did you mean ${show(guess)}?)` : '';
}

/** `must be one of "A", "B"`. */
export function oneOf(candidates: readonly string[]): string {
  return `must be one of ${candidates.map(c => show(c)).join(', ')}`;
}


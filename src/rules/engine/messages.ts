/**
 * Message helpers: one wording for the whole catalogue ("must be one of",
 * "did you mean", values quoted the same way).
 */
const MAX_SHOWN = 80;
const SHOWN_START = 48;

/** Quotes a value the way messages show it: strings in double quotes, the rest as JSON. */
export function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') {
    // A message is read in one glance: a long string shows its start and its length.
    if (value.length <= MAX_SHOWN) return JSON.stringify(value);
    return `${JSON.stringify(value.slice(0, SHOWN_START)).slice(0, -1)}..." (${value.length} characters)`;
  }
  try {
    const text = JSON.stringify(value);
    return text.length > 80 ? text.slice(0, 77) + '...' : text;
  } catch {
    return String(value);
  }
}

/**
 * A value in a few characters, for messages that show two sides of a change:
 * JSON when short, else the shape (`[3 items]`, `{group, resource, versions}`);
 * `unset` for a field one side does not have.
 */
export function brief(value: unknown): string {
  if (value === undefined) return 'unset';
  const text = show(value);
  if (typeof value === 'string' || text.length <= MAX_BRIEF) return text;
  if (Array.isArray(value)) return `[${value.length} items]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    return `{${keys.slice(0, 4).join(', ')}${keys.length > 4 ? ', ...' : ''}}`;
  }
  return text;
}

const MAX_BRIEF = 48;

/**
 * Of Kubernetes' problems with a name, the one about its length, as `: must
 * be no more than 63 characters`; the empty string when length is not one.
 * Short enough for a message; the other problems (the allowed characters)
 * belong in the hint.
 */
export function lengthProblem(problems: readonly string[]): string {
  const found = problems.find(p => /no more than \d+ (characters|bytes)/.test(p));
  return found === undefined ? '' : `: ${found}`;
}

/**
 * Why a string field holds a boolean, when it came from YAML: kubectl reads
 * YAML 1.1, where an unquoted on/off, yes/no or y/n is a boolean (the words
 * of go-yaml v2's resolve table, mirrored in io/yaml11.ts).
 */
export function yamlBooleanHint(value: boolean): string {
  const words = value ? 'on, yes or y' : 'off, no or n';
  return `YAML 1.1 (as kubectl reads it) read an unquoted ${words} as the boolean ${value}: quote the word, e.g. "${value ? 'on' : 'off'}"`;
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


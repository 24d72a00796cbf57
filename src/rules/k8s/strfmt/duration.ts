/**
 * strfmt's "duration" validator (kube-openapi pkg/validation/strfmt/duration.go
 * IsDuration, that is ParseDuration, at 43fb72c5454a): Go's
 * time.ParseDuration, and failing that, any number followed by a unit word
 * anywhere in the text ("3 days", "1 hour and more").
 */
import { parseGoDuration } from '../go-duration';

/** timeUnits: each unit's spellings; the last of a group also matches as a prefix ("seconds" by "sec"). */
const UNIT_SPELLINGS: readonly (readonly string[])[] = [
  ['ns', 'nano'],
  ['us', '\u00b5s', 'micro'],
  ['ms', 'milli'],
  ['s', 'sec'],
  ['m', 'min'],
  ['h', 'hr', 'hour'],
  ['d', 'day'],
  ['w', 'wk', 'week'],
];

/** durationMatcher, `((\d+)\s*([A-Za-zµ]+))`, with RE2's ASCII-only \d and \s. */
const NUMBER_AND_WORD = /([0-9]+)[\t\n\f\r ]*([A-Za-z\u00b5]+)/g;

const MAX_INT = 2n ** 63n - 1n;

function isUnit(word: string): boolean {
  // strings.ToLower leaves µ as it is; EqualFold of two lowercase spellings is equality.
  const unit = word.replace(/[A-Z]/g, c => c.toLowerCase());
  return UNIT_SPELLINGS.some(spellings => spellings.some((spelling, i) =>
    (i === spellings.length - 1 && unit.startsWith(spelling)) || unit === spelling));
}

/** IsDuration. */
export function isStrfmtDuration(s: string): boolean {
  if (parseGoDuration(s) !== undefined) return true;
  let found = false;
  for (const m of s.matchAll(NUMBER_AND_WORD)) {
    // strconv.Atoi's range error ends ParseDuration with an error, whatever was found before.
    if (BigInt(m[1]) > MAX_INT) return false;
    if (isUnit(m[2])) found = true;
  }
  return found;
}

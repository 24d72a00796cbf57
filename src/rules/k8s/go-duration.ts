/**
 * Go's `time.ParseDuration` (time/format.go), which cel-go's duration()
 * conversion of a string runs: a possibly signed sequence of decimal
 * numbers, each with an optional fraction and a unit (ns, us, µs, μs, ms,
 * s, m, h), `0` alone, and nothing past ±(2^63 - 1) nanoseconds.
 */

/** The units, in nanoseconds (unitMap). */
const UNITS: ReadonlyMap<string, bigint> = new Map([
  ['ns', 1n], ['us', 1000n], ['\u00b5s', 1000n], ['\u03bcs', 1000n], ['ms', 1000000n],
  ['s', 1000000000n], ['m', 60000000000n], ['h', 3600000000000n],
]);

const LIMIT = 2n ** 63n;
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** The nanoseconds `text` stands for, or undefined where ParseDuration returns an error. */
export function parseGoDuration(text: string): bigint | undefined {
  let s = text;
  let negative = false;
  if (s !== '' && (s[0] === '-' || s[0] === '+')) {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s === '') return undefined;
  let total = 0n;
  while (s !== '') {
    if (!(s[0] === '.' || isDigit(s[0]))) return undefined;
    // leadingInt: overflow past 2^63 is an error.
    let i = 0;
    let whole = 0n;
    while (isDigit(s[i])) {
      whole = whole * 10n + BigInt(s[i]);
      if (whole > LIMIT) return undefined;
      i++;
    }
    const hasWhole = i > 0;
    s = s.slice(i);
    // leadingFraction: digits past what fits are read and ignored.
    let fraction = 0n;
    let scale = 1;
    let hasFraction = false;
    if (s[0] === '.') {
      s = s.slice(1);
      let j = 0;
      let overflow = false;
      while (isDigit(s[j])) {
        if (!overflow) {
          const next = fraction * 10n + BigInt(s[j]);
          if (next > LIMIT) {overflow = true;} else {
            fraction = next;
            scale *= 10;
          }
        }
        j++;
      }
      hasFraction = j > 0;
      s = s.slice(j);
    }
    if (!hasWhole && !hasFraction) return undefined;
    let u = 0;
    while (u < s.length && s[u] !== '.' && !isDigit(s[u])) u++;
    if (u === 0) return undefined;
    const unit = UNITS.get(s.slice(0, u));
    if (unit === undefined) return undefined;
    s = s.slice(u);
    if (whole > LIMIT / unit) return undefined;
    let value = whole * unit;
    if (fraction > 0n) {
      // Go adds uint64(float64(f) * (float64(unit) / scale)).
      value += BigInt(Math.trunc(Number(fraction) * (Number(unit) / scale)));
      if (value > LIMIT) return undefined;
    }
    total += value;
    if (total > LIMIT) return undefined;
  }
  if (negative) return -total;
  if (total > LIMIT - 1n) return undefined;
  return total;
}

/**
 * `resource.Quantity` of k8s.io/apimachinery (pkg/api/resource, Kubernetes
 * 1.36) as the CEL quantity library reads it: `ParseQuantity`, `Cmp`,
 * `Sign`, `AsInt64`, `AsApproximateFloat64`, `Add` and `Sub`.
 *
 * A quantity is held as Go holds it, an int64Amount (value × 10^scale) or an
 * inf.Dec (unscaled × 10^-scale), because some answers depend on which:
 * `AsInt64` fails on any inf.Dec and on an int64Amount of negative scale
 * (`1000m`), and `AsApproximateFloat64` multiplies the held digits by
 * `math.Pow10` of the held exponent. ParseQuantity's fast path makes an
 * int64Amount where the digits fit, its slow path an inf.Dec rounded up to
 * nanos (and capped at 2^63-1 for binary suffixes); Add and Sub stay in
 * int64Amount while the sum fits, else go to inf.Dec.
 */

export type Quantity =
  | { readonly dec: false; readonly value: bigint; readonly scale: number }
  | { readonly dec: true; readonly unscaled: bigint; readonly scale: number };

/** Why a string is no quantity: ParseQuantity's errors (quantity.go). */
export const ERR_FORMAT_WRONG = 'quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\'';
export const ERR_NUMERIC = 'unable to parse numeric part of quantity';
export const ERR_SUFFIX = 'unable to parse quantity\'s suffix';

/** Where this module stops computing exactly (a power of ten it would build): the caller leaves the rule to the server. */
export class TooLarge extends Error {}

const MAX_INT64 = 2n ** 63n - 1n;
const MIN_INT64 = -(2n ** 63n);
/** Powers of ten past this are not built (a quantity like 1e2000000000 is valid, and exact arithmetic on it is not cheap). */
const MAX_POWER = 10000;

const fitsInt64 = (v: bigint): boolean => v >= MIN_INT64 && v <= MAX_INT64;

function pow10(n: number): bigint {
  if (n > MAX_POWER) throw new TooLarge(`10^${n}`);
  return 10n ** BigInt(n);
}

interface Parts {
  readonly positive: boolean;
  readonly value: string;
  readonly num: string;
  readonly denom: string;
  readonly suffix: string;
}

const DIGIT = /[0-9]/;

/** parseQuantityString: the sign, the number as written, its integer digits (leading zeros stripped), its fraction, its suffix. */
function parseQuantityString(str: string): Parts | undefined {
  let positive = true;
  let pos = 0;
  const end = str.length;
  if (pos < end && (str[0] === '-' || str[0] === '+')) {
    positive = str[0] === '+';
    pos++;
  }
  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };
  let i = pos;
  while (i < end && DIGIT.test(str[i])) i++;
  if (i >= end) return { positive, value: str, num: str.slice(pos), denom: '', suffix: '' };
  const num = str.slice(pos, i) === '' ? '0' : str.slice(pos, i);
  pos = i;
  let denom = '';
  if (str[pos] === '.') {
    pos++;
    i = pos;
    while (i < end && DIGIT.test(str[i])) i++;
    denom = str.slice(pos, i);
    if (i >= end) return { positive, value: str, num, denom, suffix: '' };
    pos = i;
  }
  const value = str.slice(0, pos);
  const suffixStart = pos;
  i = pos;
  while (i < end && 'eEinumkKMGTP'.includes(str[i])) i++;
  if (i >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
  pos = i;
  if (str[pos] === '-' || str[pos] === '+') pos++;
  for (i = pos; i < end; i++) if (!DIGIT.test(str[i])) return undefined;
  return { positive, value, num, denom, suffix: str.slice(suffixStart) };
}

type Format = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

const DECIMAL_SUFFIXES: { readonly [suffix: string]: number } = { 'n': -9, 'u': -6, 'm': -3, '': 0, 'k': 3, 'M': 6, 'G': 9, 'T': 12, 'P': 15, 'E': 18 };
const BINARY_SUFFIXES: { readonly [suffix: string]: number } = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

/** suffixHandler.interpret: base, exponent and format of a suffix. */
function interpret(suffix: string): { readonly base: 2 | 10; readonly exponent: number; readonly format: Format } | undefined {
  if (Object.prototype.hasOwnProperty.call(DECIMAL_SUFFIXES, suffix)) return { base: 10, exponent: DECIMAL_SUFFIXES[suffix], format: 'DecimalSI' };
  if (Object.prototype.hasOwnProperty.call(BINARY_SUFFIXES, suffix)) return { base: 2, exponent: BINARY_SUFFIXES[suffix], format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[+-]?[0-9]+$/.test(suffix.slice(1))) {
    const parsed = BigInt(suffix.slice(1));
    // strconv.ParseInt(.., 10, 64), then int32(parsed).
    if (!fitsInt64(parsed)) return undefined;
    return { base: 10, exponent: Number(BigInt.asIntN(32, parsed)), format: 'DecimalExponent' };
  }
  return undefined;
}

/** inf.Dec's SetString of a number as parseQuantityString wrote it (sign, digits, one dot). */
function parseDec(value: string): { unscaled: bigint; scale: number } | undefined {
  const m = /^([+-]?)([0-9]*)(?:\.([0-9]*))?$/.exec(value);
  if (m === null || `${m[2]}${m[3] ?? ''}` === '') return undefined;
  return { unscaled: BigInt(`${m[1]}${m[2]}${m[3] ?? ''}`), scale: (m[3] ?? '').length };
}

/** ParseQuantity: the quantity, or the error's text. */
export function parseQuantity(str: string): Quantity | string {
  if (str.length === 0) return ERR_FORMAT_WRONG;
  if (str === '0') return { dec: false, value: 0n, scale: 0 };
  const written = parseQuantityString(str);
  if (written === undefined) return ERR_FORMAT_WRONG;
  const suffix = interpret(written.suffix);
  if (suffix === undefined) return ERR_SUFFIX;
  const { num, denom, positive } = written;
  // The fast path: digits that fit an int64Amount.
  let precision: number;
  let scale = 0;
  let mantissa = 1n;
  if (suffix.format === 'BinarySI') {
    if (suffix.exponent >= 0 && denom.length === 0) {
      mantissa = 2n ** BigInt(suffix.exponent);
      precision = 15 - num.length - Math.trunc(suffix.exponent * 3 / 10) - 1;
    } else {
      precision = -1;
    }
  } else {
    scale = suffix.exponent;
    precision = 18 - (num.length + denom.length);
  }
  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= -9) {
      const result = BigInt(num + denom) * mantissa;
      if (fitsInt64(result)) return { dec: false, value: positive ? result : -result, scale };
    }
  }
  // The slow path: an inf.Dec, rounded up to nanos.
  const dec = parseDec(written.value);
  if (dec === undefined) return ERR_NUMERIC;
  let { unscaled, scale: decScale } = dec;
  if (suffix.base === 10) decScale -= suffix.exponent;
  else unscaled *= 2n ** BigInt(suffix.exponent);
  const negative = unscaled < 0n;
  if (negative) unscaled = -unscaled;
  if (unscaled !== 0n) {
    // amount.Round(amount, 9, inf.RoundUp): away from zero, to scale 9.
    if (decScale > 9) {
      const divisor = pow10(decScale - 9);
      unscaled = unscaled / divisor + (unscaled % divisor === 0n ? 0n : 1n);
    } else {
      unscaled *= pow10(9 - decScale);
    }
    decScale = 9;
  }
  if (suffix.format === 'BinarySI' && compareParts(unscaled, -decScale, MAX_INT64, 0) > 0) {
    unscaled = MAX_INT64;
    decScale = 0;
  }
  return { dec: true, unscaled: negative ? -unscaled : unscaled, scale: decScale };
}

/** The quantity as digits × 10^exponent. */
function parts(q: Quantity): { readonly digits: bigint; readonly exponent: number } {
  return q.dec ? { digits: q.unscaled, exponent: -q.scale } : { digits: q.value, exponent: q.scale };
}

function compareParts(a: bigint, ea: number, b: bigint, eb: number): -1 | 0 | 1 {
  const sa = a === 0n ? 0 : a < 0n ? -1 : 1;
  const sb = b === 0n ? 0 : b < 0n ? -1 : 1;
  if (sa !== sb || sa === 0) return sa < sb ? -1 : sa > sb ? 1 : 0;
  const x = ea > eb ? a * pow10(ea - eb) : a;
  const y = eb > ea ? b * pow10(eb - ea) : b;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Quantity.Cmp (exact, whatever the representations). */
export function cmp(q: Quantity, y: Quantity): -1 | 0 | 1 {
  const a = parts(q);
  const b = parts(y);
  return compareParts(a.digits, a.exponent, b.digits, b.exponent);
}

/** Quantity.Sign. */
export function sign(q: Quantity): -1 | 0 | 1 {
  const { digits } = parts(q);
  return digits === 0n ? 0 : digits < 0n ? -1 : 1;
}

/** positiveScaleInt64: base × 10^scale, or undefined past int64. */
function positiveScaleInt64(base: bigint, scale: number): bigint | undefined {
  // |base| >= 1 here (callers pass non-zero values): 10^19 overflows whatever the base.
  if (scale > 19) return undefined;
  const v = base * 10n ** BigInt(scale);
  return fitsInt64(v) ? v : undefined;
}

/** Quantity.AsInt64: only an int64Amount of scale >= 0 that fits. */
export function asInt64(q: Quantity): bigint | undefined {
  if (q.dec || q.scale < 0) return undefined;
  if (q.scale === 0 || q.value === 0n) return q.value;
  return positiveScaleInt64(q.value, q.scale);
}

/** The powers of ten of Go's math.Pow10, each the float64 nearest its value, as Go's tables hold them. */
const POW10_TAB = Array.from({ length: 32 }, (_, i) => Number(`1e${i}`));
const POW10_POS_TAB32 = Array.from({ length: 10 }, (_, i) => Number(`1e${i * 32}`));
const POW10_NEG_TAB32 = [1, 1e-32, 1e-64, 1e-96, 1e-128, 1e-160, 1e-192, 1e-224, 1e-256, 1e-288, 1e-320];

/** Go's math.Pow10. */
function goPow10(n: number): number {
  if (n >= 0 && n <= 308) return POW10_POS_TAB32[Math.trunc(n / 32)] * POW10_TAB[n % 32];
  if (n < 0 && n >= -323) return POW10_NEG_TAB32[Math.trunc(-n / 32)] / POW10_TAB[-n % 32];
  return n > 0 ? Infinity : 0;
}

/** Quantity.AsApproximateFloat64: the held digits (as the nearest float64) times math.Pow10 of the held exponent. */
export function asApproximateFloat64(q: Quantity): number {
  const { digits, exponent } = parts(q);
  const base = Number(digits);
  return exponent === 0 ? base : base * goPow10(exponent);
}

/** int64Amount.Add: the sum while it fits an int64Amount, else undefined. */
function addInt64(a: { value: bigint; scale: number }, b: { value: bigint; scale: number }): Quantity | undefined {
  if (b.value === 0n) return { dec: false, value: a.value, scale: a.scale };
  if (a.value === 0n) return { dec: false, value: b.value, scale: b.scale };
  if (a.scale === b.scale) {
    const c = a.value + b.value;
    return fitsInt64(c) ? { dec: false, value: c, scale: a.scale } : undefined;
  }
  if (a.scale > b.scale) {
    const c = positiveScaleInt64(a.value, a.scale - b.scale);
    return c !== undefined && fitsInt64(c + b.value) ? { dec: false, value: c + b.value, scale: b.scale } : undefined;
  }
  const c = positiveScaleInt64(b.value, b.scale - a.scale);
  return c !== undefined && fitsInt64(a.value + c) ? { dec: false, value: a.value + c, scale: a.scale } : undefined;
}

/** AsDec: the quantity as an inf.Dec. */
function asDec(q: Quantity): { unscaled: bigint; scale: number } {
  return q.dec ? q : { unscaled: q.value, scale: -q.scale };
}

/** inf.Dec's Add (or Sub): exact, at the larger of the two scales. */
function addDec(x: Quantity, y: Quantity, negateY: boolean): Quantity {
  const a = asDec(x);
  const b = asDec(y);
  const scale = Math.max(a.scale, b.scale);
  const bu = (negateY ? -b.unscaled : b.unscaled) * pow10(scale - b.scale);
  return { dec: true, unscaled: a.unscaled * pow10(scale - a.scale) + bu, scale };
}

/** Quantity.Add. */
export function add(q: Quantity, y: Quantity): Quantity {
  if (!q.dec && !y.dec) {
    const sum = addInt64(q, y);
    if (sum !== undefined) return sum;
  }
  return addDec(q, y, false);
}

/** Quantity.Sub: int64Amount.Sub adds -y (Go's negation: the most negative int64 stays itself). */
export function sub(q: Quantity, y: Quantity): Quantity {
  if (!q.dec && !y.dec) {
    const difference = addInt64(q, { value: BigInt.asIntN(64, -y.value), scale: y.scale });
    if (difference !== undefined) return difference;
  }
  return addDec(q, y, true);
}

/** resource.NewQuantity(value, DecimalExponent). */
export function fromInt64(value: bigint): Quantity {
  return { dec: false, value, scale: 0 };
}

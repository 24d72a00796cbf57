/**
 * A float64 in decimal as Go's strconv writes it (strconv/ftoa.go): 'f' with
 * a precision and rounding to significant digits, both correctly rounded
 * from the exact binary value, ties to even (JavaScript's toFixed and
 * toExponential break ties away from zero); and the shortest digits that
 * read back as the same float, which Go and JavaScript agree on.
 * Finite values only; the caller writes NaN and the infinities.
 */

/** |x| as n / 10^scale, exactly: a float64 is m * 2^e, and 2^-k = 5^k / 10^k. */
function exact(x: number): { readonly n: bigint; readonly scale: number } {
  const abs = Math.abs(x);
  if (abs === 0) return { n: 0n, scale: 0 };
  let e = Math.max(Math.floor(Math.log2(abs)) - 52, -1074);
  // log2 may be off by one near powers of two: settle on the exponent whose mantissa is an integer below 2^53.
  while (abs / 2 ** e >= 2 ** 53) e++;
  while (e > -1074 && abs / 2 ** e < 2 ** 52) e--;
  const m = BigInt(abs / 2 ** e);
  return e >= 0 ? { n: m * 2n ** BigInt(e), scale: 0 } : { n: m * 5n ** BigInt(-e), scale: -e };
}

/** n / 10^drop rounded to an integer, ties to even. */
function roundHalfEven(n: bigint, drop: number): bigint {
  if (drop <= 0) return n * 10n ** BigInt(-drop);
  const unit = 10n ** BigInt(drop);
  const q = n / unit;
  const twice = (n % unit) * 2n;
  return twice > unit || (twice === unit && q % 2n === 1n) ? q + 1n : q;
}

/** strconv.FormatFloat(|x|, 'f', prec, 64): the integer and the fraction digits, without a sign. */
export function goFixed(x: number, prec: number): { readonly integer: string; readonly fraction: string } {
  const { n, scale } = exact(x);
  const digits = roundHalfEven(n, scale - prec).toString().padStart(prec + 1, '0');
  return { integer: digits.slice(0, digits.length - prec), fraction: digits.slice(digits.length - prec) };
}

/** |x| rounded to `significant` digits (strconv's 'e' with precision significant - 1): the digits and the decimal exponent of the first. */
export function goSignificant(x: number, significant: number): { readonly digits: string; readonly exponent: number } {
  const { n, scale } = exact(x);
  if (n === 0n) return { digits: '0'.repeat(significant), exponent: 0 };
  const length = n.toString().length;
  let digits = roundHalfEven(n, length - significant).toString();
  let exponent = length - 1 - scale;
  // 9.99... rounded up to 10.0...: one digit more, and the exponent moves.
  if (digits.length > significant) {
    digits = digits.slice(0, significant);
    exponent++;
  }
  return { digits, exponent };
}

/** Go's fmt.Sprintf("%g", x) (strconv's 'g' with the shortest digits): %e below 1e-4 and from 1e6 on. */
export function goShortestG(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  if (x === 0) return `${sign}0`;
  const [mantissa, power] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exponent = Number(power);
  if (exponent < -4 || exponent >= 6) {
    const e = Math.abs(exponent).toString().padStart(2, '0');
    return `${sign}${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${exponent < 0 ? '-' : '+'}${e}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const integer = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fraction = digits.slice(exponent + 1);
  return `${sign}${integer}${fraction === '' ? '' : `.${fraction}`}`;
}

/** Go's fmt.Sprintf("%.<prec>f", x): a sign for a negative value (and -0), +Inf, -Inf, NaN. */
export function goSprintfFixed(x: number, prec: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  const { integer, fraction } = goFixed(x, prec);
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  return `${sign}${integer}${prec > 0 ? `.${fraction}` : ''}`;
}

/**
 * `<string>.format(<list>)` at run time, as cel-go's strings extension at
 * StringsVersion 2 formats (ext/formatting.go at cel-go v0.26.1:
 * parseFormatString with the stringFormatter, in the locale en_US, which
 * Kubernetes never changes). Its outputs and errors are cel-go's:
 * - %s: ints and uints in decimal, doubles as Go's %g, lists and maps as CEL
 *   literals (a double there as %.6f, a string quoted as Go's %q, a map's
 *   entries sorted by their key's text);
 * - %d, %b, %o, %x, %X as Go's fmt writes them, %x of a string its UTF-8
 *   bytes;
 * - %f and %e through golang.org/x/text's message printer for en_US:
 *   %.<n>f groups the integer digits by three with ','; %.<n>e asks Go for
 *   "%<n>e" (n becomes a width, the precision stays 6) and writes
 *   "2.718280 × 10⁰⁰" (narrow no-break spaces, superscript digits); NaN is
 *   "NaN", the infinities "∞" and "-∞".
 * Left to the server: bytes, durations, timestamps, types and the values
 * runtime/values.ts does not read; a quoted string with a character a newer
 * Unicode than Go's may print otherwise (see quotedForCel); precisions past
 * the ones decided here.
 */
import { goFixed, goShortestG, goSignificant, goSprintfFixed } from './go-float';
import { celGoError, leaveToServer } from './outcome';
import { text } from './strings';
import { compareStrings, kindOf, listOf, readableKind } from './values';
import { goQuote } from '../../go-quote';

/** cel-go's TypeName of a value's type, in the clauses' errors. */
function typeName(value: unknown): string {
  const kind = readableKind(value);
  return kind === 'null' ? 'null_type' : kind;
}

/** An int or uint as a bigint. */
function integer(value: unknown): bigint {
  return typeof value === 'bigint' ? value : (value as { valueOf(): bigint }).valueOf();
}

const isInteger = (value: unknown): boolean => kindOf(value) === 'int' || kindOf(value) === 'uint';

/**
 * Characters whose printing (Go's strconv.IsPrint, JavaScript's Unicode
 * classes) was settled before any Unicode release Go or Node.js may carry:
 * Latin, Greek and Cyrillic, CJK ideographs, Hangul syllables. goQuote
 * reads classes from Node.js' Unicode, Go from its own tables; past these
 * ranges the two may disagree.
 */
const SETTLED = /^[\x00-\x7f\u00a0-\u04ff\u4e00-\u9fff\uac00-\ud7a3]*$/;

/** quoteForCEL of a string: Go's %q. */
function quotedForCel(s: string): string {
  if (!SETTLED.test(s)) return leaveToServer('a string to quote with characters whose printing Unicode releases may change');
  return goQuote(s);
}

/** A double inside a list or a map: fmt's %.6f, quoted when it is not a number (quoteForCEL). */
function doubleForCel(x: number): string {
  const written = goSprintfFixed(x, 6);
  return Number.isFinite(x) ? written : quotedForCel(written);
}

/** clauseForType with quoteForCEL: a value inside a list or a map. */
function literal(value: unknown, depth: number): string {
  switch (readableKind(value)) {
    case 'string': return quotedForCel(text(value));
    case 'double': return doubleForCel(value as number);
    default: return formatString(value, depth);
  }
}

/** The entries of a CEL map, as cel-js holds it (an object, or a Map for keys other than strings). */
function entries(map: unknown): Array<[unknown, unknown]> {
  const isMap = (Object.getPrototypeOf(map)?.constructor as { name?: string } | undefined)?.name === 'Map';
  return isMap ? [...(map as Map<unknown, unknown>).entries()] : Object.entries(map as object);
}

const MAX_DEPTH = 100;

/** FormatString: the text of a value for %s. */
function formatString(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) return leaveToServer('a value nested too deep to format here');
  switch (readableKind(value)) {
    case 'string': return text(value);
    case 'int': case 'uint': return integer(value).toString();
    case 'double': return goShortestG(value as number);
    case 'bool': return String(value);
    case 'null': return 'null';
    case 'list': return `[${listOf(value).map(v => literal(v, depth + 1)).join(', ')}]`;
    case 'map': {
      const pairs = entries(value).map(([k, v]) => [literal(k, depth + 1), literal(v, depth + 1)] as const);
      // sort.SliceStable by the key's text, compared as Go compares strings (bytes, i.e. code points).
      pairs.sort((a, b) => compareStrings(a[0], b[0]));
      return `{${pairs.map(([k, v]) => `${k}:${v}`).join(', ')}}`;
    }
  }
}

/** formatDecimal. */
function decimal(value: unknown): string {
  if (!isInteger(value)) throw formatError(`decimal clause can only be used on integers, was given ${typeName(value)}`);
  return integer(value).toString();
}

/** A double for %f and %e: a double, or the strings "NaN", "Infinity" and "-Infinity" (converted as strconv.ParseFloat does). */
function floating(value: unknown, clause: string): number {
  if (typeof value === 'string') {
    const named = ({ 'NaN': NaN, 'Infinity': Infinity, '-Infinity': -Infinity } as { [s: string]: number })[value];
    if (named !== undefined) return named;
  }
  if (readableKind(value) !== 'double') throw formatError(`${clause} clause can only be used on doubles, was given ${typeName(value)}`);
  return value as number;
}

/** x/text's en_US rendering of NaN and the infinities, or undefined for a finite value. */
function special(x: number): string | undefined {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '-∞';
  return undefined;
}

/** The precisions decided here: x/text keeps the minimum fraction digits in a uint8. */
const MAX_PRECISION = 100;

/** Fixed: %.<precision>f through x/text (digits rounded as strconv's 'f', the integer grouped by three). */
function fixed(value: unknown, precision: number): string {
  const x = floating(value, 'fixed-point');
  const named = special(x);
  if (named !== undefined) return named;
  if (precision > MAX_PRECISION) return leaveToServer(`%.${precision}f, past the precisions decided here`);
  const { integer: whole, fraction } = goFixed(x, precision);
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  // x/text's sign comes from x < 0: -0 has none.
  return `${x < 0 ? '-' : ''}${grouped}${precision > 0 ? `.${fraction}` : ''}`;
}

const SUPERSCRIPT_DIGITS = ['\u2070', '\u00b9', '\u00b2', '\u00b3', '\u2074', '\u2075', '\u2076', '\u2077', '\u2078', '\u2079'];

/**
 * Scientific: fmt.Sprintf("%<precision>e") through x/text: six fraction
 * digits always (the precision is a width, "%0e" a flag), the exponent in
 * superscript with at least two digits, padded with spaces to the width.
 */
function scientific(value: unknown, precision: number | undefined): string {
  const x = floating(value, 'scientific');
  const width = precision ?? 6;
  if (width > 1000) return leaveToServer(`%.${width}e, past the widths decided here`);
  let written = special(x);
  if (written === undefined) {
    const { digits, exponent } = goSignificant(x, 7);
    const power = Math.abs(exponent).toString().padStart(2, '0').split('').map(d => SUPERSCRIPT_DIGITS[Number(d)]).join('');
    written = `${x < 0 ? '-' : ''}${digits[0]}.${digits.slice(1)}\u202f\u00d7\u202f10${exponent < 0 ? '\u207b' : ''}${power}`;
  }
  const runes = Array.from(written).length;
  return runes < width ? ' '.repeat(width - runes) + written : written;
}

/** Binary: Go's %b of an int or uint; a bool is 1 or 0. */
function binary(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (!isInteger(value)) throw formatError(`only integers and bools can be formatted as binary, was given ${typeName(value)}`);
  return integer(value).toString(2);
}

/** Hex: Go's %x or %X of an int, a uint, or a string's UTF-8 bytes. */
function hex(upper: boolean) {
  return (value: unknown): string => {
    let written: string;
    if (typeof value === 'string') written = Buffer.from(text(value), 'utf8').toString('hex');
    else if (isInteger(value)) written = integer(value).toString(16);
    else throw formatError(`only integers, byte buffers, and strings can be formatted as hex, was given ${typeName(value)}`);
    return upper ? written.toUpperCase() : written;
  };
}

function octal(value: unknown): string {
  if (!isInteger(value)) throw formatError(`octal clause can only be used on integers, was given ${typeName(value)}`);
  return integer(value).toString(8);
}

/** A formatter's error, as parseAndFormatClause wraps it. */
function formatError(message: string): Error {
  return celGoError(`error during formatting: ${message}`);
}

function parseError(message: string): Error {
  return celGoError(`could not parse formatting clause: ${message}`);
}

/** parsePrecision: after a '.', ASCII digits up to the clause's letter, read by strconv.Atoi. */
function precisionAt(spec: string, from: number): { readonly next: number; readonly precision?: number } {
  if (spec[from] !== '.') return { next: from };
  let i = from + 1;
  while (i < spec.length && spec[i] >= '0' && spec[i] <= '9') i++;
  if (i >= spec.length) throw parseError('error while parsing precision: could not find end of precision specifier');
  const digits = spec.slice(from + 1, i);
  const atoi = (why: string) => parseError(`error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "${digits}": ${why}`);
  if (digits === '') throw atoi('invalid syntax');
  const value = BigInt(digits);
  if (value > 2n ** 63n - 1n) throw atoi('value out of range');
  // A precision this long is far past what is decided here: the caller leaves it.
  return { next: i, precision: value > 1000000n ? Infinity : Number(value) };
}

/** The clause of each letter (parseFormattingClause), given the precision read before it. */
const CLAUSES: { readonly [verb: string]: (precision: number | undefined) => (value: unknown) => string } = {
  s: () => v => formatString(v),
  d: () => decimal,
  f: precision => v => fixed(v, precision ?? 6),
  e: precision => v => scientific(v, precision),
  b: () => binary,
  x: () => hex(false),
  X: () => hex(true),
  o: () => octal,
};

/** parseFormattingClause: the clause at `from` (after its '%') and how far it reaches. */
function clauseAt(spec: string, from: number): { readonly next: number; readonly apply: (value: unknown) => string } {
  const { next, precision } = precisionAt(spec, from);
  const verb = spec[next];
  const clause = Object.prototype.hasOwnProperty.call(CLAUSES, verb) ? CLAUSES[verb] : undefined;
  if (clause === undefined) {
    // Go reads the letter as one byte: a character beyond ASCII would be named by its first byte.
    if (verb.charCodeAt(0) > 0x7f) return leaveToServer('a formatting clause beyond ASCII');
    throw parseError(`unrecognized formatting clause "${verb}"`);
  }
  return { next: next + 1, apply: clause(precision) };
}

/** parseFormatString with the stringFormatter: `%%` is '%', each other clause formats the next argument. */
export function format(formatText: unknown, args: unknown): string {
  const f = text(formatText);
  const list = listOf(args);
  let out = '';
  let argIndex = 0;
  let i = 0;
  while (i < f.length) {
    if (f[i] !== '%') {
      out += f[i++];
      continue;
    }
    if (f[i + 1] === '%') {
      out += '%';
      i += 2;
      continue;
    }
    // The argument is fetched before the end of the string is noticed: "%" alone with no argument is out of range.
    if (argIndex >= list.length) throw celGoError(`index ${argIndex} out of range`);
    if (i + 1 >= f.length) throw celGoError('unexpected end of string');
    const clause = clauseAt(f, i + 1);
    out += clause.apply(list[argIndex]);
    i = clause.next;
    argIndex++;
  }
  return out;
}

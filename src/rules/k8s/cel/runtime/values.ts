/**
 * CEL values as cel-js holds them at run time, read as cel-go reads them:
 * their kind, equality (cel-go's heterogeneous `Equal`: 1 == 1.0 == 1u) and
 * order (`traits.Comparer.Compare`: numbers across int, uint and double,
 * strings by code point as Go compares UTF-8 bytes). A value of a kind this
 * runtime does not read (bytes, durations, timestamps, optionals, opaque
 * values) makes the caller undecided, never a guess.
 */
import { leaveToServer } from './outcome';

export type Kind = 'int' | 'uint' | 'double' | 'string' | 'bool' | 'null' | 'list' | 'map';

/** The kind of a cel-js value, or undefined for one this runtime does not read. */
export function kindOf(value: unknown): Kind | undefined {
  switch (typeof value) {
    case 'bigint': return 'int';
    case 'number': return 'double';
    case 'string': return 'string';
    case 'boolean': return 'bool';
    case 'object': break;
    default: return undefined;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  const ctor = Object.getPrototypeOf(value)?.constructor as { name?: string } | undefined;
  // cel-js' own classes, told by name: they live in its module, which this code does not import.
  if (ctor?.name === 'UnsignedInt') return 'uint';
  if (ctor?.name === 'Object' || ctor?.name === 'Map') return 'map';
  return undefined;
}

/** The kind of `value`, or the rule is left to the server. */
export function readableKind(value: unknown): Kind {
  const kind = kindOf(value);
  if (kind === undefined) leaveToServer('a value of a kind this runtime does not read');
  return kind;
}

const NUMERIC: ReadonlySet<Kind> = new Set(['int', 'uint', 'double']);

/** A number of kind int, uint or double as a bigint or a JavaScript number. */
function numeric(value: unknown): bigint | number {
  if (typeof value === 'bigint' || typeof value === 'number') return value;
  return (value as { valueOf(): bigint }).valueOf();
}

/** -1, 0 or 1 for two numbers of any numeric kinds; undefined when one is NaN. */
function compareNumbers(a: bigint | number, b: bigint | number): -1 | 0 | 1 | undefined {
  if (typeof a === 'number' && Number.isNaN(a)) return undefined;
  if (typeof b === 'number' && Number.isNaN(b)) return undefined;
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  // A double against an integer: exact, as cel-go's compareIntDouble and compareUintDouble are.
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number') return negate(compareNumbers(b, a));
  const d = b as number;
  if (!Number.isFinite(d)) return d > 0 ? -1 : 1;
  const whole = BigInt(Math.trunc(d));
  if (a !== whole) return a < whole ? -1 : 1;
  const fraction = d - Math.trunc(d);
  return fraction > 0 ? -1 : fraction < 0 ? 1 : 0;
}

function negate(c: -1 | 0 | 1 | undefined): -1 | 0 | 1 | undefined {
  return c === undefined ? undefined : (-c as -1 | 0 | 1);
}

/** Go's strings.Compare: byte order of UTF-8, i.e. code point order (JavaScript's < compares UTF-16 units). */
export function compareStrings(a: string, b: string): -1 | 0 | 1 {
  const x = a[Symbol.iterator]();
  const y = b[Symbol.iterator]();
  for (;;) {
    const p = x.next();
    const q = y.next();
    if (p.done === true || q.done === true) return p.done === true ? (q.done === true ? 0 : -1) : 1;
    const c = p.value.codePointAt(0)! - q.value.codePointAt(0)!;
    if (c !== 0) return c < 0 ? -1 : 1;
  }
}

/**
 * traits.Comparer.Compare of cel-go: -1, 0 or 1, 'mismatch' where cel-go's
 * Compare returns a "no such overload" value (two kinds it does not order
 * together), 'not-comparable' for a value that is no Comparer (a list, a map,
 * null).
 */
export function compare(a: unknown, b: unknown): -1 | 0 | 1 | 'mismatch' | 'not-comparable' {
  const ka = readableKind(a);
  const kb = readableKind(b);
  if (ka === 'list' || ka === 'map' || ka === 'null') return 'not-comparable';
  if (NUMERIC.has(ka) && NUMERIC.has(kb)) {
    const c = compareNumbers(numeric(a), numeric(b));
    if (c === undefined) leaveToServer('NaN compared');
    return c;
  }
  if (ka !== kb) return 'mismatch';
  if (ka === 'string') return compareStrings(a as string, b as string);
  // bool: false < true.
  return a === b ? 0 : a === false ? -1 : 1;
}

/** Whether `value` is a traits.Comparer of cel-go (a list, a map and null are not). */
export function isComparer(value: unknown): boolean {
  const kind = readableKind(value);
  return kind !== 'list' && kind !== 'map' && kind !== 'null';
}

/** cel-go's Equal (heterogeneous equality): values of different kinds are unequal, numbers compare across kinds. */
export function celEquals(a: unknown, b: unknown): boolean {
  const ka = readableKind(a);
  const kb = readableKind(b);
  if (NUMERIC.has(ka) && NUMERIC.has(kb)) return compareNumbers(numeric(a), numeric(b)) === 0;
  if (ka !== kb) return false;
  switch (ka) {
    case 'list': {
      const x = a as unknown[];
      const y = b as unknown[];
      return x.length === y.length && x.every((v, i) => celEquals(v, y[i]));
    }
    case 'map': return mapsEqual(a, b);
    default: return a === b;
  }
}

/** A map's entries; a cel-js Map may come from another realm than this code's, so it is told by its constructor's name. */
function entriesOf(map: unknown): Map<unknown, unknown> {
  const isMap = (Object.getPrototypeOf(map)?.constructor as { name?: string } | undefined)?.name === 'Map';
  return new Map(isMap ? (map as Map<unknown, unknown>).entries() : Object.entries(map as object));
}

function mapsEqual(a: unknown, b: unknown): boolean {
  const x = entriesOf(a);
  const y = entriesOf(b);
  if (x.size !== y.size) return false;
  for (const [key, value] of x) {
    if (typeof key !== 'string') leaveToServer('a map with keys other than strings');
    if (!y.has(key) || !celEquals(value, y.get(key))) return false;
  }
  return true;
}

/** The elements of a CEL list, or the rule is left to the server. */
export function listOf(value: unknown): readonly unknown[] {
  if (!Array.isArray(value)) leaveToServer('a list of a kind this runtime does not read');
  return value;
}

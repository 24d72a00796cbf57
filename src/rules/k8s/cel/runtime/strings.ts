/**
 * cel-go's strings extension at run time (ext/strings.go at cel-go v0.26.1,
 * StringsVersion 2 as Kubernetes' base environment declares it:
 * k8s.io/apiserver pkg/cel/environment/base.go, Kubernetes 1.36): charAt,
 * replace, strings.quote, and the functions cel-js has built in but computes
 * otherwise (indexOf, lastIndexOf, substring, split: UTF-16 units where
 * cel-go counts runes; lowerAscii, upperAscii: Unicode's case mapping where
 * cel-go maps ASCII only; trim: JavaScript's white space where Go's
 * strings.TrimSpace trims unicode.IsSpace). format is strings-format.ts'.
 *
 * Each works on code points, as cel-go works on runes. A string holding a
 * lone surrogate (no rune: Go would hold U+FFFD there) is left to the server.
 */
import { celGoError, leaveToServer, RuntimeFunctions } from './outcome';
import { celList } from './realm';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The text of a string argument, or the rule is left to the server. */
export function text(value: unknown): string {
  if (typeof value !== 'string') return leaveToServer('a string function on a value that is not a string');
  if (LONE_SURROGATE.test(value)) return leaveToServer('a string holding a lone surrogate');
  return value;
}

/** Go's int64 argument, as a JavaScript number (the strings are far shorter than 2^53). */
function int(value: unknown): number {
  if (typeof value !== 'bigint') return leaveToServer('a string function with an index that is not an int');
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) return leaveToServer('an index past 2^53');
  return Number(value);
}

/** A string's runes ([]rune(str)). */
const runes = (value: unknown): string[] => Array.from(text(value));

/** charAt: the rune at `index`, '' just past the end, an error elsewhere. */
function charAt(str: unknown, index: unknown): string {
  const r = runes(str);
  const i = int(index);
  if (i < 0 || i > r.length) throw celGoError(`index out of range: ${i}`);
  return r[i] ?? '';
}

/** Whether the runes of `sub` stand in `r` from rune `i` on. */
function matchAt(r: readonly string[], sub: readonly string[], i: number): boolean {
  for (let j = 0; j < sub.length; j++) if (r[i + j] !== sub[j]) return false;
  return true;
}

/** indexOfOffset: an empty substring is found at the offset itself, whatever it is. */
function indexOf(str: unknown, substr: unknown, offset: unknown = 0n): bigint {
  const sub = runes(substr);
  const off = int(offset);
  if (sub.length === 0) return BigInt(off);
  const r = runes(str);
  if (off < 0) throw celGoError(`index out of range: ${off}`);
  // An offset at or past the end finds nothing; it is no error.
  if (off >= r.length) return -1n;
  for (let i = off; i < r.length - (sub.length - 1); i++) if (matchAt(r, sub, i)) return BigInt(i);
  return -1n;
}

/** lastIndexOf: from the last rune when no offset is given; the rune count for an empty substring. */
function lastIndexOf(str: unknown, substr: unknown, offset?: unknown): bigint {
  const r = runes(str);
  const sub = runes(substr);
  if (offset === undefined) {
    if (sub.length === 0) return BigInt(r.length);
    // Too long to be found (cel-go compares the byte lengths first: the search from the last rune would need one).
    if (r.length < sub.length) return -1n;
    return lastIndexOfOffset(r, sub, r.length - 1);
  }
  const off = int(offset);
  return sub.length === 0 ? BigInt(off) : lastIndexOfOffset(r, sub, off);
}

function lastIndexOfOffset(r: readonly string[], sub: readonly string[], offset: number): bigint {
  if (offset < 0) throw celGoError(`index out of range: ${offset}`);
  if (offset >= r.length) return -1n;
  for (let i = Math.min(offset, r.length - sub.length); i >= 0; i--) if (matchAt(r, sub, i)) return BigInt(i);
  return -1n;
}

/** substr and substrRange: the order of the bounds is checked before their range. */
function substring(str: unknown, start: unknown, end?: unknown): string {
  const r = runes(str);
  const from = int(start);
  if (end === undefined) {
    if (from < 0 || from > r.length) throw celGoError(`index out of range: ${from}`);
    return r.slice(from).join('');
  }
  const to = int(end);
  if (from > to) throw celGoError(`invalid substring range. start: ${from}, end: ${to}`);
  if (from < 0 || from > r.length) throw celGoError(`index out of range: ${from}`);
  if (to < 0 || to > r.length) throw celGoError(`index out of range: ${to}`);
  return r.slice(from, to).join('');
}

/**
 * Go's strings.SplitN (strings.Split is n = -1): no pieces for n = 0; an
 * empty separator explodes the string into its runes (the last piece holds
 * the rest); otherwise at most n pieces, the last the rest of the string.
 */
function split(str: unknown, separator: unknown, limit: unknown = -1n): unknown[] {
  const s = text(str);
  const sep = text(separator);
  const n = int(limit);
  if (n === 0) return celList([]);
  if (sep === '') {
    const r = Array.from(s);
    const count = n < 0 || n > r.length ? r.length : n;
    const pieces = r.slice(0, Math.max(count - 1, 0));
    if (count > 0) pieces.push(r.slice(count - 1).join(''));
    return celList(pieces);
  }
  const all = s.split(sep);
  if (n < 0 || n >= all.length) return celList(all);
  return celList([...all.slice(0, n - 1), all.slice(n - 1).join(sep)]);
}

/**
 * Go's strings.Replace (ReplaceAll is n = -1): nothing when old equals new
 * or n = 0; an empty old is inserted before every rune and at the end, at
 * most n times.
 */
function replace(str: unknown, oldText: unknown, newText: unknown, limit: unknown = -1n): string {
  const s = text(str);
  const old = text(oldText);
  const replacement = text(newText);
  const n = int(limit);
  if (old === replacement || n === 0) return s;
  if (old !== '') {
    const pieces = s.split(old);
    if (n < 0 || n >= pieces.length - 1) return pieces.join(replacement);
    return pieces.slice(0, n + 1).join(replacement) + old + pieces.slice(n + 1).join(old);
  }
  const r = Array.from(s);
  // Count(s, "") is the rune count plus one: a place before each rune and one at the end.
  const places = n < 0 || n > r.length + 1 ? r.length + 1 : n;
  let out = '';
  for (let i = 0; i < places; i++) out += replacement + (i < r.length && i < places - 1 ? r[i] : '');
  return out + r.slice(places - 1).join('');
}

/** ASCII letters mapped, every other rune kept (unicode.ToLower/ToUpper on runes <= MaxASCII). */
const mapAscii = (from: RegExp, f: (c: string) => string) => (str: unknown): string => text(str).replace(from, f);

/**
 * unicode.IsSpace: the Latin-1 spaces ('\t', '\n', '\v', '\f', '\r', ' ',
 * U+0085, U+00A0) and the White_Space property beyond (Go's unicode tables):
 * U+0085 is trimmed and U+FEFF is not, unlike JavaScript's trim().
 */
const GO_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const TRIM = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, 'g');

/** quote: the string in double quotes, CEL's escapes escaped, every other rune as it is. */
const QUOTE_ESCAPES: { readonly [c: string]: string } = {
  '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\\': '\\\\', '"': '\\"',
};

function quote(str: unknown): string {
  return `"${text(str).replace(/[\x07\b\f\n\r\t\v\\"]/g, c => QUOTE_ESCAPES[c])}"`;
}

export const FUNCTIONS: RuntimeFunctions = {
  'string.charAt': charAt,
  'string.indexOf': indexOf,
  'string.lastIndexOf': lastIndexOf,
  'string.substring': substring,
  'string.split': split,
  'string.replace': replace,
  'string.lowerAscii': mapAscii(/[A-Z]+/g, c => c.toLowerCase()),
  'string.upperAscii': mapAscii(/[a-z]+/g, c => c.toUpperCase()),
  'string.trim': (str: unknown) => text(str).replace(TRIM, ''),
  'k8s.StringsNamespace.quote': quote,
};

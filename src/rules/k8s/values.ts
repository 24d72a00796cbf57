/**
 * Value helpers the rules share: JSON-style type names, structural equality
 * that never looks at prototypes, and field paths for arbitrary map keys.
 * Everything here treats its input as untrusted data and never throws.
 * No Kubernetes rule lives here: these are the value helpers the rules
 * share (utf8Length is Go's `len`, codePointLength what OpenAPI's
 * maxLength/minLength count in kube-openapi's validate package).
 */
import { isObject } from '../../model/manifest';
import { field } from '../engine/paths';

/** The JSON type of a value, as OpenAPI names it (`integer` for whole numbers). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'object') return 'object';
  return typeof value;
}

/** Own enumerable keys, sorted, so comparisons do not depend on key order. */
export function sortedKeys(obj: { [key: string]: unknown }): string[] {
  return Object.keys(obj).sort();
}

/**
 * Structural equality of two JSON values, independent of key order: what
 * `firstDifference` finds equal, without building paths or sorting keys.
 */
export function deepEqual(a: unknown, b: unknown, depth: number = 0): boolean {
  if (depth > 200) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (!deepEqual(a[i], b[i], depth + 1)) return false;
    }
    return true;
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (const key of keys) {
      if (!Object.prototype.hasOwnProperty.call(b, key) || !deepEqual(a[key], b[key], depth + 1)) return false;
    }
    return true;
  }
  if (typeof a === 'number' && typeof b === 'number') return a === b || (Number.isNaN(a) && Number.isNaN(b));
  return a === b;
}

/**
 * The path (relative, kubectl notation) of the first place where `a` and `b`
 * differ, or undefined when they are structurally equal.
 */
export function firstDifference(a: unknown, b: unknown, path: string, depth: number = 0): string | undefined {
  // Manifests are trees parsed from YAML/JSON; a depth limit keeps hostile input from exhausting the stack.
  if (depth > 200) return path;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return path;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`, depth + 1);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (isObject(a) && isObject(b)) {
    const ka = sortedKeys(a);
    const kb = sortedKeys(b);
    const all = [...new Set([...ka, ...kb])].sort();
    for (const key of all) {
      const inA = Object.prototype.hasOwnProperty.call(a, key);
      const inB = Object.prototype.hasOwnProperty.call(b, key);
      if (!inA || !inB) return keyPath(path, key);
      const d = firstDifference(a[key], b[key], keyPath(path, key), depth + 1);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (typeof a === 'number' && typeof b === 'number') {
    return a === b || (Number.isNaN(a) && Number.isNaN(b)) ? undefined : path;
  }
  return a === b ? undefined : path;
}

/** Where two values differ, and what each side holds there (undefined: the side has nothing there). */
export interface Difference {
  readonly path: string;
  readonly before: unknown;
  readonly after: unknown;
}

/**
 * The first leaf where `a` and `b` differ, with both values there: unlike
 * `firstDifference`, arrays of different lengths are compared item by item
 * first, so an added or removed item is reported at its index, one side
 * unset. For update messages, which show both sides of a change.
 */
export function firstDifferingLeaf(a: unknown, b: unknown, path: string, depth: number = 0): Difference | undefined {
  if (depth > 200) return { path, before: a, after: b };
  if (Array.isArray(a) && Array.isArray(b)) {
    // Scalars' arrays read best whole: ["v1","v1beta1"] → ["v1"].
    if (a.length !== b.length && [...a, ...b].every(v => !isObject(v) && !Array.isArray(v))) return { path, before: a, after: b };
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = i < a.length && i < b.length ? firstDifferingLeaf(a[i], b[i], `${path}[${i}]`, depth + 1) : { path: `${path}[${i}]`, before: a[i], after: b[i] };
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (isObject(a) && isObject(b)) {
    for (const key of [...new Set([...sortedKeys(a), ...sortedKeys(b)])].sort()) {
      const inA = Object.prototype.hasOwnProperty.call(a, key);
      const inB = Object.prototype.hasOwnProperty.call(b, key);
      const d = inA && inB ? firstDifferingLeaf(a[key], b[key], keyPath(path, key), depth + 1)
        : { path: keyPath(path, key), before: inA ? a[key] : undefined, after: inB ? b[key] : undefined };
      if (d !== undefined) return d;
    }
    return undefined;
  }
  return firstDifference(a, b, path, depth) === undefined ? undefined : { path, before: a, after: b };
}

/**
 * `path.key` for ordinary keys, `path[key]` for keys a dot would make
 * ambiguous (`app.kubernetes.io/name`, keys with spaces...), as kubectl does.
 */
export function keyPath(path: string, key: string): string {
  return isPlainKey(key) ? field(path, key) : `${path}[${key}]`;
}

/** `^[A-Za-z_$][A-Za-z0-9_$-]*$`, written out: it runs for every key the schema checker visits. */
function isPlainKey(key: string): boolean {
  if (key.length === 0) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 /* _ */ || c === 36 /* $ */;
    if (letter || (i > 0 && ((c >= 48 && c <= 57) || c === 45 /* - */))) continue;
    return false;
  }
  return true;
}

/** Bytes of the UTF-8 encoding of `s` (what Go's `len` counts). */
export function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/** Unicode code points of `s` (what OpenAPI's minLength/maxLength count). */
export function codePointLength(s: string): number {
  // A surrogate pair is one code point; a lone surrogate counts as one, as the string iterator has it.
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Levenshtein distance, capped: anything above `max` is reported as `max + 1`. */
export function editDistance(a: string, b: string, max: number = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return Math.min(prev[b.length], max + 1);
}

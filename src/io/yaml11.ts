/**
 * YAML 1.1 plain scalars as kubectl reads them. kubectl and the API machinery
 * read manifests with sigs.k8s.io/yaml, which decodes with go-yaml v2 and
 * then converts to JSON. go-yaml v2's `resolve` (resolve.go) decides what a
 * plain (unquoted) scalar is; this module mirrors it for js-yaml:
 *
 * - booleans: y Y yes Yes YES on On ON true True TRUE, and n N no No NO off
 *   Off OFF false False FALSE (YAML 1.2 core knows only true/false);
 * - null: empty, ~, null Null NULL;
 * - integers: underscores removed first, then Go's strconv.ParseInt with base
 *   0, so 0755 is octal (493), 0o17 is 15 (Go 1.13 added 0o), 0x1F is 31,
 *   0b1010 is 10, 1_000 is 1000, with an optional sign; values too large for
 *   int64/uint64 fall through to floats;
 * - floats: `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?` after the
 *   underscores are removed (so 1e3 and 09 are numbers, and 1. is 1), plus
 *   .inf/.Inf/.INF, ±.inf and .nan/.NaN/.NAN; a value out of float64 range
 *   stays a string;
 * - timestamps (2001-12-14): go-yaml v2 resolves them, but decodes them into
 *   interface{} as the original string, so Kubernetes sees the string;
 * - sexagesimal numbers (1:20) are not supported by go-yaml: strings;
 * - `<<` merge keys are honoured (js-yaml's merge type);
 * - only the first character selects a rule, as go-yaml's resolve table:
 *   anything else is a string.
 *
 * Map keys go through the same resolution and are then turned into strings,
 * as sigs.k8s.io/yaml's JSON conversion does (`yes:` becomes the key "true").
 * NaN and infinities cannot be written as JSON: kubectl fails on them, so the
 * reader reports them (see `nonJsonNumber`).
 */
import { FAILSAFE_SCHEMA, Schema, Type } from './js-yaml';

const TRUE = new Set(['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'true', 'True', 'TRUE']);
const FALSE = new Set(['n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF', 'false', 'False', 'FALSE']);
const NULL = new Set(['', '~', 'null', 'Null', 'NULL']);
const SPECIAL_FLOATS: ReadonlyMap<string, number> = new Map([
  ...['.nan', '.NaN', '.NAN'].map(s => [s, NaN] as const),
  ...['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF'].map(s => [s, Infinity] as const),
  ...['-.inf', '-.Inf', '-.INF'].map(s => [s, -Infinity] as const),
]);

/** go-yaml v2's yamlStyleFloat. */
const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
/** What Go's strconv.ParseFloat accepts of a text starting with a dot (the '.' row of the resolve table). */
const DOT_FLOAT = /^\.[0-9]+([eE][-+]?[0-9]+)?$/;
/** strconv.ParseInt/ParseUint with base 0: a sign, then 0x, 0o, 0b, a leading 0 (octal) or decimal digits. */
const GO_INT = /^([-+]?)(?:0[xX]([0-9a-fA-F]+)|0[oO]([0-7]+)|0[bB]([01]+)|0([0-7]+)|(0|[1-9][0-9]*))$/;

const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

/** The value go-yaml v2 gives a plain scalar, or undefined for a string. */
export type Resolved = { readonly tag: 'null' | 'bool' | 'int' | 'float'; readonly value: null | boolean | number };

/** Mirrors go-yaml v2 `resolve("", text)`: undefined means the scalar is a string. */
export function resolvePlain(text: string): Resolved | undefined {
  const first = text.length === 0 ? '' : text[0];
  // The resolve table: only these first characters can start a non-string.
  if (first === '') return RESOLVED_NULL;
  if ('yYnNtTfFoO~'.includes(first)) return mapped(text);
  if (first === '.') {
    return mapped(text) ?? (DOT_FLOAT.test(text) ? finite(Number(text)) : undefined);
  }
  if (first === '+' || first === '-' || (first >= '0' && first <= '9')) {
    const special = mapped(text);
    if (special !== undefined) return special;
    // A timestamp resolves first, but reaches Kubernetes as its text: a string.
    if (isGoTimestamp(text)) return undefined;
    const plain = text.includes('_') ? text.replace(/_/g, '') : text;
    const int = goInt(plain);
    if (int !== undefined) return { tag: 'int', value: int };
    if (YAML_STYLE_FLOAT.test(plain)) return finite(Number(plain));
    return undefined;
  }
  return undefined;
}

/** The longest word of TRUE, FALSE, NULL and SPECIAL_FLOATS: longer plain scalars (most keys) skip the lookups. */
const LONGEST_MAPPED = Math.max(...[...TRUE, ...FALSE, ...NULL, ...SPECIAL_FLOATS.keys()].map(w => w.length));

/** The answers to the words of TRUE, FALSE, NULL and SPECIAL_FLOATS, in one table: one lookup per short scalar, made once. */
const RESOLVED_TRUE: Resolved = { tag: 'bool', value: true };
const RESOLVED_FALSE: Resolved = { tag: 'bool', value: false };
const RESOLVED_NULL: Resolved = { tag: 'null', value: null };
const WORDS: ReadonlyMap<string, Resolved> = new Map<string, Resolved>([
  ...[...TRUE].map(w => [w, RESOLVED_TRUE] as const),
  ...[...FALSE].map(w => [w, RESOLVED_FALSE] as const),
  ...[...NULL].map(w => [w, RESOLVED_NULL] as const),
  ...[...SPECIAL_FLOATS].map(([w, value]) => [w, { tag: 'float', value }] as const),
]);

function mapped(text: string): Resolved | undefined {
  return text.length > LONGEST_MAPPED ? undefined : WORDS.get(text);
}

/** Go's ParseFloat fails (ErrRange) beyond float64: go-yaml then keeps the string. */
function finite(n: number): Resolved | undefined {
  return Number.isFinite(n) ? { tag: 'float', value: n } : undefined;
}

/** ParseInt(s, 0, 64), else ParseUint(s, 0, 64); undefined when both fail. */
function goInt(s: string): number | undefined {
  const m = GO_INT.exec(s);
  if (m === null) return undefined;
  const [, sign, hex, oct, bin, legacyOct, dec] = m;
  const digits = hex !== undefined ? `0x${hex}` : oct !== undefined ? `0o${oct}` : bin !== undefined ? `0b${bin}` : legacyOct !== undefined ? `0o${legacyOct}` : dec;
  const magnitude = BigInt(digits);
  const value = sign === '-' ? -magnitude : magnitude;
  if (value < INT64_MIN || value > UINT64_MAX || (sign === '-' && value > 0n)) return undefined;
  return Number(value);
}

/** go-yaml v2 parseTimestamp's quick check (four digits and a dash), then the formats it accepts. */
const TIMESTAMP = /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]| )[0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(?:\.[0-9]+)?(?:Z|[-+][0-9]{2}:[0-9]{2})?)?$/;

function isGoTimestamp(text: string): boolean {
  // A false positive only matters if it would otherwise be a number: none of these is.
  return text.length >= 8 && text[4] === '-' && TIMESTAMP.test(text);
}

/**
 * js-yaml asks each implicit type in turn, then constructs: the last answer
 * is kept for the next question (in two variables, not an object per scalar).
 */
let lastText = '';
let lastResolved: Resolved | undefined = RESOLVED_NULL;

function resolveCached(text: string): Resolved | undefined {
  if (lastText !== text) {
    lastResolved = resolvePlain(text);
    lastText = text;
  }
  return lastResolved;
}

function scalarType(tag: Resolved['tag']): Type {
  return new Type(`tag:yaml.org,2002:${tag}`, {
    kind: 'scalar',
    resolve: (data: unknown) => typeof data === 'string' && resolveCached(data)?.tag === tag,
    construct: (data: string) => resolveCached(data)!.value,
  });
}

/** `<<` as a key: js-yaml merges the mapping (or list of mappings) it holds, as go-yaml v2 does. */
const MERGE = new Type('tag:yaml.org,2002:merge', { kind: 'scalar', resolve: (data: unknown) => data === '<<' });

/** A js-yaml schema that reads plain scalars as go-yaml v2 (and so kubectl) does. */
export const KUBECTL_YAML_SCHEMA: Schema = FAILSAFE_SCHEMA.extend({
  implicit: [scalarType('null'), scalarType('bool'), scalarType('int'), scalarType('float'), MERGE],
});

/** NaN or an infinity: values JSON cannot carry, which kubectl refuses ("json: unsupported value"). */
export function nonJsonNumber(value: unknown): boolean {
  return typeof value === 'number' && !Number.isFinite(value);
}

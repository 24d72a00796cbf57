/**
 * How the API server decodes the JSON of a built-in kind into its Go types,
 * before any validation runs: apimachinery's JSON serializer
 * (`pkg/runtime/serializer/json/json.go`, `Serializer.Decode`) through
 * sigs.k8s.io/json (`UnmarshalCaseSensitivePreserveInts`, and
 * `UnmarshalStrict` under strict field validation), which follow Go's
 * encoding/json:
 * - a value of the wrong JSON type does not decode, and the request fails
 *   (`json: cannot unmarshal string into Go struct field ... of type bool`),
 *   whatever the field validation;
 * - a key no field of the struct carries (matched case-sensitively) is
 *   dropped, and reported as an unknown field; strict field validation
 *   (kubectl's default) refuses the object for it;
 * - `null` decodes into any field as its zero value;
 * - a type with an `UnmarshalJSON` of its own decodes as that method says;
 *   one that calls `json.Unmarshal` again (apiextensions' JSONSchemaPropsOrBool,
 *   ...OrArray, ...OrStringArray, k8s.io/apimachinery/pkg/util/json) decodes
 *   what is below it without strictness: unknown fields there are dropped
 *   and never reported.
 *
 * `decodeProblems` walks a value against a `GoType` and returns each problem
 * with its path; the Go types themselves are declared by their users
 * (`crd-types.ts`).
 */
import { isBase64, isRfc3339 } from './formats';
import { isObject, own } from '../../model/manifest';
import { field, item } from '../engine/paths';

/** A Go type, as encoding/json decodes JSON into it. */
export type GoType =
  | { readonly kind: 'string' | 'bool' | 'float64' | 'json' | 'time' | 'bytes' }
  | { readonly kind: 'int'; readonly bits: 32 | 64 }
  | { readonly kind: 'slice' | 'map'; readonly of: GoType }
  | GoStruct
  /** A type with its own UnmarshalJSON (apiextensions' marshal.go): `decode` says what it accepts. */
  | { readonly kind: 'custom'; readonly name: string; readonly decode: CustomDecode };

export interface GoStruct {
  readonly kind: 'struct';
  /** The Go name, as Go's messages give it. */
  readonly name: string;
  /** The fields by JSON name; a function, so that types may refer to each other (JSONSchemaProps holds itself). */
  readonly fields: () => { readonly [json: string]: GoType };
}

/**
 * What a custom UnmarshalJSON makes of a value: `ignored` (decoded as nothing,
 * no error), `refused` with Go's message, or decoded as `type`, strictly or
 * not (a nested `json.Unmarshal` is not strict).
 */
export type CustomDecode = (value: unknown) => CustomDecoded;
export type CustomDecoded = { readonly ignored: true } | { readonly refused: string } | { readonly type: GoType; readonly strict: boolean };

export const STRING: GoType = { kind: 'string' };
export const BOOL: GoType = { kind: 'bool' };
export const FLOAT64: GoType = { kind: 'float64' };
export const INT32: GoType = { kind: 'int', bits: 32 };
export const INT64: GoType = { kind: 'int', bits: 64 };
/** Raw JSON (apiextensions' JSON, runtime.RawExtension): any value. */
export const ANY_JSON: GoType = { kind: 'json' };
/** metav1.Time: a string in RFC 3339. */
export const TIME: GoType = { kind: 'time' };
/** []byte: a base64 string (encoding/json's StdEncoding). */
export const BYTES: GoType = { kind: 'bytes' };
export const sliceOf = (of: GoType): GoType => ({ kind: 'slice', of });
export const struct = (name: string, fields: () => { readonly [json: string]: GoType }): GoStruct => ({ kind: 'struct', name, fields });
export const mapOf = (of: GoType): GoType => ({ kind: 'map', of });

/** One thing the decoder refuses (`type`) or drops (`unknown`), at `path` below the value decoded. */
export interface DecodeProblem {
  readonly kind: 'type' | 'unknown';
  /** Path segments below the decoded value: field names and list indexes. */
  readonly path: ReadonlyArray<string | number>;
  readonly value: unknown;
  /** What Go says, without its "json: " prefix. */
  readonly detail: string;
  /** For `unknown`: the fields the struct has. For `type`: the Go type expected. */
  readonly fieldsOf?: string;
  readonly known?: readonly string[];
  readonly expected?: string;
}

/** The field path of a problem (`spec.versions[0].served`), below `base`. */
export function problemPath(problem: DecodeProblem, base = ''): string {
  return problem.path.reduce<string>((at, s) => (typeof s === 'number' ? item(at, s) : field(at, s)), base);
}

/**
 * A string field's value as the validation that follows decoding reads it:
 * absent or null is Go's zero value, "" (so `len(x) == 0` holds, and the
 * field is Required); a value of another JSON type does not decode at all,
 * which is the decoding's finding (undefined here).
 */
export function goString(value: unknown): string | undefined {
  return value === undefined || value === null ? '' : typeof value === 'string' ? value : undefined;
}

/** The JSON type of `value`, as Go's UnmarshalTypeError names it. */
function jsonKind(value: unknown): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number' || typeof value === 'bigint') return 'number';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'array';
  return 'object';
}

/** The Go spelling of `type`, as in Go's messages. */
export function goTypeName(type: GoType): string {
  switch (type.kind) {
    case 'int': return `int${type.bits}`;
    case 'slice': return `[]${goTypeName(type.of)}`;
    case 'map': return `map[string]${goTypeName(type.of)}`;
    case 'struct': return type.name;
    case 'custom': return type.name;
    case 'time': return 'v1.Time';
    case 'bytes': return '[]uint8';
    case 'json': return 'json';
    default: return type.kind;
  }
}

const MAX_DEPTH = 200;
/** The ranges of Go's int32 and int64, as bigints: a double past 2^53 is still an exact integer to compare. */
const INT_RANGE = { 32: [-(2n ** 31n), 2n ** 31n - 1n], 64: [-(2n ** 63n), 2n ** 63n - 1n] } as const;

/** Every problem decoding `value` into `type`; `strict` says whether unknown fields are reported. */
export function decodeProblems(value: unknown, type: GoType, strict = true): DecodeProblem[] {
  const out: DecodeProblem[] = [];
  decode(value, type, [], strict, out, 0);
  return out;
}

function decode(value: unknown, type: GoType, path: Array<string | number>, strict: boolean, out: DecodeProblem[], depth: number): void {
  // null decodes into anything as its zero value; past MAX_DEPTH the value is the reader's to refuse.
  if (value === null || value === undefined || depth > MAX_DEPTH) return;
  const refuse = (detail: string): void => {
    out.push({ kind: 'type', path: [...path], value, detail, expected: goTypeName(type) });
  };
  const mismatch = (): void => refuse(`cannot unmarshal ${jsonKind(value)} into a Go value of type ${goTypeName(type)}`);
  switch (type.kind) {
    case 'json':
      return;
    case 'string':
      if (typeof value !== 'string') mismatch();
      return;
    case 'bool':
      if (typeof value !== 'boolean') mismatch();
      return;
    case 'float64':
      if (typeof value !== 'number' && typeof value !== 'bigint') mismatch();
      return;
    case 'int': {
      if (typeof value !== 'number' && typeof value !== 'bigint') return mismatch();
      const [min, max] = INT_RANGE[type.bits];
      const n = typeof value === 'bigint' ? value : Number.isInteger(value) ? BigInt(value) : undefined;
      if (n === undefined || n < min || n > max) refuse(`cannot unmarshal number ${String(value)} into a Go value of type int${type.bits}`);
      return;
    }
    case 'time':
      // metav1.Time.UnmarshalJSON: a JSON string, parsed with time.RFC3339.
      if (typeof value !== 'string') return mismatch();
      if (!isRfc3339(value)) refuse(`parsing time ${JSON.stringify(value)} as RFC 3339 failed`);
      return;
    case 'bytes':
      if (typeof value !== 'string') return mismatch();
      if (!isBase64(value)) refuse('illegal base64 data');
      return;
    case 'slice':
      if (!Array.isArray(value)) return mismatch();
      value.forEach((entry, i) => decode(entry, type.of, [...path, i], strict, out, depth + 1));
      return;
    case 'map':
      if (!isObject(value) || Array.isArray(value)) return mismatch();
      for (const key of Object.keys(value)) decode(own(value, key), type.of, [...path, key], strict, out, depth + 1);
      return;
    case 'struct': {
      if (!isObject(value) || Array.isArray(value)) return mismatch();
      const fields = type.fields();
      for (const key of Object.keys(value)) {
        const declared = Object.prototype.hasOwnProperty.call(fields, key) ? fields[key] : undefined;
        if (declared !== undefined) decode(own(value, key), declared, [...path, key], strict, out, depth + 1);
        else if (strict) out.push({ kind: 'unknown', path: [...path, key], value: own(value, key), detail: `unknown field "${key}"`, fieldsOf: type.name, known: Object.keys(fields) });
      }
      return;
    }
    case 'custom': {
      const decoded = type.decode(value);
      if ('refused' in decoded) return refuse(decoded.refused);
      if ('type' in decoded) decode(value, decoded.type, path, strict && decoded.strict, out, depth);
      return;
    }
  }
}

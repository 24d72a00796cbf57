/**
 * What the API server's JSON decoding leaves of an `openAPIV3Schema` before
 * validation.go reads it (apiextensions-apiserver pkg/apis/apiextensions/v1,
 * types_jsonschema.go and marshal.go, Kubernetes 1.36).
 *
 * - A keyword written as `null` is not set: Go's encoding/json leaves a
 *   string or bool at its zero value and makes a pointer, slice or map nil,
 *   so `$ref: null`, `x-kubernetes-list-type: null` or `items: null` are as
 *   if absent.
 * - A schema written as `null` where a schema is expected (an entry of
 *   properties, allOf, anyOf, oneOf, items as a list) decodes into the zero
 *   JSONSchemaProps, the empty schema `{}`.
 *
 * Only the keywords that hold schemas are followed; `default`, `enum` and
 * `example` hold values, where null is data.
 */
import { isObject, own } from '../../model/manifest';

/**
 * Where JSONSchemaProps nests schemas (types_jsonschema.go), in SchemaHas'
 * order: every walk of a schema (schema-has.ts, version-hoisting.ts,
 * strfmt/supported.ts, this file) follows these three lists.
 * Keywords whose value is one schema (items may also be a list of them;
 * additionalProperties and additionalItems may also be a bool).
 */
export const ONE_SCHEMA_KEYWORDS: readonly string[] = ['items', 'not', 'additionalProperties', 'additionalItems'];
/** The junctors: lists of schemas a value is matched against. */
export const JUNCTOR_KEYWORDS: readonly string[] = ['allOf', 'anyOf', 'oneOf'];
/** Keywords whose value is a list of schemas (items too, when written as a list). */
export const SCHEMA_LIST_KEYWORDS: readonly string[] = ['items', ...JUNCTOR_KEYWORDS];
/** Keywords whose value maps names to schemas (a dependency may also be a list of names). */
export const SCHEMA_MAP_KEYWORDS: readonly string[] = ['properties', 'patternProperties', 'definitions', 'dependencies'];

const MAX_DEPTH = 100;

/**
 * The schema as the server decodes it: `schema` itself when it holds no null
 * where the decoding changes something (the usual case: nothing is copied),
 * else a copy without those nulls.
 */
export function decodedSchema(schema: unknown): unknown {
  return decodedNode(schema, 0);
}

function decodedNode(node: unknown, depth: number): unknown {
  if (!isObject(node) || depth > MAX_DEPTH) return node;
  let copy: { [key: string]: unknown } | undefined;
  const set = (key: string, value: unknown): void => {
    copy ??= copyOf(node);
    if (value === undefined) delete copy[key];
    else Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  };
  for (const key of Object.keys(node)) {
    const value = own(node, key);
    if (value === null) {
      set(key, undefined);
    } else if (ONE_SCHEMA_KEYWORDS.includes(key) && !Array.isArray(value)) {
      const decoded = decodedNode(value, depth + 1);
      if (decoded !== value) set(key, decoded);
    } else if (SCHEMA_LIST_KEYWORDS.includes(key) && Array.isArray(value)) {
      const decoded = value.map(entry => (entry === null ? {} : decodedNode(entry, depth + 1)));
      if (decoded.some((entry, i) => entry !== value[i])) set(key, decoded);
    } else if (SCHEMA_MAP_KEYWORDS.includes(key) && isObject(value)) {
      const decoded = decodedMap(value, depth + 1);
      if (decoded !== value) set(key, decoded);
    }
  }
  return copy ?? node;
}

function decodedMap(map: { [key: string]: unknown }, depth: number): { [key: string]: unknown } {
  let copy: { [key: string]: unknown } | undefined;
  for (const key of Object.keys(map)) {
    const value = own(map, key);
    // A dependency written as a list of property names is no schema.
    const decoded = value === null ? {} : Array.isArray(value) ? value : decodedNode(value, depth);
    if (decoded === value) continue;
    copy ??= copyOf(map);
    Object.defineProperty(copy, key, { value: decoded, enumerable: true, writable: true, configurable: true });
  }
  return copy ?? map;
}

/** A shallow copy that keeps every key as data (`__proto__` included). */
function copyOf(obj: { [key: string]: unknown }): { [key: string]: unknown } {
  const copy: { [key: string]: unknown } = Object.create(null);
  for (const key of Object.keys(obj)) {
    Object.defineProperty(copy, key, { value: own(obj, key), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/**
 * The keywords that are Go values in the internal JSONSchemaProps
 * (pkg/apis/apiextensions/types_jsonschema.go): a string is unset when empty,
 * a bool when false. Every other keyword is a pointer, a slice or a map, set
 * by any value but null: `maxProperties: 0`, `enum: []`, `not: {}` or
 * `x-kubernetes-list-type: ""` are set.
 */
const STRING_VALUE_KEYWORDS = new Set(['id', '$schema', 'description', 'type', 'format', 'title', 'pattern']);
const BOOL_VALUE_KEYWORDS = new Set([
  'exclusiveMaximum', 'exclusiveMinimum', 'uniqueItems', 'nullable', 'x-kubernetes-embedded-resource', 'x-kubernetes-int-or-string',
]);

/**
 * Whether keyword `key` of a decoded schema node is set, as reflect.DeepEqual
 * against the field's zero value finds it (validateCustomResourceDefinitionValidation's
 * root check with /status).
 */
export function isSetInGo(node: unknown, key: string): boolean {
  const value = own(node, key);
  if (value === undefined || value === null) return false;
  if (STRING_VALUE_KEYWORDS.has(key)) return value !== '';
  if (BOOL_VALUE_KEYWORDS.has(key)) return value !== false;
  return true;
}

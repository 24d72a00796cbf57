/**
 * How the API server reads the per-version parts of an
 * `apiextensions.k8s.io/v1` CRD: `Convert_v1_CustomResourceDefinitionSpec_To_apiextensions_CustomResourceDefinitionSpec`
 * (apiextensions-apiserver pkg/apis/apiextensions/v1/conversion.go, Kubernetes 1.36)
 * moves each of schema, subresources, additionalPrinterColumns and
 * selectableFields to the internal spec, and clears it in every version, when
 * it is the same in all versions (apiequality.Semantic.DeepEqual), each on its
 * own. validation.go then checks the moved parts at the spec.
 *
 * Semantic.DeepEqual (apimachinery's forked reflect.DeepEqual) counts a nil
 * slice or map equal to an empty one, and a keyword written as null is not set
 * (decoded-schema.ts).
 */
import { decodedSchema, ONE_SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './decoded-schema';
import { deepEqual } from './values';
import { isObject, own } from '../../model/manifest';

/** JSONSchemaProps' slice and map keywords, where Semantic.DeepEqual finds an empty value equal to none. */
const SLICE_OR_MAP_KEYWORDS = new Set([
  'enum', 'required', 'allOf', 'oneOf', 'anyOf', 'properties', 'patternProperties', 'definitions', 'dependencies',
  'x-kubernetes-list-map-keys', 'x-kubernetes-validations',
]);
const MAX_DEPTH = 100;

/** A decoded schema without the empty slices and maps Semantic.DeepEqual does not tell from absent ones. */
function comparable(node: unknown, depth: number): unknown {
  if (!isObject(node) || depth > MAX_DEPTH) return node;
  const out: { [key: string]: unknown } = Object.create(null);
  for (const key of Object.keys(node)) {
    const value = own(node, key);
    const empty = Array.isArray(value) ? value.length === 0 : isObject(value) && Object.keys(value).length === 0;
    if (SLICE_OR_MAP_KEYWORDS.has(key) && empty) continue;
    Object.defineProperty(out, key, { value: comparableValue(key, value, depth), enumerable: true });
  }
  return out;
}

/** A keyword's value, its nested schemas made comparable. */
function comparableValue(key: string, value: unknown, depth: number): unknown {
  if (ONE_SCHEMA_KEYWORDS.includes(key) && isObject(value)) return comparable(value, depth + 1);
  if (SCHEMA_LIST_KEYWORDS.includes(key) && Array.isArray(value)) return value.map(s => comparable(s, depth + 1));
  if (!SCHEMA_MAP_KEYWORDS.includes(key) || !isObject(value)) return value;
  const map: { [key: string]: unknown } = Object.create(null);
  for (const name of Object.keys(value)) Object.defineProperty(map, name, { value: comparable(own(value, name), depth + 1), enumerable: true });
  return map;
}

/** Semantic.DeepEqual of two versions' `schema` (a *CustomResourceValidation: absent differs from `{}`). */
export function sameVersionSchema(a: unknown, b: unknown): boolean {
  if (!isObject(a) || !isObject(b)) return !isObject(a) && !isObject(b);
  const schemaOf = (v: { [key: string]: unknown }): unknown => {
    const s = own(v, 'openAPIV3Schema');
    return s === null ? undefined : comparable(decodedSchema(s), 0);
  };
  return deepEqual(schemaOf(a), schemaOf(b));
}

/** Semantic.DeepEqual of two versions' `selectableFields` ([]SelectableField: none equals an empty list, a missing jsonPath an empty one). */
export function sameSelectableFields(a: unknown, b: unknown): boolean {
  const paths = (list: unknown): unknown[] => (Array.isArray(list) ? list.map(f => own(f, 'jsonPath') ?? '') : []);
  return deepEqual(paths(a), paths(b));
}

/** Whether a part of the versions is the same in all of them, and so moved to the internal spec. */
export function hoisted(versions: readonly { readonly [key: string]: unknown }[], same: (a: unknown, b: unknown) => boolean, key: string): boolean {
  return versions.length > 0 && versions.every(v => same(own(v, key), own(versions[0], key)));
}

/** A version's name as Go reads it: absent or null is "" (a value of another type does not decode: "" too, as no key matches it). */
export function goVersionName(version: { readonly [key: string]: unknown }): string {
  const name = own(version, 'name');
  return typeof name === 'string' ? name : '';
}

/**
 * The selectableFields of the internal spec the server validates, after the move: `spec`, the list moved to
 * the spec when the versions all have the same (undefined otherwise: v1 has no spec-level list), and each
 * version's own list, by name (undefined where it was moved).
 */
export interface InternalSelectableFields {
  readonly spec: unknown;
  readonly versions: ReadonlyArray<{ readonly name: string; readonly fields: unknown }>;
}

export function internalSelectableFields(versions: readonly { readonly [key: string]: unknown }[]): InternalSelectableFields {
  const moved = hoisted(versions, sameSelectableFields, 'selectableFields');
  return {
    spec: moved ? own(versions[0], 'selectableFields') : undefined,
    versions: versions.map(v => ({ name: goVersionName(v), fields: moved ? undefined : own(v, 'selectableFields') })),
  };
}

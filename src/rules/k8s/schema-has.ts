/**
 * Whether a CRD's schemas hold a keyword anywhere: `SchemaHas` and the
 * predicates validation.go asks it (apiextensions-apiserver
 * pkg/apis/apiextensions/validation/validation.go, Kubernetes 1.36). What it
 * finds decides options of `validateCustomResourceDefinitionSpec`: a default
 * or a Kubernetes extension anywhere requires structural schemas, whatever
 * the stored object allowed.
 */
import { ONE_SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './decoded-schema';
import { isObject, own } from '../../model/manifest';

const MAX_DEPTH = 100;

/** mirrors SchemaHas: whether `pred` holds at `schema` or at a schema nested in it. */
export function schemaHas(schema: unknown, pred: (node: { [key: string]: any }) => boolean, depth: number = 0): boolean {
  if (!isObject(schema) || depth > MAX_DEPTH) return false;
  if (pred(schema)) return true;
  for (const key of ONE_SCHEMA_KEYWORDS) {
    if (schemaHas(own(schema, key), pred, depth + 1)) return true;
  }
  for (const key of SCHEMA_LIST_KEYWORDS) {
    const list = own(schema, key);
    if (Array.isArray(list) && list.some(s => schemaHas(s, pred, depth + 1))) return true;
  }
  for (const key of SCHEMA_MAP_KEYWORDS) {
    const map = own(schema, key);
    if (isObject(map) && Object.keys(map).some(name => schemaHas(own(map, name), pred, depth + 1))) return true;
  }
  return false;
}

/** A keyword given a value (a null is no value: the JSON decoding leaves the field unset). */
function given(node: { [key: string]: any }, key: string): boolean {
  const value = own(node, key);
  return value !== undefined && value !== null;
}

/** mirrors schemaHasDefaults' predicate: `s.Default != nil`. */
export function hasDefault(node: { [key: string]: any }): boolean {
  return given(node, 'default');
}

/** mirrors schemaHasKubernetesExtensions' predicate. */
export function hasKubernetesExtension(node: { [key: string]: any }): boolean {
  const nonEmpty = (key: string): boolean => Array.isArray(own(node, key)) && own(node, key).length > 0;
  return own(node, 'x-kubernetes-embedded-resource') === true || given(node, 'x-kubernetes-preserve-unknown-fields')
    || own(node, 'x-kubernetes-int-or-string') === true || nonEmpty('x-kubernetes-list-map-keys')
    || given(node, 'x-kubernetes-list-type') || nonEmpty('x-kubernetes-validations');
}

/**
 * Whether `validateCustomResourceDefinitionSpec` requires structural schemas of a spec whatever its options say:
 * pruning is on (preserveUnknownFields not true), a schema has a default (allowDefaults is always true), or
 * a schema uses a Kubernetes extension. `schemas` are the openAPIV3Schemas of its versions.
 */
export function specRequiresStructuralSchema(preserveUnknownFields: unknown, schemas: readonly unknown[]): boolean {
  return preserveUnknownFields !== true || schemas.some(s => schemaHas(s, hasDefault) || schemaHas(s, hasKubernetesExtension));
}

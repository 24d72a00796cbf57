/**
 * The structural-schema requirements Kubernetes' CRD validation puts on an
 * `openAPIV3Schema` (apiextensions-apiserver: validation.go and
 * pkg/apiserver/schema/validation.go), as far as they can be decided from
 * the schema alone. The consumer cluster runs them when it turns an
 * APIServiceExport v1alpha1 or a BoundSchema into a real CRD.
 *
 * The user's schema is data: keys such as `__proto__`, `constructor` or
 * `$ref` are read with `own` and never used to index a plain object.
 */
import { field, isObject, item, own } from './engine';
import { keyPath } from './k8s-values';

/** Which family of requirement an issue breaks; each maps to one rule id. */
export type StructuralIssueKind =
  /** The root node: type object, not nullable, few keywords with /status, metadata/apiVersion/kind. */
  | 'root'
  /** Every specified node has a valid type that agrees with its properties/items. */
  | 'type'
  /** JSON-Schema keywords Kubernetes does not support. */
  | 'keyword'
  /** Malformed `x-kubernetes-*` extensions. */
  | 'extension'
  /** What allOf/anyOf/oneOf/not may not say. */
  | 'junctor';

export interface StructuralIssue {
  readonly kind: StructuralIssueKind;
  readonly path: string;
  readonly message: string;
  readonly hint?: string;
}

export interface StructuralOptions {
  /** Whether the version serves /status (restricts the root keywords). */
  readonly statusSubresource: boolean;
}

const OPENAPI_TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];
const LIST_TYPES = ['atomic', 'set', 'map'];
const MAP_TYPES = ['atomic', 'granular'];

/** Root keywords Kubernetes allows when /status is served (status must be extractable as properties.status). */
const ROOT_KEYWORDS_WITH_STATUS = new Set([
  'description', 'type', 'format', 'title', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'multipleOf', 'required',
  'items', 'properties', 'externalDocs', 'example', 'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-validations',
]);

/** Keywords a value validation (inside allOf/anyOf/oneOf/not) must leave to the structural part. */
const FORBIDDEN_IN_JUNCTORS = [
  'type', 'additionalProperties', 'default', 'title', 'description', 'nullable',
  'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-embedded-resource', 'x-kubernetes-int-or-string',
  'x-kubernetes-list-type', 'x-kubernetes-list-map-keys', 'x-kubernetes-map-type',
];

const UNSUPPORTED_KEYWORDS: ReadonlyArray<[string, string]> = [
  ['$ref', 'references are not supported: inline the referenced schema'],
  ['id', 'id is not supported'],
  ['definitions', 'definitions are not supported: inline the schemas'],
  ['dependencies', 'dependencies are not supported (use x-kubernetes-validations)'],
  ['patternProperties', 'patternProperties is not supported (use additionalProperties)'],
  ['additionalItems', 'additionalItems is not supported'],
];

const MAX_DEPTH = 100;

/** Every structural problem of `schema`, the openAPIV3Schema found at `path`. */
export function structuralSchemaIssues(schema: unknown, path: string, options: StructuralOptions): StructuralIssue[] {
  const out: StructuralIssue[] = [];
  if (!isObject(schema) || Object.keys(schema).length === 0) {
    out.push({
      kind: 'root',
      path,
      message: `${path} must be a schema object with type: object, got ${isObject(schema) ? 'an empty object' : JSON.stringify(schema) ?? 'nothing'}`,
      hint: 'Kubernetes requires a structural openAPIV3Schema for every version, for example {type: object, properties: {spec: {type: object}}}',
    });
    return out;
  }
  checkRoot(schema, path, options, out);
  walk(schema, path, { root: true, junctor: false, depth: 0 }, out);
  return out;
}

interface Position {
  readonly root: boolean;
  /** Inside allOf/anyOf/oneOf/not: a value validation, not the structural part. */
  readonly junctor: boolean;
  readonly depth: number;
}

function checkRoot(schema: { [key: string]: any }, path: string, options: StructuralOptions, out: StructuralIssue[]): void {
  const type = own(schema, 'type');
  if (type !== 'object') {
    out.push({
      kind: 'root',
      path: field(path, 'type'),
      message: `${field(path, 'type')} ${type === undefined ? 'is missing' : JSON.stringify(type)}: the root of a custom resource schema must be type: object`,
      hint: 'set type: object at the root',
    });
  }
  if (own(schema, 'nullable') === true) {
    out.push({ kind: 'root', path: field(path, 'nullable'), message: `${field(path, 'nullable')} must not be true at the root`, hint: 'remove nullable from the root' });
  }
  if (options.statusSubresource) {
    for (const key of Object.keys(schema)) {
      // nullable: true at the root has its own finding above.
      if (ROOT_KEYWORDS_WITH_STATUS.has(key) || key === 'nullable' || isZero(own(schema, key))) continue;
      out.push({
        kind: 'root',
        path: keyPath(path, key),
        message: `${keyPath(path, key)} is not allowed at the root of the schema when the /status subresource is enabled`,
        hint: `move it below properties, or drop it; allowed at the root: ${[...ROOT_KEYWORDS_WITH_STATUS].join(', ')}`,
      });
    }
  }
  const properties = own(schema, 'properties');
  if (!isObject(properties)) return;
  for (const name of ['apiVersion', 'kind']) {
    const prop = own(properties, name);
    const propType = own(prop, 'type');
    if (isObject(prop) && propType !== undefined && propType !== 'string') {
      out.push({
        kind: 'root',
        path: field(keyPath(field(path, 'properties'), name), 'type'),
        message: `${field(keyPath(field(path, 'properties'), name), 'type')} ${JSON.stringify(propType)} must be "string": ${name} is always a string`,
      });
    }
  }
  const metadata = own(properties, 'metadata');
  if (!isObject(metadata)) return;
  const metadataPath = keyPath(field(path, 'properties'), 'metadata');
  const metadataType = own(metadata, 'type');
  if (metadataType !== undefined && metadataType !== 'object') {
    out.push({ kind: 'root', path: field(metadataPath, 'type'), message: `${field(metadataPath, 'type')} ${JSON.stringify(metadataType)} must be "object"` });
  }
  const metadataProperties = own(metadata, 'properties');
  if (isObject(metadataProperties)) {
    for (const name of Object.keys(metadataProperties)) {
      const propPath = keyPath(field(metadataPath, 'properties'), name);
      if (name !== 'name' && name !== 'generateName') {
        out.push({
          kind: 'root',
          path: propPath,
          message: `${propPath} is not allowed: a schema may only restrict metadata.name and metadata.generateName`,
          hint: 'Kubernetes validates the rest of metadata itself; remove this property',
        });
      } else if (own(own(metadataProperties, name), 'type') !== undefined && own(own(metadataProperties, name), 'type') !== 'string') {
        out.push({ kind: 'root', path: field(propPath, 'type'), message: `${field(propPath, 'type')} must be "string"` });
      }
    }
  }
  for (const key of Object.keys(metadata)) {
    if (['type', 'properties', 'description'].includes(key) || isZero(own(metadata, key))) continue;
    out.push({
      kind: 'root',
      path: keyPath(metadataPath, key),
      message: `${keyPath(metadataPath, key)} is not allowed: at the root, metadata may only restrict name and generateName`,
    });
  }
}

function walk(node: unknown, path: string, pos: Position, out: StructuralIssue[]): void {
  if (pos.depth > MAX_DEPTH) return;
  if (!isObject(node)) {
    out.push({ kind: 'type', path, message: `${path} must be a schema object, got ${JSON.stringify(node) ?? 'nothing'}` });
    return;
  }
  checkKeywords(node, path, out);
  if (pos.junctor) {
    // Extensions are forbidden outright in junctors; checkJunctorNode says so once.
    checkJunctorNode(node, path, pos, out);
  } else {
    checkStructuralNode(node, path, pos, out);
    checkExtensions(node, path, out);
  }

  const child = (): Position => ({ root: false, junctor: pos.junctor, depth: pos.depth + 1 });
  const properties = own(node, 'properties');
  if (properties !== undefined) {
    if (!isObject(properties)) {
      out.push({ kind: 'type', path: field(path, 'properties'), message: `${field(path, 'properties')} must be a map of schemas` });
    } else {
      for (const name of Object.keys(properties)) {
        walk(own(properties, name), keyPath(field(path, 'properties'), name), child(), out);
      }
    }
  }
  const items = own(node, 'items');
  if (isObject(items)) walk(items, field(path, 'items'), child(), out);
  const additional = own(node, 'additionalProperties');
  if (isObject(additional)) walk(additional, field(path, 'additionalProperties'), child(), out);

  const skipAnyOf = own(node, 'x-kubernetes-int-or-string') === true && isIntOrStringAnyOf(own(node, 'anyOf'));
  const allOf = own(node, 'allOf');
  const skipFirstAllOfAnyOf = own(node, 'x-kubernetes-int-or-string') === true && isIntOrStringAnyOf(own(own(allOf, '0'), 'anyOf'));
  for (const junctor of ['allOf', 'anyOf', 'oneOf']) {
    const branches = own(node, junctor);
    if (branches === undefined) continue;
    if (!Array.isArray(branches)) {
      out.push({ kind: 'type', path: field(path, junctor), message: `${field(path, junctor)} must be a list of schemas` });
      continue;
    }
    if (junctor === 'anyOf' && skipAnyOf) continue;
    branches.forEach((branch, i) => {
      const branchPath = item(field(path, junctor), i);
      if (junctor === 'allOf' && i === 0 && skipFirstAllOfAnyOf && isObject(branch)) {
        walk(withoutKey(branch, 'anyOf'), branchPath, { root: pos.root, junctor: true, depth: pos.depth + 1 }, out);
        return;
      }
      walk(branch, branchPath, { root: pos.root, junctor: true, depth: pos.depth + 1 }, out);
    });
  }
  const not = own(node, 'not');
  if (not !== undefined) walk(not, field(path, 'not'), { root: pos.root, junctor: true, depth: pos.depth + 1 }, out);
}

function checkKeywords(node: { [key: string]: any }, path: string, out: StructuralIssue[]): void {
  for (const [key, reason] of UNSUPPORTED_KEYWORDS) {
    if (Object.prototype.hasOwnProperty.call(node, key)) {
      out.push({ kind: 'keyword', path: keyPath(path, key), message: `${keyPath(path, key)}: ${reason}` });
    }
  }
  if (own(node, 'uniqueItems') === true) {
    out.push({
      kind: 'keyword',
      path: field(path, 'uniqueItems'),
      message: `${field(path, 'uniqueItems')} cannot be true (its cost is quadratic)`,
      hint: 'use x-kubernetes-list-type: set instead',
    });
  }
  if (own(node, 'type') === 'null') {
    out.push({ kind: 'keyword', path: field(path, 'type'), message: `${field(path, 'type')} cannot be "null"`, hint: 'use nullable: true on the field instead' });
  }
  if (Array.isArray(own(node, 'items'))) {
    out.push({ kind: 'keyword', path: field(path, 'items'), message: `${field(path, 'items')} must be one schema, not a list of schemas (tuples are not supported)` });
  }
}

function checkStructuralNode(node: { [key: string]: any }, path: string, pos: Position, out: StructuralIssue[]): void {
  const type = own(node, 'type');
  const intOrString = own(node, 'x-kubernetes-int-or-string') === true;
  const preserve = own(node, 'x-kubernetes-preserve-unknown-fields') === true;
  if (type !== undefined && type !== 'null' && (typeof type !== 'string' || !OPENAPI_TYPES.includes(type))) {
    out.push({
      kind: 'type',
      path: field(path, 'type'),
      message: `${field(path, 'type')} ${JSON.stringify(type)} must be one of ${OPENAPI_TYPES.map(t => `"${t}"`).join(', ')}`,
    });
    return;
  }
  if ((type === undefined || type === '') && !intOrString && !preserve && !pos.root) {
    out.push({
      kind: 'type',
      path: field(path, 'type'),
      message: `${field(path, 'type')} is missing: every field of a structural schema must declare its type`,
      hint: 'add a type, or x-kubernetes-preserve-unknown-fields: true to accept any value, or x-kubernetes-int-or-string: true',
    });
  }
  const properties = own(node, 'properties');
  if (isObject(properties) && Object.keys(properties).length > 0 && typeof type === 'string' && type !== '' && type !== 'object') {
    out.push({ kind: 'type', path: field(path, 'type'), message: `${field(path, 'type')} "${type}" must be "object": the node has properties` });
  }
  const items = own(node, 'items');
  if (items !== undefined && typeof type === 'string' && type !== '' && type !== 'array') {
    out.push({ kind: 'type', path: field(path, 'type'), message: `${field(path, 'type')} "${type}" must be "array": the node has items` });
  }
  if (type === 'array' && items === undefined) {
    out.push({ kind: 'type', path: field(path, 'items'), message: `${field(path, 'items')} is missing: a structural array must declare the schema of its items` });
  }
  const additional = own(node, 'additionalProperties');
  if (isObject(properties) && Object.keys(properties).length > 0 && (additional === false || isObject(additional))) {
    out.push({
      kind: 'type',
      path: field(path, 'additionalProperties'),
      message: `${field(path, 'additionalProperties')} and properties are mutually exclusive`,
      hint: 'properties describe a struct, additionalProperties a map: pick one',
    });
  }
}

function checkExtensions(node: { [key: string]: any }, path: string, out: StructuralIssue[]): void {
  const type = own(node, 'type');
  const preserve = own(node, 'x-kubernetes-preserve-unknown-fields');
  if (preserve !== undefined && preserve !== true) {
    out.push({
      kind: 'extension',
      path: field(path, 'x-kubernetes-preserve-unknown-fields'),
      message: `${field(path, 'x-kubernetes-preserve-unknown-fields')} ${JSON.stringify(preserve)} must be true or absent`,
      hint: 'remove it: fields are pruned unless it is true',
    });
  }
  for (const flag of ['x-kubernetes-int-or-string', 'x-kubernetes-embedded-resource']) {
    const value = own(node, flag);
    if (value !== undefined && typeof value !== 'boolean') {
      out.push({ kind: 'extension', path: field(path, flag), message: `${field(path, flag)} ${JSON.stringify(value)} must be a boolean` });
    }
  }
  if (own(node, 'x-kubernetes-int-or-string') === true && typeof type === 'string' && type !== '') {
    out.push({
      kind: 'extension',
      path: field(path, 'type'),
      message: `${field(path, 'type')} "${type}" must be absent when x-kubernetes-int-or-string is true`,
      hint: 'drop type, or use anyOf: [{type: integer}, {type: string}]',
    });
  }
  if (own(node, 'x-kubernetes-embedded-resource') === true) {
    if (type !== 'object') {
      out.push({ kind: 'extension', path: field(path, 'type'), message: `${field(path, 'type')} must be "object" when x-kubernetes-embedded-resource is true` });
    } else if (!isObject(own(node, 'properties')) && preserve !== true) {
      out.push({
        kind: 'extension',
        path: field(path, 'x-kubernetes-embedded-resource'),
        message: `${field(path, 'x-kubernetes-embedded-resource')} needs properties or x-kubernetes-preserve-unknown-fields: true`,
      });
    }
  }
  const mapType = own(node, 'x-kubernetes-map-type');
  if (mapType !== undefined) {
    if (typeof mapType !== 'string' || !MAP_TYPES.includes(mapType)) {
      out.push({ kind: 'extension', path: field(path, 'x-kubernetes-map-type'), message: `${field(path, 'x-kubernetes-map-type')} ${JSON.stringify(mapType)} must be "atomic" or "granular"` });
    }
    if (type !== 'object') {
      out.push({ kind: 'extension', path: field(path, 'type'), message: `${field(path, 'type')} must be "object" when x-kubernetes-map-type is set` });
    }
  }
  checkListExtensions(node, path, out);
}

function checkListExtensions(node: { [key: string]: any }, path: string, out: StructuralIssue[]): void {
  const type = own(node, 'type');
  const listType = own(node, 'x-kubernetes-list-type');
  const keys = own(node, 'x-kubernetes-list-map-keys');
  const items = own(node, 'items');
  const listTypePath = field(path, 'x-kubernetes-list-type');
  const keysPath = field(path, 'x-kubernetes-list-map-keys');
  if (listType !== undefined) {
    if (typeof listType !== 'string' || !LIST_TYPES.includes(listType)) {
      out.push({ kind: 'extension', path: listTypePath, message: `${listTypePath} ${JSON.stringify(listType)} must be one of "atomic", "set", "map"` });
    }
    if (type !== 'array') {
      out.push({ kind: 'extension', path: field(path, 'type'), message: `${field(path, 'type')} must be "array" when x-kubernetes-list-type is set` });
    }
  }
  if (keys !== undefined && !(Array.isArray(keys) && keys.every(k => typeof k === 'string'))) {
    out.push({ kind: 'extension', path: keysPath, message: `${keysPath} must be a list of property names` });
    return;
  }
  const keyList: string[] = Array.isArray(keys) ? keys : [];
  if (keyList.length > 0 && listType !== 'map') {
    out.push({ kind: 'extension', path: listTypePath, message: `${listTypePath} must be "map" when x-kubernetes-list-map-keys is set` });
  }
  if ((listType === 'map' || listType === 'set') && own(items, 'nullable') === true) {
    out.push({ kind: 'extension', path: field(field(path, 'items'), 'nullable'), message: `${field(field(path, 'items'), 'nullable')} must not be true in a list of type ${listType}` });
  }
  if (listType === 'set' && isObject(items)) {
    const itemType = own(items, 'type');
    if (itemType === 'object' && own(items, 'x-kubernetes-map-type') !== 'atomic') {
      out.push({ kind: 'extension', path: field(field(path, 'items'), 'x-kubernetes-map-type'), message: `${field(field(path, 'items'), 'x-kubernetes-map-type')} must be "atomic" for objects in a list of type set` });
    }
    if (itemType === 'array' && own(items, 'x-kubernetes-list-type') !== undefined && own(items, 'x-kubernetes-list-type') !== 'atomic') {
      out.push({ kind: 'extension', path: field(field(path, 'items'), 'x-kubernetes-list-type'), message: `${field(field(path, 'items'), 'x-kubernetes-list-type')} must be "atomic" for lists in a list of type set` });
    }
  }
  if (listType !== 'map') return;
  if (keyList.length === 0) {
    out.push({ kind: 'extension', path: keysPath, message: `${keysPath} must name at least one key property when x-kubernetes-list-type is map` });
  }
  if (!isObject(items) || own(items, 'type') !== 'object') {
    out.push({ kind: 'extension', path: field(path, 'items'), message: `${field(path, 'items')} must be a schema of type object when x-kubernetes-list-type is map` });
    return;
  }
  const itemProperties = own(items, 'properties');
  const required = own(items, 'required');
  const seen = new Set<string>();
  for (const key of keyList) {
    if (seen.has(key)) out.push({ kind: 'extension', path: keysPath, message: `${keysPath} lists ${JSON.stringify(key)} twice` });
    seen.add(key);
    const keySchema = own(itemProperties, key);
    const keySchemaPath = keyPath(field(field(path, 'items'), 'properties'), key);
    if (!isObject(keySchema)) {
      out.push({ kind: 'extension', path: keysPath, message: `${keysPath} names ${JSON.stringify(key)}, which is not a property of the items` });
      continue;
    }
    const keyType = own(keySchema, 'type');
    if (keyType === 'object' || keyType === 'array') {
      out.push({ kind: 'extension', path: field(keySchemaPath, 'type'), message: `${field(keySchemaPath, 'type')} must be a scalar type: it is a key of a list of type map` });
    }
    if (!(Array.isArray(required) && required.includes(key)) && !Object.prototype.hasOwnProperty.call(keySchema, 'default')) {
      out.push({
        kind: 'extension',
        path: keySchemaPath,
        message: `${keySchemaPath} must be required or have a default: it is a key of a list of type map`,
        hint: `add ${JSON.stringify(key)} to ${field(field(path, 'items'), 'required')}`,
      });
    }
    if (own(keySchema, 'nullable') === true) {
      out.push({ kind: 'extension', path: field(keySchemaPath, 'nullable'), message: `${field(keySchemaPath, 'nullable')} must not be true: it is a key of a list of type map` });
    }
  }
}

function checkJunctorNode(node: { [key: string]: any }, path: string, pos: Position, out: StructuralIssue[]): void {
  for (const key of FORBIDDEN_IN_JUNCTORS) {
    if (!Object.prototype.hasOwnProperty.call(node, key) || isZero(own(node, key))) continue;
    out.push({
      kind: 'junctor',
      path: field(path, key),
      message: `${field(path, key)} is not allowed inside allOf/anyOf/oneOf/not`,
      hint: 'declare it on the field itself (the structural part of the schema); junctors may only add value validations',
    });
  }
  if (pos.root && isObject(own(node, 'properties')) && Object.prototype.hasOwnProperty.call(own(node, 'properties'), 'metadata')) {
    out.push({
      kind: 'junctor',
      path: keyPath(field(path, 'properties'), 'metadata'),
      message: `${keyPath(field(path, 'properties'), 'metadata')} must not be restricted inside allOf/anyOf/oneOf/not`,
    });
  }
}

/** `anyOf: [{type: integer}, {type: string}]`, the one shape Kubernetes allows for int-or-string. */
function isIntOrStringAnyOf(anyOf: unknown): boolean {
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return false;
  const types = anyOf.map(branch => (isObject(branch) && Object.keys(branch).length === 1 ? own(branch, 'type') : undefined));
  return types.includes('integer') && types.includes('string');
}

function withoutKey(obj: { [key: string]: any }, key: string): { [key: string]: any } {
  const copy: { [key: string]: any } = Object.create(null);
  for (const k of Object.keys(obj)) {
    if (k !== key) Object.defineProperty(copy, k, { value: own(obj, k), enumerable: true });
  }
  return copy;
}

/** Go's zero values count as "not set" in the checks Kubernetes runs on typed structs. */
function isZero(value: unknown): boolean {
  return value === undefined || value === null || value === false || value === '' || value === 0
    || (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);
}

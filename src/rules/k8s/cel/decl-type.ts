/**
 * The CEL type Kubernetes declares for a schema node: a port of
 * `SchemaDeclType` (k8s.io/apiserver pkg/cel/common/schemas.go, Kubernetes
 * 1.36), with the sizes it derives from maxLength, maxItems and
 * maxProperties (`estimateMax*`), which the cost estimator reads. Property
 * names are escaped as `Escape` does (pkg/cel/escaping.go); a property whose
 * name cannot be escaped, or whose schema has no type, is not declared, so no
 * rule can select it.
 */
import { isObject, own } from '../../../model/manifest';
import { celEscape } from '../cel';

/** k8s.io/apiserver pkg/apis/cel/config.go: MaxRequestSizeBytes. */
export const MAX_REQUEST_SIZE_BYTES = 3 * 1024 * 1024;
// k8s.io/apiserver pkg/cel/limits.go.
const MAX_DURATION_SIZE_JSON = 32;
const MAX_DATETIME_SIZE_JSON = 32;
const MIN_DURATION_SIZE_JSON = 3;
const JSON_DATE_SIZE = 12;
const MIN_DATETIME_SIZE_JSON = 21;
const MIN_STRING_SIZE = 2;
const MIN_BOOL_SIZE = 4;
const MIN_NUMBER_SIZE = 1;

/** The CEL types a schema leaf can have. */
export type SimpleCelType = 'int' | 'double' | 'bool' | 'string' | 'bytes' | 'dyn' | 'google.protobuf.Duration' | 'google.protobuf.Timestamp';

export interface DeclField {
  readonly type: DeclType;
  /** The property's name in the schema (the field's name is its escape). */
  readonly schemaName: string;
}

/** What every DeclType says of its size. */
interface Sized {
  /** MaxElements: the most items, properties or bytes (characters times 4) the node can hold. */
  readonly maxElements: number;
  readonly minSerializedSize: number;
  /** The keyword that would bound maxElements, when the schema leaves it out and it is estimated from the request size. */
  readonly unboundedBy?: 'maxItems' | 'maxProperties' | 'maxLength';
}

export type DeclType =
  | Sized & { readonly kind: 'simple'; readonly cel: SimpleCelType }
  | Sized & { readonly kind: 'list'; readonly elem: DeclType }
  | Sized & { readonly kind: 'map'; readonly elem: DeclType }
  | Sized & { readonly kind: 'object'; readonly fields: ReadonlyMap<string, DeclField> };

const MAX_DEPTH = 100;

function simple(cel: SimpleCelType, minSerializedSize: number, maxElements = 0, unbounded = false): DeclType {
  return { kind: 'simple', cel, maxElements, minSerializedSize, ...(unbounded ? { unboundedBy: 'maxLength' as const } : {}) };
}

function zeroIfNegative(v: number): number {
  return v < 0 ? 0 : v;
}

function numberOf(schema: unknown, key: string): number | undefined {
  const value = own(schema, key);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** estimateMaxStringLengthPerRequest. */
function maxStringLengthPerRequest(schema: unknown): number {
  if (own(schema, 'x-kubernetes-int-or-string') === true) return MAX_REQUEST_SIZE_BYTES - 2;
  switch (own(schema, 'format')) {
    case 'duration': return MAX_DURATION_SIZE_JSON;
    case 'date': return JSON_DATE_SIZE;
    case 'date-time': return MAX_DATETIME_SIZE_JSON;
    default: return MAX_REQUEST_SIZE_BYTES - 2;
  }
}

/** estimateMaxElementsFromMaxLength: a character is up to 4 bytes. */
function maxElementsFromMaxLength(maxLength: number): number {
  return zeroIfNegative(maxLength) * 4;
}

/** WithTypeAndObjectMeta: the root of a resource always has kind, apiVersion and metadata.name/generateName. */
function withTypeAndObjectMeta(properties: { [key: string]: any }): { [key: string]: any } {
  const isString = (s: unknown): boolean => own(s, 'type') === 'string';
  const metadata = own(properties, 'metadata');
  if (isString(own(properties, 'kind')) && isString(own(properties, 'apiVersion')) && own(metadata, 'type') === 'object'
    && isString(own(own(metadata, 'properties'), 'name')) && isString(own(own(metadata, 'properties'), 'generateName'))) {
    return properties;
  }
  // No prototype, so any key (even __proto__) is an own property; kind, apiVersion and metadata,
  // which a schema may state too, are replaced, as WithTypeAndObjectMeta replaces them.
  const out: { [key: string]: any } = Object.create(null);
  for (const key of Object.keys(properties)) out[key] = own(properties, key);
  const str = { type: 'string' };
  out.kind = str;
  out.apiVersion = str;
  out.metadata = { type: 'object', properties: { name: str, generateName: str } };
  return out;
}

/**
 * The DeclType of `schema`, or undefined where SchemaDeclType returns nil
 * (no type, an array without items...). `isResourceRoot` for the root of
 * the CRD's schema and for x-kubernetes-embedded-resource nodes.
 */
export function schemaDeclType(schema: unknown, isResourceRoot: boolean, depth = 0): DeclType | undefined {
  if (!isObject(schema) || depth > MAX_DEPTH) return undefined;
  if (own(schema, 'x-kubernetes-int-or-string') === true) {
    const maxLength = numberOf(schema, 'maxLength');
    return simple('dyn', 1, maxLength !== undefined ? maxElementsFromMaxLength(maxLength) : maxStringLengthPerRequest(schema), maxLength === undefined);
  }
  switch (own(schema, 'type')) {
    case 'array': {
      const items = own(schema, 'items');
      if (!isObject(items)) return undefined;
      const elem = schemaDeclType(items, own(items, 'x-kubernetes-embedded-resource') === true, depth + 1);
      if (elem === undefined) return undefined;
      const maxItems = numberOf(schema, 'maxItems');
      // estimateMaxArrayItemsFromMinSize
      const max = maxItems !== undefined ? zeroIfNegative(maxItems) : Math.floor((MAX_REQUEST_SIZE_BYTES - 2) / (elem.minSerializedSize + 1));
      return { kind: 'list', elem, maxElements: max, minSerializedSize: 2, ...(maxItems === undefined ? { unboundedBy: 'maxItems' as const } : {}) };
    }
    case 'object': {
      const additional = own(schema, 'additionalProperties');
      if (isObject(additional)) {
        const elem = schemaDeclType(additional, own(additional, 'x-kubernetes-embedded-resource') === true, depth + 1);
        if (elem === undefined) return undefined;
        const maxProperties = numberOf(schema, 'maxProperties');
        // estimateMaxAdditionalPropertiesFromMinSize
        const max = maxProperties !== undefined
          ? zeroIfNegative(maxProperties)
          : Math.floor((MAX_REQUEST_SIZE_BYTES - 2) / (elem.minSerializedSize + 6));
        return { kind: 'map', elem, maxElements: max, minSerializedSize: 2, ...(maxProperties === undefined ? { unboundedBy: 'maxProperties' as const } : {}) };
      }
      let properties = own(schema, 'properties');
      if (!isObject(properties)) properties = Object.create(null) as { [key: string]: any };
      if (isResourceRoot) properties = withTypeAndObjectMeta(properties);
      const requiredList = own(schema, 'required');
      const required = new Set(Array.isArray(requiredList) ? requiredList.filter(r => typeof r === 'string') : []);
      const fields = new Map<string, DeclField>();
      let minSerializedSize = 2;
      for (const name of Object.keys(properties)) {
        const prop = own(properties, name);
        const type = schemaDeclType(prop, own(prop, 'x-kubernetes-embedded-resource') === true, depth + 1);
        if (type === undefined) continue;
        const escaped = celEscape(name);
        if (escaped !== undefined) fields.set(escaped, { type, schemaName: name });
        if (required.has(name) && own(prop, 'default') === undefined) minSerializedSize += name.length + type.minSerializedSize + 4;
      }
      return { kind: 'object', fields, maxElements: 0, minSerializedSize };
    }
    case 'string': {
      const maxLength = numberOf(schema, 'maxLength');
      switch (own(schema, 'format')) {
        case 'byte': return simple('bytes', MIN_STRING_SIZE, maxLength !== undefined ? zeroIfNegative(maxLength) : maxStringLengthPerRequest(schema), maxLength === undefined);
        case 'duration': return simple('google.protobuf.Duration', MIN_DURATION_SIZE_JSON, maxStringLengthPerRequest(schema));
        case 'date': return simple('google.protobuf.Timestamp', JSON_DATE_SIZE, maxStringLengthPerRequest(schema));
        case 'date-time': return simple('google.protobuf.Timestamp', MIN_DATETIME_SIZE_JSON, maxStringLengthPerRequest(schema));
      }
      const enumValues = own(schema, 'enum');
      if (maxLength !== undefined) return simple('string', MIN_STRING_SIZE, maxElementsFromMaxLength(maxLength));
      if (Array.isArray(enumValues) && enumValues.length > 0) {
        // estimateMaxStringEnumLength: the longest enum value, in bytes.
        return simple('string', MIN_STRING_SIZE, enumValues.reduce((m: number, v: unknown) => (typeof v === 'string' ? Math.max(m, Buffer.byteLength(v)) : m), 0));
      }
      return simple('string', MIN_STRING_SIZE, maxStringLengthPerRequest(schema), true);
    }
    case 'boolean': return simple('bool', MIN_BOOL_SIZE);
    case 'number': return simple('double', MIN_NUMBER_SIZE);
    case 'integer': return simple('int', MIN_NUMBER_SIZE);
  }
  return undefined;
}

/** The type a rule's `self` has inside `parent` at a step (a property's escaped name, or items/values). */
export function childDeclType(parent: DeclType | undefined, step: { readonly property: string } | 'items' | 'additionalProperties'): DeclType | undefined {
  if (parent === undefined) return undefined;
  if (step === 'items') return parent.kind === 'list' ? parent.elem : undefined;
  if (step === 'additionalProperties') return parent.kind === 'map' ? parent.elem : undefined;
  if (parent.kind !== 'object') return undefined;
  const escaped = celEscape(step.property);
  return escaped === undefined ? undefined : parent.fields.get(escaped)?.type;
}

const keys = new WeakMap<DeclType, string>();

/** A canonical text of a DeclType: equal texts declare equal types (the key of the compile cache), computed once per DeclType. */
export function declTypeKey(t: DeclType): string {
  let key = keys.get(t);
  if (key === undefined) keys.set(t, key = keyOf(t));
  return key;
}

function keyOf(t: DeclType): string {
  switch (t.kind) {
    case 'simple': return t.cel;
    case 'list': return `list<${declTypeKey(t.elem)}>`;
    case 'map': return `map<${declTypeKey(t.elem)}>`;
    case 'object': return `{${[...t.fields.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, f]) => `${k}:${declTypeKey(f.type)}`).join(',')}}`;
  }
}

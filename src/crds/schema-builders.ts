/**
 * Tiny builders for OpenAPI v3 (structural) schema nodes, so the CRD modules
 * read as a description of the API rather than as nested object literals.
 *
 * Every builder returns a brand-new object and copies the arrays it is given:
 * callers are allowed to mutate what the CRD functions return.
 */

/** One node of an `openAPIV3Schema` (JSONSchemaProps). */
export type JsonSchema = { [key: string]: any };

/** One CEL rule as it appears under `x-kubernetes-validations`. */
export interface CelRule {
  readonly rule: string;
  readonly message: string;
}

/** Keywords a builder accepts besides the ones it sets itself. */
export interface SchemaOptions {
  readonly description?: string;
  /** Anything else (`pattern`, `default`, `format`, `x-kubernetes-*` ...), copied as is. */
  readonly [keyword: string]: unknown;
}

/** Like {@link SchemaOptions}, for objects. */
export interface ObjectOptions extends SchemaOptions {
  /** Names of required properties; omitted from the output when empty. */
  readonly required?: readonly string[];
}

function withOptions(base: JsonSchema, options: SchemaOptions): JsonSchema {
  const out: JsonSchema = { ...base };
  for (const [key, value] of Object.entries(options)) {
    if (value !== undefined) {
      out[key] = Array.isArray(value) ? [...value] : value;
    }
  }
  return out;
}

export function string(options: SchemaOptions = {}): JsonSchema {
  return withOptions({ type: 'string' }, options);
}

export function boolean(options: SchemaOptions = {}): JsonSchema {
  return withOptions({ type: 'boolean' }, options);
}

export function integer(options: SchemaOptions = {}): JsonSchema {
  return withOptions({ type: 'integer' }, options);
}

/** A string restricted to `values`. */
export function stringEnum(values: readonly string[], options: SchemaOptions = {}): JsonSchema {
  return withOptions({ type: 'string', enum: [...values] }, options);
}

/** An object with known properties; with none, a free-form object (such as `metadata`). */
export function object(properties: { [name: string]: JsonSchema }, options: ObjectOptions = {}): JsonSchema {
  const { required, ...rest } = options;
  const base: JsonSchema = Object.keys(properties).length > 0 ? { type: 'object', properties: { ...properties } } : { type: 'object' };
  const out = withOptions(base, rest);
  if (required && required.length > 0) {
    out.required = [...required];
  }
  return out;
}

/** An object whose content the server keeps without pruning and replaces as a whole on apply. */
export function opaqueObject(options: SchemaOptions = {}): JsonSchema {
  return withOptions({
    'type': 'object',
    'x-kubernetes-map-type': 'atomic',
    'x-kubernetes-preserve-unknown-fields': true,
  }, options);
}

/** A map from string keys to values of one schema. */
export function map(values: JsonSchema, options: SchemaOptions = {}): JsonSchema {
  return withOptions({ type: 'object', additionalProperties: values }, options);
}

export function array(items: JsonSchema, options: SchemaOptions = {}): JsonSchema {
  return withOptions({ type: 'array', items }, options);
}

/** An array replaced as a whole on server-side apply. */
export function atomicList(items: JsonSchema, options: SchemaOptions = {}): JsonSchema {
  return array(items, { ...options, 'x-kubernetes-list-type': 'atomic' });
}

/** An array of objects merged by the given key fields on server-side apply. */
export function mapList(items: JsonSchema, keys: readonly string[], options: SchemaOptions = {}): JsonSchema {
  return array(items, {
    ...options,
    'x-kubernetes-list-type': 'map',
    'x-kubernetes-list-map-keys': [...keys],
  });
}

/** Adds CEL rules to a schema node (after any it already has). */
export function validated(schema: JsonSchema, ...rules: readonly CelRule[]): JsonSchema {
  const existing: CelRule[] = Array.isArray(schema['x-kubernetes-validations']) ? schema['x-kubernetes-validations'] : [];
  return {
    ...schema,
    'x-kubernetes-validations': [...existing, ...rules].map(r => ({ rule: r.rule, message: r.message })),
  };
}

/** The CEL transition rule that forbids changing a field once set. */
export const IMMUTABLE_RULE = 'self == oldSelf';

/** A field that may not change once set (`x-kubernetes-validations: [{rule: self == oldSelf}]`). */
export function immutable(message: string): CelRule {
  return { rule: IMMUTABLE_RULE, message };
}

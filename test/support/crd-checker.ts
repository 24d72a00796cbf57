/**
 * A second opinion on our manifests, independent of the rules engine: it does
 * what a Kubernetes API server does with an object of one of our CRDs, using
 * the `openAPIV3Schema` that `src/crds` emits, ajv for the OpenAPI part and a
 * real CEL implementation (@bufbuild/cel) for `x-kubernetes-validations`.
 *
 * The server's order is followed: unknown fields are pruned (never errors),
 * nulls in non-nullable fields without a default are dropped, defaults are
 * applied, then the schema, the list types and the CEL rules are checked.
 *
 * Known simplifications, all in the lenient direction (the engine may be
 * stricter, never the other way round):
 * - `metadata` is not checked (the server validates ObjectMeta separately);
 *   CEL sees only `metadata.name` and `metadata.generateName`, as on a server.
 * - Strings with `format: byte`/`date-time` are strings in CEL, not bytes or
 *   timestamps (none of our rules reads such a field).
 * - Property names are not CEL-escaped (none of our rules needs it).
 */
import { celEnv, isCelError, parse, plan } from '@bufbuild/cel';
import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { apiServiceExportCrd, boundSchemaCrd, instanceSchema } from '../../src/crds';

/** The kind/versions our CRDs serve. */
export type CheckedKindVersion = 'APIServiceExport/v1alpha1' | 'APIServiceExport/v1alpha2' | 'BoundSchema/v1alpha2';

export const CHECKED_KIND_VERSIONS: readonly CheckedKindVersion[] = ['APIServiceExport/v1alpha1', 'APIServiceExport/v1alpha2', 'BoundSchema/v1alpha2'];

/** One reason the server would refuse the object. */
export interface CrdFailure {
  /** `schema` for the OpenAPI part (types, required, enum, pattern, formats, list types), `cel` for a CEL rule. */
  readonly source: 'schema' | 'cel';
  /** Field path in kubectl's notation, e.g. `spec.versions[0].name`; `''` for the root. */
  readonly path: string;
  readonly message: string;
  /** The CEL expression, for `cel` failures. */
  readonly rule?: string;
}

export interface CheckOptions {
  /** The kube-bind API group; `kube-bind.io` by default. */
  readonly group?: string;
  /** The object as it was before an update: transition rules (those that use `oldSelf`) run only with it. */
  readonly oldObject?: unknown;
}

type Json = any;
type Schema = { [key: string]: any };

const DEFAULT_GROUP = 'kube-bind.io';

/** `APIServiceExport/v1alpha2` for a manifest of `group`, read without the rules engine. */
export function kindVersionOfManifest(manifest: unknown, group = DEFAULT_GROUP): CheckedKindVersion | undefined {
  if (!isPlainObject(manifest)) return undefined;
  const apiVersion = ownValue(manifest, 'apiVersion');
  const kind = ownValue(manifest, 'kind');
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !apiVersion.startsWith(`${group}/`)) return undefined;
  const kv = `${kind}/${apiVersion.slice(group.length + 1)}`;
  return (CHECKED_KIND_VERSIONS as readonly string[]).includes(kv) ? kv as CheckedKindVersion : undefined;
}

/**
 * Every reason the server would refuse `manifest` as a `kv` object. An empty
 * list means the server accepts it.
 */
export function checkAgainstCrd(manifest: unknown, kv: CheckedKindVersion, options: CheckOptions = {}): CrdFailure[] {
  const group = options.group ?? DEFAULT_GROUP;
  const schema = compiledSchema(`${group} ${kv}`, () => instanceSchema(kv, group));
  return checkAgainstSchema(statusAsWritten(manifest, options.oldObject, servesStatus(kv, group)), schema, options.oldObject);
}

/** Whether our CRD serves `kv` with the status subresource, read from its version entry. */
function servesStatus(kv: CheckedKindVersion, group: string): boolean {
  const [kind, version] = kv.split('/');
  const crd = kind === 'BoundSchema' ? boundSchemaCrd(group) : apiServiceExportCrd(group);
  const entry = crd.spec.versions.find((v: Schema) => v.name === version);
  return isPlainObject(entry?.subresources?.status);
}

/**
 * What the server validates of a create or an update of the main resource of a
 * kind with the status subresource: apiextensions-apiserver's
 * customResourceStrategy.PrepareForCreate deletes `.status`, and PrepareForUpdate
 * puts the stored object's status in its place (pkg/registry/customresource/strategy.go).
 */
function statusAsWritten(manifest: unknown, oldObject: unknown, status: boolean): unknown {
  if (!status || !isPlainObject(manifest)) return manifest;
  const { status: _sent, ...rest } = manifest as Json;
  const stored = isPlainObject(oldObject) ? ownValue(oldObject, 'status') : undefined;
  return stored === undefined ? rest : { ...rest, status: stored };
}

/** A schema and its ajv validator, compiled once. */
export interface CompiledSchema {
  readonly schema: Schema;
  readonly validate: ValidateFunction;
}

const compiled = new Map<string, CompiledSchema>();

function compiledSchema(key: string, schemaOf: () => Schema): CompiledSchema {
  let c = compiled.get(key);
  if (c === undefined) {
    c = compileSchema(schemaOf());
    compiled.set(key, c);
  }
  return c;
}

/** Compiles the `openAPIV3Schema` of a custom resource (root `metadata` is left to the server's ObjectMeta checks). */
export function compileSchema(schema: Schema): CompiledSchema {
  const properties = { ...(isPlainObject(schema.properties) ? schema.properties : {}) };
  delete properties.metadata;
  return { schema, validate: ajv().compile(toAjvSchema({ ...schema, properties })) };
}

/** The same checks as `checkAgainstCrd`, against any custom resource schema. */
export function checkAgainstSchema(manifest: unknown, schema: CompiledSchema, oldObject?: unknown): CrdFailure[] {
  if (!isPlainObject(manifest)) return [{ source: 'schema', path: '', message: 'must be an object' }];
  const object = admit(manifest, schema.schema);
  const old = isPlainObject(oldObject) ? admit(oldObject, schema.schema) : undefined;
  const errors = schemaErrors(schema.validate, object);
  const failures = [...errors.map(toFailure), ...listTypeFailures(object, schema.schema, '')];
  if (errors.some(e => BLOCKING_KEYWORDS.includes(e.keyword))) {
    return [...failures, { source: 'schema', path: '', message: CEL_SKIPPED }];
  }
  return [...failures, ...celFailures(object, old, schema.schema, '', true)];
}

/**
 * The schema errors after which the server does not run the CEL rules
 * (apiextensions' hasBlockingErr: NotSupported, Required, TooLong, TooMany,
 * TypeInvalid), as ajv keywords.
 */
const BLOCKING_KEYWORDS = ['enum', 'required', 'maxLength', 'maxItems', 'maxProperties', 'type'];

/** What the server says instead of evaluating CEL rules on an object with blocking errors. */
export const CEL_SKIPPED = 'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation';

/** What the server stores before validating: a copy, pruned, nulls dropped, defaulted. */
function admit(manifest: Json, schema: Schema): Json {
  const copy = JSON.parse(JSON.stringify(manifest));
  const { metadata, ...rest } = copy;
  const admitted = prune(rest, schema);
  const hasMetadata = Object.prototype.hasOwnProperty.call(copy, 'metadata');
  return hasMetadata ? defineKey(admitted, 'metadata', metadata) : admitted;
}

/** Structural pruning, null dropping and defaulting in one pass (the server does them in this order per node). */
function prune(value: Json, schema: Schema | undefined): Json {
  if (schema === undefined) return value;
  if (Array.isArray(value)) {
    return isPlainObject(schema.items) ? value.map(v => prune(v, schema.items)) : value;
  }
  if (!isPlainObject(value)) return value;
  const properties: Schema = isPlainObject(schema.properties) ? schema.properties : {};
  const additional = isPlainObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
  const keepUnknown = schema['x-kubernetes-preserve-unknown-fields'] === true || schema.additionalProperties === true;
  const out: Json = {};
  for (const key of Object.keys(value)) {
    const declared = Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : additional;
    if (declared === undefined && !keepUnknown) continue;
    const child = value[key];
    if (child === null && declared !== undefined && declared.nullable !== true && !('default' in declared)) continue;
    defineKey(out, key, prune(child, declared));
  }
  for (const key of Object.keys(properties)) {
    const declared = properties[key];
    const missing = !Object.prototype.hasOwnProperty.call(out, key) || (out[key] === null && declared.nullable !== true);
    if (missing && isPlainObject(declared) && 'default' in declared) {
      defineKey(out, key, prune(JSON.parse(JSON.stringify(declared.default)), declared));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// The OpenAPI part, through ajv

function schemaErrors(validate: ValidateFunction, object: Json): ErrorObject[] {
  return validate(object) ? [] : [...(validate.errors ?? [])];
}

function toFailure(e: ErrorObject): CrdFailure {
  return { source: 'schema', path: ajvPath(e), message: ajvMessage(e) };
}

let sharedAjv: Ajv | undefined;

function ajv(): Ajv {
  if (sharedAjv !== undefined) return sharedAjv;
  // ownProperties: otherwise ajv reads `data.constructor` of an object without that key as Object itself.
  const instance = new Ajv({ allErrors: true, strict: false, logger: false, validateFormats: true, ownProperties: true });
  addFormats(instance, ['int32', 'int64', 'float', 'double', 'password', 'date']);
  // Go's base64 decoder skips CR and LF; otherwise standard, padded base64.
  instance.addFormat('byte', { type: 'string', validate: s => /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s.replace(/[\r\n]/g, '')) });
  instance.addFormat('date-time', { type: 'string', validate: isKubernetesDateTime });
  instance.addFormat('uri', { type: 'string', validate: isKubernetesUri });
  sharedAjv = instance;
  return instance;
}

/**
 * The date-times Kubernetes' format checker (kube-openapi strfmt) accepts:
 * RFC 3339 with or without fractional seconds and zone, and a few ISO 8601 forms.
 */
export function isKubernetesDateTime(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(x => (x === undefined ? 0 : Number(x)));
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 61;
}

/** kube-openapi's `uri` format: Go's `url.ParseRequestURI` succeeds, or a hostname. */
export function isKubernetesUri(s: string): boolean {
  if (/[\s\u0000-\u001f\u007f]/.test(s)) return false;
  if (s.startsWith('/')) return true;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(s)) {
    try {
      new URL(s);
      return true;
    } catch {
      return false;
    }
  }
  return s.length <= 255 && /^[a-zA-Z0-9]([-a-zA-Z0-9]{0,62})?(\.[a-zA-Z0-9]([-a-zA-Z0-9]{0,62})?)*$/.test(s);
}

/** The Kubernetes extensions, in plain JSON Schema terms (list types are checked apart). */
export function toAjvSchema(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(toAjvSchema);
  if (!isPlainObject(schema)) return schema;
  const out: Json = {};
  for (const key of Object.keys(schema)) {
    if (key.startsWith('x-kubernetes-') || key === 'nullable' || key === 'default' || key === 'description') continue;
    if (key === 'properties' && isPlainObject(schema.properties)) {
      out.properties = {};
      for (const name of Object.keys(schema.properties)) {
        // ajv silently drops a property named __proto__; a pattern matching exactly that name does not.
        if (name === '__proto__') out.patternProperties = { ...out.patternProperties, '^__proto__$': toAjvSchema(schema.properties[name]) };
        else defineKey(out.properties, name, toAjvSchema(schema.properties[name]));
      }
    } else {
      defineKey(out, key, toAjvSchema(schema[key]));
    }
  }
  if (schema['x-kubernetes-int-or-string'] === true) out.type = ['integer', 'string'];
  if (schema.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  }
  return out;
}

function ajvPath(e: ErrorObject): string {
  const segments = e.instancePath === '' ? [] : e.instancePath.slice(1).split('/').map(s => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (e.keyword === 'required') segments.push(String((e.params as { missingProperty: string }).missingProperty));
  return segments.reduce((path, s) => (/^\d+$/.test(s) ? `${path}[${s}]` : path === '' ? s : `${path}.${s}`), '');
}

function ajvMessage(e: ErrorObject): string {
  if (e.keyword === 'enum') return `must be one of ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`;
  if (e.keyword === 'required') return 'Required value';
  return e.message ?? e.keyword;
}

// ---------------------------------------------------------------------------
// x-kubernetes-list-type

function listTypeFailures(value: Json, schema: Schema | undefined, path: string): CrdFailure[] {
  if (!isPlainObject(schema)) return [];
  const out: CrdFailure[] = [];
  if (Array.isArray(value)) {
    const listType = schema['x-kubernetes-list-type'];
    if (listType === 'set' || listType === 'map') {
      const keys: string[] = listType === 'map' && Array.isArray(schema['x-kubernetes-list-map-keys']) ? schema['x-kubernetes-list-map-keys'] : [];
      const seen = new Set<string>();
      value.forEach((entry, i) => {
        const identity = listType === 'set' ? canonical(entry) : canonical(keys.map(k => (isPlainObject(entry) ? ownValue(entry, k) ?? null : null)));
        if (seen.has(identity)) out.push({ source: 'schema', path: `${path}[${i}]`, message: `Duplicate value: ${identity}` });
        seen.add(identity);
      });
    }
    value.forEach((entry, i) => out.push(...listTypeFailures(entry, schema.items, `${path}[${i}]`)));
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      out.push(...listTypeFailures(value[key], childSchema(schema, key), joinPath(path, key)));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// x-kubernetes-validations, evaluated by a real CEL implementation

const env = celEnv();
const plans = new Map<string, ReturnType<typeof plan> | Error>();

function planned(rule: string): ReturnType<typeof plan> | Error {
  let p = plans.get(rule);
  if (p === undefined) {
    try {
      p = plan(env, parse(rule));
    } catch (e) {
      p = e instanceof Error ? e : new Error(String(e));
    }
    plans.set(rule, p);
  }
  return p;
}

/** Whether a rule is a transition rule: the server decides by whether the expression uses `oldSelf`. */
export function isTransitionRule(rule: string): boolean {
  return /\boldSelf\b/.test(rule);
}

function celFailures(value: Json, old: Json, schema: Schema | undefined, path: string, root: boolean): CrdFailure[] {
  if (!isPlainObject(schema) || value === undefined) return [];
  const out: CrdFailure[] = [];
  const rules: Array<{ rule: string; message?: string }> = Array.isArray(schema['x-kubernetes-validations']) ? schema['x-kubernetes-validations'] : [];
  for (const { rule, message } of rules) {
    const transition = isTransitionRule(rule);
    if (transition && old === undefined) continue;
    const fn = planned(rule);
    const failure = (text: string): CrdFailure => ({ source: 'cel', path, rule, message: text });
    if (fn instanceof Error) {
      out.push(failure(`compilation error: ${fn.message}`));
      continue;
    }
    const bindings: { [name: string]: unknown } = { self: toCel(value, schema, root) };
    if (transition) bindings.oldSelf = toCel(old, schema, root);
    const result = (fn as (b: unknown) => unknown)(bindings);
    if (isCelError(result)) out.push(failure(`evaluation error: ${result.message}`));
    else if (result !== true) out.push(failure(message ?? `failed rule: ${rule}`));
  }
  if (Array.isArray(value)) {
    const oldByKey = correlateListItems(old, schema);
    value.forEach((entry, i) => out.push(...celFailures(entry, oldByKey(entry), schema.items, `${path}[${i}]`, false)));
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      if (root && key === 'metadata') continue;
      const oldChild = isPlainObject(old) ? ownValue(old, key) : undefined;
      out.push(...celFailures(value[key], oldChild, childSchema(schema, key), joinPath(path, key), false));
    }
  }
  return out;
}

/** The server correlates old and new list items only in map lists, by their keys. */
function correlateListItems(old: Json, schema: Schema): (item: Json) => Json {
  if (!Array.isArray(old) || schema['x-kubernetes-list-type'] !== 'map') return () => undefined;
  const keys: string[] = schema['x-kubernetes-list-map-keys'] ?? [];
  const identity = (entry: Json) => canonical(keys.map(k => (isPlainObject(entry) ? ownValue(entry, k) ?? null : null)));
  const byKey = new Map(old.map(entry => [identity(entry), entry]));
  return item => byKey.get(identity(item));
}

/**
 * A JSON value as CEL sees it under `schema`: objects become maps (so any key,
 * `__proto__` included, stays data), `integer` fields become CEL ints.
 */
function toCel(value: Json, schema: Schema | undefined, root = false): unknown {
  if (Array.isArray(value)) return value.map(v => toCel(v, isPlainObject(schema) ? schema.items : undefined));
  if (isPlainObject(value)) {
    const entries: Array<[string, unknown]> = [];
    for (const key of Object.keys(value)) {
      if (root && key === 'metadata') {
        const meta = value.metadata;
        const visible = ['name', 'generateName'].filter(k => isPlainObject(meta) && ownValue(meta, k) !== undefined);
        entries.push([key, new Map(visible.map(k => [k, meta[k]]))]);
      } else {
        entries.push([key, toCel(value[key], isPlainObject(schema) ? childSchema(schema, key) : undefined)]);
      }
    }
    return new Map(entries);
  }
  if (typeof value === 'number') {
    const type = isPlainObject(schema) ? schema.type : undefined;
    const integral = type === 'integer' || schema?.['x-kubernetes-int-or-string'] === true || (type === undefined && Number.isInteger(value));
    return integral && Number.isInteger(value) ? BigInt(value) : value;
  }
  return value;
}

// ---------------------------------------------------------------------------
// Small helpers

function childSchema(schema: Schema, key: string): Schema | undefined {
  if (isPlainObject(schema.properties) && Object.prototype.hasOwnProperty.call(schema.properties, key)) return schema.properties[key];
  return isPlainObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
}

function joinPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function isPlainObject(v: unknown): v is { [key: string]: any } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function ownValue(obj: { [key: string]: any }, key: string): any {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

/** Sets `key` as an own data property, `__proto__` included. */
function defineKey<T extends object>(obj: T, key: string, value: unknown): T {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  return obj;
}

/** JSON with sorted keys: equal values, equal text. */
function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isPlainObject(value)) return `{${Object.keys(value).sort().map(k => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** Every CEL rule of our CRDs, with the kind/version and the schema path it sits at. */
export function celRulesOfOurCrds(group = DEFAULT_GROUP): Array<{ kv: CheckedKindVersion; path: string; rule: string; message: string }> {
  const out: Array<{ kv: CheckedKindVersion; path: string; rule: string; message: string }> = [];
  for (const crd of [apiServiceExportCrd(group), boundSchemaCrd(group)]) {
    for (const version of crd.spec.versions) {
      const kv = `${crd.spec.names.kind}/${version.name}` as CheckedKindVersion;
      const visit = (schema: Schema, path: string): void => {
        for (const r of schema['x-kubernetes-validations'] ?? []) out.push({ kv, path, rule: r.rule, message: r.message });
        for (const [name, child] of Object.entries<Schema>(schema.properties ?? {})) visit(child, joinPath(path, name));
        if (isPlainObject(schema.items)) visit(schema.items, `${path}[*]`);
        if (isPlainObject(schema.additionalProperties)) visit(schema.additionalProperties, `${path}[*]`);
      };
      visit(version.schema.openAPIV3Schema, '');
    }
  }
  return out;
}

/**
 * Facts read back from our CRD definitions, so that the rules, the update
 * checks and `migrate` never restate what the schemas say: which fields a
 * spec has, which it requires, and which kube-bind makes immutable.
 *
 * Each answer is computed once per kind/version (the group does not change
 * the shape) and frozen.
 */
import { instanceSchema, isClusterScopedKind, servesStatusSubresource } from './index';
import { IMMUTABLE_RULE, JsonSchema } from './schema-builders';
import { KIND_VERSIONS, KindVersion } from '../model/kinds';

/** A field kube-bind's CRD marks `self == oldSelf`, with the message the server answers. */
export interface ImmutableField {
  readonly name: string;
  readonly serverMessage: string;
}

/** The schema node at `path` (property names; lists are stepped through) under the root of `kv`'s schema. */
function schemaAt(kv: KindVersion, path: readonly string[]): JsonSchema | undefined {
  if (!KIND_VERSIONS.includes(kv)) return undefined; // not one of our CRDs
  let node: JsonSchema | undefined = instanceSchema(kv);
  for (const key of path) {
    if (node === undefined) return undefined;
    node = node.type === 'array' ? node.items?.properties?.[key] : node.properties?.[key];
  }
  return node;
}

/** Like {@link schemaAt}, but the entries' schema when the node is a list. */
function nodeAt(kv: KindVersion, path: readonly string[]): JsonSchema | undefined {
  const node = schemaAt(kv, path);
  return node?.type === 'array' ? node.items : node;
}

const cache = new Map<string, unknown>();

function memo<T>(key: string, compute: () => T): T {
  if (!cache.has(key)) cache.set(key, Object.freeze(compute()));
  return cache.get(key) as T;
}

/**
 * The property names of the object at `path` in `kv`'s schema, in the
 * schema's order; `['spec', 'versions']` reaches the entries of a list.
 */
export function propertiesOf(kv: KindVersion, path: readonly string[]): readonly string[] {
  return memo(`properties ${kv} ${path.join('.')}`, () => Object.keys(nodeAt(kv, path)?.properties ?? {}));
}

/**
 * Whether `kv`'s CRD has the status subresource. The API server then drops
 * `.status` from what a create sends (apiextensions-apiserver
 * `pkg/registry/customresource/strategy.go`, `customResourceStrategy.PrepareForCreate`,
 * Kubernetes 1.36: `delete(customResource, "status")` when `a.status != nil`) and,
 * on an update of the main resource, puts the stored status back in place of the
 * one sent (`PrepareForUpdate`). Only a write to `/status` is validated against
 * the status schema (`statusStrategy.ValidateUpdate`).
 */
export function statusSubresource(kv: KindVersion): boolean {
  return memo(`status ${kv}`, () => KIND_VERSIONS.includes(kv) && servesStatusSubresource(kv));
}

/**
 * Whether `kv`'s CRD is cluster-scoped. A create or an update of such an
 * object is sent without a namespace (kubectl maps the kind to its
 * cluster-scoped path), and the API server clears whatever namespace the
 * object says before it validates it (k8s.io/apiserver
 * `pkg/registry/rest/meta.go`, `EnsureObjectNamespaceMatchesRequestNamespace`,
 * called by the create handler and by `BeforeCreate`/`BeforeUpdate`;
 * Kubernetes 1.36): the namespace is dropped, never judged.
 */
export function clusterScoped(kv: KindVersion): boolean {
  return memo(`cluster-scoped ${kv}`, () => KIND_VERSIONS.includes(kv) && isClusterScopedKind(kv));
}

/** The `required` list of the object at `path` in `kv`'s schema. */
export function requiredOf(kv: KindVersion, path: readonly string[]): readonly string[] {
  return memo(`required ${kv} ${path.join('.')}`, () => [...(nodeAt(kv, path)?.required ?? [])]);
}

/** The spec fields kube-bind makes immutable in `kv`, with the server's message for each. */
export function immutableSpecFields(kv: KindVersion): readonly ImmutableField[] {
  return memo(`immutable ${kv}`, () => {
    const properties: { [name: string]: JsonSchema } = nodeAt(kv, ['spec'])?.properties ?? {};
    const out: ImmutableField[] = [];
    for (const [name, schema] of Object.entries(properties)) {
      const rules: Array<{ rule: string; message: string }> = schema['x-kubernetes-validations'] ?? [];
      const rule = rules.find(r => r.rule === IMMUTABLE_RULE);
      if (rule !== undefined) out.push(Object.freeze({ name, serverMessage: rule.message }));
    }
    return out;
  });
}

/**
 * `value` (the field at `path` of a `kv` object) with the `default`s of our
 * CRD's schema filled in, as the API server does before it validates:
 * mirrors `Default` of apiextensions-apiserver
 * pkg/apiserver/schema/defaulting/algorithm.go (Kubernetes 1.36). A property
 * absent, or null where the schema is not nullable, gets its default; so does
 * a null map value or list item, from additionalProperties or items; and
 * defaulted values are defaulted in turn (a `status: {}` default gets its
 * `phase`). An omitted `group` of an export's resource then equals an
 * explicit `""`. Returns a copy; keys such as `__proto__` stay plain data.
 */
export function withSchemaDefaults(kv: KindVersion, path: readonly string[], value: unknown): unknown {
  return applyDefaults(schemaAt(kv, path), value, 0);
}

function applyDefaults(schema: JsonSchema | undefined, value: unknown, depth: number): unknown {
  if (schema === undefined || depth > 200) return value;
  if (Array.isArray(value)) {
    return schema.type === 'array' ? value.map(v => applyDefaults(schema.items, defaultedNull(schema.items, v), depth + 1)) : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const properties: { [name: string]: JsonSchema } = schema.properties ?? {};
  const additional: JsonSchema | undefined = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  const out: { [key: string]: unknown } = {};
  for (const key of Object.keys(value)) {
    const child = (value as { [key: string]: unknown })[key];
    const of = hasOwn.call(properties, key) ? properties[key] : additional;
    define(out, key, of === undefined ? child : applyDefaults(of, defaultedNull(of, child), depth + 1));
  }
  for (const [name, property] of Object.entries(properties)) {
    if (!hasOwn.call(value, name) && hasOwn.call(property, 'default')) define(out, name, applyDefaults(property, structuredCopy(property.default), depth + 1));
  }
  return out;
}

/** A null where `schema` is not nullable becomes its default, when it has one (`isNonNullableNull` of algorithm.go). */
function defaultedNull(schema: JsonSchema | undefined, value: unknown): unknown {
  return value === null && schema !== undefined && schema.nullable !== true && hasOwn.call(schema, 'default') ? structuredCopy(schema.default) : value;
}

const hasOwn = Object.prototype.hasOwnProperty;

function define(obj: { [key: string]: unknown }, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function structuredCopy(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

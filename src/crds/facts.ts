/**
 * Facts read back from our CRD definitions, so that the rules, the update
 * checks and `migrate` never restate what the schemas say: which fields a
 * spec has, which it requires, and which kube-bind makes immutable.
 *
 * Each answer is computed once per kind/version (the group does not change
 * the shape) and frozen.
 */
import { instanceSchema } from './index';
import { IMMUTABLE_RULE, JsonSchema } from './schema-builders';
import { KIND_VERSIONS, KindVersion } from '../rules/engine';

/** A field kube-bind's CRD marks `self == oldSelf`, with the message the server answers. */
export interface ImmutableField {
  readonly name: string;
  readonly serverMessage: string;
}

/** The schema node at `path` (property names) under the root of `kv`'s schema. */
function nodeAt(kv: KindVersion, path: readonly string[]): JsonSchema | undefined {
  if (!KIND_VERSIONS.includes(kv)) return undefined; // not one of our CRDs
  let node: JsonSchema | undefined = instanceSchema(kv);
  for (const key of path) {
    if (node === undefined) return undefined;
    node = node.type === 'array' ? node.items?.properties?.[key] : node.properties?.[key];
  }
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

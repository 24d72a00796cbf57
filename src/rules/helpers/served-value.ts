/**
 * A value of a kube-bind object as the API server validates it: `null`
 * fields pruned and the defaults of kube-bind's CRD applied (structural
 * defaulting, before validation), so that an omitted field with a default
 * equals the default written out. Read by the update rules (CEL transition
 * rules compare such values) and by ratcheting (custom-resource-ratchet.ts).
 */
import { withSchemaDefaults } from '../../crds/facts';
import { KindVersion } from '../../model/kinds';
import { isObject } from '../../model/manifest';

/** A copy of `value`, the field at `path` of a `kv` object, as the server validates it. */
export function servedValue(kv: KindVersion, path: readonly string[], value: unknown): unknown {
  return withSchemaDefaults(kv, path, pruneNulls(value, 0));
}

function define(obj: { [key: string]: unknown }, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function pruneNulls(value: unknown, depth: number): unknown {
  if (depth > 200) return value;
  if (Array.isArray(value)) return value.map(v => pruneNulls(v, depth + 1));
  if (!isObject(value)) return value;
  const out: { [key: string]: unknown } = {};
  for (const k of Object.keys(value)) {
    if (value[k] !== null) define(out, k, pruneNulls(value[k], depth + 1));
  }
  return out;
}

/**
 * Keeps the users' OpenAPI schemas data all the way into the output.
 *
 * cdk8s renders an ApiObject through `resolve` and `sanitizeValue`, which copy
 * every key with `obj[key] = value`: a schema property named `__proto__` then
 * sets the copy's prototype and vanishes from the output, one named
 * `constructor` makes `sanitizeValue` throw ("can't render non-simple object
 * of type 'undefined'"), and an object holding both `constructor` and `value`
 * (a `default` or `example`, say) is mistaken for an IntOrString union and
 * cut down to `{ value }`. Nothing in the schema is a token, so it does not
 * need resolving at all.
 *
 * The only step of `ApiObject.toJson()` after `sanitizeValue` is the JSON
 * patches, whose operations cdk8s deep-copies with JSON.parse, which defines
 * every key as an own property. So the spec the L1 object resolves carries
 * its versions without schemas, and the object's first patch puts
 * `spec.versions` back in full, rendered the way `sanitizeValue` would render
 * it (keys sorted unless CDK8S_DISABLE_SORT is set, null fields dropped).
 * Patches added later by users (`ApiObject.of(x).addJsonPatch`) apply after
 * it, to the real schemas.
 */
import { ApiObject, JsonPatch, Lazy, resolve } from 'cdk8s';

type Spec = { [key: string]: any };

/**
 * The `spec` prop for an L1 object whose `spec.versions[*].schema` holds
 * user schemas: `render()` at synth time, without the schemas. Use together
 * with `keepSchemasAsData` on the same object.
 */
export function lazySpecWithoutSchemas(render: () => Spec): any {
  return Lazy.any({ produce: () => withoutSchemas(render()) });
}

/**
 * Makes `resource` output `render().versions` with the schemas exactly as
 * given. Call right after creating the L1 object, before any other patch.
 */
export function keepSchemasAsData(resource: ApiObject, render: () => Spec): void {
  resource.addJsonPatch(JsonPatch.add('/spec/versions', { toJSON: () => versionsAsData(resource, render()) }));
}

/**
 * Makes `resource` output `render()` as its whole `spec`, as data. For specs
 * made of plain values only (no tokens), such as an export's, whose claims
 * carry user label keys (`constructor` is a valid one). The L1 object's own
 * `spec` prop is only a placeholder then.
 */
export function keepSpecAsData(resource: ApiObject, render: () => Spec): void {
  resource.addJsonPatch(JsonPatch.add('/spec', { toJSON: () => sanitize(render()) }));
}

function withoutSchemas(spec: Spec): Spec {
  if (!Array.isArray(spec.versions)) return spec;
  return { ...spec, versions: spec.versions.map(stripSchema) };
}

function stripSchema(version: unknown): unknown {
  if (!isPlainObject(version)) return version;
  const { schema, ...rest } = version;
  return rest;
}

/** The versions as cdk8s would render them, tokens resolved, with each schema copied as plain data. */
function versionsAsData(resource: ApiObject, spec: Spec): unknown {
  const versions = spec.versions;
  if (!Array.isArray(versions)) return sanitize(resolve(['spec', 'versions'], versions, resource));
  const resolved: unknown[] = resolve(['spec', 'versions'], versions.map(stripSchema), resource);
  return sanitize(resolved.map((version, i) => {
    const original = versions[i];
    if (!isPlainObject(version) || !isPlainObject(original) || !Object.prototype.hasOwnProperty.call(original, 'schema')) return version;
    return { ...version, schema: original.schema };
  }));
}

/**
 * cdk8s' `sanitizeValue` with data semantics: keys become own properties
 * whatever their name, and plain objects are recognised by their prototype,
 * not by a `constructor` key.
 */
function sanitize(value: unknown): unknown {
  // Read once per rendering: process.env is a slow accessor, and this runs for every node.
  return sanitizeNode(value, !process.env.CDK8S_DISABLE_SORT);
}

function sanitizeNode(value: unknown, sortKeys: boolean): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map(v => sanitizeNode(v, sortKeys));
  if (typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    throw new Error(`can't render non-simple object of type '${proto?.constructor?.name}'`);
  }
  const keys = Object.keys(value);
  if (sortKeys) keys.sort();
  const out: Spec = {};
  for (const key of keys) {
    const v = sanitizeNode((value as Spec)[key], sortKeys);
    if (v === undefined || v === null) continue;
    // Only `__proto__` needs defining: assigning it would set the prototype instead.
    if (key === '__proto__') Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[key] = v;
  }
  return out;
}

function isPlainObject(v: unknown): v is Spec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

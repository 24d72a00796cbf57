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
 * So the L1 object resolves a stand-in (its spec without the schemas, or an
 * empty spec), and the real value is put in place after cdk8s rendered the
 * object, rendered the way `sanitizeValue` would render it (keys sorted unless
 * CDK8S_DISABLE_SORT is set, null fields dropped), with every key an own
 * property. Escape hatches keep working: when a user adds a JSON patch
 * (`ApiObject.of(x).addJsonPatch`), the value is first added as a patch of
 * its own, so the user's patches apply after it, to the real data. cdk8s
 * copies patch values through JSON (a cost per object), so an object without
 * user patches does without.
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
  placeAsData(resource, ['spec', 'versions'], () => versionsAsData(resource, render()));
}

/**
 * Makes `resource` output `render()` as its whole `spec`, as data. For specs
 * made of plain values only (no tokens), such as an export's, whose claims
 * carry user label keys (`constructor` is a valid one). The L1 object's own
 * `spec` prop is only a placeholder then.
 */
export function keepSpecAsData(resource: ApiObject, render: () => Spec): void {
  placeAsData(resource, ['spec'], () => sanitize(render()));
}

/**
 * Makes `resource.toJson()` hold `produce()` at `path` (whose parent the L1
 * object renders as a map), before any patch a user adds.
 */
function placeAsData(resource: ApiObject, path: readonly string[], produce: () => unknown): void {
  const render = resource.toJson;
  const addPatch = resource.addJsonPatch;
  let patched = false;
  Object.defineProperty(resource, 'toJson', {
    configurable: true,
    writable: true,
    enumerable: false,
    value: function toJson(this: ApiObject): any {
      const manifest = render.call(this);
      // Once patched, the first patch has put the value in place (see addJsonPatch below).
      if (patched || this !== resource) return manifest;
      let parent = manifest;
      for (const key of path.slice(0, -1)) parent = parent?.[key];
      if (typeof parent !== 'object' || parent === null) return manifest;
      const value = produce();
      const key = path[path.length - 1];
      if (value === undefined) delete parent[key];
      else parent[key] = value;
      return manifest;
    },
  });
  Object.defineProperty(resource, 'addJsonPatch', {
    configurable: true,
    writable: true,
    enumerable: false,
    value: function addJsonPatch(this: ApiObject, ...ops: JsonPatch[]): void {
      if (!patched && this === resource) {
        patched = true;
        // JSON.parse, which cdk8s copies patches with, defines every key as an own property.
        addPatch.call(this, JsonPatch.add(`/${path.join('/')}`, { toJSON: produce }));
      }
      addPatch.apply(this, ops);
    },
  });
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

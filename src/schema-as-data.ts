/**
 * The one place where user data goes around cdk8s' resolver.
 *
 * cdk8s renders an ApiObject through `resolve` and `sanitizeValue`, which copy
 * every key with `obj[key] = value`: a key named `__proto__` then sets the
 * copy's prototype and vanishes from the output, one named `constructor`
 * makes `sanitizeValue` throw ("can't render non-simple object of type
 * 'undefined'"), and an object holding both `constructor` and `value` (a
 * `default` or `example`, say) is mistaken for an IntOrString union and cut
 * down to `{ value }`. Such keys are legitimate user data: schema properties,
 * defaults and examples, and label keys in permission claims.
 *
 * No resolver can help (`sanitizeValue` runs after every resolver, and an
 * App's resolvers are the user's to choose), so the L1 classes below are
 * subclasses of the generated ones whose `toJson()` (a class method, as
 * `ClusterScopedObject` overrides it) lets cdk8s render everything else,
 * tokens included, and then puts the user data in place, rendered the way
 * `sanitizeValue` would render it (keys sorted unless CDK8S_DISABLE_SORT is
 * set, null fields dropped) with every key an own property.
 *
 * Escape hatches keep working: when a user adds a JSON patch
 * (`ApiObject.of(x).addJsonPatch`), the data is first added as a patch of its
 * own, so the user's patches apply after it, to the real data. (cdk8s copies
 * patch values through JSON, a cost per object, so objects without user
 * patches do without.)
 *
 * Most objects hold plain data only (no token, no patch, an app with cdk8s'
 * own resolvers): for them `toJson()` builds the same manifest directly from
 * the metadata and the data, without cdk8s' resolver walking the whole spec
 * (which looks the app up again at every node). Anything else takes the full
 * route above. test/schema-as-data.test.ts compares both routes.
 *
 * test/hostile/prototype-keys.test.ts asserts that cdk8s still mishandles
 * these keys; when that test fails, cdk8s is fixed and this module can go:
 * pass the spec as a `Lazy` prop and let cdk8s render it.
 */
import { ApiObject, ApiObjectMetadataDefinition, ImplicitTokenResolver, JsonPatch, LazyResolver, NumberStringUnionResolver, resolve } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import * as l1 from './imports/kube-bind.io';

type Spec = { [key: string]: any };

/**
 * User data put at `path` of a rendered manifest (whose parent cdk8s renders
 * as a map), before any patch a user adds.
 */
export class UserData {
  /**
   * The versions of `render()` as data: tokens outside the schemas resolved by
   * cdk8s, each `schema` copied as given. For the spec of a BoundSchema or a
   * v1alpha1 export, whose L1 `spec` prop is a `Lazy` of `withoutSchemas(render())`.
   */
  public static versionsOf(render: () => Spec): UserData {
    return new UserData(['spec', 'versions'], resource => versionsAsData(resource, render()), shared => specAsData(render(), shared));
  }

  /**
   * `render()` as the whole spec, as data. For specs made of plain values only
   * (no tokens), such as an export's, whose claims carry user label keys.
   */
  public static specOf(render: () => Spec): UserData {
    const asData = (): unknown => sanitize(render());
    return new UserData(['spec'], asData, asData);
  }

  private patched = false;

  private constructor(
    private readonly path: readonly string[],
    private readonly produce: (resource: ApiObject) => unknown,
    /** The whole spec as data (schemas shared with earlier renderings or not), or NOT_DATA when part of it needs cdk8s' resolver. */
    private readonly wholeSpec: (sharedSchemas: boolean) => unknown,
  ) {}

  /**
   * The manifest of `resource` built directly, when that is what cdk8s would
   * render (no user patch, cdk8s' own resolvers, no token in the spec);
   * undefined otherwise, and the caller renders through cdk8s.
   *
   * With `sharedSchemas`, for the rules only: each schema is rendered once
   * and the same (never changed) object is in every version and every such
   * manifest, so telling an unchanged manifest costs nothing for it. Sound
   * because the schemas `render()` returns are the construct's own copies,
   * taken at construction, never changed and never handed out.
   */
  public manifest(resource: ApiObject, sharedSchemas = false): any {
    if (this.patched || !defaultResolversOnly(resource)) return undefined;
    try {
      const spec = this.wholeSpec(sharedSchemas);
      if (spec === NOT_DATA) return undefined;
      const manifest: Spec = { apiVersion: resource.apiVersion, kind: resource.kind };
      const metadata = metadataAsData(resource.metadata);
      if (metadata !== undefined && metadata !== null) manifest.metadata = metadata;
      if (spec !== undefined) manifest.spec = spec;
      return manifest;
    } catch {
      // The full route reports it, in cdk8s' words.
      return undefined;
    }
  }

  /** `manifest`, rendered by cdk8s for `resource`, with the data in place (unless a patch put it there). */
  public place(resource: ApiObject, manifest: any): any {
    if (this.patched) return manifest;
    let parent = manifest;
    for (let i = 0; i < this.path.length - 1; i++) parent = parent?.[this.path[i]];
    if (typeof parent !== 'object' || parent === null) return manifest;
    const value = this.produce(resource);
    const key = this.path[this.path.length - 1];
    if (value === undefined) delete parent[key];
    else parent[key] = value;
    return manifest;
  }

  /** The patches to add before the first patch of a user: the data itself, so theirs apply to it. */
  public beforeUserPatches(resource: ApiObject): JsonPatch[] {
    if (this.patched) return [];
    this.patched = true;
    // cdk8s copies patch values through JSON.stringify/JSON.parse, which defines every key as an own property.
    return [JsonPatch.add(`/${this.path.join('/')}`, { toJSON: () => this.produce(resource) })];
  }
}

/** What our L1 objects add to the generated classes. */
interface PlacesUserData {
  /** The manifest for the rules (see `UserData.manifest`); never handed to a user. */
  manifestForRules(): any;
}

/** A generated L1 class, as a mixin base sees it. */
type L1Class = new (...args: any[]) => ApiObject;

/**
 * The generated L1 class `Base` with its user data placed by `data`, given
 * as the constructor's fourth argument. One definition for the three kinds:
 * the overrides are class methods (never per-instance assignments) and the
 * same for each.
 */
function placingUserData<B extends L1Class>(Base: B) {
  return class extends Base implements PlacesUserData {
    private readonly data: UserData;

    public constructor(...args: any[]) {
      super(args[0], args[1], args[2]);
      this.data = args[3];
    }

    public override toJson(): any {
      return this.data.manifest(this) ?? this.data.place(this, super.toJson());
    }

    public manifestForRules(): any {
      return this.data.manifest(this, true) ?? this.toJson();
    }

    public override addJsonPatch(...ops: JsonPatch[]): void {
      super.addJsonPatch(...this.data.beforeUserPatches(this), ...ops);
    }
  };
}

/** An L1 object of kind `L`, built with props `P`, whose user data is placed by `data`. */
type UserDataClass<L, P> = new (scope: Construct, id: string, props: P, data: UserData) => L & PlacesUserData;

/** A BoundSchema L1 object whose user data is placed by `data`. */
export const BoundSchemaObject: UserDataClass<l1.BoundSchema, l1.BoundSchemaProps> = placingUserData(l1.BoundSchema) as any;
export type BoundSchemaObject = InstanceType<typeof BoundSchemaObject>;

/** A v1alpha2 APIServiceExport L1 object whose user data is placed by `data`. */
export const ApiServiceExportObject: UserDataClass<l1.ApiServiceExport, l1.ApiServiceExportProps> = placingUserData(l1.ApiServiceExport) as any;
export type ApiServiceExportObject = InstanceType<typeof ApiServiceExportObject>;

/** A v1alpha1 APIServiceExport L1 object whose user data is placed by `data`. */
export const ApiServiceExportV1alpha1Object: UserDataClass<l1.ApiServiceExportV1Alpha1, l1.ApiServiceExportV1Alpha1Props> =
  placingUserData(l1.ApiServiceExportV1Alpha1) as any;
export type ApiServiceExportV1alpha1Object = InstanceType<typeof ApiServiceExportV1alpha1Object>;

const NOT_DATA = Symbol('not plain data');

/** The manifest of `resource` the rules read: ours with shared schemas, any other as cdk8s renders it. */
export function manifestForRules(resource: ApiObject): any {
  // By prototype: cdk8s makes `instanceof` of any ApiObject class true for every ApiObject.
  for (const ours of [BoundSchemaObject, ApiServiceExportObject, ApiServiceExportV1alpha1Object]) {
    if (Object.prototype.isPrototypeOf.call(ours.prototype, resource)) return (resource as unknown as PlacesUserData).manifestForRules();
  }
  return resource.toJson();
}

const SHARED_SORTED = new WeakMap<object, unknown>();
const SHARED_UNSORTED = new WeakMap<object, unknown>();

/**
 * A version's `schema` (`{ openAPIV3Schema }`, a new object at each
 * rendering) with each schema in it rendered once per schema object.
 */
function sharedSchema(value: unknown, sortKeys: boolean): unknown {
  if (!isPlainObject(value)) return sanitizeNode(value, sortKeys);
  const memo = sortKeys ? SHARED_SORTED : SHARED_UNSORTED;
  const keys = Object.keys(value);
  if (sortKeys) keys.sort();
  const out: Spec = {};
  for (const key of keys) {
    const schema = value[key];
    let v: unknown;
    if (typeof schema !== 'object' || schema === null) {
      v = sanitizeNode(schema, sortKeys);
    } else if (memo.has(schema)) {
      v = memo.get(schema);
    } else {
      v = sanitizeNode(schema, sortKeys);
      memo.set(schema, v);
    }
    if (v === undefined) continue;
    if (key === '__proto__') Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[key] = v;
  }
  return out;
}

/**
 * A copy of user data as the construct keeps it: arrays and plain objects
 * copied all the way down (every key an own property), anything else (a
 * token, a class instance) kept as it is, for rendering to treat as before.
 * Later changes to what the user passed do not reach the construct, as with
 * a jsii struct, which is passed by value.
 */
export function captureData(value: unknown): any {
  if (Array.isArray(value)) return value.map(captureData);
  if (typeof value !== 'object' || value === null) return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Spec = {};
  for (const key of Object.keys(value)) {
    const v = captureData((value as Spec)[key]);
    if (key === '__proto__') Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[key] = v;
  }
  return out;
}

/** Whether the app of `scope` resolves values with cdk8s' own resolvers only (a user's resolver may change any value). */
export function defaultResolversOnly(scope: IConstruct): boolean {
  const resolvers: unknown = (scope.node.root as { resolvers?: unknown }).resolvers;
  return Array.isArray(resolvers) && resolvers.length === 3
    && resolvers[0] instanceof LazyResolver && resolvers[1] instanceof ImplicitTokenResolver && resolvers[2] instanceof NumberStringUnionResolver;
}

/**
 * The spec of a BoundSchema or v1alpha1 export as cdk8s plus `versionsAsData`
 * render it, when everything outside the schemas is plain data that cdk8s'
 * resolver would leave unchanged; NOT_DATA otherwise.
 */
function specAsData(spec: Spec, shared: boolean): unknown {
  const sortKeys = !process.env.CDK8S_DISABLE_SORT;
  const keys = Object.keys(spec);
  if (sortKeys) keys.sort();
  const out: Spec = {};
  for (const key of keys) {
    const value = spec[key];
    let v: unknown;
    if (key === 'versions' && Array.isArray(value)) {
      const versions: unknown[] = new Array(value.length);
      for (let i = 0; i < value.length; i++) {
        const version = versionAsData(value[i], sortKeys, shared);
        if (version === NOT_DATA) return NOT_DATA;
        versions[i] = version;
      }
      v = versions;
    } else {
      v = plainData(value, sortKeys);
      if (v === NOT_DATA) return NOT_DATA;
    }
    if (v !== undefined) out[key] = v;
  }
  return out;
}

function versionAsData(version: unknown, sortKeys: boolean, shared: boolean): unknown {
  if (!isDataObject(version)) return plainData(version, sortKeys);
  const keys = Object.keys(version);
  if (sortKeys) keys.sort();
  // Unsorted, the full route puts the schema after the fields cdk8s rendered.
  else if (keys.includes('schema')) keys.push(...keys.splice(keys.indexOf('schema'), 1));
  const out: Spec = {};
  for (const key of keys) {
    const v = key !== 'schema' ? plainData(version[key], sortKeys) : shared ? sharedSchema(version[key], sortKeys) : sanitizeNode(version[key], sortKeys);
    if (v === NOT_DATA) return NOT_DATA;
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/**
 * `value` as cdk8s' resolver and `sanitizeValue` render it, when they leave
 * it as it is: primitives, arrays, and objects of Object's prototype whose
 * keys are neither `constructor` nor `__proto__`. NOT_DATA for anything else
 * (a token, a function, a class instance), which only cdk8s can render.
 */
function plainData(value: unknown, sortKeys: boolean): unknown {
  if (value === null || value === undefined) return undefined;
  const type = typeof value;
  if (type === 'function') return NOT_DATA;
  if (type !== 'object') return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const v = plainData(value[i], sortKeys);
      if (v === NOT_DATA) return NOT_DATA;
      out[i] = v;
    }
    return out;
  }
  if (!isDataObject(value)) return NOT_DATA;
  const keys = Object.keys(value);
  if (sortKeys) keys.sort();
  const out: Spec = {};
  for (const key of keys) {
    const v = plainData(value[key], sortKeys);
    if (v === NOT_DATA) return NOT_DATA;
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** An object cdk8s' resolver treats as a plain map: Object's prototype, no own `constructor`/`__proto__`, no `resolve` method. */
function isDataObject(value: unknown): value is Spec {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
    && !Object.prototype.hasOwnProperty.call(value, 'constructor') && !Object.prototype.hasOwnProperty.call(value, '__proto__')
    && typeof (value as Spec).resolve !== 'function';
}

/**
 * The fields of cdk8s' `ApiObjectMetadataDefinition` (2.x), all that its
 * `toJson()` renders. A definition with any other own field (a later cdk8s
 * may add one) or of a subclass is rendered by its own `toJson()`.
 */
const METADATA_FIELDS = ['name', 'namespace', 'labels', 'annotations', 'finalizers', 'ownerReferences', 'apiObject', '_additionalAttributes'];

/** The fields `toJson()` renders over the extra attributes of the same name. */
const NAMED_METADATA = new Set(['name', 'namespace', 'annotations', 'finalizers', 'ownerReferences', 'labels']);

/**
 * What `metadata.toJson()` returns, built without cdk8s' resolver when every
 * value is plain data (the resolver would leave it as it is): the same merge
 * (extra attributes first, then the named fields), keys sorted, null values,
 * empty lists and empty maps dropped. cdk8s' resolver looks the app up again
 * for every value, which made the metadata the dearest part of a small
 * object's rendering; test/schema-as-data.test.ts compares both routes.
 */
function metadataAsData(metadata: ApiObjectMetadataDefinition): any {
  const fields = metadata as unknown as Spec;
  const own = Object.keys(fields);
  if (Object.getPrototypeOf(metadata) !== ApiObjectMetadataDefinition.prototype
    || own.length !== METADATA_FIELDS.length || !METADATA_FIELDS.every(f => own.includes(f)) || !isDataObject(fields._additionalAttributes)) {
    return metadata.toJson();
  }
  // The merge cdk8s makes, without spreading the extra attributes: cdk8s deletes a key from them,
  // which leaves a slow dictionary object whose spread costs more than the rest of the rendering.
  const extra: Spec = fields._additionalAttributes;
  const merged: Spec = {};
  for (const key of Object.keys(extra)) if (!NAMED_METADATA.has(key)) merged[key] = extra[key];
  for (const key of NAMED_METADATA) merged[key] = fields[key];
  const data = metadataNode(merged);
  return data === NOT_DATA ? metadata.toJson() : data;
}

/** `plainData` with the options cdk8s renders metadata with: keys always sorted, empty lists and maps dropped. */
function metadataNode(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  const type = typeof value;
  if (type === 'function') return NOT_DATA;
  if (type !== 'object') return value;
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined;
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const v = metadataNode(value[i]);
      if (v === NOT_DATA) return NOT_DATA;
      out[i] = v;
    }
    return out;
  }
  if (!isDataObject(value)) return NOT_DATA;
  const keys = Object.keys(value).sort();
  const out: Spec = {};
  let any = false;
  for (const key of keys) {
    const v = metadataNode(value[key]);
    if (v === NOT_DATA) return NOT_DATA;
    if (v !== undefined) {
      out[key] = v;
      any = true;
    }
  }
  return any ? out : undefined;
}

/** `spec` for cdk8s' resolver, whose versions `UserData.versionsOf` places: the versions without their schemas. */
export function withoutSchemas(spec: Spec): Spec {
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

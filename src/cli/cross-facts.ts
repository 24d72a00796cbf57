/**
 * What `validate` keeps of each object for the rules across objects
 * (`src/rules/cross-object.ts`), so that memory does not grow with the size
 * of the schemas: a trimmed copy holding only the fields those rules read.
 *
 * The rules read, of every object: apiVersion, kind, metadata.name and
 * metadata.namespace (kinds, groups, labels, namespaces); of a v1alpha2
 * export: spec.informerScope and spec.resources[].group/resource/versions;
 * of a BoundSchema, a v1alpha1 export or a CRD: spec.group, spec.scope,
 * spec.names (plural, singular, kind, listKind, shortNames) and
 * spec.versions[].name/served; of a CRD, its `kube-bind.io/exported` label;
 * of a Collection, spec.templates[].name; of a BindableResourcesRequest,
 * spec.templateRef.name; of a v1alpha2 export's claims, their
 * selector.references; and of each version's schema, only the shape of its
 * fields (properties, items, additionalProperties, type and the
 * x-kubernetes-* markers that keep fields), as one JSON string, for the
 * reference paths (rules/reference-paths.ts): the run's copier keeps one copy
 * of equal strings, so the versions of one schema and objects of one shape
 * share it (kept as objects, the shapes tripled the peak memory of a 200 MiB
 * run). Everything else (descriptions, validations,
 * CEL) is dropped. test/cli/streaming.test.ts checks that the rules find the
 * same with and without trimming.
 */
import { EXPORTED_LABEL_KEY } from '../model';
import { flat, Manifest } from '../model/manifest';
import { KINDS_READ_ACROSS_OBJECTS } from '../rules';

const SPEC_FIELDS = ['group', 'scope', 'names', 'informerScope'] as const;
const METADATA_FIELDS = ['name', 'namespace'] as const;
const RESOURCE_FIELDS = ['group', 'resource', 'versions'] as const;
const VERSION_FIELDS = ['name', 'served'] as const;
const REFERENCE_FIELDS = ['group', 'resource', 'versions', 'jsonPath'] as const;
/** What of a schema node decides which fields an object can hold. */
const SHAPE_FIELDS = ['type', 'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-embedded-resource', 'x-kubernetes-int-or-string'] as const;
// Hostile nesting stops here; the reference check treats what is cut as unknown.
const MAX_SHAPE_DEPTH = 64;
/** Strings longer than this are keyed by number in `DetachedCopier.keyOf`. */
const LONG_STRING = 64;

function has(obj: unknown, key: string): obj is Record<string, unknown> {
  return typeof obj === 'object' && obj !== null && !Array.isArray(obj) && Object.prototype.hasOwnProperty.call(obj, key);
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The own fields `keys` of `from` (a map), in a fresh map; anything but a map is kept as it is. */
function pick(from: unknown, keys: readonly string[]): unknown {
  if (!isMap(from)) return from;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (has(from, key)) out[key] = from[key];
  return out;
}

/** Each map entry of a list picked to `keys`; other entries (and a non-list) kept as they are. */
function pickEach(list: unknown, keys: readonly string[]): unknown {
  return Array.isArray(list) ? list.map(entry => pick(entry, keys)) : list;
}

/**
 * Copies of facts that share no string with the parsed input, for the same
 * reason as `flat` (src/model/manifest.ts): a kept name must not hold its
 * document's text. Equal strings are copied once and shared: most facts
 * repeat (apiVersion, kind, namespace, scope, plural, version names), and
 * one copy of each keeps memory near the few strings that differ per object.
 * The facts are plain JSON values: maps, lists, strings, numbers, booleans
 * and null (no undefined, NaN or functions come from YAML).
 */
export class DetachedCopier {
  private readonly strings = new Map<string, string>();
  /** Copies of the parts of facts below their top level, by a key that says what they hold (`keyOf`). */
  private readonly parts = new Map<string, unknown>();
  /** A number for each long string, so that a part's key stays short (a schema shape is one long string). */
  private readonly longStrings = new Map<string, number>();

  public copy<T>(value: T): T {
    return this.copyValue(value) as T;
  }

  /**
   * A copy of an object's facts as `copy` makes, whose fields other than
   * `metadata` (the spec) are one copy shared with every earlier object whose
   * field held the same: the same objects repeated across namespaces (a
   * provider cluster's `kubectl get -A`) differ only by their metadata, and
   * would otherwise each hold a copy of the same spec. The facts are read,
   * never changed, so sharing is safe.
   */
  public copyFacts(facts: Manifest): Manifest {
    if (!isMap(facts)) return this.copy(facts);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(facts)) {
      const value = facts[key];
      out[this.string(key)] = key === 'metadata' || typeof value !== 'object' || value === null ? this.copyValue(value) : this.shared(value);
    }
    return out;
  }

  private shared(value: object): unknown {
    const key = this.keyOf(value);
    if (this.parts.has(key)) return this.parts.get(key);
    const copy = this.copyValue(value);
    this.parts.set(key, copy);
    return copy;
  }

  /** JSON text of `value` with each long string replaced by its number: equal keys, equal values. */
  private keyOf(value: object): string {
    return JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v !== 'string') return v;
      // Every string value is marked, so a short one never reads as a long one's number.
      if (v.length <= LONG_STRING) return `s${v}`;
      let n = this.longStrings.get(v);
      if (n === undefined) this.longStrings.set(this.string(v), n = this.longStrings.size);
      return `l${n}`;
    });
  }

  private copyValue(value: unknown): unknown {
    if (typeof value === 'string') return this.string(value);
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return value.map(v => this.copyValue(v));
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[this.string(key)] = this.copyValue((value as Record<string, unknown>)[key]);
    return out;
  }

  private string(text: string): string {
    let copy = this.strings.get(text);
    if (copy === undefined) {
      copy = flat(text);
      this.strings.set(copy, copy);
    }
    return copy;
  }
}

/** A copy of JSON data sharing no string with the parsed input (see `DetachedCopier`). */
export function detached<T>(value: T): T {
  return value === undefined ? value : new DetachedCopier().copy(value);
}

/** The identity of an object (apiVersion, kind, name, namespace): what reports show of it. */
export function identityOf(manifest: Manifest): Manifest {
  const out: Record<string, unknown> = {};
  if (has(manifest, 'apiVersion')) out.apiVersion = manifest.apiVersion;
  if (has(manifest, 'kind')) out.kind = manifest.kind;
  if (has(manifest, 'metadata')) out.metadata = pick(manifest.metadata, METADATA_FIELDS);
  return out;
}

/** The fields of `manifest` the rules across objects read (see above), in a fresh object sharing no container with it. */
export function crossObjectFacts(manifest: Manifest): Manifest {
  const out = identityOf(manifest) as Record<string, unknown>;
  // An object of a kind no rule across objects reads (a Secret, a Deployment) keeps its identity only.
  if (!KINDS_READ_ACROSS_OBJECTS.has(manifest.kind)) return out;
  const labels = isMap(manifest.metadata) ? manifest.metadata.labels : undefined;
  if (has(labels, EXPORTED_LABEL_KEY)) out.metadata = { ...(out.metadata as object), labels: { [EXPORTED_LABEL_KEY]: labels[EXPORTED_LABEL_KEY] } };
  if (!has(manifest, 'spec')) return out;
  const spec = manifest.spec;
  if (!isMap(spec)) {
    out.spec = spec;
    return out;
  }
  const trimmed = pick(spec, SPEC_FIELDS) as Record<string, unknown>;
  if (has(spec, 'resources')) trimmed.resources = pickEach(spec.resources, RESOURCE_FIELDS);
  if (has(spec, 'versions')) trimmed.versions = versionFacts(spec.versions);
  if (Array.isArray(spec.permissionClaims)) trimmed.permissionClaims = spec.permissionClaims.map(referencesOf);
  if (has(spec, 'templates')) trimmed.templates = pickEach(spec.templates, ['name']);
  if (has(spec, 'templateRef')) trimmed.templateRef = pick(spec.templateRef, ['name']);
  out.spec = trimmed;
  return out;
}

/** Each version's name and served, and the shape of its schema's fields. */
function versionFacts(versions: unknown): unknown {
  if (!Array.isArray(versions)) return versions;
  return versions.map(v => {
    const picked = pick(v, VERSION_FIELDS);
    const schema = has(v, 'schema') && has(v.schema, 'openAPIV3Schema') ? v.schema.openAPIV3Schema : undefined;
    if (isMap(picked) && schema !== undefined) picked.schema = { openAPIV3Schema: JSON.stringify(shapeOf(schema, 0) ?? {}) };
    return picked;
  });
}

/** A schema node cut to the fields that decide which fields an object can hold. */
function shapeOf(node: unknown, depth: number): unknown {
  if (!isMap(node) || depth > MAX_SHAPE_DEPTH) return undefined;
  const out = pick(node, SHAPE_FIELDS) as Record<string, unknown>;
  // A scalar's type only says that nothing lies below it: too little for its cost in memory.
  if (out.type !== 'object' && out.type !== 'array') delete out.type;
  if (isMap(node.properties)) {
    const properties: Record<string, unknown> = {};
    for (const key of Object.keys(node.properties)) properties[key] = shapeOf(node.properties[key], depth + 1) ?? {};
    out.properties = properties;
  }
  if (node.items !== undefined) out.items = shapeOf(node.items, depth + 1) ?? {};
  if (node.additionalProperties === true || node.additionalProperties === false) out.additionalProperties = node.additionalProperties;
  else if (isMap(node.additionalProperties)) out.additionalProperties = shapeOf(node.additionalProperties, depth + 1) ?? {};
  return out;
}

/** A claim cut to its selector's references (what the reference paths read). */
function referencesOf(claim: unknown): unknown {
  const references = has(claim, 'selector') && has(claim.selector, 'references') ? claim.selector.references : undefined;
  return references === undefined ? {} : { selector: { references: pickEach(references, REFERENCE_FIELDS) } };
}

/**
 * Migration of kube-bind manifests from APIServiceExport v1alpha1 (a CRD-like
 * spec of one resource) to v1alpha2: an APIServiceExport that lists the
 * resource, plus a BoundSchema that carries its definition.
 *
 * Pure and total: the input is never mutated, nothing throws, objects of
 * other kinds (v1alpha2 exports and BoundSchemas included) come out as they
 * went in, the very same objects. A second run over the output therefore
 * changes nothing. An export that cannot be migrated stays as it is, with a
 * problem; the others are migrated all the same.
 *
 * Decisions:
 * - `spec.isolation` is the old `clusterScopedIsolation` when set. A namespaced
 *   resource has none (v1alpha1 forbids it) and gets `Prefixed`: kube-bind's
 *   backend default, and what v1alpha1 did for namespaced objects (each
 *   consumer's objects in namespaces of their own).
 * - The deprecated `clusterScopedIsolation` is not carried into v1alpha2.
 * - `metadata` keeps name, namespace, labels and annotations (except kubectl's
 *   stale last-applied-configuration); the BoundSchema gets the export's
 *   namespace and labels, so label-based tooling keeps the pair together.
 *   Every other metadata field and the whole `status` (conditions,
 *   acceptedNames, storedVersions) are dropped, with a note.
 * - A missing `served` is written as true, v1alpha1's default.
 * - What v1alpha1's own CRD refuses (required fields, the name
 *   `<plural>.<group>`) and differing per-version schemas are problems; so is
 *   what the rules of scope.ts find against its CEL rules (the migration asks
 *   them, it does not state those constraints again).
 */
import { canonicalDigest } from './schema-difference';
import { propertiesOf } from '../crds/facts';
import { DEFAULT_ISOLATION, INFORMER_SCOPES, ISOLATIONS, RESOURCE_SCOPES as SCOPES } from '../model';
import { DEFAULT_GROUP, KindVersion } from '../model/kinds';
import { Manifest, isObject, own } from '../model/manifest';
import { didYouMean, oneOf, show, field, item, scopeViolations, versionSchemaDifference } from '../rules';
import { copySchema } from '../values/resource-version';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

// The fields of a v1alpha1 export, its names and its versions, as our CRD has them: anything else is dropped.
const V1ALPHA1: KindVersion = 'APIServiceExport/v1alpha1';
const SPEC_KEYS = propertiesOf(V1ALPHA1, ['spec']);
const NAMES_KEYS = propertiesOf(V1ALPHA1, ['spec', 'names']);
const VERSION_KEYS = propertiesOf(V1ALPHA1, ['spec', 'versions']);
const KEPT_METADATA = ['name', 'namespace', 'labels', 'annotations'];

export interface MigrationOptions {
  /** The API group of the kube-bind kinds; `kube-bind.io` by default. */
  readonly kubeBindGroup?: string;
}

/** A finding about one input object. */
export interface MigrationFinding {
  /** Index of the object in the input. */
  readonly index: number;
  /** `APIServiceExport "widgets.example.com"`, or `APIServiceExport #3` when it has no name. */
  readonly object: string;
  readonly message: string;
}

export interface MigrationResult {
  /** The output, in input order; a migrated export becomes its BoundSchema followed by the v1alpha2 export. */
  readonly objects: Manifest[];
  /** What was carried over with a change, or dropped because v1alpha2 has no home for it. */
  readonly notes: MigrationFinding[];
  /** Exports that could not be migrated (and are passed through unchanged). */
  readonly problems: MigrationFinding[];
}

/** Turns every APIServiceExport v1alpha1 into a v1alpha2 export and a BoundSchema. */
export function migrateV1alpha1(objects: readonly Manifest[], options: MigrationOptions = {}): MigrationResult {
  const list: readonly unknown[] = Array.isArray(objects) ? objects : [];
  const migration = new V1alpha1Migration(options);
  list.forEach((obj, index) => migration.see(obj, index));
  const results = list.map((obj, index) => migration.migrate(obj, index));
  return {
    objects: results.flatMap(r => r.objects),
    notes: results.flatMap(r => r.notes),
    problems: results.flatMap(r => r.problems),
  };
}

/** What `V1alpha1Migration.see` keeps of a v1alpha2 object of the input. */
export interface Sighting {
  readonly key: string;
  readonly taken: Taken;
}

/** A v1alpha2 object the input holds or this run made, which a made object must not clash with. */
export interface Taken {
  readonly index: number;
  /** `specDigest` of its spec. */
  readonly spec: string | undefined;
  readonly generated: boolean;
}

/**
 * `migrateV1alpha1` one object at a time, for inputs too large to hold: first
 * `see` every object (what is already in v1alpha2, wherever in the input,
 * is what a made object must not clash with), then `migrate` each, in input
 * order. Memory keeps a digest of each v1alpha2 object's spec, not the spec.
 */
export class V1alpha1Migration {
  private readonly group: string;
  // BoundSchemas and v1alpha2 exports already in the input, and those this run makes, by kind/namespace/name.
  private readonly taken = new Map<string, Taken>();

  constructor(options: MigrationOptions = {}) {
    this.group = options.kubeBindGroup ?? DEFAULT_GROUP;
  }

  /** Makes the object at `index` of the input known, before any object is migrated. */
  public see(obj: unknown, index: number): void {
    const sighting = this.sighting(obj, index);
    if (sighting !== undefined) this.add(sighting);
  }

  /**
   * What `see` keeps of an object (a key and a digest; undefined for objects
   * no made object can clash with), for a caller that learns only later
   * whether to `add` it: objects of a file found broken at its end are not.
   */
  public sighting(obj: unknown, index: number): Sighting | undefined {
    return isV1alpha2(obj, this.group) ? { key: objectKey(obj), taken: { index, spec: specDigest(own(obj, 'spec')), generated: false } } : undefined;
  }

  public add(sighting: Sighting): void {
    this.taken.set(sighting.key, sighting.taken);
  }

  /** What is printed in place of the object at `index` of the input, and its findings. Call in input order, after `see`. */
  public migrate(obj: unknown, index: number): MigrationResult {
    const notes: MigrationFinding[] = [];
    const problems: MigrationFinding[] = [];
    if (!isV1alpha1Export(obj, this.group)) {
      noteForeignGroup(obj, index, this.group, notes);
      return { objects: [obj as Manifest], notes, problems };
    }
    const local = { index, object: labelOf(obj, index) };
    let migrated: Migrated;
    try {
      migrated = migrateExport(obj, this.group);
    } catch (e) {
      // Only pathological input gets here (nesting deep enough to exhaust the stack).
      migrated = { problems: [`could not be migrated: ${e instanceof Error ? e.message : String(e)}`], notes: [] };
    }
    const made = migrated.boundSchema !== undefined && migrated.export !== undefined ? [migrated.boundSchema, migrated.export] : [];
    const clashes = made.flatMap(m => {
      const existing = this.taken.get(objectKey(m));
      if (existing === undefined || sameSpec(existing, m)) return [];
      return [`its ${describeObject(m)} would clash with ${origin(existing)}, which differs: the export is left as it is`];
    });
    if (made.length === 0 || clashes.length > 0) {
      problems.push(...[...migrated.problems, ...clashes].map(message => ({ ...local, message })));
      notes.push(...migrated.notes.map(message => ({ ...local, message })));
      return { objects: [obj], notes, problems };
    }
    notes.push(...migrated.notes.map(message => ({ ...local, message })));
    const objects: Manifest[] = [];
    for (const m of made) {
      const existing = this.taken.get(objectKey(m));
      if (existing !== undefined) {
        notes.push({ ...local, message: `${describeObject(m)} is already there, with the same spec (${origin(existing)}): it is not emitted twice` });
        continue;
      }
      this.taken.set(objectKey(m), { index, spec: specDigest(m.spec), generated: true });
      objects.push(m);
    }
    return { objects, notes, problems };
  }
}

/** `canonicalDigest` of a spec; undefined for one nested too deeply to walk, which then equals no other. */
function specDigest(spec: unknown): string | undefined {
  try {
    return canonicalDigest(spec);
  } catch {
    return undefined;
  }
}

function sameSpec(existing: Taken, made: Manifest): boolean {
  const digest = specDigest(made.spec);
  return existing.spec !== undefined && digest !== undefined && existing.spec === digest;
}

interface Migrated {
  readonly boundSchema?: Manifest;
  readonly export?: Manifest;
  readonly problems: string[];
  readonly notes: string[];
}

function isV1alpha1Export(obj: unknown, group: string): obj is Manifest {
  return isObject(obj) && own(obj, 'kind') === 'APIServiceExport' && own(obj, 'apiVersion') === `${group}/v1alpha1`;
}

/** A BoundSchema or a v1alpha2 export: what a migration makes. */
function isV1alpha2(obj: unknown, group: string): obj is Manifest {
  const kind = own(obj, 'kind');
  return isObject(obj) && (kind === 'BoundSchema' || kind === 'APIServiceExport') && own(obj, 'apiVersion') === `${group}/v1alpha2`;
}

/** A v1alpha1 export of another group is left alone, but said so: a wrong group option is the likely cause. */
function noteForeignGroup(obj: unknown, index: number, group: string, notes: MigrationFinding[]): void {
  const apiVersion = own(obj, 'apiVersion');
  if (own(obj, 'kind') !== 'APIServiceExport' || typeof apiVersion !== 'string' || !apiVersion.endsWith('/v1alpha1')) return;
  notes.push({
    index,
    object: labelOf(obj, index),
    message: `apiVersion ${show(apiVersion)} is not of the kube-bind group ${show(group)}: left as it is `
      + '(set the kube-bind group option if this is your kube-bind group)',
  });
}

function nameOf(obj: unknown): string | undefined {
  const name = own(own(obj, 'metadata'), 'name');
  return typeof name === 'string' && name !== '' ? name : undefined;
}

function namespaceOf(obj: unknown): string | undefined {
  const namespace = own(own(obj, 'metadata'), 'namespace');
  return typeof namespace === 'string' && namespace !== '' ? namespace : undefined;
}

function objectKey(obj: unknown): string {
  return JSON.stringify([own(obj, 'kind'), namespaceOf(obj) ?? '', nameOf(obj) ?? '']);
}

function origin(existing: { index: number; generated: boolean }): string {
  return existing.generated ? `the one made from the export at index ${existing.index}` : `the object at index ${existing.index}`;
}

/** `BoundSchema "widgets.example.com" in namespace "team-a"`. */
function describeObject(obj: Manifest): string {
  const namespace = namespaceOf(obj);
  return `${own(obj, 'kind')} ${show(nameOf(obj))}${namespace !== undefined ? ` in namespace ${show(namespace)}` : ''}`;
}

function labelOf(obj: unknown, index: number): string {
  const kind = own(obj, 'kind');
  const kindText = typeof kind === 'string' && kind !== '' ? kind : 'object';
  const name = nameOf(obj);
  return name !== undefined ? `${kindText} ${show(name)}` : `${kindText} #${index + 1}`;
}

/** Reads one v1alpha1 export, collecting every finding. */
function migrateExport(obj: Manifest, group: string): Migrated {
  const problems: string[] = [];
  const notes: string[] = [];
  const problem = (path: string, text: string) => problems.push(`${path} ${text}`);

  const spec = own(obj, 'spec');
  if (!isObject(spec)) {
    problem('spec', spec === undefined ? 'is missing: a v1alpha1 export defines its resource there' : `must be an object, got ${show(spec)}`);
    return { problems, notes };
  }
  const resourceGroup = nonEmptyString(own(spec, 'group'), 'spec.group', problem);
  const names = readNames(own(spec, 'names'), problem, notes);
  const scope = enumValue(own(spec, 'scope'), 'spec.scope', SCOPES, problem);
  const informerScope = enumValue(own(spec, 'informerScope'), 'spec.informerScope', INFORMER_SCOPES, problem);
  const csi = own(spec, 'clusterScopedIsolation');
  if (csi !== undefined) enumValue(csi, 'spec.clusterScopedIsolation', ISOLATIONS, problem);
  const versions = readVersions(own(spec, 'versions'), problem, notes);
  for (const key of Object.keys(spec).filter(k => !SPEC_KEYS.includes(k))) {
    notes.push(`${field('spec', key)} is dropped: it is not a field of a v1alpha1 export${didYouMean(key, SPEC_KEYS)}`);
  }

  // The constraints v1alpha1's CRD states in CEL (scope against informerScope and clusterScopedIsolation) are the rules' to judge.
  for (const v of scopeViolations(obj, V1ALPHA1)) if (v.severity === 'error') problems.push(`${v.path} ${v.message}`);

  const qualified = resourceGroup !== undefined && names !== undefined ? `${names.plural}.${resourceGroup}` : undefined;
  const metadata = own(obj, 'metadata');
  if (metadata !== undefined && !isObject(metadata)) problem('metadata', `must be an object, got ${show(metadata)}`);
  const name = own(metadata, 'name');
  if (name !== undefined && typeof name !== 'string') problem('metadata.name', `must be a string, got ${show(name)}`);
  if (typeof name === 'string' && name !== '' && qualified !== undefined && name !== qualified) {
    problem('metadata.name', `${show(name)} must be ${show(qualified)}: a v1alpha1 export is named <spec.names.plural>.<spec.group>`);
  }

  if (problems.length > 0 || resourceGroup === undefined || names === undefined || scope === undefined
    || informerScope === undefined || versions === undefined || qualified === undefined) {
    return { problems, notes };
  }

  const exportName = typeof name === 'string' && name !== '' ? name : qualified;
  if (exportName !== name) notes.push(`metadata.name is not set: the v1alpha2 export is named ${show(qualified)}, as v1alpha1 requires`);
  const namespace = namespaceOf(obj);
  const labels = own(metadata, 'labels');
  const annotations = own(metadata, 'annotations');
  const keptAnnotations = isObject(annotations) ? withoutKey(annotations, LAST_APPLIED) : undefined;
  if (isObject(annotations) && Object.prototype.hasOwnProperty.call(annotations, LAST_APPLIED)) {
    notes.push(`metadata.annotations[${LAST_APPLIED}] is dropped: it holds the old v1alpha1 object, and kubectl apply writes it anew`);
  }
  const dropped = isObject(metadata) ? Object.keys(metadata).filter(k => !KEPT_METADATA.includes(k)) : [];
  if (dropped.length > 0) {
    notes.push(`${dropped.map(k => field('metadata', k)).join(', ')} ${dropped.length === 1 ? 'is' : 'are'} dropped: `
      + 'the API server sets them, and they describe the old object');
  }
  const status = own(obj, 'status');
  if (status !== undefined) {
    const fields = isObject(status) ? Object.keys(status).map(k => field('status', k)) : [];
    notes.push(`${fields.length > 0 ? fields.join(', ') : 'status'} ${fields.length > 1 ? 'are' : 'is'} dropped: `
      + 'a v1alpha2 export has no acceptedNames or storedVersions, and the konnector rewrites conditions');
  }

  const isolation = typeof csi === 'string' ? csi : DEFAULT_ISOLATION;
  notes.push(typeof csi === 'string'
    ? `spec.clusterScopedIsolation ${show(csi)} becomes spec.isolation ${show(csi)} (clusterScopedIsolation is deprecated in v1alpha2)`
    : `spec.isolation is set to ${show(DEFAULT_ISOLATION)}, which v1alpha2 requires: the namespaced resource has no clusterScopedIsolation, `
      + 'and "Prefixed" keeps each consumer\'s objects in namespaces of its own, as v1alpha1 did (kube-bind\'s backend default)');

  const metaCommon = {
    ...(namespace !== undefined ? { namespace } : {}),
    ...(isObject(labels) ? { labels: copySchema(labels) } : {}),
  };
  const boundSchema: Manifest = {
    apiVersion: `${group}/v1alpha2`,
    kind: 'BoundSchema',
    metadata: { name: qualified, ...metaCommon },
    spec: {
      group: resourceGroup,
      names,
      scope,
      informerScope,
      versions: versions.map(v => v.entry),
    },
  };
  const exported: Manifest = {
    apiVersion: `${group}/v1alpha2`,
    kind: 'APIServiceExport',
    metadata: {
      name: exportName,
      ...metaCommon,
      ...(keptAnnotations !== undefined && Object.keys(keptAnnotations).length > 0 ? { annotations: keptAnnotations } : {}),
    },
    spec: {
      resources: [{ group: resourceGroup, resource: names.plural, versions: versions.filter(v => v.entry.served === true).map(v => v.entry.name) }],
      isolation,
      informerScope,
    },
  };
  return { boundSchema, export: exported, problems, notes };
}

type Problem = (path: string, text: string) => void;

function nonEmptyString(value: unknown, path: string, problem: Problem): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  problem(path, value === undefined ? 'is missing' : value === '' ? 'is empty' : `must be a string, got ${show(value)}`);
  return undefined;
}

function enumValue(value: unknown, path: string, allowed: readonly string[], problem: Problem): string | undefined {
  if (typeof value === 'string' && allowed.includes(value)) return value;
  problem(path, value === undefined ? `is missing: it ${oneOf(allowed)}` : `${show(value)} ${oneOf(allowed)}${didYouMean(value, allowed)}`);
  return undefined;
}

function readNames(names: unknown, problem: Problem, notes: string[]): { [key: string]: any } & { plural: string } | undefined {
  if (!isObject(names)) {
    problem('spec.names', names === undefined ? 'is missing: it needs at least kind and plural' : `must be an object, got ${show(names)}`);
    return undefined;
  }
  const kind = nonEmptyString(own(names, 'kind'), 'spec.names.kind', problem);
  const plural = nonEmptyString(own(names, 'plural'), 'spec.names.plural', problem);
  for (const key of Object.keys(names).filter(k => !NAMES_KEYS.includes(k))) {
    notes.push(`${field('spec.names', key)} is dropped: it is not a field of names${didYouMean(key, NAMES_KEYS)}`);
  }
  if (kind === undefined || plural === undefined) return undefined;
  const out: { [key: string]: any } = {};
  for (const key of NAMES_KEYS) {
    if (own(names, key) !== undefined) out[key] = copySchema(own(names, key));
  }
  return out as { [key: string]: any } & { plural: string };
}

interface VersionOut {
  readonly entry: { [key: string]: any };
}

function readVersions(versions: unknown, problem: Problem, notes: string[]): VersionOut[] | undefined {
  const path = 'spec.versions';
  if (!Array.isArray(versions) || versions.length === 0) {
    problem(path, versions === undefined ? 'is missing: an export needs at least one version'
      : Array.isArray(versions) ? 'is empty: an export needs at least one version' : `must be a list, got ${show(versions)}`);
    return undefined;
  }
  const out: VersionOut[] = [];
  const schemas: Array<{ schema: unknown; path: string }> = [];
  versions.forEach((v, i) => {
    const at = item(path, i);
    if (!isObject(v)) {
      problem(at, `must be an object, got ${show(v)}`);
      return;
    }
    const name = nonEmptyString(own(v, 'name'), field(at, 'name'), problem);
    const served = own(v, 'served');
    const storage = own(v, 'storage');
    if (served !== undefined && typeof served !== 'boolean') problem(field(at, 'served'), `must be true or false, got ${show(served)}`);
    if (typeof storage !== 'boolean') {
      problem(field(at, 'storage'), storage === undefined ? 'is missing: every version says whether it is the storage version'
        : `must be true or false, got ${show(storage)}`);
    }
    const schema = own(v, 'schema');
    const inner = own(schema, 'openAPIV3Schema');
    const schemaPath = field(field(at, 'schema'), 'openAPIV3Schema');
    if (!isObject(inner)) {
      problem(isObject(schema) ? schemaPath : field(at, 'schema'),
        inner === undefined ? 'is missing: every version carries the schema of the resource' : `must be an object, got ${show(inner)}`);
    } else {
      schemas.push({ schema: inner, path: schemaPath });
    }
    for (const key of Object.keys(v).filter(k => !VERSION_KEYS.includes(k))) {
      notes.push(`${field(at, key)} is dropped: it is not a field of a v1alpha1 version${didYouMean(key, VERSION_KEYS)}`);
    }
    if (name === undefined || typeof storage !== 'boolean' || !isObject(inner) || (served !== undefined && typeof served !== 'boolean')) return;
    if (served === undefined) notes.push(`${field(at, 'served')} is not set: written as true, v1alpha1's default`);
    const entry: { [key: string]: any } = { name, served: served ?? true, storage };
    for (const key of ['deprecated', 'deprecationWarning']) {
      if (own(v, key) !== undefined) entry[key] = own(v, key);
    }
    entry.schema = { openAPIV3Schema: copySchema(inner) };
    for (const key of ['additionalPrinterColumns', 'subresources']) {
      if (own(v, key) !== undefined) entry[key] = copySchema(own(v, key));
    }
    out.push({ entry });
  });
  for (const other of schemas.slice(1)) {
    const diff = versionSchemaDifference(schemas[0].schema, other.schema);
    if (diff === undefined) continue;
    problem(other.path + diff.path, `differs from ${schemas[0].path + diff.path}: the spec (§8.2) requires the schemas of all versions to be equal `
      + '(description, example and externalDocs aside), because kube-bind cannot convert objects between versions');
  }
  return out.length === versions.length ? out : undefined;
}

function withoutKey(obj: { [key: string]: any }, key: string): { [key: string]: any } {
  const copy = copySchema(obj);
  delete copy[key];
  return copy;
}

/**
 * Checks across all objects of one app or one `validate` run: an export
 * against the schemas of what it exports, duplicate schemas, and the API
 * group every kube-bind object and CRD must share.
 *
 * A resource's schema may come from a BoundSchema, a v1alpha1 export (both
 * namespaced, matched in the export's namespace) or a plain
 * `apiextensions.k8s.io/v1` CustomResourceDefinition (cluster-wide). They are
 * matched by group + plural. Objects of other kinds are ignored.
 */
import { ExportedResource, GROUP_PATTERN, RESOURCE_PATTERN, VERSION_NAME, describeGroupResource, exportedResources } from './export';
import { groupMiss } from './kube-bind-kinds';
import { SharedWithinRun } from './memo';
import { show } from './messages';
import { field, item } from './paths';
import { CrossObjectRule, Located, ObjectsRead, RuleContext, defineRule } from './rule';
import { Violation, violation } from './violation';
import { CLUSTER_SCOPE_NEEDS_CLUSTER_INFORMER, Scope } from '../model';
import { visited } from './work-count';
import { isCrd, isCrdOfAnyVersion, kindVersionOf } from '../model/kinds';
import { isObject, Manifest, own } from '../model/manifest';

type Finding = { index: number; violation: Violation };

/** The kinds kube-bind serves in its own API group. */
const KUBE_BIND_KINDS = ['APIServiceExport', 'BoundSchema'] as const;
/**
 * What every rule of this family reads: kube-bind's export API and the CRDs
 * that define resources (or kube-bind's kinds); of them, the definition's
 * group, names, scope and versions, and the export's informerScope and
 * resources.
 */
const READS: ObjectsRead = {
  kinds: [...KUBE_BIND_KINDS, 'CustomResourceDefinition'],
  fields: {
    spec: {
      group: true,
      scope: true,
      names: true,
      informerScope: true,
      resources: { group: true, resource: true, versions: true },
      versions: { name: true, served: true },
    },
  },
};

// ---------------------------------------------------------------------------
// Reading objects

/** Where one resource (group + plural) is defined. */
interface SchemaSource {
  readonly index: number;
  /** metadata.name, when a string. */
  readonly name: string | undefined;
  /** `BoundSchema "cowboys.wildwest.dev"`, for messages. */
  readonly label: string;
  readonly kind: 'BoundSchema' | 'APIServiceExport' | 'CustomResourceDefinition';
  /** Undefined for CRDs (cluster-wide) and for objects that leave it to the client. */
  readonly namespace: string | undefined;
  readonly clusterWide: boolean;
  readonly group: string;
  readonly plural: string;
  readonly scope: unknown;
  /** Names of the served versions; undefined when `spec.versions` is not a list. */
  readonly served: string[] | undefined;
}

function nameOf(m: Manifest): string | undefined {
  const name = own(own(m, 'metadata'), 'name');
  return typeof name === 'string' ? name : undefined;
}

function namespaceOf(m: Manifest): string | undefined {
  const namespace = own(own(m, 'metadata'), 'namespace');
  return typeof namespace === 'string' && namespace !== '' ? namespace : undefined;
}

function labelOf(kind: string, m: Manifest, index: number): string {
  const name = nameOf(m);
  return name !== undefined ? `${kind} ${show(name)}` : `${kind} #${index + 1}`;
}

/** BoundSchemas, v1alpha1 exports and v1 CRDs, with a string group and plural. */
function schemaSources(objects: readonly Located[], ctx: RuleContext): SchemaSource[] {
  const out: SchemaSource[] = [];
  for (const { index, manifest } of objects) {
    const kv = kindVersionOf(manifest, ctx.group);
    let kind: SchemaSource['kind'];
    if (kv === 'BoundSchema/v1alpha2') kind = 'BoundSchema';
    else if (kv === 'APIServiceExport/v1alpha1') kind = 'APIServiceExport';
    else if (isCrd(manifest)) kind = 'CustomResourceDefinition';
    else continue;
    const spec = own(manifest, 'spec');
    const group = own(spec, 'group');
    const plural = own(own(spec, 'names'), 'plural');
    if (typeof group !== 'string' || typeof plural !== 'string') continue;
    const versions = own(spec, 'versions');
    const served = Array.isArray(versions)
      ? versions.flatMap(v => isObject(v) && own(v, 'served') === true && typeof own(v, 'name') === 'string' ? [own(v, 'name') as string] : [])
      : undefined;
    const clusterWide = kind === 'CustomResourceDefinition';
    out.push({
      index,
      name: nameOf(manifest),
      label: labelOf(kind, manifest, index),
      kind,
      namespace: clusterWide ? undefined : namespaceOf(manifest),
      clusterWide,
      group,
      plural,
      scope: own(spec, 'scope'),
      served,
    });
  }
  return out;
}

interface ExportAt {
  readonly index: number;
  readonly manifest: Manifest;
  readonly namespace: string | undefined;
  readonly resources: ExportedResource[];
}

function v1alpha2Exports(objects: readonly Located[], ctx: RuleContext): ExportAt[] {
  return objects
    .filter(o => kindVersionOf(o.manifest, ctx.group) === 'APIServiceExport/v1alpha2')
    .map(o => ({ index: o.index, manifest: o.manifest, namespace: namespaceOf(o.manifest), resources: exportedResources(o.manifest) }));
}

/**
 * The sources of one resource (group + plural) by where an export sees them
 * from, each list in order of preference (`byPreference`), sorted once.
 */
interface ResourceSources {
  /** CRDs and sources that leave their namespace to the client: seen from every namespace. */
  readonly anywhere: Ranked;
  /** The other sources, by namespace. */
  readonly byNamespace: Map<string, Ranked>;
  /** Every source: what an export that leaves its namespace to the client sees. */
  readonly all: Ranked;
}

/** Sources in order of preference, with the first one passing each question, found once. */
interface Ranked {
  readonly sources: SchemaSource[];
  readonly first: Map<Question, SchemaSource | undefined>;
}

/** What the rules ask of the preferred source of a resource. */
const QUESTIONS = {
  any: (_: SchemaSource) => true,
  clusterScoped: (s: SchemaSource) => s.scope === 'Cluster',
  scoped: (s: SchemaSource) => s.scope === 'Cluster' || s.scope === 'Namespaced',
  listsVersions: (s: SchemaSource) => s.served !== undefined,
  boundSchema: (s: SchemaSource) => s.kind === 'BoundSchema',
};
type Question = keyof typeof QUESTIONS;

/** BoundSchemas named `name`, by where they are. */
interface SameNamed {
  /** The first in each namespace. */
  readonly byNamespace: Map<string, SchemaSource>;
  /** The first that leaves its namespace to the client. */
  anywhere: SchemaSource | undefined;
  /** The first with a namespace. */
  withNamespace: SchemaSource | undefined;
}

/** What several rules read from the same objects, read and indexed once while `withCrossObjectIndex` runs. */
interface CrossObjectIndex {
  readonly sources: SchemaSource[];
  /** The sources by `resourceKey(group, plural)`. */
  readonly sourcesByResource: Map<string, ResourceSources>;
  /** The BoundSchemas by metadata.name. */
  readonly boundSchemasByName: Map<string, SameNamed>;
  readonly exports: ExportAt[];
}

const sharedIndex = new SharedWithinRun<CrossObjectIndex>();

/**
 * Runs `fn` (the rules across the objects of one run) with the objects'
 * schema sources and exports read and indexed once and shared by the rules,
 * instead of once per rule.
 */
export function withCrossObjectIndex<T>(fn: () => T): T {
  return sharedIndex.run(fn);
}

function ranked(): Ranked {
  return { sources: [], first: new Map() };
}

function indexOf(objects: readonly Located[], ctx: RuleContext): CrossObjectIndex {
  return sharedIndex.get(objects, ctx.group, () => {
    visited(objects.length, undefined);
    const sources = schemaSources(objects, ctx);
    const sourcesByResource = new Map<string, ResourceSources>();
    const boundSchemasByName = new Map<string, SameNamed>();
    for (const source of sources) {
      const key = resourceKey(source.group, source.plural);
      let entry = sourcesByResource.get(key);
      if (entry === undefined) sourcesByResource.set(key, entry = { anywhere: ranked(), byNamespace: new Map(), all: ranked() });
      entry.all.sources.push(source);
      if (source.clusterWide || source.namespace === undefined) {
        entry.anywhere.sources.push(source);
      } else {
        let inNamespace = entry.byNamespace.get(source.namespace);
        if (inNamespace === undefined) entry.byNamespace.set(source.namespace, inNamespace = ranked());
        inNamespace.sources.push(source);
      }
      if (source.kind === 'BoundSchema' && source.name !== undefined) addSameNamed(boundSchemasByName, source.name, source);
    }
    for (const entry of sourcesByResource.values()) {
      for (const list of [entry.anywhere, entry.all, ...entry.byNamespace.values()]) {
        if (list.sources.length > 1) visited(list.sources.length, list.sources.sort(byPreference));
      }
    }
    return { sources, sourcesByResource, boundSchemasByName, exports: v1alpha2Exports(objects, ctx) };
  });
}

function addSameNamed(byName: Map<string, SameNamed>, name: string, schema: SchemaSource): void {
  let named = byName.get(name);
  if (named === undefined) byName.set(name, named = { byNamespace: new Map(), anywhere: undefined, withNamespace: undefined });
  if (schema.namespace === undefined) {
    named.anywhere ??= schema;
  } else {
    named.withNamespace ??= schema;
    if (!named.byNamespace.has(schema.namespace)) named.byNamespace.set(schema.namespace, schema);
  }
}

function resourceKey(group: string, plural: string): string {
  return `${group}\u0000${plural}`;
}

/** The first of `list` (in order of preference) that passes `question`, looked for once. */
function firstOf(list: Ranked | undefined, question: Question): SchemaSource | undefined {
  if (list === undefined) return undefined;
  if (list.first.has(question)) return list.first.get(question);
  const test = QUESTIONS[question];
  let found: SchemaSource | undefined;
  for (const source of list.sources) {
    visited(1, undefined);
    if (test(source)) {
      found = source;
      break;
    }
  }
  list.first.set(question, found);
  return found;
}

/**
 * The preferred source defining `resource` that passes `question`, among
 * those visible from an export in `namespace`. A missing namespace matches
 * any: manifests often leave it to `kubectl -n`.
 */
function preferredSource(
  index: CrossObjectIndex, resource: ExportedResource, namespace: string | undefined, question: Question,
): SchemaSource | undefined {
  const entry = index.sourcesByResource.get(resourceKey(resource.group, resource.resource));
  if (entry === undefined) return undefined;
  if (namespace === undefined) return firstOf(entry.all, question);
  const anywhere = firstOf(entry.anywhere, question);
  const here = firstOf(entry.byNamespace.get(namespace), question);
  if (anywhere === undefined || here === undefined) return anywhere ?? here;
  return byPreference(anywhere, here) <= 0 ? anywhere : here;
}

/** BoundSchemas first: they are what kube-bind binds; CRDs last; in object order within a kind. */
function byPreference(a: SchemaSource, b: SchemaSource): number {
  const rank = (s: SchemaSource) => s.kind === 'BoundSchema' ? 0 : s.kind === 'APIServiceExport' ? 1 : 2;
  return rank(a) - rank(b) || a.index - b.index;
}

/** `g/v` → `g`; a bare version (`v1alpha2`) is the core group; a bare `g` is taken as a group that lost its version. */
function groupOfApiVersion(apiVersion: string): string {
  const slash = apiVersion.lastIndexOf('/');
  if (slash >= 0) return apiVersion.slice(0, slash);
  return /^v[0-9]/.test(apiVersion) ? '' : apiVersion;
}

/** CRDs of kube-bind's own kinds, by the group they serve. */
function kubeBindCrds(objects: readonly Located[]): Array<{ index: number; manifest: Manifest; kind: string; group: string }> {
  const out: Array<{ index: number; manifest: Manifest; kind: string; group: string }> = [];
  for (const { index, manifest } of objects) {
    if (!isCrdOfAnyVersion(manifest)) continue;
    const spec = own(manifest, 'spec');
    const kind = own(own(spec, 'names'), 'kind');
    const group = own(spec, 'group');
    if (typeof kind !== 'string' || !(KUBE_BIND_KINDS as readonly string[]).includes(kind) || typeof group !== 'string') continue;
    out.push({ index, manifest, kind, group });
  }
  return out;
}

// ---------------------------------------------------------------------------
// Rules

const namespacedInformerScope: CrossObjectRule = defineRule({
  id: 'KB170',
  title: 'with informerScope Namespaced, no cluster-scoped resource is exported',
  source: 'spec §8.6',
  severity: 'error',
  scope: 'app',
  reads: READS,
  check(objects, ctx) {
    visited(objects.length, undefined);
    const out: Finding[] = [];
    const index = indexOf(objects, ctx);
    for (const exp of index.exports) {
      const informerScope = own(own(exp.manifest, 'spec'), 'informerScope');
      // The export holds informerScope, its resources' schemas the scope: look them up only when the informerScope can break it.
      if (!CLUSTER_SCOPE_NEEDS_CLUSTER_INFORMER.breaks({ scope: Scope.CLUSTER, informerScope })) continue;
      for (const resource of exp.resources) {
        const clusterScoped = preferredSource(index, resource, exp.namespace, 'clusterScoped');
        if (clusterScoped === undefined) continue;
        out.push({
          index: exp.index,
          violation: violation(namespacedInformerScope, resource.path,
            `${resource.path} exports ${describeGroupResource(resource.group, resource.resource)}, which ${clusterScoped.label} makes cluster-scoped; `
            + 'informerScope is "Namespaced"',
            'with informerScope "Namespaced" the konnector only watches single namespaces and cannot sync cluster-scoped resources: '
            + 'use informerScope "Cluster", or export this resource from a separate export'),
        });
      }
    }
    return out;
  },
});

const servedVersions: CrossObjectRule = defineRule({
  id: 'KB171',
  title: 'exported versions are served by the resource\'s schema',
  source: 'kube-bind behaviour',
  severity: 'warning',
  scope: 'app',
  reads: READS,
  check(objects, ctx) {
    visited(objects.length, undefined);
    const out: Finding[] = [];
    const index = indexOf(objects, ctx);
    for (const exp of index.exports) {
      for (const resource of exp.resources) {
        const source = preferredSource(index, resource, exp.namespace, 'listsVersions');
        if (source === undefined) continue;
        const served = source.served ?? [];
        for (const version of resource.versions) {
          if (!VERSION_NAME.test(version.name) || served.includes(version.name)) continue; // KB124 reports bad names
          const path = item(field(resource.path, 'versions'), version.index);
          out.push({
            index: exp.index,
            violation: violation(servedVersions, path, `${path} ${show(version.name)} is not served by ${source.label}`,
              served.length > 0
                ? `the API server accepts the export, but kube-bind cannot bind an unserved version: it serves ${served.map(v => show(v)).join(', ')}; `
                  + `export one of those, or serve ${show(version.name)} in the schema (served: true)`
                : `the API server accepts the export, but kube-bind cannot bind an unserved version: set served: true on ${show(version.name)} in the schema`),
          });
        }
      }
    }
    return out;
  },
});

const sameGroupForObjects: CrossObjectRule = defineRule({
  id: 'KB172',
  title: 'kube-bind objects use the configured API group',
  source: 'spec §2.1',
  severity: 'error',
  scope: 'app',
  reads: READS,
  check(objects, ctx) {
    visited(objects.length, undefined);
    const out: Finding[] = [];
    const crdGroups = new Set(kubeBindCrds(objects).map(c => c.group));
    const crdsForConfigured = crdGroups.has(ctx.group);
    const objectsForConfigured = objects.some(o => kindVersionOf(o.manifest, ctx.group) !== undefined);
    for (const { index, manifest } of objects) {
      const kind = own(manifest, 'kind');
      const apiVersion = own(manifest, 'apiVersion');
      if (typeof kind !== 'string' || !(KUBE_BIND_KINDS as readonly string[]).includes(kind) || typeof apiVersion !== 'string') continue;
      const group = groupOfApiVersion(apiVersion);
      // A group that misses ours by case, look-alike letters or a typo, or is no valid group: KB001 reports it.
      if (group === ctx.group || groupMiss(group, ctx.group) !== undefined) continue;
      const version = apiVersion.slice(apiVersion.lastIndexOf('/') + 1);
      const fixed = show(`${ctx.group}/${version}`);
      const label = labelOf(kind, manifest, index);
      const uses = `${label} uses apiVersion ${show(apiVersion)}`;
      let message: string;
      let hint: string;
      let severity: 'error' | 'warning' = 'error';
      if (crdsForConfigured) {
        message = `${uses} but the kube-bind CRDs serve ${show(ctx.group)}, so this object was not validated`;
        hint = `the API server will refuse it with: no matches for kind ${show(kind)} in version ${show(apiVersion)}; use apiVersion ${fixed}; when you configure the group of the CRDs, give the same group to every kube-bind object`;
      } else if (crdGroups.has(group)) {
        message = `${uses}, not the validated group ${show(ctx.group)}, so this object was not validated`;
        hint = `the kube-bind CRDs in this set serve ${show(group)}: validate with group ${show(group)} (the group option), the group the CRDs were emitted with`;
      } else if (objectsForConfigured || group.endsWith('kube-bind.io')) {
        message = `${uses}, not the configured group ${show(ctx.group)}, so this object was not validated`;
        hint = `a cluster serving the configured group will not accept it: use apiVersion ${fixed}, or configure group ${show(group)} everywhere (CRDs, constructs and validation)`;
      } else {
        severity = 'warning';
        message = `${uses}, not the configured kube-bind group ${show(ctx.group)}, so this object was not validated`;
        hint = `if ${show(group)} is your kube-bind group, validate with group ${show(group)}; otherwise ignore this`;
      }
      out.push({ index, violation: violation(sameGroupForObjects, 'apiVersion', message, hint, severity) });
    }
    return out;
  },
});

const sameGroupForCrds: CrossObjectRule = defineRule({
  id: 'KB173',
  title: 'kube-bind\'s own CRDs in the set serve the configured API group',
  source: 'spec §2.1',
  severity: 'error',
  scope: 'app',
  reads: READS,
  check(objects, ctx) {
    visited(objects.length, undefined);
    const out: Finding[] = [];
    const crds = kubeBindCrds(objects);
    const kindsOfConfigured = new Set(crds.filter(c => c.group === ctx.group).map(c => c.kind));
    for (const crd of crds) {
      if (crd.group === ctx.group) continue;
      // A CRD of the same kind under the configured group means this one belongs to another product (a fork).
      if (kindsOfConfigured.has(crd.kind)) continue;
      out.push({
        index: crd.index,
        violation: violation(sameGroupForCrds, 'spec.group',
          `${labelOf('CustomResourceDefinition', crd.manifest, crd.index)} serves kube-bind's ${crd.kind} in group ${show(crd.group)}, `
          + `not ${show(ctx.group)}`,
          `use one group everywhere: emit the CRDs with group ${show(ctx.group)}, or validate with group ${show(crd.group)}`),
      });
    }
    return out;
  },
});

const uniqueSchemas: CrossObjectRule = defineRule({
  id: 'KB174',
  title: 'a namespace holds one BoundSchema (or v1alpha1 export) per group/resource',
  source: 'kube-bind behaviour',
  severity: 'warning',
  scope: 'app',
  reads: READS,
  check(objects, ctx) {
    visited(objects.length, undefined);
    const out: Finding[] = [];
    const first = new Map<string, SchemaSource>();
    for (const source of indexOf(objects, ctx).sources) {
      if (source.clusterWide) continue;
      // Namespaces, groups and plurals hold no NUL, and no namespace is empty: the key is unambiguous.
      const key = `${source.kind}\u0000${source.namespace ?? ''}\u0000${source.group}\u0000${source.plural}`;
      const earlier = first.get(key);
      if (earlier === undefined) {
        first.set(key, source);
        continue;
      }
      const where = source.namespace !== undefined ? ` in namespace ${show(source.namespace)}` : '';
      out.push({
        index: source.index,
        // Two objects of one name are told apart by their place in the input.
        violation: violation(uniqueSchemas, 'spec.names.plural',
          `${source.label} defines ${describeGroupResource(source.group, source.plural)}${where} again, after `
          + `${earlier.label === source.label ? `object ${earlier.index + 1} of the input` : earlier.label}`,
          'the API server stores both, but kube-bind looks a definition up by <resource>.<group>, so the second one conflicts: '
          + `keep one definition per group/resource${where === '' ? '' : ' in a namespace'}`),
      });
    }
    return out;
  },
});

// ---------------------------------------------------------------------------
// Rules kube-bind's reconciler enforces (waiting for admission upstream, kube-bind#325)

const RECONCILER = 'kube-bind backend (backend/controllers/serviceexportrequest/serviceexportrequest_reconcile.go';

/** `<resource>.<group>`, "core" for the core group: the name kube-bind looks a resource's BoundSchema up by. */
export function boundSchemaNameOf(group: string, resource: string): string {
  return `${resource}.${group === '' ? 'core' : group}`;
}

/** The resources of an export whose group and resource kube-bind's patterns accept (KB121/KB122 report the others). */
function wellFormed(resources: readonly ExportedResource[]): ExportedResource[] {
  return resources.filter(r => GROUP_PATTERN.test(r.group) && RESOURCE_PATTERN.test(r.resource));
}

const oneScopePerExport: CrossObjectRule = defineRule({
  id: 'KB175',
  title: 'all resources of one export have the same scope (all namespaced or all cluster-scoped)',
  source: `${RECONCILER}: validate, "DifferentScopes")`,
  severity: 'error',
  scope: 'app',
  reads: READS,
  check(objects, ctx) {
    visited(objects.length, undefined);
    const out: Finding[] = [];
    const index = indexOf(objects, ctx);
    for (const exp of index.exports) {
      let first: { resource: ExportedResource; scope: string; label: string } | undefined;
      for (const resource of wellFormed(exp.resources)) {
        const source = preferredSource(index, resource, exp.namespace, 'scoped');
        if (source === undefined) continue;
        const scope = source.scope as string;
        if (first === undefined) {
          first = { resource, scope, label: source.label };
          continue;
        }
        if (scope === first.scope) continue;
        out.push({
          index: exp.index,
          violation: violation(oneScopePerExport, resource.path,
            `${resource.path} exports ${describeGroupResource(resource.group, resource.resource)}, which ${source.label} scopes ${show(scope)}, `
            + `but ${first.resource.path} is ${show(first.scope)}`,
            `${first.resource.path} (${describeGroupResource(first.resource.group, first.resource.resource)}) is ${show(first.scope)} by ${first.label}; `
            + 'kube-bind\'s backend refuses an export whose resources differ in scope ("Different scopes found"): '
            + 'export namespaced and cluster-scoped resources from separate APIServiceExports'),
        });
      }
    }
    return out;
  },
});

const boundSchemaPerResource: CrossObjectRule = defineRule({
  id: 'KB176',
  title: 'every exported resource has its BoundSchema <resource>.<group> in the export\'s namespace (when the input holds BoundSchemas)',
  source: `${RECONCILER}: ensureExports, "BoundSchemaNotFound"); konnector (pkg/konnector/controllers/cluster/serviceexport: getRemoteBoundSchema in the provider namespace)`,
  severity: 'error',
  scope: 'app',
  reads: READS,
  check(objects, ctx) {
    visited(objects.length, undefined);
    const out: Finding[] = [];
    const index = indexOf(objects, ctx);
    // No BoundSchema at all: the input does not carry the schemas (kube-bind's backend or another chart makes them).
    if (!index.sources.some(s => s.kind === 'BoundSchema')) return out;
    for (const exp of index.exports) {
      for (const resource of wellFormed(exp.resources)) {
        const name = boundSchemaNameOf(resource.group, resource.resource);
        const named = index.boundSchemasByName.get(name);
        if (named !== undefined && (exp.namespace === undefined || named.anywhere !== undefined || named.byNamespace.has(exp.namespace))) continue;
        const where = exp.namespace !== undefined ? `namespace ${show(exp.namespace)}` : 'the export\'s namespace';
        const elsewhere = named?.withNamespace;
        const misnamed = preferredSource(index, resource, exp.namespace, 'boundSchema');
        let found = '';
        if (elsewhere !== undefined) found = `; ${elsewhere.label} is in namespace ${show(elsewhere.namespace)}`;
        else if (misnamed !== undefined) found = `; ${misnamed.label} defines it, but under another name`;
        out.push({
          index: exp.index,
          violation: violation(boundSchemaPerResource, resource.path,
            `${resource.path} exports ${describeGroupResource(resource.group, resource.resource)}, but no BoundSchema ${show(name)} is in ${where}`,
            `${found === '' ? '' : `${found.slice(2)}; `}kube-bind looks the schema up as BoundSchema ${show(name)} in the export's namespace and binds nothing without it: `
            + `add it there (metadata.name ${show(name)}${exp.namespace !== undefined ? `, namespace ${show(exp.namespace)}` : ''})`),
        });
      }
    }
    return out;
  },
});

/** The names a BoundSchema or v1alpha1 export asks the consumer's API server for, with their defaults. */
interface RequestedNames {
  readonly source: SchemaSource;
  /** Its place among the definitions compared. */
  readonly order: number;
  /** plural, singular, shortNames: one namespace per group. */
  readonly resources: ReadonlyArray<{ field: string; value: string }>;
  /** kind, listKind: another namespace per group. */
  readonly kinds: ReadonlyArray<{ field: string; value: string }>;
}

function requestedNames(source: SchemaSource, manifest: Manifest, order: number): RequestedNames {
  const names = own(own(manifest, 'spec'), 'names');
  const str = (key: string): string | undefined => (typeof own(names, key) === 'string' && own(names, key) !== '' ? own(names, key) : undefined);
  const kind = str('kind');
  const resources: Array<{ field: string; value: string }> = [{ field: 'spec.names.plural', value: source.plural }];
  const singular = str('singular') ?? kind?.toLowerCase();
  if (singular !== undefined) resources.push({ field: str('singular') !== undefined ? 'spec.names.singular' : 'spec.names.kind', value: singular });
  const shortNames = own(names, 'shortNames');
  if (Array.isArray(shortNames)) {
    shortNames.forEach((n, i) => {
      if (typeof n === 'string' && n !== '') resources.push({ field: item('spec.names.shortNames', i), value: n });
    });
  }
  const kinds: Array<{ field: string; value: string }> = [];
  if (kind !== undefined) kinds.push({ field: 'spec.names.kind', value: kind });
  const listKind = str('listKind') ?? (kind !== undefined ? `${kind}List` : undefined);
  if (listKind !== undefined) kinds.push({ field: str('listKind') !== undefined ? 'spec.names.listKind' : 'spec.names.kind', value: listKind });
  return { source, order, resources, kinds };
}

const namesOfOneGroupDiffer: CrossObjectRule = defineRule({
  id: 'KB177',
  title: 'BoundSchemas of one group do not clash on kind, listKind, plural, singular or a shortName',
  source: 'Kubernetes apiextensions-apiserver (pkg/controller/status/naming_controller.go: NamingConditionController.calculateNamesAndConditions, NamesAccepted)',
  severity: 'error',
  scope: 'app',
  reads: READS,
  check(objects, ctx) {
    visited(objects.length, undefined);
    const out: Finding[] = [];
    const byIndex = new Map(objects.map(o => [o.index, o.manifest]));
    // The names used so far, by group: in each namespace, by those that leave it to the client, and in all.
    const usedOfGroup = new Map<string, { inNamespace: Map<string, NamesUsed>; anywhere: NamesUsed; all: NamesUsed }>();
    let order = 0;
    for (const source of indexOf(objects, ctx).sources) {
      if (source.clusterWide) continue; // the provider's own CRDs are not created on the consumer
      const mine = requestedNames(source, byIndex.get(source.index) ?? {}, order++);
      let used = usedOfGroup.get(source.group);
      if (used === undefined) usedOfGroup.set(source.group, used = { inNamespace: new Map(), anywhere: new NamesUsed(), all: new NamesUsed() });
      let here: NamesUsed | undefined;
      if (source.namespace !== undefined) {
        here = used.inNamespace.get(source.namespace);
        if (here === undefined) used.inNamespace.set(source.namespace, here = new NamesUsed());
      }
      // The earliest definition seen from this one's namespace that asks for one of its names under another plural
      // (the same group/resource twice is KB174's finding).
      const other = source.namespace === undefined
        ? used.all.earliestClash(mine)
        : earliest(here!.earliestClash(mine), used.anywhere.earliestClash(mine));
      if (other !== undefined) {
        const theirs = other.source;
        const clash = firstClash(mine.resources, other.resources) ?? firstClash(mine.kinds, other.kinds);
        if (clash !== undefined) {
          out.push({
            index: source.index,
            violation: violation(namesOfOneGroupDiffer, clash.field,
              `${clash.field} ${show(clash.value)} is already used by ${theirs.label}${clash.otherField === clash.field ? '' : ` (${clash.otherField})`} in group ${show(source.group)}`,
              'the consumer\'s API server gives each name of a group to one CustomResourceDefinition only: the second one is never Established '
              + `("${clash.value}" is already in use, NamesAccepted false); rename it, or drop the clashing short name`),
          });
        }
      }
      (here ?? used.anywhere).add(mine);
      used.all.add(mine);
    }
    return out;
  },
});

/** Who first asked for a name, and who first asked for it under another plural. */
interface NameUse {
  readonly first: RequestedNames;
  otherPlural: RequestedNames | undefined;
}

/** The names asked for by the definitions of one group seen so far (in one namespace, or in several), by name. */
class NamesUsed {
  private readonly resources = new Map<string, NameUse>();
  private readonly kinds = new Map<string, NameUse>();

  public add(names: RequestedNames): void {
    for (const { value } of names.resources) useName(this.resources, value, names);
    for (const { value } of names.kinds) useName(this.kinds, value, names);
  }

  /** The earliest definition added that asks for one of the names of `mine` under another plural. */
  public earliestClash(mine: RequestedNames): RequestedNames | undefined {
    let found: RequestedNames | undefined;
    for (const { value } of mine.resources) found = earliest(found, underOtherPlural(this.resources.get(value), mine));
    for (const { value } of mine.kinds) found = earliest(found, underOtherPlural(this.kinds.get(value), mine));
    return found;
  }
}

function useName(byName: Map<string, NameUse>, value: string, names: RequestedNames): void {
  visited(1, undefined);
  const use = byName.get(value);
  if (use === undefined) byName.set(value, { first: names, otherPlural: undefined });
  else if (use.otherPlural === undefined && use.first.source.plural !== names.source.plural) use.otherPlural = names;
}

/** Of those asking for a name, the earliest under another plural than `mine`'s. */
function underOtherPlural(use: NameUse | undefined, mine: RequestedNames): RequestedNames | undefined {
  visited(1, undefined);
  if (use === undefined) return undefined;
  return use.first.source.plural !== mine.source.plural ? use.first : use.otherPlural;
}

function earliest(a: RequestedNames | undefined, b: RequestedNames | undefined): RequestedNames | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return a.order <= b.order ? a : b;
}

function firstClash(mine: ReadonlyArray<{ field: string; value: string }>, theirs: ReadonlyArray<{ field: string; value: string }>):
{ field: string; value: string; otherField: string } | undefined {
  for (const name of mine) {
    const used = theirs.find(t => t.value === name.value);
    if (used !== undefined) return { ...name, otherField: used.field };
  }
  return undefined;
}

/** Every check across objects. */
export const CROSS_OBJECT_RULES: CrossObjectRule[] = [
  namespacedInformerScope,
  servedVersions,
  sameGroupForObjects,
  sameGroupForCrds,
  uniqueSchemas,
  oneScopePerExport,
  boundSchemaPerResource,
  namesOfOneGroupDiffer,
];

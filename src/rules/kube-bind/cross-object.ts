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
import { CLUSTER_SCOPE_NEEDS_CLUSTER_INFORMER, Scope } from '../../model';
import { isCrd, isCrdOfAnyVersion, kindVersionOf } from '../../model/kinds';
import { Manifest, own } from '../../model/manifest';
import { censusOf, objectsAmong, objectsOf } from '../engine/census';
import { SharedWithinRun } from '../engine/memo';
import { show } from '../engine/messages';
import { field, item } from '../engine/paths';
import { CrossObjectRule, Located, ObjectsRead, RuleContext, defineRule } from '../engine/rule';
import { keptViolation as violation, Violation } from '../engine/violation';
import { ExportedResource, GROUP_PATTERN, RESOURCE_PATTERN, VERSION_NAME, describeGroupResource, exportedResources } from '../helpers/exported-resources';
import { groupMiss } from '../helpers/kube-bind-kinds';
import { SpecFacts, specFacts } from '../helpers/spec-facts';

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

type SourceKind = 'BoundSchema' | 'APIServiceExport' | 'CustomResourceDefinition';

/**
 * Where one resource (group + plural) is defined. It holds the object and
 * its spec's facts only: a run indexes every definition of its input, and
 * the name and label are read from the object when a rule asks.
 */
class SchemaSource {
  constructor(
    public readonly index: number,
    public readonly manifest: Manifest,
    public readonly kind: SourceKind,
    /** Undefined for CRDs (cluster-wide) and for objects that leave it to the client. */
    public readonly namespace: string | undefined,
    private readonly spec: SpecFacts,
  ) {}

  /** metadata.name, when a string. */
  public get name(): string | undefined {
    return nameOf(this.manifest);
  }

  /** `BoundSchema "cowboys.wildwest.dev"`, for messages. */
  public get label(): string {
    return labelOf(this.kind, this.manifest, this.index);
  }

  public get clusterWide(): boolean {
    return this.kind === 'CustomResourceDefinition';
  }

  public get group(): string {
    return this.spec.group;
  }

  public get plural(): string {
    return this.spec.plural;
  }

  public get scope(): unknown {
    return this.spec.scope;
  }

  public get served(): string[] | undefined {
    return this.spec.served;
  }
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
  // One reading per spec object: specs shared between objects are read once, and their facts shared.
  const bySpec = new Map<unknown, SpecFacts | undefined>();
  // The objects that can be a source: BoundSchemas, v1alpha1 exports, and CRDs (among the others).
  const candidates = objectsAmong(objects, censusOf(objects, ctx.group), ['BoundSchema/v1alpha2', 'APIServiceExport/v1alpha1'], true);
  for (const { index, manifest } of candidates) {
    const kv = kindVersionOf(manifest, ctx.group);
    let kind: SourceKind;
    if (kv === 'BoundSchema/v1alpha2') kind = 'BoundSchema';
    else if (kv === 'APIServiceExport/v1alpha1') kind = 'APIServiceExport';
    else if (isCrd(manifest)) kind = 'CustomResourceDefinition';
    else continue;
    const spec = own(manifest, 'spec');
    let facts = bySpec.get(spec);
    if (facts === undefined && !bySpec.has(spec)) bySpec.set(spec, facts = specFacts(spec));
    if (facts === undefined) continue;
    out.push(new SchemaSource(index, manifest, kind, kind === 'CustomResourceDefinition' ? undefined : namespaceOf(manifest), facts));
  }
  return out;
}

/** A v1alpha2 export, read when a rule comes to it (the index keeps its place in the input only). */
interface ExportAt {
  readonly index: number;
  readonly manifest: Manifest;
  readonly namespace: string | undefined;
  readonly resources: ExportedResource[];
}

function v1alpha2Exports(objects: readonly Located[], ctx: RuleContext): readonly Located[] {
  return objectsOf(censusOf(objects, ctx.group), 'APIServiceExport/v1alpha2');
}

/**
 * The v1alpha2 exports of the index, each read as the rules read it: read
 * once, when the first rule asks, and kept with the index. Four rules walk
 * them, outside any object's rule scope, so each would read every export's
 * resources again (10k exports: 4 × 10k reads).
 */
function exportsOf(index: CrossObjectIndex): readonly ExportAt[] {
  if (index.exportsRead !== undefined) return index.exportsRead;
  const read: ExportAt[] = [];
  // An export's resources are read from its spec alone, and the same export in every consumer namespace
  // shares one spec in the facts `validate` keeps: read once per spec, they are not kept once per namespace.
  const bySpec = new Map<unknown, ExportedResource[]>();
  for (const { index: at, manifest } of index.exports) {
    const spec = own(manifest, 'spec');
    let resources = bySpec.get(spec);
    if (resources === undefined) bySpec.set(spec, resources = exportedResources(manifest));
    read.push({ index: at, manifest, namespace: namespaceOf(manifest), resources });
  }
  index.exportsRead = read;
  return read;
}

/**
 * The sources of one resource (group + plural) by where an export sees them
 * from, each as the answers to the rules' questions (`Place`).
 */
interface ResourceSources {
  /** CRDs and sources that leave their namespace to the client: seen from every namespace. */
  anywhere: Place | undefined;
  /** The other sources, by namespace. */
  readonly byNamespace: Map<string, Place>;
  /** Every source: what an export that leaves its namespace to the client sees. */
  all: Place | undefined;
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
const QUESTION_ORDER = Object.keys(QUESTIONS) as Question[];

/**
 * The sources of one place (a namespace, or everywhere) as the rules ask for
 * them: the one source, or, once there are several, the first (in order of
 * preference) that passes each question, by `QUESTION_ORDER`. A run's input
 * may hold a namespace per object; a list and a map per place would cost
 * more than the sources themselves.
 */
type Place = SchemaSource | Array<SchemaSource | undefined>;

/** `place` with `source` added, answers kept up to date as sources come (`byPreference` orders them). */
function withSource(place: Place | undefined, source: SchemaSource): Place {
  if (place === undefined) return source;
  const firsts = Array.isArray(place) ? place : QUESTION_ORDER.map(q => QUESTIONS[q](place) ? place : undefined);
  QUESTION_ORDER.forEach((q, i) => {
    const current = firsts[i];
    if (QUESTIONS[q](source) && (current === undefined || byPreference(source, current) < 0)) firsts[i] = source;
  });
  return firsts;
}

/** BoundSchemas named `name`, by where they are. */
interface SameNamed {
  /** The namespaces that hold one. */
  readonly namespaces: Set<string>;
  /** The first that leaves its namespace to the client. */
  anywhere: SchemaSource | undefined;
  /** The first with a namespace. */
  withNamespace: SchemaSource | undefined;
}

/** What several rules read from the same objects, read and indexed once per run of the rules (`withinRun`, which the runner opens). */
interface CrossObjectIndex {
  readonly sources: SchemaSource[];
  /** The sources by `resourceKey(group, plural)`. */
  readonly sourcesByResource: Map<string, ResourceSources>;
  /** The BoundSchemas by metadata.name. */
  readonly boundSchemasByName: Map<string, SameNamed>;
  /** The v1alpha2 exports (`exportsOf` reads them). */
  readonly exports: readonly Located[];
  /** The exports as `exportsOf` read them, once it has. */
  exportsRead?: ExportAt[];
}

const sharedIndex = new SharedWithinRun<CrossObjectIndex>();

function indexOf(objects: readonly Located[], ctx: RuleContext): CrossObjectIndex {
  return sharedIndex.get(objects, ctx.group, () => {
    const sources = schemaSources(objects, ctx);
    const sourcesByResource = new Map<string, ResourceSources>();
    const boundSchemasByName = new Map<string, SameNamed>();
    for (const source of sources) {
      const key = resourceKey(source.group, source.plural);
      let entry = sourcesByResource.get(key);
      if (entry === undefined) sourcesByResource.set(key, entry = { anywhere: undefined, byNamespace: new Map(), all: undefined });
      entry.all = withSource(entry.all, source);
      if (source.clusterWide || source.namespace === undefined) {
        entry.anywhere = withSource(entry.anywhere, source);
      } else {
        entry.byNamespace.set(source.namespace, withSource(entry.byNamespace.get(source.namespace), source));
      }
      if (source.kind === 'BoundSchema') {
        const name = source.name;
        if (name !== undefined) addSameNamed(boundSchemasByName, name, source);
      }
    }
    return { sources, sourcesByResource, boundSchemasByName, exports: v1alpha2Exports(objects, ctx) };
  });
}

function addSameNamed(byName: Map<string, SameNamed>, name: string, schema: SchemaSource): void {
  let named = byName.get(name);
  if (named === undefined) byName.set(name, named = { namespaces: new Set(), anywhere: undefined, withNamespace: undefined });
  if (schema.namespace === undefined) {
    named.anywhere ??= schema;
  } else {
    named.withNamespace ??= schema;
    named.namespaces.add(schema.namespace);
  }
}

function resourceKey(group: string, plural: string): string {
  return `${group}\u0000${plural}`;
}

/** The first source of `place` (in order of preference) that passes `question`. */
function firstOf(place: Place | undefined, question: Question): SchemaSource | undefined {
  if (place === undefined) return undefined;
  if (!Array.isArray(place)) return QUESTIONS[question](place) ? place : undefined;
  return place[QUESTION_ORDER.indexOf(question)];
}

/**
 * The preferred source defining `resource` that passes `question`, among
 * those visible from an export in `namespace`. A missing namespace matches
 * any: manifests often leave it to `kubectl -n`.
 */
function preferredSource(
  index: CrossObjectIndex, resource: ExportedResource, namespace: string | undefined, question: Question,
): SchemaSource | undefined {
  // Without sources there is nothing to find, and no key worth building (10k exports, each asked by several rules).
  if (index.sourcesByResource.size === 0) return undefined;
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
function kubeBindCrds(objects: readonly Located[], ctx: RuleContext): Array<{ index: number; manifest: Manifest; kind: string; group: string }> {
  const out: Array<{ index: number; manifest: Manifest; kind: string; group: string }> = [];
  // A CRD is of no kube-bind kind/version: one of the census' others.
  for (const { index, manifest } of censusOf(objects, ctx.group).others) {
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
    const out: Finding[] = [];
    const index = indexOf(objects, ctx);
    // Without schema sources no resource has a scope or versions to compare (see preferredSource).
    if (index.sourcesByResource.size === 0) return out;
    for (const exp of exportsOf(index)) {
      const informerScope = own(own(exp.manifest, 'spec'), 'informerScope');
      // The export holds informerScope, its resources' schemas the scope: look them up only when the informerScope can break it.
      if (!CLUSTER_SCOPE_NEEDS_CLUSTER_INFORMER.breaks({ scope: Scope.CLUSTER, informerScope })) continue;
      for (const resource of exp.resources) {
        const clusterScoped = preferredSource(index, resource, exp.namespace, 'clusterScoped');
        if (clusterScoped === undefined) continue;
        out.push({
          index: exp.index,
          violation: violation(namespacedInformerScope, resource.path,
            `exports ${describeGroupResource(resource.group, resource.resource)}, which ${clusterScoped.label} makes cluster-scoped; `
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
    const out: Finding[] = [];
    const index = indexOf(objects, ctx);
    // Without schema sources no resource has a scope or versions to compare (see preferredSource).
    if (index.sourcesByResource.size === 0) return out;
    for (const exp of exportsOf(index)) {
      for (const resource of exp.resources) {
        const source = preferredSource(index, resource, exp.namespace, 'listsVersions');
        if (source === undefined) continue;
        const served = source.served ?? [];
        for (const version of resource.versions) {
          if (!VERSION_NAME.test(version.name) || served.includes(version.name)) continue; // KB124 reports bad names
          const path = item(field(resource.path, 'versions'), version.index);
          out.push({
            index: exp.index,
            violation: violation(servedVersions, path, `${show(version.name)} is not served by ${source.label}`,
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
    const out: Finding[] = [];
    const crdGroups = new Set(kubeBindCrds(objects, ctx).map(c => c.group));
    const crdsForConfigured = crdGroups.has(ctx.group);
    const census = censusOf(objects, ctx.group);
    const objectsForConfigured = census.others.length < objects.length;
    // An object of a kube-bind kind/version of the configured group uses that group: only the others can use another.
    for (const { index, manifest } of census.others) {
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

/**
 * A warning, not an error (decided for issue 32): a copy of kube-bind's own
 * CRD under another group is accepted by the API server (the CRD is valid),
 * and by the spec, whose §2.1 names every kind's group `{api_group}`, a
 * parameter of the installation: it is kube-bind installed under another
 * group, or another product's copy. What it may be is a slip: the set was
 * validated with the wrong group, and its objects were then not checked
 * against the CRDs that serve them. So it is reported, and never fails.
 */
const sameGroupForCrds: CrossObjectRule = defineRule({
  id: 'KB173',
  title: 'kube-bind\'s own CRDs in the set serve the configured API group (a warning: the server and the spec accept another group)',
  source: 'spec §2.1 ({api_group} is a parameter of the installation); the API server accepts the CRD',
  severity: 'warning',
  scope: 'app',
  reads: READS,
  check(objects, ctx) {
    const out: Finding[] = [];
    const crds = kubeBindCrds(objects, ctx);
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
          `the API server accepts it, but the objects here are checked against group ${show(ctx.group)}: if ${show(crd.group)} is your kube-bind group, `
          + `validate with group ${show(crd.group)}; otherwise emit the CRDs with group ${show(ctx.group)}`),
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
    const out: Finding[] = [];
    // The first of each kind and group/resource, by namespace: keyed by the namespace string the facts hold,
    // not by a string made per object (a run may hold a namespace per object).
    const first = new Map<string, Map<string, SchemaSource>>();
    for (const source of indexOf(objects, ctx).sources) {
      if (source.clusterWide) continue;
      // Groups and plurals hold no NUL, and no namespace is empty: the keys are unambiguous.
      const key = `${source.kind}\u0000${source.group}\u0000${source.plural}`;
      let inNamespace = first.get(key);
      if (inNamespace === undefined) first.set(key, inNamespace = new Map());
      const earlier = inNamespace.get(source.namespace ?? '');
      if (earlier === undefined) {
        inNamespace.set(source.namespace ?? '', source);
        continue;
      }
      const where = source.namespace !== undefined ? ` in namespace ${show(source.namespace)}` : '';
      // One kind, name and namespace is one object: the input holds it twice (a dump of what is live beside
      // the manifests), and the API server keeps only the copy applied last, so there are not two definitions.
      const sameObject = earlier.label === source.label;
      out.push({
        index: source.index,
        // Two objects of one name are told apart by their place in the input.
        violation: sameObject
          ? violation(uniqueSchemas, 'spec.names.plural',
            `${source.label}${where} is in the input again, after object ${earlier.index + 1} of the input: `
            + `both copies define ${describeGroupResource(source.group, source.plural)}`,
            'one name in a namespace is one object: applied in turn, the later copy replaces the earlier one; keep one copy '
            + '(to check an update against the live object, give that as the previous state: validate --previous, or UpdateCheck)')
          : violation(uniqueSchemas, 'spec.names.plural',
            `${source.label} defines ${describeGroupResource(source.group, source.plural)}${where} again, after ${earlier.label}`,
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
    const out: Finding[] = [];
    const index = indexOf(objects, ctx);
    // Without schema sources no resource has a scope or versions to compare (see preferredSource).
    if (index.sourcesByResource.size === 0) return out;
    for (const exp of exportsOf(index)) {
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
            `exports ${describeGroupResource(resource.group, resource.resource)}, which ${source.label} scopes ${show(scope)}, `
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
    const out: Finding[] = [];
    const index = indexOf(objects, ctx);
    // No BoundSchema at all: the input does not carry the schemas (kube-bind's backend or another chart makes them).
    if (!index.sources.some(s => s.kind === 'BoundSchema')) return out;
    for (const exp of exportsOf(index)) {
      for (const resource of wellFormed(exp.resources)) {
        const name = boundSchemaNameOf(resource.group, resource.resource);
        const named = index.boundSchemasByName.get(name);
        if (named !== undefined && (exp.namespace === undefined || named.anywhere !== undefined || named.namespaces.has(exp.namespace))) continue;
        const where = exp.namespace !== undefined ? `namespace ${show(exp.namespace)}` : 'the export\'s namespace';
        const elsewhere = named?.withNamespace;
        const misnamed = preferredSource(index, resource, exp.namespace, 'boundSchema');
        let found = '';
        if (elsewhere !== undefined) found = `; ${elsewhere.label} is in namespace ${show(elsewhere.namespace)}`;
        else if (misnamed !== undefined) found = `; ${misnamed.label} defines it, but under another name`;
        out.push({
          index: exp.index,
          violation: violation(boundSchemaPerResource, resource.path,
            `exports ${describeGroupResource(resource.group, resource.resource)}, but no BoundSchema ${show(name)} is in ${where}`,
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
    const out: Finding[] = [];
    // The names used so far, by group: in each namespace, by those that leave it to the client, and in all.
    const usedOfGroup = new Map<string, { inNamespace: Map<string, NamesUsed>; anywhere: NamesUsed; all: NamesUsed }>();
    const sources = indexOf(objects, ctx).sources;
    // A namespace's names are let go after its last definition: a run may hold a namespace per object.
    const lastInNamespace = lastOfEachNamespace(sources);
    let order = 0;
    for (const source of sources) {
      if (source.clusterWide) continue; // the provider's own CRDs are not created on the consumer
      const mine = requestedNames(source, source.manifest, order++);
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
              `${show(clash.value)} is already used by ${theirs.label}${clash.otherField === clash.field ? '' : ` (${clash.otherField})`} in group ${show(source.group)}`,
              'the consumer\'s API server gives each name of a group to one CustomResourceDefinition only: the second one is never Established '
              + `("${clash.value}" is already in use, NamesAccepted false); rename it, or drop the clashing short name`),
          });
        }
      }
      (here ?? used.anywhere).add(mine);
      used.all.add(mine);
      const namespace = source.namespace;
      if (namespace !== undefined && lastInNamespace.get(source.group)?.get(namespace) === source) used.inNamespace.delete(namespace);
    }
    return out;
  },
});

/** The last definition of each namespace, by group (the provider's own CRDs left out, as KB177 leaves them). */
function lastOfEachNamespace(sources: readonly SchemaSource[]): Map<string, Map<string, SchemaSource>> {
  const out = new Map<string, Map<string, SchemaSource>>();
  for (const source of sources) {
    if (source.clusterWide || source.namespace === undefined) continue;
    let ofGroup = out.get(source.group);
    if (ofGroup === undefined) out.set(source.group, ofGroup = new Map());
    ofGroup.set(source.namespace, source);
  }
  return out;
}

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
  const use = byName.get(value);
  if (use === undefined) byName.set(value, { first: names, otherPlural: undefined });
  else if (use.otherPlural === undefined && use.first.source.plural !== names.source.plural) use.otherPlural = names;
}

/** Of those asking for a name, the earliest under another plural than `mine`'s. */
function underOtherPlural(use: NameUse | undefined, mine: RequestedNames): RequestedNames | undefined {
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

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
import { CrossObjectRule, Located, Manifest, RuleContext, SharedWithinRun, Violation, field, isObject, item, kindVersionOf, own, show, violation } from './engine';
import { ExportedResource, VERSION_NAME, describeGroupResource, exportedResources } from './export';

type Finding = { index: number; violation: Violation };

/** The kinds kube-bind serves in its own API group. */
const KUBE_BIND_KINDS = ['APIServiceExport', 'BoundSchema'] as const;

// ---------------------------------------------------------------------------
// Reading objects

/** Where one resource (group + plural) is defined. */
interface SchemaSource {
  readonly index: number;
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

function isCrd(m: Manifest): boolean {
  const apiVersion = own(m, 'apiVersion');
  return own(m, 'kind') === 'CustomResourceDefinition' && typeof apiVersion === 'string' && apiVersion.startsWith('apiextensions.k8s.io/');
}

/** BoundSchemas, v1alpha1 exports and v1 CRDs, with a string group and plural. */
function schemaSources(objects: readonly Located[], ctx: RuleContext): SchemaSource[] {
  const out: SchemaSource[] = [];
  for (const { index, manifest } of objects) {
    const kv = kindVersionOf(manifest, ctx.group);
    let kind: SchemaSource['kind'];
    if (kv === 'BoundSchema/v1alpha2') kind = 'BoundSchema';
    else if (kv === 'APIServiceExport/v1alpha1') kind = 'APIServiceExport';
    else if (isCrd(manifest) && own(manifest, 'apiVersion') === 'apiextensions.k8s.io/v1') kind = 'CustomResourceDefinition';
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

/** What several rules read from the same objects, read once while `withCrossObjectIndex` runs. */
interface CrossObjectIndex {
  readonly sources: SchemaSource[];
  /** The sources by `group` and `plural`, in object order. */
  readonly sourcesByResource: Map<string, SchemaSource[]>;
  readonly exports: ExportAt[];
}

const sharedIndex = new SharedWithinRun<CrossObjectIndex>();

/**
 * Runs `fn` (the rules across the objects of one run) with the objects'
 * schema sources and exports read once and shared by the rules, instead of
 * once per rule.
 */
export function withCrossObjectIndex<T>(fn: () => T): T {
  return sharedIndex.run(fn);
}

function indexOf(objects: readonly Located[], ctx: RuleContext): CrossObjectIndex {
  return sharedIndex.get(objects, ctx.group, () => {
    const sources = schemaSources(objects, ctx);
    const sourcesByResource = new Map<string, SchemaSource[]>();
    for (const source of sources) {
      const key = resourceKey(source.group, source.plural);
      const list = sourcesByResource.get(key);
      if (list === undefined) sourcesByResource.set(key, [source]);
      else list.push(source);
    }
    return { sources, sourcesByResource, exports: v1alpha2Exports(objects, ctx) };
  });
}

function resourceKey(group: string, plural: string): string {
  return `${group}\u0000${plural}`;
}

/**
 * The sources defining `resource`, visible from an export in `namespace`.
 * A missing namespace matches any: manifests often leave it to `kubectl -n`.
 */
function sourcesFor(index: CrossObjectIndex, resource: ExportedResource, namespace: string | undefined): SchemaSource[] {
  const candidates = index.sourcesByResource.get(resourceKey(resource.group, resource.resource)) ?? [];
  return candidates.filter(s => s.clusterWide || s.namespace === undefined || namespace === undefined || s.namespace === namespace);
}

/** BoundSchemas first: they are what kube-bind binds; CRDs last. */
function byPreference(a: SchemaSource, b: SchemaSource): number {
  const rank = (s: SchemaSource) => s.kind === 'BoundSchema' ? 0 : s.kind === 'APIServiceExport' ? 1 : 2;
  return rank(a) - rank(b);
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
    if (!isCrd(manifest)) continue;
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

const namespacedInformerScope: CrossObjectRule = {
  id: 'KB170',
  title: 'with informerScope Namespaced, no cluster-scoped resource is exported',
  source: 'spec §8.6',
  severity: 'error',
  check(objects, ctx) {
    const out: Finding[] = [];
    const index = indexOf(objects, ctx);
    for (const exp of index.exports) {
      if (own(own(exp.manifest, 'spec'), 'informerScope') !== 'Namespaced') continue;
      for (const resource of exp.resources) {
        const clusterScoped = sourcesFor(index, resource, exp.namespace).sort(byPreference).find(s => s.scope === 'Cluster');
        if (clusterScoped === undefined) continue;
        out.push({
          index: exp.index,
          violation: violation(namespacedInformerScope, resource.path,
            `${resource.path} exports ${describeGroupResource(resource.group, resource.resource)}, which ${clusterScoped.label} defines as cluster-scoped, `
            + 'but spec.informerScope is "Namespaced"',
            'with informerScope "Namespaced" the konnector only watches single namespaces and cannot sync cluster-scoped resources: '
            + 'use informerScope "Cluster", or export this resource from a separate export'),
        });
      }
    }
    return out;
  },
};

const servedVersions: CrossObjectRule = {
  id: 'KB171',
  title: 'exported versions are served by the resource\'s schema',
  source: 'kube-bind behaviour',
  severity: 'warning',
  check(objects, ctx) {
    const out: Finding[] = [];
    const index = indexOf(objects, ctx);
    for (const exp of index.exports) {
      for (const resource of exp.resources) {
        const source = sourcesFor(index, resource, exp.namespace).filter(s => s.served !== undefined).sort(byPreference)[0];
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
};

const sameGroupForObjects: CrossObjectRule = {
  id: 'KB172',
  title: 'kube-bind objects use the configured API group',
  source: 'spec §2.1',
  severity: 'error',
  check(objects, ctx) {
    const out: Finding[] = [];
    const crds = kubeBindCrds(objects);
    const crdsForConfigured = crds.some(c => c.group === ctx.group);
    const objectsForConfigured = objects.some(o => kindVersionOf(o.manifest, ctx.group) !== undefined);
    for (const { index, manifest } of objects) {
      const kind = own(manifest, 'kind');
      const apiVersion = own(manifest, 'apiVersion');
      if (typeof kind !== 'string' || !(KUBE_BIND_KINDS as readonly string[]).includes(kind) || typeof apiVersion !== 'string') continue;
      const group = groupOfApiVersion(apiVersion);
      if (group === ctx.group) continue;
      const version = apiVersion.slice(apiVersion.lastIndexOf('/') + 1);
      const fixed = show(`${ctx.group}/${version}`);
      const label = labelOf(kind, manifest, index);
      const uses = `${label} uses group ${show(group)} (apiVersion ${show(apiVersion)})`;
      let message: string;
      let hint: string;
      let severity: 'error' | 'warning' = 'error';
      if (crdsForConfigured) {
        message = `${uses} but the kube-bind CRDs serve ${show(ctx.group)}, so this object was not validated and the API server `
          + `will refuse it with: no matches for kind ${show(kind)} in version ${show(apiVersion)}`;
        hint = `use apiVersion ${fixed}; when you configure the group of the CRDs, give the same group to every kube-bind object`;
      } else if (crds.some(c => c.group === group)) {
        message = `${uses}, which the kube-bind CRDs in this set serve, but validation runs for group ${show(ctx.group)}, so this object was not validated`;
        hint = `validate with group ${show(group)} (the group option), the group the CRDs were emitted with`;
      } else if (objectsForConfigured || group.endsWith('kube-bind.io')) {
        message = `${uses} but kube-bind objects are configured for group ${show(ctx.group)}, so this object was not validated`
          + ' and a cluster serving the configured group will not accept it';
        hint = `use apiVersion ${fixed}, or configure group ${show(group)} everywhere (CRDs, constructs and validation)`;
      } else {
        severity = 'warning';
        message = `${uses}, not the configured kube-bind group ${show(ctx.group)}, so this object was not validated`;
        hint = `if ${show(group)} is your kube-bind group, validate with group ${show(group)}; otherwise ignore this`;
      }
      out.push({ index, violation: violation(sameGroupForObjects, 'apiVersion', message, hint, severity) });
    }
    return out;
  },
};

const sameGroupForCrds: CrossObjectRule = {
  id: 'KB173',
  title: 'kube-bind\'s own CRDs in the set serve the configured API group',
  source: 'spec §2.1',
  severity: 'error',
  check(objects, ctx) {
    const out: Finding[] = [];
    const crds = kubeBindCrds(objects);
    for (const crd of crds) {
      if (crd.group === ctx.group) continue;
      // A CRD of the same kind under the configured group means this one belongs to another product (a fork).
      if (crds.some(c => c.kind === crd.kind && c.group === ctx.group)) continue;
      out.push({
        index: crd.index,
        violation: violation(sameGroupForCrds, 'spec.group',
          `${labelOf('CustomResourceDefinition', crd.manifest, crd.index)} serves kube-bind's ${crd.kind} under group ${show(crd.group)}, `
          + `but kube-bind objects are validated for group ${show(ctx.group)}`,
          `use one group everywhere: emit the CRDs with group ${show(ctx.group)}, or validate with group ${show(crd.group)}`),
      });
    }
    return out;
  },
};

const uniqueSchemas: CrossObjectRule = {
  id: 'KB174',
  title: 'a namespace holds one BoundSchema (or v1alpha1 export) per group/resource',
  source: 'kube-bind behaviour',
  severity: 'warning',
  check(objects, ctx) {
    const out: Finding[] = [];
    const first = new Map<string, SchemaSource>();
    for (const source of indexOf(objects, ctx).sources) {
      if (source.clusterWide) continue;
      const key = JSON.stringify([source.kind, source.namespace ?? '', source.group, source.plural]);
      const earlier = first.get(key);
      if (earlier === undefined) {
        first.set(key, source);
        continue;
      }
      const where = source.namespace !== undefined ? ` in namespace ${show(source.namespace)}` : '';
      out.push({
        index: source.index,
        violation: violation(uniqueSchemas, 'spec.names.plural',
          `${source.label} defines ${describeGroupResource(source.group, source.plural)} again${where} (already defined by ${earlier.label})`,
          'the API server stores both, but kube-bind looks a definition up by <resource>.<group>, so the second one conflicts: '
          + 'keep one definition per group/resource in a namespace'),
      });
    }
    return out;
  },
};

/** Every check across objects. */
export const CROSS_OBJECT_RULES: CrossObjectRule[] = [
  namespacedInformerScope,
  servedVersions,
  sameGroupForObjects,
  sameGroupForCrds,
  uniqueSchemas,
];

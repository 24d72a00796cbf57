/**
 * The APIServiceExport that exports a set of BoundSchemas: the last step of
 * `from-crd --export`, so that one command gives a provider everything it
 * applies. Works on manifests, so it takes BoundSchemas from any source.
 */
import { DEFAULT_INFORMER_SCOPE, DEFAULT_ISOLATION, Scope } from '../model';
import { DEFAULT_GROUP } from '../model/kinds';
import { Manifest, isObject, own } from '../model/manifest';

export interface ExportForSchemasOptions {
  /** The name of the APIServiceExport. */
  readonly name: string;
  /** Its namespace; by default the namespace all schemas share, if any. */
  readonly namespace?: string;
  /** `spec.isolation`; `Prefixed` by default, as kube-bind's backend. */
  readonly isolation?: string;
  /** `spec.informerScope`; by default the one all schemas share, else `Cluster`. */
  readonly informerScope?: string;
  /** The API group of the kube-bind kinds; `kube-bind.io` by default. */
  readonly kubeBindGroup?: string;
}

/**
 * The v1alpha2 APIServiceExport that exports `schemas` (BoundSchema
 * manifests): one resource per group/plural, first one wins, with the names
 * of its served versions. Entries that are not BoundSchemas with a group and
 * a plural are skipped.
 */
export function exportForSchemas(schemas: readonly unknown[], options: ExportForSchemasOptions): Manifest {
  const list = Array.isArray(schemas) ? schemas.filter(s => own(s, 'kind') === 'BoundSchema') : [];
  const resources = resourcesOfSchemas(list);
  const namespace = options.namespace ?? sharedValue(list.map(s => own(own(s, 'metadata'), 'namespace')));
  const informerScope = options.informerScope ?? sharedValue(list.map(s => own(own(s, 'spec'), 'informerScope'))) ?? DEFAULT_INFORMER_SCOPE;
  return {
    apiVersion: `${options.kubeBindGroup ?? DEFAULT_GROUP}/v1alpha2`,
    kind: 'APIServiceExport',
    metadata: { name: options.name, ...(namespace !== undefined && namespace !== '' ? { namespace } : {}) },
    spec: {
      resources,
      isolation: options.isolation ?? DEFAULT_ISOLATION,
      informerScope,
    },
  };
}

/**
 * One `spec.resources` entry per group/plural of `schemas` (BoundSchema
 * manifests), first one wins, with the names of its served versions; entries
 * without a group and a plural are skipped. Exports and templates list them alike.
 */
export function resourcesOfSchemas(schemas: readonly unknown[]): Manifest[] {
  const resources: Manifest[] = [];
  const seen = new Set<string>();
  for (const schema of schemas) {
    const spec = own(schema, 'spec');
    const group = own(spec, 'group');
    const plural = own(own(spec, 'names'), 'plural');
    if (typeof group !== 'string' || typeof plural !== 'string' || plural === '') continue;
    const key = JSON.stringify([group, plural]);
    if (seen.has(key)) continue;
    seen.add(key);
    const versions = own(spec, 'versions');
    const served = Array.isArray(versions)
      ? versions.filter(v => isObject(v) && own(v, 'served') !== false && typeof own(v, 'name') === 'string').map(v => own(v, 'name') as string)
      : [];
    resources.push({ group, resource: plural, versions: served });
  }
  return resources;
}

/** The scope kube-bind's backend requires every resource of one export to share (its "DifferentScopes" check). */
const SCOPE_SUFFIXES: ReadonlyArray<readonly [scope: string, suffix: string]> = [[Scope.NAMESPACED, 'namespaced'], [Scope.CLUSTER, 'cluster']];

/** The exports `exportsForSchemas` writes, and whether the schemas' scopes split them. */
export interface ExportsForSchemas {
  readonly exports: Manifest[];
  readonly split: boolean;
}

/**
 * The exports of `schemas`: one, named `options.name`, when they all have one
 * scope; otherwise one per scope, named `<name>-namespaced` and
 * `<name>-cluster`, because kube-bind's backend refuses an export whose
 * resources differ in scope (KB175). `split` says whether that happened.
 */
export function exportsForSchemas(schemas: readonly unknown[], options: ExportForSchemasOptions): ExportsForSchemas {
  const { items, split } = splitByScope(schemas, options.name, (group, name) => exportForSchemas(group, { ...options, name }));
  return { exports: items, split };
}

/**
 * `make` over the BoundSchemas of `schemas`: once, named `name`, when they all
 * have one scope; otherwise once per scope, named `<name>-namespaced` and
 * `<name>-cluster` (kube-bind's backend refuses a bind of mixed scopes).
 */
export function splitByScope<T>(
  schemas: readonly unknown[], name: string, make: (schemas: unknown[], name: string) => T,
): { items: T[]; split: boolean } {
  const list = Array.isArray(schemas) ? schemas.filter(s => own(s, 'kind') === 'BoundSchema') : [];
  const byScope = SCOPE_SUFFIXES
    .map(([scope, suffix]) => ({ suffix, schemas: list.filter(s => own(own(s, 'spec'), 'scope') === scope) }))
    .filter(g => g.schemas.length > 0);
  if (byScope.length < 2) return { items: [make(list, name)], split: false };
  // Schemas of neither scope go with the first group: the rules report their scope.
  const others = list.filter(s => !byScope.some(g => g.schemas.includes(s)));
  return {
    items: byScope.map((g, i) => make(i === 0 ? [...g.schemas, ...others] : g.schemas, `${name}-${g.suffix}`)),
    split: true,
  };
}

/** The string every value equals, or undefined when they differ or there is none. */
export function sharedValue(values: unknown[]): string | undefined {
  const first = values[0];
  return typeof first === 'string' && values.every(v => v === first) ? first : undefined;
}

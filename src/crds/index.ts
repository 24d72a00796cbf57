/**
 * kube-bind's CustomResourceDefinitions, written as code: the single
 * source of truth for the schemas the rules and the constructs check against.
 * They are built from the model (src/model: enum values, patterns), and state
 * the rest themselves (required, defaulted and immutable fields, CEL rules),
 * which `facts.ts` reads back for the rules, the update checks and `migrate`.
 * Every call builds a fresh object, so callers may mutate what they get.
 */
import { buildApiServiceExportCrd } from './api-service-export';
import { buildBoundSchemaCrd } from './bound-schema';
import { DEFAULT_GROUP, KIND_VERSIONS, KindVersion } from '../model/kinds';

export { KUBE_BIND_CATEGORY } from './shared';

/** The `apiserviceexports.<group>` CustomResourceDefinition (v1alpha1 served, v1alpha2 stored). */
export function apiServiceExportCrd(group: string = DEFAULT_GROUP): { [key: string]: any } {
  return buildApiServiceExportCrd(group);
}

/** The `boundschemas.<group>` CustomResourceDefinition (v1alpha2). */
export function boundSchemaCrd(group: string = DEFAULT_GROUP): { [key: string]: any } {
  return buildBoundSchemaCrd(group);
}

/*
 * The provider-side kinds' CRDs are built by modules loaded when first asked
 * for: a run that checks only exports and BoundSchemas never loads them (start-up).
 */
/* eslint-disable @typescript-eslint/no-require-imports */

/** The `apiserviceexporttemplates.<group>` CustomResourceDefinition (v1alpha2, cluster-scoped). */
export function apiServiceExportTemplateCrd(group: string = DEFAULT_GROUP): { [key: string]: any } {
  return (require('./template') as typeof import('./template')).buildApiServiceExportTemplateCrd(group);
}

/** The `collections.<group>` CustomResourceDefinition (v1alpha2, cluster-scoped). */
export function collectionCrd(group: string = DEFAULT_GROUP): { [key: string]: any } {
  return (require('./collection') as typeof import('./collection')).buildCollectionCrd(group);
}

/** The `apiserviceexportrequests.<group>` CustomResourceDefinition (v1alpha1 served, v1alpha2 stored). */
export function apiServiceExportRequestCrd(group: string = DEFAULT_GROUP): { [key: string]: any } {
  return (require('./export-request') as typeof import('./export-request')).buildApiServiceExportRequestCrd(group);
}

/** The `bindableresourcesrequests.<group>` CustomResourceDefinition (v1alpha2). */
export function bindableResourcesRequestCrd(group: string = DEFAULT_GROUP): { [key: string]: any } {
  return (require('./bindable-resources-request') as typeof import('./bindable-resources-request')).buildBindableResourcesRequestCrd(group);
}

/*
 * kube-bind's consumer-side kinds: written by kube-bind itself (`kubectl bind`, the konnector,
 * the backend), never by a provider, so no construct writes them; `validate` checks them.
 */

/** The `apiservicebindings.<group>` CustomResourceDefinition (v1alpha1 served, v1alpha2 stored, cluster-scoped). */
export function apiServiceBindingCrd(group: string = DEFAULT_GROUP): { [key: string]: any } {
  return (require('./api-service-binding') as typeof import('./api-service-binding')).buildApiServiceBindingCrd(group);
}

/** The `apiservicebindingbundles.<group>` CustomResourceDefinition (v1alpha2, cluster-scoped). */
export function apiServiceBindingBundleCrd(group: string = DEFAULT_GROUP): { [key: string]: any } {
  return (require('./api-service-binding-bundle') as typeof import('./api-service-binding-bundle')).buildApiServiceBindingBundleCrd(group);
}

/** The `apiservicenamespaces.<group>` CustomResourceDefinition (v1alpha1 served, v1alpha2 stored). */
export function apiServiceNamespaceCrd(group: string = DEFAULT_GROUP): { [key: string]: any } {
  return (require('./api-service-namespace') as typeof import('./api-service-namespace')).buildApiServiceNamespaceCrd(group);
}

/** The `clusterbindings.<group>` CustomResourceDefinition (v1alpha1 served, v1alpha2 stored). */
export function clusterBindingCrd(group: string = DEFAULT_GROUP): { [key: string]: any } {
  return (require('./cluster-binding') as typeof import('./cluster-binding')).buildClusterBindingCrd(group);
}

/** The `clusters.<group>` CustomResourceDefinition (v1alpha2, cluster-scoped). */
export function clusterCrd(group: string = DEFAULT_GROUP): { [key: string]: any } {
  return (require('./cluster') as typeof import('./cluster')).buildClusterCrd(group);
}

/** The `apiconversions.<group>` CustomResourceDefinition (v1alpha2, cluster-scoped). */
export function apiConversionCrd(group: string = DEFAULT_GROUP): { [key: string]: any } {
  return (require('./api-conversion') as typeof import('./api-conversion')).buildApiConversionCrd(group);
}

/* eslint-enable @typescript-eslint/no-require-imports */

/** The CRD of each kind of ours, by kind. */
const CRD_OF_KIND: { readonly [kind: string]: (group: string) => { [key: string]: any } } = {
  APIServiceExport: apiServiceExportCrd,
  BoundSchema: boundSchemaCrd,
  APIServiceExportTemplate: apiServiceExportTemplateCrd,
  Collection: collectionCrd,
  APIServiceExportRequest: apiServiceExportRequestCrd,
  BindableResourcesRequest: bindableResourcesRequestCrd,
  APIServiceBinding: apiServiceBindingCrd,
  APIServiceBindingBundle: apiServiceBindingBundleCrd,
  APIServiceNamespace: apiServiceNamespaceCrd,
  ClusterBinding: clusterBindingCrd,
  Cluster: clusterCrd,
  APIConversion: apiConversionCrd,
};

/** The entry of `kv`'s version in our CRD's `spec.versions`; throws for a kind/version we have no CRD for. */
function versionEntryOf(kv: KindVersion, group: string): { [key: string]: any } {
  const [kind, version] = String(kv).split('/');
  const crd = Object.prototype.hasOwnProperty.call(CRD_OF_KIND, kind) ? CRD_OF_KIND[kind](group) : undefined;
  const entry = crd?.spec.versions.find((v: { name: string }) => v.name === version);
  if (!entry) {
    throw new Error(`no schema for ${JSON.stringify(kv)}; known: ${KIND_VERSIONS.join(', ')}`);
  }
  return entry;
}

/** The `openAPIV3Schema` objects of `kv` are validated against. */
export function instanceSchema(kv: KindVersion, group: string = DEFAULT_GROUP): { [key: string]: any } {
  return versionEntryOf(kv, group).schema.openAPIV3Schema;
}

/**
 * Whether our CRD for `kv`'s kind is cluster-scoped (`spec.scope: Cluster`):
 * the API server then clears `metadata.namespace` before it validates a
 * create or an update (see `clusterScoped` in facts.ts).
 */
export function isClusterScopedKind(kv: KindVersion, group: string = DEFAULT_GROUP): boolean {
  const [kind] = String(kv).split('/');
  return Object.prototype.hasOwnProperty.call(CRD_OF_KIND, kind) && CRD_OF_KIND[kind](group).spec.scope === 'Cluster';
}

/**
 * Whether our CRD serves `kv` with the status subresource (`subresources.status`
 * set): the API server then drops `.status` from a create and keeps the stored
 * status on an update of the main resource (see `statusSubresource` in facts.ts).
 */
export function servesStatusSubresource(kv: KindVersion, group: string = DEFAULT_GROUP): boolean {
  const status = versionEntryOf(kv, group).subresources?.status;
  return typeof status === 'object' && status !== null;
}

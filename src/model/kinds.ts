/**
 * The kind/version pairs the rules check, and how a manifest is recognised
 * as one of them.
 */
import { Manifest, own } from './manifest';

/**
 * The kind/version pairs this library checks: the kube-bind kinds, and
 * Kubernetes' own CustomResourceDefinition (`validate` checks CRDs with the
 * Kubernetes rules; see `crd.ts`).
 */
export type KindVersion =
  | 'APIServiceExport/v1alpha1'
  | 'APIServiceExport/v1alpha2'
  | 'BoundSchema/v1alpha2'
  | 'APIServiceExportTemplate/v1alpha2'
  | 'Collection/v1alpha2'
  | 'APIServiceExportRequest/v1alpha1'
  | 'APIServiceExportRequest/v1alpha2'
  | 'BindableResourcesRequest/v1alpha2'
  | 'APIServiceBinding/v1alpha1'
  | 'APIServiceBinding/v1alpha2'
  | 'APIServiceBindingBundle/v1alpha2'
  | 'APIServiceNamespace/v1alpha1'
  | 'APIServiceNamespace/v1alpha2'
  | 'ClusterBinding/v1alpha1'
  | 'ClusterBinding/v1alpha2'
  | 'Cluster/v1alpha2'
  | 'APIConversion/v1alpha2'
  | 'CustomResourceDefinition/v1';

/**
 * The kinds only kube-bind itself writes (`kubectl bind`, the konnector, the
 * backend): checked against kube-bind's CRDs like the others, written by no
 * construct.
 */
export const CONSUMER_SIDE_KIND_VERSIONS: readonly KindVersion[] = [
  'APIServiceBinding/v1alpha1',
  'APIServiceBinding/v1alpha2',
  'APIServiceBindingBundle/v1alpha2',
  'APIServiceNamespace/v1alpha1',
  'APIServiceNamespace/v1alpha2',
  'ClusterBinding/v1alpha1',
  'ClusterBinding/v1alpha2',
  'Cluster/v1alpha2',
  'APIConversion/v1alpha2',
];

/** The kube-bind kind/version pairs (CRDs are not among them). */
export const KIND_VERSIONS: readonly KindVersion[] = [
  'APIServiceExport/v1alpha1',
  'APIServiceExport/v1alpha2',
  'BoundSchema/v1alpha2',
  'APIServiceExportTemplate/v1alpha2',
  'Collection/v1alpha2',
  'APIServiceExportRequest/v1alpha1',
  'APIServiceExportRequest/v1alpha2',
  'BindableResourcesRequest/v1alpha2',
  ...CONSUMER_SIDE_KIND_VERSIONS,
];

/**
 * The kinds whose spec copies a template's (resources, permission claims,
 * namespaces): the template itself and the v1alpha2 request kube-bind makes
 * of it when a consumer binds.
 */
export const TEMPLATE_SPEC_KINDS: readonly KindVersion[] = ['APIServiceExportTemplate/v1alpha2', 'APIServiceExportRequest/v1alpha2'];

/** Every kind with a `spec.resources` list of group, resource and versions. */
export const RESOURCE_LIST_KINDS: readonly KindVersion[] = ['APIServiceExport/v1alpha2', ...TEMPLATE_SPEC_KINDS, 'APIServiceExportRequest/v1alpha1'];

export const DEFAULT_GROUP = 'kube-bind.io';

/** Kubernetes' CustomResourceDefinition, as kube-bind reads one: `apiextensions.k8s.io/v1`. */
export const CRD_GROUP = 'apiextensions.k8s.io';
export const CRD_KIND = 'CustomResourceDefinition';
export const CRD_API_VERSION = `${CRD_GROUP}/v1`;
export const CRD_KIND_VERSION: KindVersion = 'CustomResourceDefinition/v1';

/** Every kind/version `validate` checks: the kube-bind kinds and CRDs (the metadata rules apply to all). */
export const CHECKED_KIND_VERSIONS: readonly KindVersion[] = [...KIND_VERSIONS, CRD_KIND_VERSION];

/** Whether `obj` is a CustomResourceDefinition of any apiextensions version (v1beta1 too). */
export function isCrdOfAnyVersion(obj: unknown): boolean {
  const apiVersion = own(obj, 'apiVersion');
  return own(obj, 'kind') === CRD_KIND && typeof apiVersion === 'string' && apiVersion.startsWith(`${CRD_GROUP}/`);
}

/** Whether `obj` is a CustomResourceDefinition of `apiextensions.k8s.io/v1`, the only version kube-bind and these rules read. */
export function isCrd(obj: unknown): boolean {
  return own(obj, 'kind') === CRD_KIND && own(obj, 'apiVersion') === CRD_API_VERSION;
}

const SLASH = 47; // '/'

/** `kind/version` of a manifest of our group, or undefined when it is not ours. */
export function kindVersionOf(obj: Manifest, group: string): KindVersion | undefined {
  const apiVersion = own(obj, 'apiVersion');
  const kind = own(obj, 'kind');
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  // `group/version`. The slash is found by its place, not by lastIndexOf (a runtime call in V8): every object
  // of a synth asks. The version is compared with names that hold no slash, so a second slash matches none.
  if (apiVersion.charCodeAt(group.length) !== SLASH || !apiVersion.startsWith(group)) return undefined;
  const version = apiVersion.slice(group.length + 1);
  if (kind === 'APIServiceExport') {
    if (version === 'v1alpha2') return 'APIServiceExport/v1alpha2';
    if (version === 'v1alpha1') return 'APIServiceExport/v1alpha1';
  } else if (version === 'v1alpha2') {
    switch (kind) {
      case 'BoundSchema': return 'BoundSchema/v1alpha2';
      case 'APIServiceExportTemplate': return 'APIServiceExportTemplate/v1alpha2';
      case 'Collection': return 'Collection/v1alpha2';
      case 'APIServiceExportRequest': return 'APIServiceExportRequest/v1alpha2';
      case 'BindableResourcesRequest': return 'BindableResourcesRequest/v1alpha2';
      default: return consumerSideKindVersion(kind, version);
    }
  } else if (kind === 'APIServiceExportRequest' && version === 'v1alpha1') {
    return 'APIServiceExportRequest/v1alpha1';
  }
  return consumerSideKindVersion(kind, version);
}

/** `kind/version` when it is one of the consumer-side kinds kube-bind serves; rarer, so looked up after the others. */
function consumerSideKindVersion(kind: string, version: string): KindVersion | undefined {
  const kv = `${kind}/${version}`;
  return (CONSUMER_SIDE_KIND_VERSIONS as readonly string[]).includes(kv) ? kv as KindVersion : undefined;
}

/**
 * The kind/version pairs the rules check, and how a manifest is recognised
 * as one of them.
 */
import { Manifest, own } from './values';

/**
 * The kind/version pairs this library checks: the kube-bind kinds, and
 * Kubernetes' own CustomResourceDefinition (`validate` checks CRDs with the
 * Kubernetes rules; see `crd.ts`).
 */
export type KindVersion =
  | 'APIServiceExport/v1alpha1'
  | 'APIServiceExport/v1alpha2'
  | 'BoundSchema/v1alpha2'
  | 'CustomResourceDefinition/v1';

/** The kube-bind kind/version pairs (CRDs are not among them). */
export const KIND_VERSIONS: readonly KindVersion[] = [
  'APIServiceExport/v1alpha1',
  'APIServiceExport/v1alpha2',
  'BoundSchema/v1alpha2',
];

export const DEFAULT_GROUP = 'kube-bind.io';

/** `kind/version` of a manifest of our group, or undefined when it is not ours. */
export function kindVersionOf(obj: Manifest, group: string): KindVersion | undefined {
  const apiVersion = own(obj, 'apiVersion');
  const kind = own(obj, 'kind');
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  // Compared in place, without building strings: every rule of every object asks.
  if (apiVersion.lastIndexOf('/') !== group.length || !apiVersion.startsWith(group)) return undefined;
  const version = apiVersion.slice(group.length + 1);
  if (kind === 'APIServiceExport') {
    if (version === 'v1alpha2') return 'APIServiceExport/v1alpha2';
    if (version === 'v1alpha1') return 'APIServiceExport/v1alpha1';
  } else if (kind === 'BoundSchema' && version === 'v1alpha2') {
    return 'BoundSchema/v1alpha2';
  }
  return undefined;
}

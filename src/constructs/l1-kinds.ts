import { ApiObject, GroupVersionKind } from 'cdk8s';
import { Construct } from 'constructs';
import * as l1 from '../imports/kube-bind.io';

/**
 * What every generated L1 class is: a constructor of an ApiObject from a
 * scope, an id and its props. The props are typed per class; the constructs
 * pass `metadata`, a `Lazy` spec and the `apiVersion` of their group.
 */
export type L1Class = new (scope: Construct, id: string, props: any) => ApiObject;

/**
 * The typed L1 class of every kind and version of kube-bind's CRDs in
 * src/crds (generated into src/imports by `npx projen import`), as its GVK
 * names it. A new kind's class goes here, and its construct renders through
 * it.
 */
const L1_CLASSES: ReadonlyArray<L1Class & { readonly GVK: GroupVersionKind }> = [
  l1.ApiServiceExport,
  l1.ApiServiceExportV1Alpha1,
  l1.BoundSchema,
  l1.ApiServiceExportTemplate,
  l1.Collection,
  l1.ApiServiceExportRequest,
  l1.ApiServiceExportRequestV1Alpha1,
  l1.BindableResourcesRequest,
];

/** kind, then version: two lookups and no key to build for each object. */
const BY_KIND = new Map<string, Map<string, L1Class>>();
for (const c of L1_CLASSES) {
  // The GVK's group is kube-bind.io; the constructs' group is configurable, so only kind and version select.
  const version = c.GVK.apiVersion.slice(c.GVK.apiVersion.indexOf('/') + 1);
  let byVersion = BY_KIND.get(c.GVK.kind);
  if (byVersion === undefined) BY_KIND.set(c.GVK.kind, byVersion = new Map());
  byVersion.set(version, c);
}

/** The L1 class of a kube-bind kind at `version`, e.g. `l1.BoundSchema` for `BoundSchema`, `v1alpha2`; undefined for another kind. */
export function l1ClassOf(kind: string, version: string): L1Class | undefined {
  return BY_KIND.get(kind)?.get(version);
}

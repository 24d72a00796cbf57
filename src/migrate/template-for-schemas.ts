/**
 * Today's flow for existing CRDs, as plain data: each CRD labelled for
 * export, and the APIServiceExportTemplates that offer them, one per scope.
 * `from-crd --template` and the `ExportedCrd` construct build on it.
 */
import { resourcesOfSchemas, sharedValue, splitByScope } from './export-for-schemas';
import { EXPORTED_LABEL_KEY, EXPORTED_LABEL_VALUE } from '../model';
import { DEFAULT_GROUP } from '../model/kinds';
import { Manifest, isObject, own } from '../model/manifest';

export interface TemplateForSchemasOptions {
  /** The name of the template (`<name>-namespaced` and `<name>-cluster` when split). */
  readonly name: string;
  /** The API group of the kube-bind kinds; `kube-bind.io` by default. */
  readonly kubeBindGroup?: string;
}

/**
 * The templates offering the resources of `schemas` (BoundSchema manifests,
 * or their facts): one when they share a scope, else one per scope, as
 * kube-bind's backend refuses a bind of mixed scopes (KB212).
 */
export function templatesForSchemas(schemas: readonly unknown[], options: TemplateForSchemasOptions): { templates: Manifest[]; split: boolean } {
  const { items, split } = splitByScope(schemas, options.name, (group, name) => {
    const scope = sharedValue(group.map(s => own(own(s, 'spec'), 'scope')));
    return {
      apiVersion: `${options.kubeBindGroup ?? DEFAULT_GROUP}/v1alpha2`,
      kind: 'APIServiceExportTemplate',
      metadata: { name },
      spec: { ...(scope !== undefined ? { scope } : {}), resources: resourcesOfSchemas(group) },
    };
  });
  return { templates: items, split };
}

/**
 * `crd` with the label kube-bind's backend selects exported CRDs by, and
 * nothing else changed (a copy; keys keep their order, the label comes last).
 */
export function markedExported(crd: Manifest): Manifest {
  const metadata = isObject(own(crd, 'metadata')) ? own(crd, 'metadata') : {};
  const labels = isObject(own(metadata, 'labels')) ? own(metadata, 'labels') : {};
  return { ...crd, metadata: { ...metadata, labels: { ...labels, [EXPORTED_LABEL_KEY]: EXPORTED_LABEL_VALUE } } };
}

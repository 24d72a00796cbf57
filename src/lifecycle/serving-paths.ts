/**
 * The REST paths under which the consumer cluster serves the resource a
 * BoundSchema or v1alpha1 APIServiceExport defines (spec §4): one set per
 * served version, with `/status` and `/scale` where that version enables them.
 *
 * Only `group`, `names.plural`, `scope` and each version's `name`, `served`,
 * `deprecated` and `subresources` are read, so both shapes of
 * `versions[*].schema` (`{ openAPIV3Schema: ... }` or the bare schema) work.
 */
import { isObject, own } from '../model/manifest';
import { definitionSpecOf } from '../rules/k8s/deprecation';

/** The paths of one served version. */
export interface VersionPaths {
  readonly version: string;
  readonly deprecated: boolean;
  /**
   * Collection paths first (all namespaces, then one namespace for namespaced
   * resources), then the item path, then `/status` and `/scale` when served.
   * `{namespace}` and `{name}` are placeholders.
   */
  readonly paths: string[];
}

/**
 * The serving paths of a BoundSchema or v1alpha1 APIServiceExport manifest,
 * in `spec.versions` order, skipping versions with `served: false` (an absent
 * `served` counts as true: kube-bind defaults it). Returns an empty list,
 * never throws, for other manifests or when `group`, `names.plural` or
 * `scope` are missing or invalid.
 *
 * @param group when given, the manifest's API group must be this one
 */
export function servingPaths(manifest: unknown, group?: string): VersionPaths[] {
  const spec = definitionSpecOf(manifest, group);
  if (spec === undefined || spec.plural === '') return [];
  if (spec.scope !== 'Namespaced' && spec.scope !== 'Cluster') return [];
  const namespaced = spec.scope === 'Namespaced';
  const out: VersionPaths[] = [];
  for (const entry of spec.entries) {
    if (own(entry, 'served') === false) continue;
    const version: string = own(entry, 'name');
    const root = spec.group === '' ? `/api/${version}` : `/apis/${spec.group}/${version}`;
    const collections = namespaced
      ? [`${root}/${spec.plural}`, `${root}/namespaces/{namespace}/${spec.plural}`]
      : [`${root}/${spec.plural}`];
    const itemPath = `${collections[collections.length - 1]}/{name}`;
    const subresources = own(entry, 'subresources');
    const paths = [...collections, itemPath];
    if (isObject(own(subresources, 'status'))) paths.push(`${itemPath}/status`);
    if (isObject(own(subresources, 'scale'))) paths.push(`${itemPath}/scale`);
    out.push({ version, deprecated: own(entry, 'deprecated') === true, paths });
  }
  return out;
}

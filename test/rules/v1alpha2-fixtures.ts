/**
 * Fresh, valid manifests for the v1alpha2 export, claim and cross-object
 * tests. Every call returns a new object, so a test may mutate it freely.
 */
import { Manifest } from '../../src/model/manifest';

export const NAMESPACE = 'kube-bind-wildwest';

/** An export of namespaced cowboys with claims using every selector kind. */
export function validExport(group = 'kube-bind.io'): Manifest {
  return {
    apiVersion: `${group}/v1alpha2`,
    kind: 'APIServiceExport',
    metadata: { name: 'cowboys.wildwest.dev', namespace: NAMESPACE },
    spec: {
      resources: [
        { group: 'wildwest.dev', resource: 'cowboys', versions: ['v1alpha1', 'v1'] },
      ],
      isolation: 'Prefixed',
      informerScope: 'Namespaced',
      permissionClaims: [
        {
          group: '',
          resource: 'secrets',
          selector: {
            labelSelector: {
              matchLabels: { 'app.kubernetes.io/part-of': 'wildwest', 'tier': '' },
              matchExpressions: [
                { key: 'wildwest.dev/role', operator: 'In', values: ['sheriff', 'deputy'] },
                { key: 'retired', operator: 'DoesNotExist' },
              ],
            },
            namedResources: [{ name: 'saloon-credentials', namespace: 'dodge-city' }],
            references: [
              { group: 'wildwest.dev', resource: 'cowboys', jsonPath: { name: 'spec.secretName', namespace: 'metadata.namespace' } },
            ],
          },
        },
        {
          resource: 'configmaps',
          selector: { namedResources: [{ name: 'town.settings' }] },
        },
      ],
    },
    status: {
      conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2025-01-01T00:00:00Z' }],
    },
  };
}

function cowboySchema(): Manifest {
  return { type: 'object', properties: { spec: { type: 'object', properties: { secretName: { type: 'string' } } } } };
}

/** The BoundSchema of the exported cowboys, in the export's namespace. */
export function validBoundSchema(group = 'kube-bind.io'): Manifest {
  return {
    apiVersion: `${group}/v1alpha2`,
    kind: 'BoundSchema',
    metadata: { name: 'cowboys.wildwest.dev', namespace: NAMESPACE },
    spec: {
      group: 'wildwest.dev',
      names: { kind: 'Cowboy', plural: 'cowboys', singular: 'cowboy', listKind: 'CowboyList' },
      scope: 'Namespaced',
      informerScope: 'Namespaced',
      // spec.secretName: the field the export's claim reference reads (KB178).
      versions: [
        { name: 'v1alpha1', served: true, storage: false, schema: { openAPIV3Schema: cowboySchema() } },
        { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: cowboySchema() } },
        { name: 'v2alpha1', served: false, storage: false, schema: { openAPIV3Schema: cowboySchema() } },
      ],
    },
  };
}

/** A plain CRD of cluster-scoped sheriffs, as a provider would have it. */
export function sheriffsCrd(): Manifest {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'sheriffs.wildwest.dev' },
    spec: {
      group: 'wildwest.dev',
      names: { kind: 'Sheriff', plural: 'sheriffs', singular: 'sheriff', listKind: 'SheriffList' },
      scope: 'Cluster',
      versions: [{ name: 'v1alpha1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }],
    },
  };
}

/** A v1alpha1 export (the older, CRD-like shape) of namespaced horses. */
export function v1alpha1Export(group = 'kube-bind.io'): Manifest {
  return {
    apiVersion: `${group}/v1alpha1`,
    kind: 'APIServiceExport',
    metadata: { name: 'horses.wildwest.dev', namespace: NAMESPACE },
    spec: {
      group: 'wildwest.dev',
      names: { kind: 'Horse', plural: 'horses' },
      scope: 'Namespaced',
      informerScope: 'Cluster',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }],
    },
  };
}

/** A stand-in for one of kube-bind's own CRDs (only the fields the group checks read). */
export function kubeBindCrd(kind: 'APIServiceExport' | 'BoundSchema', group = 'kube-bind.io'): Manifest {
  const plural = kind === 'APIServiceExport' ? 'apiserviceexports' : 'boundschemas';
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      names: { kind, plural, singular: kind.toLowerCase(), listKind: `${kind}List` },
      scope: 'Namespaced',
      versions: [{ name: 'v1alpha2', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }],
    },
  };
}

/** Values that belong nowhere, for the "never throws" tests. */
export function junkValues(): unknown[] {
  const protoKey = JSON.parse('{"__proto__": {"polluted": true}, "constructor": "x"}');
  const nullProto = Object.create(null);
  nullProto.resources = 'x';
  return [
    undefined, null, true, 0, -1, 1.5, NaN, '', 'x', 'V1', '__proto__', [], [null], [1, 'a', {}], ['', ''], {}, { a: 1 },
    protoKey, nullProto, [protoKey], { matchLabels: [] }, 'x'.repeat(300),
  ];
}

/** Every path (as key lists) to a node of `value`, the root excluded. */
export function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [];
  if (Array.isArray(value)) {
    value.forEach((child, i) => {
      out.push([...prefix, i], ...pathsOf(child, [...prefix, i]));
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) {
      const child = (value as Record<string, unknown>)[key];
      out.push([...prefix, key], ...pathsOf(child, [...prefix, key]));
    }
  }
  return out;
}

/** A deep copy of `obj` with the node at `path` replaced by `value`. */
export function withValueAt(obj: Manifest, path: Array<string | number>, value: unknown): Manifest {
  const copy = structuredClone(obj);
  let node: any = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  Object.defineProperty(node, path[path.length - 1], { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

import { servingPaths } from '../../src/lifecycle/serving-paths';

function definition(overrides: { [key: string]: unknown }, versions: unknown[]): { [key: string]: unknown } {
  return {
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'BoundSchema',
    metadata: { name: 'cowboys.wildwest.dev', namespace: 'ns' },
    spec: { group: 'wildwest.dev', names: { kind: 'Cowboy', plural: 'cowboys' }, scope: 'Namespaced', informerScope: 'Namespaced', versions, ...overrides },
  };
}

const openApi = { openAPIV3Schema: { type: 'object' } };

describe('servingPaths', () => {
  test('namespaced resource: both collections, the item, and only the subresources set', () => {
    const manifest = definition({}, [
      { name: 'v1alpha1', served: true, storage: false, deprecated: true, schema: openApi },
      { name: 'v1', served: true, storage: true, schema: openApi, subresources: { status: {} } },
    ]);
    expect(servingPaths(manifest)).toEqual([
      {
        version: 'v1alpha1',
        deprecated: true,
        paths: [
          '/apis/wildwest.dev/v1alpha1/cowboys',
          '/apis/wildwest.dev/v1alpha1/namespaces/{namespace}/cowboys',
          '/apis/wildwest.dev/v1alpha1/namespaces/{namespace}/cowboys/{name}',
        ],
      },
      {
        version: 'v1',
        deprecated: false,
        paths: [
          '/apis/wildwest.dev/v1/cowboys',
          '/apis/wildwest.dev/v1/namespaces/{namespace}/cowboys',
          '/apis/wildwest.dev/v1/namespaces/{namespace}/cowboys/{name}',
          '/apis/wildwest.dev/v1/namespaces/{namespace}/cowboys/{name}/status',
        ],
      },
    ]);
  });

  test('cluster-scoped resource with status and scale', () => {
    const manifest = definition({ scope: 'Cluster', names: { kind: 'Sheriff', plural: 'sheriffs' } }, [{
      name: 'v1',
      served: true,
      storage: true,
      // The bare-schema shape of BoundSchema versions is accepted too.
      schema: { type: 'object' },
      subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } },
    }]);
    expect(servingPaths(manifest)).toEqual([{
      version: 'v1',
      deprecated: false,
      paths: [
        '/apis/wildwest.dev/v1/sheriffs',
        '/apis/wildwest.dev/v1/sheriffs/{name}',
        '/apis/wildwest.dev/v1/sheriffs/{name}/status',
        '/apis/wildwest.dev/v1/sheriffs/{name}/scale',
      ],
    }]);
  });

  test('scale without status', () => {
    const manifest = definition({}, [{ name: 'v1', storage: true, subresources: { scale: { specReplicasPath: '.spec.r', statusReplicasPath: '.status.r' } } }]);
    expect(servingPaths(manifest)[0].paths.slice(-1)).toEqual(['/apis/wildwest.dev/v1/namespaces/{namespace}/cowboys/{name}/scale']);
  });

  test('core group is served under /api', () => {
    const manifest = definition({ group: '' }, [{ name: 'v1', served: true, storage: true }]);
    expect(servingPaths(manifest)[0].paths).toEqual([
      '/api/v1/cowboys',
      '/api/v1/namespaces/{namespace}/cowboys',
      '/api/v1/namespaces/{namespace}/cowboys/{name}',
    ]);
  });

  test('unserved versions are left out; a missing served counts as served', () => {
    const manifest = definition({}, [{ name: 'v1alpha1', served: false }, { name: 'v1', storage: true }]);
    expect(servingPaths(manifest).map(v => v.version)).toEqual(['v1']);
  });

  test('v1alpha1 exports are supported', () => {
    const manifest = { ...definition({}, [{ name: 'v1', served: true, storage: true }]), apiVersion: 'kube-bind.io/v1alpha1', kind: 'APIServiceExport' };
    expect(servingPaths(manifest)).toHaveLength(1);
    expect(servingPaths(manifest, 'other.io')).toEqual([]);
  });

  test.each([
    undefined,
    null,
    'x',
    [],
    { apiVersion: 'kube-bind.io/v1alpha2', kind: 'APIServiceExport', spec: { resources: [] } },
    { apiVersion: 'v1', kind: 'ConfigMap' },
    definition({ group: 3 }, [{ name: 'v1' }]),
    definition({ names: {} }, [{ name: 'v1' }]),
    definition({ scope: 'Namespace' }, [{ name: 'v1' }]),
    definition({ versions: 'v1' }, []),
  ])('empty list, no throw, for %p', m => {
    expect(servingPaths(m)).toEqual([]);
  });
});
